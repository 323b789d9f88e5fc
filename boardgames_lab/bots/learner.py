"""A learned bot: a linear softmax policy over a game's observation features, numpy only (no torch).

The policy reads exactly what the PettingZoo adapter gives an agent: the game's features of the seat's own view
(``features.encode(view, seat, players)``, the ``"observation"`` vector) and the legal actions (the action
mask). Each action ``a`` of the game's action table that training met has a weight row ``w[a]``, and each block
of the table (the first word of its numbers' names: ``buy``, ``cottage``, ``destroy``) a row ``u[b]``; the logit
of a legal action is ``(w[a] + u[block(a)]) . x``, where ``x`` is the feature vector squashed by ``sign(v) log(1 + |v|)`` (counts of
rubles and points are large beside one-hot entries) with a constant 1 appended. An action training never met
gets its block's logit. A linear value ``v . x`` (the chance of winning) is kept beside it as the baseline of REINFORCE
(``analysis.baselines.train_learner`` trains both).

``LinearPolicy.save(path)`` writes JSON (the weights as base64 float32); ``load`` refuses a file written for
another numbering of the game's actions (its fingerprint, as the adapters publish it).
"""
from __future__ import annotations

import base64
import json
import random
from typing import Any, Sequence

import numpy as np

from ..adapters.actions import action_space
from ..adapters.observation import PlainFeatures, features
from ..core.registry import definition
from .base import SEED, BotOption, Seat

FORMAT = "boardgames_lab.linear_policy/2"
FORMATS = ("boardgames_lab.linear_policy/1", FORMAT)  # version 1 had no block rows: they load as 0


def squash(x: np.ndarray) -> np.ndarray:
    """The features the policy reads: ``sign(v) log(1 + |v|)`` of each entry, then a constant 1."""
    out = np.empty(len(x) + 1)
    np.log1p(np.abs(x), out=out[:-1])
    out[:-1] *= np.sign(x)
    out[-1] = 1.0
    return out


class LinearPolicy:
    """Softmax over legal actions of ``(w[a] + u[block(a)]) . squash(x)``, with a linear value ``v . squash(x)``."""

    def __init__(self, game: str, players: int):
        d = definition(game)
        self.game, self.players = d.info.name, players
        self.table = action_space(self.game, players)
        face = features(d)
        if isinstance(face, PlainFeatures):
            raise ValueError(f"{self.game} has no features face (rulesets/<game>/features.py): a learned policy "
                             "reads the game's observation features")
        self.face = face
        self.size = face.LAYOUT.size + 1
        self.rows: dict[int, int] = {}  # action number -> row of ``weights``
        self.weights = np.zeros((64, self.size))
        # One row per block of the table (the first word of a number's name: ``buy``, ``cottage``, ``destroy``),
        # added to each of its actions' rows: what training learns of one purchase carries to purchases it never met.
        names = sorted({self._block_name(a) for a in range(self.table.size)})
        self.block_names = tuple(names)
        index = {n: i for i, n in enumerate(names)}
        self.block = np.array([index[self._block_name(a)] for a in range(self.table.size)], dtype=np.int64)
        self.block_weights = np.zeros((len(names), self.size))
        self.value = np.zeros(self.size)

    def check_fits(self, game: str, players: int) -> None:
        """Refuse (ValueError) to play or train this policy on another game, player count or action numbering."""
        if self.game != game:
            raise ValueError(f"the policy is for {self.game}, not {game}")
        if self.players != players:
            raise ValueError(f"the policy is for {self.game} at {self.players} players, not {players}")
        table = action_space(game, players)
        if self.table.fingerprint != table.fingerprint:
            raise ValueError(f"the policy was trained on another numbering of {game}'s actions (fingerprint "
                             f"{self.table.fingerprint}; this one is {table.fingerprint})")

    def _block_name(self, action: int) -> str:
        return self.table.label(action).split(maxsplit=1)[0].split(":")[0]

    def row_of(self, action: int) -> int:
        """The weight row of an action, made (zero) on first use."""
        row = self.rows.get(action)
        if row is None:
            row = self.rows[action] = len(self.rows)
            if row >= len(self.weights):
                self.weights = np.vstack([self.weights, np.zeros_like(self.weights)])
        return row

    def probabilities(self, x: np.ndarray, actions: Sequence[int]) -> np.ndarray:
        """The policy's probability of each of ``actions`` (legal action numbers) given squashed features ``x``."""
        rows = self.rows
        logits = self.block_weights[self.block[list(actions)]] @ x
        logits += np.array([self.weights[rows[a]] @ x if a in rows else 0.0 for a in actions])
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def numbers(self, seat: Seat) -> list[int]:
        """The action numbers of the seat's legal moves, as the PettingZoo mask gives them. A positional number
        (Keythedral's places and payments) is read in a position the seat cannot tell from its own: it depends
        only on what the seat sees (the board, the face-up row, its own cubes)."""
        table, legal = self.table, seat.legal_moves
        state = None
        if table.positional and any(table.fixed(m) is None for m in legal):
            state = seat.sample(random.Random(0))
        return table.numbers(legal, state)

    def observe(self, seat: Seat) -> np.ndarray:
        """A seat's squashed features, from its view alone (what the PettingZoo observation holds)."""
        view = seat.view
        vector = self.face.encode(view, seat.player, len(view["players"]))
        return squash(np.frombuffer(vector, np.float32).astype(np.float64))

    # --- JSON -----------------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        used = self.weights[:len(self.rows)].astype(np.float32)
        return {"format": FORMAT, "game": self.game, "players": self.players,
                "encoding": self.table.encoding, "fingerprint": self.table.fingerprint, "features": self.size - 1,
                "actions": list(self.rows), "weights": base64.b64encode(used.tobytes()).decode("ascii"),
                "blocks": list(self.block_names),
                "block_weights": base64.b64encode(self.block_weights.astype(np.float32).tobytes()).decode("ascii"),
                "value": base64.b64encode(self.value.astype(np.float32).tobytes()).decode("ascii")}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "LinearPolicy":
        if not isinstance(data, dict) or data.get("format") not in FORMATS:
            raise ValueError(f"not a linear policy: the field 'format' must be one of {list(FORMATS)}")
        policy = cls(str(data["game"]), int(data["players"]))
        if data.get("fingerprint") != policy.table.fingerprint:
            raise ValueError(f"the policy was trained on another numbering of {policy.game}'s actions "
                             f"(fingerprint {data.get('fingerprint')}; this one is {policy.table.fingerprint})")
        if data.get("features") != policy.size - 1:
            raise ValueError(f"the policy reads {data.get('features')} features; {policy.game}'s layout has "
                             f"{policy.size - 1}")
        actions = [int(a) for a in data["actions"]]
        weights = np.frombuffer(base64.b64decode(data["weights"]), np.float32).astype(np.float64)
        if weights.size != len(actions) * policy.size:
            raise ValueError(f"the field 'weights' holds {weights.size} numbers, not {len(actions)} x {policy.size}")
        for a in actions:
            policy.row_of(a)
        policy.weights[:len(actions)] = weights.reshape(len(actions), policy.size)
        policy.value = np.frombuffer(base64.b64decode(data["value"]), np.float32).astype(np.float64).copy()
        if data["format"] != FORMATS[0]:
            if data.get("blocks") != list(policy.block_names):
                raise ValueError(f"the field 'blocks' must name {policy.game}'s blocks {list(policy.block_names)}")
            blocks = np.frombuffer(base64.b64decode(data["block_weights"]), np.float32).astype(np.float64)
            if blocks.size != policy.block_weights.size:
                raise ValueError(f"the field 'block_weights' holds {blocks.size} numbers, not "
                                 f"{len(policy.block_names)} x {policy.size}")
            policy.block_weights = blocks.reshape(policy.block_weights.shape).copy()
        return policy

    def save(self, path: str) -> None:
        with open(path, "w", encoding="utf-8") as f:
            json.dump(self.to_json(), f)

    @classmethod
    def load(cls, path: str) -> "LinearPolicy":
        with open(path, encoding="utf-8") as f:
            return cls.from_json(json.load(f))


class LearnerBot:
    """Plays a :class:`LinearPolicy`: its most probable legal move (``greedy``, the default), or a move drawn from it.

    After a short training the policy is nearly flat, so its mode hangs on the training seed: in Citadels some
    seeds' mode never builds and wins (almost) no game against random play, where drawing wins about half;
    elsewhere the mode wins more than drawing does (docs/adapters/baselines.md gives both over training seeds).
    It reads the seat's view and legal moves only, as the PettingZoo agent it was trained as did."""

    name = "learner"
    options: tuple[BotOption, ...] = (SEED,)

    def __init__(self, policy: LinearPolicy, seed: int = 0, greedy: bool = True):
        self.policy = policy
        self.greedy = greedy
        self._rng = random.Random(seed)
        self.last_reason = ""

    def decide(self, seat: Seat) -> Any:
        legal = seat.legal_moves
        if len(legal) == 1:
            self.last_reason = "the only legal move"
            return legal[0]
        actions = self.policy.numbers(seat)
        p = self.policy.probabilities(self.policy.observe(seat), actions)
        if self.greedy:  # ties (moves training never met) broken by the bot's own generator
            best = np.flatnonzero(p == p.max())
            i = int(best[self._rng.randrange(len(best))])
        else:
            i = min(int(np.searchsorted(np.cumsum(p), self._rng.random() * p.sum(), side="right")), len(p) - 1)
        self.last_reason = f"the policy gives it {p[i]:.0%} among {len(legal)} legal moves"
        return legal[i]
