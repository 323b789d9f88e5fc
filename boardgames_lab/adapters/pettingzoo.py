"""Each game as a PettingZoo AEC environment: ``env("saint_petersburg", players=4)``.

- Agents are ``player_0`` .. ``player_{n-1}`` (seat order). The agent to act is the game's first seat in
  ``to_act()`` that has a legal move; in a reaction window, where several seats may answer, they are
  asked one at a time in ``to_act()`` order (each answer is a move of the game, and the window goes on).
- Actions: ``Discrete(n)`` over the game's action table (``actions.py``): action ``i`` is the same move
  for every seat, made by the seat that acts, and at every player count (Keythedral numbers its places and
  Substitution payments from the position: its action means a move in the position it is played in, as
  the mask marks them). ``metadata["action_fingerprint"]`` (a hash of the ordered move notations) and ``metadata["action_encoding"]`` (the game's encoding version)
  say which numbering it is, so that a policy trained on one can check it is given the same.
- Observations: ``{"observation": Box(float32, (size,)), "action_mask": Box(int8, (n,))}``, built when
  asked for. The observation is the game's features (its ``features`` face) of the seat's own view
  (``game.view(seat)``: only what that seat may see), one layout at every player count; ``view(agent)``
  gives the view itself. The mask marks the seat's legal moves, and is all zeros for an agent not asked now.
- Rewards: 0 until the end; then the win, worth 1, shared among the winners (1/k each for k tied
  winners), 0 for the others. ``max_cycles`` cuts the game off after that many cycles (a move per
  player each): the agents are truncated and the highest running scores win.
- Infos: ``last_move``, the last move in the agent's words (None where it may not read it); at the end
  also ``scores``, ``winners`` and ``truncated``.
- Chance: drawn by the game's seeded generator; ``reset(seed=s)`` starts the game with seed ``s``
  (``reset()`` without a seed draws the next game's seed from the last seeded one).
- Render modes: ``"ansi"`` (the game's text render, spectator's view), ``"human"`` (the same, printed)
  and ``"html"`` (the game's HTML render, where it has one).
"""
from __future__ import annotations

import html
import json
import math
from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core.game import Game
from ..core.moves import CHANCE
from ..core.registry import definition, new_game
from .actions import Turn, action_space, checked_action
from .observation import features, observe

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
                 max_cycles: int | None = None, **options: Any):
        super().__init__()
        d = definition(game)
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number of at least 1 or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
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
        self.features = features(d)
        n, size = self.table.size, self.features.LAYOUT.size
        self._action_space = gymnasium.spaces.Discrete(n)
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-math.inf, math.inf, (size,), dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), dtype=np.int8)})
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._seeds, _ = seeding.np_random(None)
        self.game: Game | None = None
        self._seat: int | None = None  # the seat asked now (None once the game is over)
        self._turn: Turn | None = None  # its choices, once listed at this position

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
        self.game.say_as_played = True  # each step's infos tell its move: said once, not replayed to be told
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.game is not None
        seat = self._seat = acting_seat(self.game)
        self._turn = None
        if seat == CHANCE:  # a game played with chance="auto" never stands at a draw
            raise RuntimeError(f"{self.game_name} stands at a random draw in normal play")
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def turn(self) -> Turn | None:
        """The choices of the seat asked now, listed once per position (None once the game is over)."""
        turn = self._turn
        if turn is None and self._seat is not None and self.game is not None and not self.game.is_over:
            turn = self._turn = Turn(self.table, self._seat, seat_moves(self.game, self._seat), self.game.state)
        return turn

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None
        seat = self.agent_seat[agent]
        mask = np.zeros(self.table.size, dtype=np.int8)
        turn = self.turn() if seat == self._seat else None
        if turn is not None:
            mask.put(turn.actions, 1)
        values = observe(self.game.definition, self.game.state, seat)  # a new array: the agent may keep it
        return {"observation": np.frombuffer(values, np.float32), "action_mask": mask}

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's whole view (``game.view(seat)``) as a dict: what its observation vector encodes."""
        assert self.game is not None
        return self.game.view(self.agent_seat[agent])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        seat = self.agent_seat[agent]
        self._cumulative_rewards[agent] = 0.0
        action = checked_action(action, self.table.size)
        turn = self._turn  # once listed (by observing), its move is applied without the checks of an unlisted one
        move = self.table.decode(action, seat, self.game.state) if turn is None else turn.move(self.table, action)
        self.game.apply(move, player=seat)
        self.steps += 1
        self._tell()
        if self.game.is_over:
            self._seat = self._turn = None
            self._finish(truncated=False)
        elif self.max_cycles is not None and self.steps >= self.max_cycles * self.num_players:
            self._seat = self._turn = None
            self._finish(truncated=True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _tell(self) -> None:
        """Each agent's info: the last move as its log tells it, in words (None where it may not read it), put in
        when the agent's info is first read (``infos``, ``last``)."""
        for agent in self.agents:
            self._infos[agent] = {"last_move": None}
        self._untold = set(self.agents)

    def _told(self, agent: str) -> dict[str, Any]:
        info = self._infos[agent]
        if agent in self._untold and self.game is not None:
            self._untold.discard(agent)
            info["last_move"] = self.game.last_said_for(self.agent_seat[agent])
        return info

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``last_move`` in the words of its own log, and at the end the scores."""
        for agent in list(self._untold):
            self._told(agent)
        return self._infos

    @infos.setter
    def infos(self, value: dict[str, dict[str, Any]]) -> None:
        self._infos, self._untold = value, set()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As PettingZoo's ``last``, telling only the selected agent's info."""
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self._told(agent))

    def _finish(self, truncated: bool) -> None:
        assert self.game is not None
        scores = self.game.scores()
        winners = list(self.game.winners())
        if not winners:  # cut off before the final count: the highest running score, with no tie-break
            winners = [s for s in range(self.num_players) if scores[s] == max(scores)]
        for agent in self.agents:
            seat = self.agent_seat[agent]
            self.rewards[agent] = 1.0 / len(winners) if seat in winners else 0.0
            if truncated:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True
            self._infos[agent] = {**self.infos[agent], "scores": list(scores), "winners": winners,
                                  "truncated": truncated}

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


def env(game: str, players: int | None = None, render_mode: str | None = None, max_cycles: int | None = None,
        **options: Any) -> BoardGameEnv:
    """An AEC environment of ``game`` at ``players`` players (the game's options as keywords); ``max_cycles``
    cuts the game off after that many cycles (a cycle is as many moves as there are players)."""
    return BoardGameEnv(game, players, render_mode, max_cycles, **options)


raw_env = env

__all__ = ["BoardGameEnv", "acting_seat", "env", "raw_env", "seat_moves"]
