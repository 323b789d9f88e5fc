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
- Play: on the engine's fast path (``state``), a listed move without a second check, anything else refused by
  a copy of the checked ``Game`` (``game``: the same moves, made when read) with the rule it breaks.
- Chance: drawn by the game's seeded generator; ``reset(seed=s)`` starts the game with seed ``s``, an integer
  from 0 to 2**63 - 1 as ``new_game`` takes (``reset()`` without a seed draws the next game's seed from the last
  seeded one). ``reset(options={...})`` plays that episode with those game options over ``env()``'s (checked as
  ``new_game`` checks them; a name that is none of the game's options is ignored with a warning, as PettingZoo's
  ``api_test`` passes one of its own); the player count is ``env()``'s for good, as the agents and spaces are.
- Render modes: ``"ansi"`` (the game's text render, spectator's view), ``"human"`` (the same, printed)
  and ``"html"`` (the game's HTML render, where it has one).
"""
from __future__ import annotations

import html
import json
import math
import warnings
from typing import Any, Mapping

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from ..core.errors import OptionError
from ..core.game import Game, said_for, sentence
from ..core.moves import CHANCE
from ..core.registry import check_seed as registry_check_seed, definition, new_game
from .actions import Turn, action_space, checked_action, whole_number
from .observation import features, observe

_PLAIN_KEPT = 4096  # plain moves' sentences kept per environment
_SET_BY_ENV = ("players", "max_cycles", "render_mode")  # keywords of env() that reset's options may not change


def _as_int(value: Any) -> Any:
    """A whole number (``actions.whole_number``: a NumPy integer too) as its Python int; anything else as it was
    given, for the check that follows to refuse by name."""
    number = whole_number(value)
    return value if number is None else number


def check_seed(seed: Any) -> int:
    """The seed as an int, if it is one ``new_game`` takes (``registry.check_seed``; a NumPy integer as its int)."""
    return registry_check_seed(_as_int(seed))


def acting_seat(game: Game) -> int | None:
    """The seat asked now: the first seat in ``to_act()`` with a legal move (None once the game is over)."""
    return seat_asked(game.definition, game.state)


def seat_asked(d: Any, state: Any) -> int | None:
    """The seat asked in the engine's position ``state`` (see ``acting_seat``)."""
    return _asked(d, state)[0]


def _asked(d: Any, state: Any) -> tuple[int | None, list[Any] | None]:
    """The seat asked, with its legal moves where a reaction window's seats were searched for them (else None)."""
    if d.is_over(state):
        return None, None
    seats = d.to_act(state)
    if len(seats) == 1:
        return seats[0], None
    for seat in seats:
        found = d.seat_moves(state, seat)
        if found:
            return seat, found
    return (seats[0] if seats else None), None


def seat_moves(game: Game, seat: int) -> Any:
    """The legal moves of ``seat`` (the game's cached list when it is the only seat to act)."""
    if game.to_act() == (seat,):
        return game.legal_moves()
    return game.definition.seat_moves(game.state, seat)


class BoardGameEnv(AECEnv):
    """One of the lab's games as an AEC environment (see the module's docstring).

    The environment plays on the engine's fast path, as bots do: its position is ``state``; each position's
    legal moves are listed once (the fast generator, which the conformance suite proves equal to the rules'
    checks) and a listed move is played without a second check. An action that names no listed move is handed
    to the checked ``Game`` of the same moves, which refuses it with the rule it breaks. That ``Game`` is
    ``game``: made when first read and kept in step with the moves (for its log, render and answers); changing it
    does not change the environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human", "html"], "name": "boardgames_lab", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 max_cycles: int | None = None, **options: Any):
        super().__init__()
        d = self.definition = definition(game)
        max_cycles = _as_int(max_cycles)
        if max_cycles is not None and (type(max_cycles) is not int or max_cycles < 1):
            raise ValueError(f"max_cycles must be a whole number of at least 1 or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.game_name = d.info.name
        self.num_players = d.info.default_players if players is None else _as_int(players)
        d.check_players(self.num_players)
        self._env_options = dict(options)  # as given to env(): reset's options go over them for one episode
        self.options = self._base_options = d.resolve_options(options)
        d.check_options(self.num_players, self.options)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.table = action_space(self.game_name, self.num_players)
        self.metadata = {**self.metadata, "name": f"boardgames_lab_{self.game_name}",
                         "action_encoding": self.table.encoding, "action_fingerprint": self.table.fingerprint}
        self.possible_agents = [f"player_{s}" for s in range(self.num_players)]
        self.agent_seat = {a: s for s, a in enumerate(self.possible_agents)}
        self.names = [f"Player {s + 1}" for s in range(self.num_players)]  # as a new game names its seats
        self.features = features(d)
        # the face's writer from the state, looked up once (``observe`` otherwise, which finds it or the view's)
        direct = getattr(self.features, "encode_state", None)
        self._encode: Any = direct or (lambda state, seat, public: observe(d, state, seat, public))
        n = self._size = self.table.size
        self._no_moves = bytes(n)  # a mask's zeros, copied for each mask
        size = self.features.LAYOUT.size
        self._action_space = gymnasium.spaces.Discrete(n)
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(-math.inf, math.inf, (size,), dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (n,), dtype=np.int8)})
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._seeds, _ = seeding.np_random(None)
        self.state: Any = None  # the engine's position (None before reset and after close)
        self.agents: list[str] = []  # none before reset (and none left once every agent is done)
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos = {}
        self._game: Game | None = None  # the checked game of the same moves, once read
        self._seat: int | None = None  # the seat asked now (None once the game is over)
        self._turn: Turn | None = None  # its choices, once listed at this position
        self._found: list[Any] | None = None  # its moves, where a reaction window's seats were searched for them
        self._alone = False  # known to be the only seat to act (else ``to_act`` is asked)
        # The sentences of moves whose words read nothing of the position (the words face's ``PLAIN`` kinds), by the
        # move's identity (the fast generators list the same move objects): a cache, cleared past _PLAIN_KEPT.
        self._plain: frozenset[str] = getattr(d.words, "PLAIN", frozenset())
        self._plain_said: dict[int, tuple[Any, str]] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[dict[str, Any]]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[np.int64]:
        return self.action_spaces[agent]

    # --- the episode --------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a game: with seed ``seed`` (an integer from 0 to 2**63 - 1, as ``new_game`` takes), and with
        ``options``, game options that go over ``env()``'s for this episode only. A refused seed or option
        raises a ``ValueError`` naming it and changes nothing."""
        resolved = self._episode_options(options)
        if seed is not None:
            seed = check_seed(seed)
        d = self.definition
        if seed is not None:
            self._seeds, _ = seeding.np_random(seed)
            game_seed = seed
        else:
            game_seed = int(self._seeds.integers(0, 2**63 - 1))
        self.options = resolved
        state = d.create_state(self.num_players, game_seed, self.options)  # the set-up new_game makes
        state.explicit_chance = False
        d.runner.start(state)
        self.state, self.seed, self._game = state, game_seed, None
        self._moves: list[Any] = []  # the moves played, each with its seat
        self._seats: list[int] = []
        self._said: tuple[int, str, list[int] | None] | None = None  # the last move: seat, sentence, who may read it
        self.steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._rewarded = False  # a reward other than 0 is given (the game is over)
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _episode_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The resolved game options of an episode: ``options`` over ``env()``'s, checked (OptionError if not)."""
        if options is None:
            return self._base_options
        if not isinstance(options, Mapping):
            raise OptionError(f"reset's options must be a dict of {self.game_name}'s game options, not "
                              f"{type(options).__name__} {options!r}")
        if not options:
            return self._base_options
        d = self.definition
        fixed = [name for name in _SET_BY_ENV if name in options]
        if fixed:
            raise OptionError(f"{fixed[0]} is a keyword of env(), fixed for the environment (the agents and spaces "
                              f"depend on it); reset's options are {self.game_name}'s game options only")
        known = {o.name for o in d.info.options}
        unknown = sorted(str(name) for name in options if name not in known)
        if unknown:  # PettingZoo's api_test passes reset an option of its own: named in a warning, not refused
            warnings.warn(f"reset ignores {unknown}: not options of {self.game_name}, whose options are "
                          f"{sorted(known)}", UserWarning, stacklevel=3)
        resolved = d.resolve_options({**self._env_options, **{k: v for k, v in options.items() if k in known}})
        d.check_options(self.num_players, resolved)
        return resolved

    def _not_playing(self) -> RuntimeError:
        """The error for a call that needs a game going on: before reset, after close, or once every agent is done."""
        if self.state is None:
            return RuntimeError("the environment has no game: call reset() first (after close(), too)")
        return RuntimeError("the game is over: every agent is done; call reset() to start another")

    @property
    def game(self) -> Game | None:
        """The checked ``Game`` of the moves played so far (log, undo, render, answers): made when first read, then
        kept in step. It is a copy to read: changing it does not change the environment."""
        if self.state is None:
            return None
        game = self._game
        if game is None or game.moves != tuple(self._moves[:game.ply]):
            game = self._game = new_game(self.game_name, players=self.num_players, seed=self.seed, **self.options)
        for move, seat in zip(self._moves[game.ply:], self._seats[game.ply:]):
            game.apply(move, player=seat)
        return game

    def _select(self) -> None:
        seat, found = _asked(self.definition, self.state)
        self._seat, self._found, self._turn, self._alone = seat, found, None, False
        if seat == CHANCE:  # drawn with the game's generator, the game never stands at a draw
            raise RuntimeError(f"{self.game_name} stands at a random draw in normal play")
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]

    def turn(self) -> Turn | None:
        """The choices of the seat asked now, listed once per position (None once the game is over)."""
        turn = self._turn
        seat = self._seat
        if turn is None and seat is not None:
            turn = self._turn = Turn(self.table, seat, self._choices(seat), self.state)
        return turn

    def _choices(self, seat: int) -> list[Any]:
        """The legal moves of ``seat``, the seat asked now."""
        moves = self._found
        if moves is None:
            d, state = self.definition, self.state
            moves = d.legal_moves(state) if self._alone or d.to_act(state) == (seat,) else d.seat_moves(state, seat)
        return moves

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_seat.get(agent)
        if seat is None or self.state is None:
            if self.state is None:
                raise self._not_playing()
            raise ValueError(f"no agent named {agent!r}: the agents are {self.possible_agents}")
        mask = bytearray(self._no_moves)  # a new buffer, marked in a loop (quicker than NumPy's put on short lists)
        if seat == self._seat:
            turn = self._turn or self.turn()
            assert turn is not None
            for number in turn.numbers:
                mask[number] = 1
        values = self._encode(self.state, seat, False)  # a new array: the agent may keep it
        return {"observation": np.frombuffer(values, np.float32), "action_mask": np.frombuffer(mask, np.int8)}

    def view(self, agent: str) -> dict[str, Any]:
        """The agent's whole view (``game.view(seat)``) as a dict: what its observation vector encodes."""
        seat = self.agent_seat.get(agent)
        if seat is None:
            raise ValueError(f"no agent named {agent!r}: the agents are {self.possible_agents}")
        if self.state is None:
            raise self._not_playing()
        return self.definition.view(self.state, seat)

    def step(self, action: Any) -> None:
        if not self.agents or self.state is None:
            raise self._not_playing()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.agent_seat[agent]
        self._cumulative_rewards[agent] = 0.0
        if type(action) is not int or not 0 <= action < self._size:  # the common case without a call
            action = checked_action(action, self._size)
        turn = self._turn
        if turn is not None:  # numbered for the mask: read there
            try:
                move = turn.moves[turn.numbers.index(action)]  # one number per move: the first is the only one
            except ValueError:
                move = None
        else:
            asked = self._seat
            assert asked is not None  # the agent is not done: the game goes on
            move = self.table.listed(action, asked, self._choices(asked), self.state)
        if move is None:  # not a legal move here: a copy of the checked game refuses it with the rule it breaks
            move = self.table.decode(action, seat, self.state)
            game = self.game
            assert game is not None
            game.clone().apply(move, player=seat)
        # Played on the engine's fast path, said in the position it is made from (as ``Game`` plays it: the
        # position's ``ply`` counts it).
        d, state = self.definition, self.state
        said = self._plain_said.get(id(move))
        if said is not None and said[0] is move:
            text = said[1]
        else:
            text = sentence(d, self.names, state, seat, move)
            if move.kind in self._plain:  # its words read the move alone: said once, kept with the move
                if len(self._plain_said) >= _PLAIN_KEPT:
                    self._plain_said.clear()
                self._plain_said[id(move)] = (move, text)
        self._said = (seat, text, d.move_visibility(state, move))
        d.advance(state, move)
        state.ply += 1
        self._moves.append(move)
        self._seats.append(seat)
        steps = self.steps = self.steps + 1
        self._said_at = steps  # each agent's info is told the move when first read (``infos``, ``last``)
        if d.is_over(state):
            self._seat = self._turn = None
            self._finish(truncated=False)
        elif self.max_cycles is not None and steps >= self.max_cycles * self.num_players:
            self._seat = self._turn = None
            self._finish(truncated=True)
        else:
            seats = d.to_act(state)
            if len(seats) == 1:  # as ``_select``, the game known not over
                seat = self._seat = seats[0]
                self._found = self._turn = None
                self._alone = True
                if seat == CHANCE:
                    raise RuntimeError(f"{self.game_name} stands at a random draw in normal play")
                self.agent_selection = self.possible_agents[seat]
            else:
                self._select()
        if self._rewarded:
            self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _told(self, agent: str) -> dict[str, Any]:
        """The agent's info: the last move as its log tells it, in words (None where it may not read it), put in
        when the agent's info is first read after a step (``infos``, ``last``)."""
        said_at = self._said_at
        if self._told_at.get(agent) == said_at:
            return self._infos[agent]
        self._told_at[agent] = said_at
        said = self._said
        if said is None:
            text = None
        else:
            seat, text, visible_to = said
            if visible_to is not None:  # None: every agent reads it as said
                text = said_for(seat, text, visible_to, self.agent_seat[agent])
        info = self._infos[agent] = {"last_move": text}
        return info

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info: ``last_move`` in the words of its own log, and at the end the scores."""
        for agent in self.agents:
            self._told(agent)
        return self._infos

    @infos.setter
    def infos(self, value: dict[str, dict[str, Any]]) -> None:
        # Infos put in whole (reset, PettingZoo's own bookkeeping) are told as they are: the step told is now.
        self._infos = value
        self._said_at = getattr(self, "steps", 0)
        self._told_at = dict.fromkeys(value, self._said_at)

    def _accumulate_rewards(self) -> None:
        """As PettingZoo's, skipped while every reward is 0 (all but the last step)."""
        if self._rewarded:
            super()._accumulate_rewards()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As PettingZoo's ``last``, telling only the selected agent's info."""
        if not self.agents or self.state is None:
            raise self._not_playing()
        agent = self.agent_selection
        observation = self.observe(agent) if observe else None
        return (observation, self._cumulative_rewards[agent], self.terminations[agent], self.truncations[agent],
                self._told(agent))

    def _finish(self, truncated: bool) -> None:
        d, state = self.definition, self.state
        scores = d.scores(state)
        winners = list(d.winners(state)) if d.is_over(state) else []
        if not winners:  # cut off before the final count: the highest running score, with no tie-break
            winners = [s for s in range(self.num_players) if scores[s] == max(scores)]
        for agent in self.agents:
            seat = self.agent_seat[agent]
            self.rewards[agent] = 1.0 / len(winners) if seat in winners else 0.0
            self._rewarded = True
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
        if self.state is None:
            raise self._not_playing()
        assert self.game is not None
        if self.render_mode == "html":
            return _html(self.game)
        text = str(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state = self._game = None
        self.agents = []


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

__all__ = ["BoardGameEnv", "acting_seat", "check_seed", "env", "raw_env", "seat_moves"]
