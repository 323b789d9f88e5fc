"""Each game as a PettingZoo AEC environment: ``env("saint_petersburg", players=4)``.

- Agents are ``player_0`` .. ``player_{n-1}`` (seat order). The agent to act is the game's first seat in
  ``to_act()`` that has a legal move; in a reaction window, where several seats may answer, they are
  asked one at a time in ``to_act()`` order (each answer is a move of the game, and the window goes on).
- Actions: ``Discrete(n)`` over the game's action table (``actions.py``): action ``i`` is the same move
  for every seat, made by the seat that acts, and at every player count. ``metadata["action_fingerprint"]``
  (a hash of the ordered move notations) and ``metadata["action_encoding"]`` (the game's encoding version)
  say which numbering it is, so that a policy trained on one can check it is given the same.
- Observations: ``{"observation": Box(uint8, (VIEW_BYTES,)), "action_mask": Box(int8, (n,))}``. The
  observation is the seat's own view (``game.view(seat)``: only what that seat may see) as compact JSON
  text in UTF-8, padded with zero bytes; ``view_of(obs)`` reads it back. The mask marks the seat's legal
  moves, and is all zeros for an agent that is not asked now.
- Rewards: 0 until the end; then the win, worth 1, shared among the winners (1/k each for k tied
  winners), 0 for the others. ``infos[agent]["scores"]`` holds the final scores.
- Chance: drawn by the game's seeded generator; ``reset(seed=s)`` starts the game with seed ``s``
  (``reset()`` without a seed draws the next game's seed from the last seeded one).
- Render modes: ``"ansi"`` (the game's text render, spectator's view), ``"human"`` (the same, printed)
  and ``"html"`` (the game's HTML render, where it has one).
"""
from __future__ import annotations

import html
import json
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core.game import Game
from ..core.moves import CHANCE
from ..core.registry import definition, new_game
from .actions import action_space

VIEW_BYTES = 32768  # the largest view of any game at its largest table is about 6 KB of JSON


def view_bytes(view: dict[str, Any], size: int = VIEW_BYTES) -> np.ndarray:
    """A view as compact JSON text in UTF-8, zero-padded to ``size`` bytes."""
    data = json.dumps(view, separators=(",", ":"), sort_keys=True).encode()
    if len(data) > size:
        raise ValueError(f"a view of {len(data)} bytes does not fit the observation's {size} bytes")
    out = np.zeros(size, dtype=np.uint8)
    out[:len(data)] = np.frombuffer(data, dtype=np.uint8)
    return out


def view_of(observation: Any) -> dict[str, Any]:
    """The view an observation carries (the dict, or its ``"observation"`` array)."""
    array = observation["observation"] if isinstance(observation, dict) else observation
    return json.loads(bytes(np.asarray(array, dtype=np.uint8)).rstrip(b"\0").decode())


def acting_seat(game: Game) -> int | None:
    """The seat asked now: the first seat in ``to_act()`` with a legal move (None once the game is over)."""
    d = game.definition
    seats = game.to_act()
    if len(seats) == 1:
        return seats[0]
    for seat in seats:
        if d.seat_moves(game.state, seat):
            return seat
    return seats[0] if seats else None


def seat_moves(game: Game, seat: int) -> Any:
    """The legal moves of ``seat`` (the game's cached list when it is the only seat to act)."""
    if game.to_act() == (seat,):
        return game.legal_moves()
    return game.definition.seat_moves(game.state, seat)


class BoardGameEnv(AECEnv):
    """One of the lab's games as an AEC environment (see the module's docstring)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "html"], "name": "boardgames_lab", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any):
        super().__init__()
        d = definition(game)
        self.game_name = d.info.name
        self.num_players = d.info.default_players if players is None else players
        d.check_players(self.num_players)
        self.options = d.resolve_options(options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.table = action_space(self.game_name, self.num_players)
        self.metadata = {**self.metadata, "name": f"boardgames_lab_{self.game_name}",
                         "action_encoding": self.table.encoding, "action_fingerprint": self.table.fingerprint}
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        n = self.table.size
        self._action_space = gymnasium.spaces.Discrete(n)
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0, 255, (VIEW_BYTES,), dtype=np.uint8),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), dtype=np.int8)})
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._seeds, _ = seeding.np_random(None)
        self.game: Game | None = None

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[dict[str, Any]]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[np.int64]:
        return self.action_spaces[agent]

    # --- the episode --------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(0, 2**63 - 1))
        self.game = new_game(self.game_name, players=self.num_players, seed=game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.game is not None
        seat = acting_seat(self.game)
        if seat == CHANCE:  # a game played with chance="auto" never stands at a draw
            raise RuntimeError(f"{self.game_name} stands at a random draw in normal play")
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None
        seat = self.agent_seat[agent]
        mask = np.zeros(self.table.size, dtype=np.int8)
        if not self.game.is_over and acting_seat(self.game) == seat:
            mask[[self.table.encode(m) for m in seat_moves(self.game, seat)]] = 1
        return {"observation": view_bytes(self.game.view(seat)), "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        seat = self.agent_seat[agent]
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.table.decode(action, seat), player=seat)
        if self.game.is_over:
            self._finish()
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        assert self.game is not None
        winners = self.game.winners()
        scores = self.game.scores()
        for agent in self.agents:
            seat = self.agent_seat[agent]
            self.rewards[agent] = 1.0 / len(winners) if seat in winners else 0.0
            self.terminations[agent] = True
            self.infos[agent] = {"scores": list(scores), "winners": list(winners)}

    # --- showing it ---------------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (choose 'ansi', 'human' or 'html')")
            return None
        assert self.game is not None
        if self.render_mode == "html":
            return _html(self.game)
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None


def _html(game: Game) -> str:
    """The game's own HTML render of the spectator's view, or the view as JSON."""
    view = game.view(None)
    render = getattr(game.definition.render, "render_html", None)
    if render is None:
        return "<pre>" + html.escape(json.dumps(view, indent=1)) + "</pre>"
    return str(render(view, game.names, game.winners()))


def env(game: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> BoardGameEnv:
    """An AEC environment of ``game`` at ``players`` players (the game's options as keywords)."""
    return BoardGameEnv(game, players, render_mode, **options)


raw_env = env

__all__ = ["BoardGameEnv", "VIEW_BYTES", "acting_seat", "env", "raw_env", "seat_moves", "view_bytes", "view_of"]
