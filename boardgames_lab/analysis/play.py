"""Playing one batch of games on the engine's fast path: the unit of work every backend runs.

Everything here is plain data in, plain data out (no open files, no clients), so a batch runs
the same in this process, in a local worker process or on a Dask worker, and gives the same rows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ..bots import Seat, decide, make_bot
from ..core.definition import GameDefinition
from ..core.registry import definition

_MASK = (1 << 63) - 1

# Moves after which a tournament stops a game and records it as unfinished: the game's ``move_cap`` (declared on
# its definition: several times the longest game heuristic bots play, so only play that goes nowhere is cut),
# this for a game that declares none. Override per call with ``tournament(..., max_moves=N)``.
DEFAULT_MOVE_CAP = GameDefinition.move_cap


def move_cap(game: str) -> int:
    """The move cap a tournament of ``game`` uses unless told otherwise (its definition's ``move_cap``)."""
    return definition(game).move_cap


@dataclass(frozen=True)
class BotSpec:
    """A bot with settings: ``BotSpec("mcts", {"iterations": 100})``; ``label`` names it in tables."""

    name: str
    options: dict[str, Any] = field(default_factory=dict)
    label: str = ""

    @property
    def title(self) -> str:
        if self.label:
            return self.label
        if not self.options:
            return self.name
        return self.name + "(" + ", ".join(f"{k}={v}" for k, v in sorted(self.options.items())) + ")"

    def make(self, seed: int) -> Any:
        """The bot for one seat of one game; a ``seed`` option shifts the seeds the tournament hands out."""
        options = dict(self.options)
        shift = int(options.pop("seed", 0))
        return make_bot(self.name, seed=(seed + shift * 104_729) & _MASK, **options)


def as_spec(bot: Any) -> BotSpec:
    """A bot spec from a spec, a name, ``"mcts:iterations=50"`` or ``(name, options)``."""
    if isinstance(bot, BotSpec):
        return bot
    if isinstance(bot, tuple):
        return BotSpec(bot[0], dict(bot[1]))
    if isinstance(bot, str):
        name, _, rest = bot.partition(":")
        options: dict[str, Any] = {}
        for pair in filter(None, rest.split(",")):
            key, _, text = pair.partition("=")
            options[key.strip()] = float(text) if "." in text else int(text)
        spec = BotSpec(name.strip(), options)
        spec.make(0)  # fail early on an unknown bot or option
        return spec
    raise TypeError(f"a bot is a name, a (name, options) pair or a BotSpec, not {bot!r}")


@dataclass(frozen=True)
class Batch:
    game: str
    players: int
    options: dict[str, Any]
    bots: tuple[BotSpec, ...]
    games: tuple[tuple[int, int, int], ...]  # (game number, seed, rotation)
    trace: bool = False
    max_moves: int = DEFAULT_MOVE_CAP


def bot_seed(seed: int, seat: int) -> int:
    return (seed * 1_000_003 + seat * 7919 + 1) & _MASK


def play_batch(batch: Batch) -> list[dict[str, Any]]:
    """One row per seat per game: who played it, score, share of the win, rank, margin, length, and
    whether it finished (a game stopped at the move cap has no score, win, rank or margin)."""
    rows: list[dict[str, Any]] = []
    for number, seed, rotation in batch.games:
        rows.extend(play_one(batch, number, seed, rotation))
    return rows


def play_one(batch: Batch, number: int, seed: int, rotation: int) -> list[dict[str, Any]]:
    d = definition(batch.game)
    n = batch.players
    slots = [(seat + rotation) % n for seat in range(n)]  # seat -> index into the bot list
    bots = [batch.bots[slots[seat]].make(bot_seed(seed, seat)) for seat in range(n)]
    st = d.new_state(n, seed, d.resolve_options(batch.options))
    legal_of, advance, over, scores_of, to_act = d.legal_moves, d.advance, d.is_over, d.scores, d.to_act
    picks = [getattr(bot, "pick", None) for bot in bots]  # bots that need only the legal moves
    plies, lead_changes, leader = 0, 0, -1
    cap = batch.max_moves
    while not over(st) and plies < cap:
        seats = to_act(st)  # several while a reaction window is open: each answers in turn
        p = seats[0]
        pick = picks[p]
        legal = legal_of(st) if len(seats) == 1 else d.seat_moves(st, p)
        advance(st, pick(legal) if pick is not None else decide(bots[p], Seat(d, st, p, legal)))
        plies += 1
        if batch.trace:
            now = _leader(scores_of(st))
            if now >= 0 and now != leader:
                lead_changes += leader >= 0
                leader = now
    if not over(st):
        return [_unfinished(batch, number, seed, rotation, seat, slots, plies) for seat in range(n)]
    scores, winners = d.scores(st), d.winners(st)
    ranked = sorted(scores, reverse=True)
    out = []
    for seat in range(n):
        best_other = max(s for q, s in enumerate(scores) if q != seat)
        out.append({"game": number, "seed": seed, "rotation": rotation, "seat": seat, "slot": slots[seat],
                    "bot": batch.bots[slots[seat]].title, "score": scores[seat],
                    "win": 1.0 / len(winners) if seat in winners else 0.0,
                    "rank": 1 + ranked.index(scores[seat]), "margin": scores[seat] - best_other,
                    "spread": ranked[0] - ranked[-1], "plies": plies,
                    "lead_changes": lead_changes if batch.trace else None, "finished": True})
    return out


def _unfinished(batch: Batch, number: int, seed: int, rotation: int, seat: int, slots: list[int],
                plies: int) -> dict[str, Any]:
    nan = float("nan")
    return {"game": number, "seed": seed, "rotation": rotation, "seat": seat, "slot": slots[seat],
            "bot": batch.bots[slots[seat]].title, "score": nan, "win": nan, "rank": nan, "margin": nan,
            "spread": nan, "plies": plies, "lead_changes": None, "finished": False}


def _leader(scores: Sequence[int]) -> int:
    top = max(scores)
    return scores.index(top) if scores.count(top) == 1 else -1
