"""Each game as an OpenSpiel Python game: ``pyspiel.load_game("boardgames_lab_citadels", {"players": 5})``.

Importing this module registers ``boardgames_lab_<game>`` for every game of the lab's registry, and for
each game registered later (``register(name)`` also registers one by name). What OpenSpiel sees:

- Parameters: ``players``; ``deals`` (the set-ups the first chance node chooses among, default 1000) or
  ``seed`` >= 0 (one fixed set-up, no first chance node); ``max_moves`` (a game still running after that
  many actions ends there, scored by the scores it stands at: every action after the first node counts, the
  game's draws included); and each game option whose choices are all of one type (bool, int, or str written as
  a word), checked when the game is loaded.
- The first node is chance: it picks the game's seed among ``deals`` equally likely ones. The seed fixes
  the set-up's shuffles and every draw the game does not yet stop at. After it the game runs with
  ``chance="explicit"``: wherever it stands at a draw, the node is a chance node whose outcomes are the
  game's ``chance_outcomes()`` (action ``i`` is the ``i``-th outcome listed, with its probability).
- Player actions: the game's action table (``actions.py``), the same numbers as the PettingZoo adapter and
  at every player count. Where the game numbers moves from the position (Keythedral), an action means a move
  in the state it is applied to: the history replays, serialised or not, in the states it was played in. The parameter ``actions`` is its fingerprint: the game's parameters (``str(game)``)
  carry it, and loading with another fingerprint (a numbering that has since changed) is refused.
  The player to act is the first seat in ``to_act()`` with a legal move (a reaction window asks its
  seats one at a time, in that order).
- Play: on the engine's fast path, as the lab's bots play: a legal action (a move the game's fast generator
  listed) is played without a second check, any other is refused by a copy of the checked ``Game`` with the
  rule it breaks. ``state.game`` is that checked ``Game`` at the state's position, brought up to it when read
  (every move checked as it is applied): the log, the seats' records and positions come from it. The player to
  act is worked out once per position; ``legal_actions``, ``is_chance_node`` and ``is_player_node`` asked from
  Python are answered from it, without OpenSpiel's round trip through C++ (the same answers, tested).
- Observation tensor: the game's features (its ``features`` face) of the seat's view (``game.view(seat)``);
  observation string: the same in words. Information state: the observation and the seat's record
  (``observation.Recall``: its moves, what it may read of the others' moves, that draws happened but not
  what they drew), as a tensor (its last moves and events) and a string (a digest of the whole record).
  Observers honour the observation type (public only, the seat's own, perfect recall). Nothing else reaches
  a player; ``view_string`` gives the whole view as JSON.
- Sampling: ``resample_from_infostate`` redraws what a seat may not see with the game's ``determinize``.
- Returns: the win, worth 1, shared among the winners by the game's ranking and tie-break; 0 for the others
  (constant sum 1). A game cut off at ``max_moves`` is terminal, ``is_truncated()``, and ranked by its
  running scores (``scores()``, ``winners()``).
- Serialisation: the shorter of the action history, replayed from the first node, and the position with
  the seats' records, as plain data; read back only into the same game (its parameters), with the history
  OpenSpiel reads agreeing (OpenSpiel's own format is a pickle: only for text one made oneself).
"""
from __future__ import annotations

import json
import threading
from operator import itemgetter
from typing import Any

import numpy as np
import pyspiel

from ..core.definition import GameDefinition
from ..core.errors import OptionError
from ..core.game import Game
from ..core.moves import CHANCE
from ..core.registry import definition, new_game, watch_registrations
from ..core.rng import Rng
from .actions import action_space, checked_action, whole_number
from .observation import PUBLIC, RECALL, Recall, features, observe
# _replayed and _restored are read here too by name: a state serialised before they moved names them here.
from .openspiel_live import (_CHANCE, _TERMINAL, Bound, Live, _chance_action, _read_back, _replayed,  # noqa: F401
                             _restored)

PREFIX = "boardgames_lab_"
DEALS = 1000
MAX_MOVES = 10000
DRAW_OUTCOMES = 1024  # the most outcomes one draw inside a game may list (a deck's distinct cards)
_REGISTERED: set[str] = set()


def _simple_options(name: str) -> dict[str, Any]:
    """The game's options that OpenSpiel can carry: all choices of one type among bool, int and str, and
    strings that read back as strings from a game's name ("2-2-3" would be read as a number)."""
    out = {}
    for option in definition(name).info.options:
        kinds = {type(c) for c in option.choices}
        words = all(c.isidentifier() for c in option.choices if isinstance(c, str))
        if len(kinds) == 1 and kinds <= {bool, int, str} and words:
            out[option.name] = option.default
    return out


def register(name: str) -> str:
    """Register game ``name`` with OpenSpiel as ``boardgames_lab_<name>``; returns that short name."""
    d = definition(name)
    short = PREFIX + d.info.name
    if short in _REGISTERED:
        return short
    params = {"players": d.info.default_players, "deals": DEALS, "seed": -1, "max_moves": MAX_MOVES, "actions": "",
              **_simple_options(d.info.name)}
    game_type = pyspiel.GameType(
        short_name=short, long_name=f"boardgames_lab {d.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=d.info.max_players, min_num_players=d.info.min_players,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=params)

    def __init__(self: BoardGame, params: dict[str, Any] | None = None) -> None:
        BoardGame.__init__(self, d.info.name, game_type, params or {})

    # A class of this module's namespace, so that OpenSpiel can pickle the game by reference.
    cls_name = f"BoardGame_{d.info.name}"
    cls = type(cls_name, (BoardGame,), {"__init__": __init__, "__module__": __name__, "__qualname__": cls_name})
    globals()[cls_name] = cls
    pyspiel.register_game(game_type, cls)
    _REGISTERED.add(short)
    return short


class BoardGame(pyspiel.Game):
    """One of the lab's games at one player count, with its options (see the module's docstring)."""

    def __init__(self, name: str, game_type: pyspiel.GameType, params: dict[str, Any]):
        full = {**game_type.parameter_specification, **params}
        self.name = name
        self.players = int(full["players"])
        self.definition = d = definition(name)
        d.check_players(self.players)
        self.deals, self.fixed_seed, self.max_moves = int(full["deals"]), int(full["seed"]), int(full["max_moves"])
        if self.deals < 1 or self.max_moves < 1:
            raise ValueError(f"deals and max_moves must be at least 1, not {self.deals} and {self.max_moves}")
        if self.fixed_seed < -1:
            raise OptionError(f"seed must be -1 (the first node deals) or a seed from 0, not {self.fixed_seed}")
        self.options = {k: full[k] for k in _simple_options(name)}
        d.check_options(self.players, d.resolve_options(self.options))  # refused here, not at the first deal
        self.table = action_space(name, self.players)
        self.bound = Bound(d, self.table, self.max_moves, self.players)
        self.features = features(d)
        self._own = threading.local()  # each thread's own observers (``own_observer``)
        if full["actions"] not in ("", self.table.fingerprint):
            raise ValueError(f"actions={full['actions']} names another numbering of the moves of {name}; "
                             f"this one is {self.table.fingerprint} (encoding {self.table.encoding})")
        full["actions"] = self.table.fingerprint  # the game's parameters say which numbering its actions use
        info = pyspiel.GameInfo(num_distinct_actions=self.table.size,
                                max_chance_outcomes=max(self.deals, DRAW_OUTCOMES), num_players=self.players,
                                min_utility=0.0, max_utility=1.0, utility_sum=1.0,
                                max_game_length=self.max_moves + 1)
        super().__init__(game_type, info, full)

    def __reduce__(self) -> tuple[Any, ...]:
        return pyspiel.load_game, (str(self),)  # its name and parameters: the action table is rebuilt, not copied

    def new_initial_state(self) -> "BoardGameState":
        return BoardGameState(self)

    def new_game(self, seed: int) -> Game:
        return new_game(self.name, players=self.players, seed=seed, chance="explicit", **self.options)

    def initial_game(self) -> Game:
        """The fixed seed's game at its start (set up once, then copied: OpenSpiel makes initial states often)."""
        start = self.__dict__.get("_initial")
        if start is None:
            start = self.__dict__["_initial"] = self.new_game(self.fixed_seed)
        return start.clone()

    def own_observer(self, recall: bool) -> "ViewObserver":
        """The seat's own observer (``recall``: its information state), made once in each thread: what the states'
        tensors are read from. An observer's tensor is written and then read, so states of one game read in
        several threads at once each use their thread's."""
        key = "recall" if recall else "plain"
        observer: ViewObserver | None = getattr(self._own, key, None)
        if observer is None:
            observer = ViewObserver(self, public=False, recall=recall)
            setattr(self._own, key, observer)
        return observer

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "ViewObserver":
        """The observer of an observation type: OpenSpiel's default (the seat's own view), the information
        state (``perfect_recall``), and either of them public only (``private_info`` NONE: the spectator's view
        and record). Other seats' private information (``ALL_PLAYERS``) and private-only observations are not
        provided: asking for them raises."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            return ViewObserver(self, public=False, recall=False)
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation with every player's private information is not provided "
                             "(the lab's games show a seat only its own view)")
        if not iig_obs_type.public_info:
            raise ValueError("an observation without the public information is not provided")
        return ViewObserver(self, public=private == pyspiel.PrivateInfoType.NONE,
                            recall=bool(iig_obs_type.perfect_recall))


_probability = itemgetter(1)  # of a chance outcome (move, probability)


class NotASeat(pyspiel.SpielError, ValueError):
    """A player that is no seat of the game: OpenSpiel's error for it (``observation_tensor(-1)`` raises a
    SpielError), and a ValueError as the lab's refusals of a value are."""


def _check_seat(spec: BoardGame, player: Any, also: str = "") -> None:
    """Refuse a player that is no seat of the game (never read from the end of a list)."""
    seat = whole_number(player)
    if seat is None or not 0 <= seat < spec.players:
        also = f" {also}" if also else ""
        raise NotASeat(f"player must be a seat from 0 to {spec.players - 1}{also}, not {player!r}")


def _seat_moves(d: Any, st: Any, seat: int) -> list[Any]:
    """The legal moves of ``seat`` in the engine's position (all of them when it is the only seat to act)."""
    if d.is_over(st):
        return []
    return d.legal_moves(st) if d.to_act(st) == (seat,) else d.seat_moves(st, seat)


class BoardGameState(pyspiel.State):
    """A game in progress; ``game`` is the lab's checked ``Game`` at this position (None before the first chance
    node), ``live.position()`` the engine's position it plays on."""

    live: Live

    def __init__(self, game: BoardGame):
        super().__init__(game)
        self.live = Live(game)

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel's deserialize_state sets the attributes it unpickled here (python_games.cc): what a text brings
        # back is checked against the game reading it; a copy (``clone``: the same game object) is taken as it is.
        # (Not a descriptor on the class: reading ``live``, which every step does, stays a plain attribute read.)
        if name == "live":
            old = self.__dict__.get("live")
            if old is not None and getattr(value, "spec", None) is not old.spec:
                value = _read_back(self, value)
        super().__setattr__(name, value)

    @property
    def game(self) -> Game | None:
        return self.live.game

    @property
    def _spec(self) -> BoardGame:
        return self.live.spec

    # --- who acts -------------------------------------------------------------------------------------
    # OpenSpiel's C++ side asks a Python state for its player several times a step, each a call into Python: the
    # answer is worked out once per position (``Live.ask``), and the questions a Python caller asks most
    # (``is_chance_node``, ``legal_actions``) are answered here from it, without the round trip through C++.
    def current_player(self) -> int:
        player = self.live.player
        return self.live.ask() if player is None else player

    def is_terminal(self) -> bool:
        player = self.live.player
        return (self.live.ask() if player is None else player) == _TERMINAL

    def is_chance_node(self) -> bool:
        player = self.live.player
        return (self.live.ask() if player is None else player) == _CHANCE

    def is_player_node(self) -> bool:
        player = self.live.player
        return (self.live.ask() if player is None else player) >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """As OpenSpiel's: the legal actions of ``player`` (the player to act by default), sorted; a new list."""
        live = self.live
        current = live.player
        if current is None:
            current = live.ask()
        if current >= 0 and (player is None or player == current):
            turn = live.turn
            if turn is None or turn.seat != current:
                turn = live.listed(current)
            return sorted(turn.numbers)  # a new list: the caller may change it
        return super().legal_actions() if player is None else super().legal_actions(player)

    def is_truncated(self) -> bool:
        """Was the game cut off at ``max_moves`` before its end?"""
        st = self.live.position()
        return st is not None and not self._spec.definition.is_over(st) and self.live.moves >= self._spec.max_moves

    def _legal_actions(self, player: int) -> list[int]:
        live = self.live
        turn = live.turn
        if turn is None or player != turn.seat:
            st, spec = live.position(), live.spec
            if st is None:
                return []
            if player != self.current_player():
                return spec.table.actions(_seat_moves(spec.definition, st, player), st)
            turn = live.listed(player)
        return turn.actions

    def chance_outcomes(self) -> list[tuple[int, float]]:
        live = self.live
        if live.position() is None:
            deals = live.spec.deals
            return [(i, 1.0 / deals) for i in range(deals)]
        if self.current_player() != _CHANCE:
            return []  # a player's node, or the end: no draw here (a game cut off at a draw draws no more)
        outcomes = live.draws()
        if len(outcomes) > DRAW_OUTCOMES:
            raise ValueError(f"a draw of {len(outcomes)} outcomes is more than the adapter's {DRAW_OUTCOMES}")
        return list(enumerate(map(_probability, outcomes)))  # (index, probability) pairs, built in C

    # --- moving ---------------------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        live = self.live
        player = live.player
        if player is None:
            player = live.ask()
        st = live.st
        if player >= 0 and st is not None:
            # A seat's move, the common case: ``Live.moved`` and ``Live.play`` written out, as this runs every step.
            turn = live.turn
            if turn is None or turn.seat != player:
                turn = live.listed(player)
            try:
                move = turn.moves[turn.numbers.index(action)]  # one number per move: the first is the only one
            except ValueError:
                move = None
            if move is None:
                move = live.refused(action, player)
            if live.recall is not None:  # the number as played: a positional one is read in this position only
                live.recall.note(live.ply() + 1, action)
            live.player = live.turn = live.found = live.outcomes = None
            live.initial = False
            live.bound.definition.advance(st, move)
            st.ply += 1
            live.pending.append((move, player))
        elif player == _TERMINAL:
            raise live.over(action)
        else:
            st = live.position()
            if st is None:
                _chance_action(action, live.spec.deals)
                live.moved()
                live.start(live.spec.new_game(int(action)))
            else:
                outcomes = live.draws()
                move = outcomes[_chance_action(action, len(outcomes))][0]
                live.moved()
                live.play(move, CHANCE)
        # Kept only once the game took the move: a refused action leaves the history as it was.
        if live.actions is not None:
            live.actions.append(action)  # an int: OpenSpiel hands the action over as one
        if st is not None:
            live.moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        st = self.live.position()
        if player == pyspiel.PlayerId.CHANCE:
            if st is None:
                return f"deal with seed {_chance_action(action, self._spec.deals)}"
            outcomes = self.live.draws()
            if outcomes:
                return f"chance: {outcomes[_chance_action(action, len(outcomes))][0]}"
            if action < 0:  # no draw here to name it: an index is still never negative
                raise ValueError(f"a chance action is an outcome's index, 0 or more, not {action}")
            return f"chance outcome {action}"
        _check_seat(self._spec, player, "or chance (-1)")
        table = self._spec.table
        checked_action(action, table.size)  # the range apply_action gives, before any reading of the number
        try:
            return f"p{player + 1}: {table.decode(action, player, st)}"
        except ValueError:  # a positional number that names no move here, or no position yet
            return f"p{player + 1}: {table.label(action)}"

    # --- the end --------------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """The game's scores now (its final count once over; a game cut off stands at its running scores)."""
        st = self.live.position()
        return [0] * self._spec.players if st is None else list(self._spec.definition.scores(st))

    def winners(self) -> list[int]:
        """The game's winners by its own ranking and tie-break; a game cut off before its final count: the
        seats with the highest running score (no tie-break applies before the end)."""
        st, d = self.live.position(), self._spec.definition
        if st is None:
            return []
        if d.is_over(st):
            return list(d.winners(st))
        scores = d.scores(st)
        return [s for s in range(self._spec.players) if scores[s] == max(scores)]

    def returns(self) -> list[float]:
        n = self._spec.players
        if not self.is_terminal():
            return [0.0] * n
        winners = self.winners()
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]

    # --- sampling -------------------------------------------------------------------------------------
    def resample_from_infostate(self, player: int, sampler: Any) -> "BoardGameState":
        """A state ``player`` cannot tell apart from this one: the game's own sampling (``definition.determinize``)
        redraws what the seat may not see, seeded from ``sampler`` (OpenSpiel's probability sampler, or any
        callable giving floats in [0, 1)). The seat's record is kept; the other seats' become what ``player``
        knows of them (the spectator's record)."""
        _check_seat(self._spec, player)
        other = self.clone()
        st, d = self.live.position(), self._spec.definition
        if st is None or d.is_over(st):
            return other
        seed = int(sampler() * (1 << 53))
        state = d.determinize(st, player, Rng(seed))
        recall = self.live.synced().copy()
        recall.only_public(player)
        game = self.live.game
        assert game is not None
        sample = Game(d, game.num_players, seed, game.options, names=game.names, start=state, chance="explicit")
        recall.synced = len(sample.log)
        live = other.live
        live.moved()
        live.start(sample)
        live.recall, live.actions = recall, None
        return other

    # --- tensors ---------------------------------------------------------------------------------------
    def observation_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``observation_tensor``, answered in Python: the same list of floats, without the initial
        state OpenSpiel's own path builds on every call to learn the tensor's size."""
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """OpenSpiel's ``information_state_tensor``, answered in Python as ``observation_tensor`` is."""
        return self._tensor(True, player)

    def _tensor(self, recall: bool, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self._spec.players:  # OpenSpiel's own refusal of a seat that is not a player
            base = pyspiel.State.information_state_tensor if recall else pyspiel.State.observation_tensor
            return list(base(self) if player is None else base(self, player))
        observer = self._spec.own_observer(recall)
        observer.set_from(self, seat)
        return observer.as_list()

    def __str__(self) -> str:
        game = self.game
        if game is None:
            return "before the deal"
        return json.dumps(game.position(), sort_keys=True)


class ViewObserver:
    """Observation or information state of one type (see ``BoardGame.make_py_observer``): the tensor is the
    game's features of the seat's view (the spectator's where ``public``), followed by the seat's record
    (``observation.RECALL``) for an information state; the string is the same features in words, with the
    record's digest for an information state."""

    def __init__(self, spec: BoardGame, public: bool, recall: bool):
        self.public, self.perfect_recall = public, recall
        size = spec.features.LAYOUT.size + (RECALL.size if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}
        self.layout = spec.features.LAYOUT
        self.initial: dict[int, np.ndarray] = {}  # the vectors of the fixed seed's initial state, per player
        self.last: tuple[Any, int, int] | None = None  # the position (its state object and ply) and seat set last

    def set_from(self, state: BoardGameState, player: int) -> None:
        live = state.live
        if not (type(player) is int and 0 <= player < live.bound.players):
            _check_seat(live.spec, player)
        if live.initial and player in self.initial:  # every initial state of a fixed seed is the same
            self.tensor[:] = self.initial[player]
            self.last = None
            return
        position = live.position()
        if position is None:
            self.tensor.fill(0)
            self.last = None
        else:
            # the same position asked again (its state object, at the same ply, for the same seat) is the tensor
            # already here: OpenSpiel's callers often ask a state's observation and information state in turn
            last = self.last
            if last is not None and last[0] is position and last[1] == position.ply and last[2] == player:
                return
            spec = live.spec
            values = observe(spec.definition, position, player, self.public)
            n = len(values)
            self.tensor[:n] = np.frombuffer(values, np.float32)
            if self.perfect_recall:
                key = PUBLIC if self.public else player
                self.tensor[n:] = np.frombuffer(live.synced().vector(key, spec.players, player), np.float32)
            self.last = (position, position.ply, player)
            if live.initial:
                self.initial[player] = self.tensor.copy()

    def as_list(self) -> list[float]:
        """The tensor as OpenSpiel hands it over, a list of floats: zeros first (one shared float), then the
        entries that are not 0; a tensor with many of them (a sixth or more) converted whole, which is then
        cheaper (a zero stays 0.0: a negative zero is made positive first)."""
        tensor = self.tensor
        at = tensor.nonzero()[0]
        if 6 * len(at) >= len(tensor):
            return (tensor + 0.0).tolist()
        out = [0.0] * len(tensor)
        for i, v in zip(at.tolist(), tensor[at].tolist()):
            out[i] = v
        return out

    def string_from(self, state: BoardGameState, player: int) -> str:
        position, spec = state.live.position(), state.live.spec
        _check_seat(spec, player)
        if position is None:
            return f"p{player + 1} before the deal"
        text = f"p{player + 1} " + self.layout.text(observe(spec.definition, position, player, self.public))
        if self.perfect_recall:
            key = PUBLIC if self.public else player
            text += " " + state.live.synced().text(key, spec.players, player)
        return text


def view_string(state: BoardGameState, player: int) -> str:
    """The seat's whole view (``game.view(player)``) as JSON: what the compact strings summarise."""
    position = state.live.position()
    if position is None:
        return "null"
    _check_seat(state.live.spec, player)
    return json.dumps(state.live.spec.definition.view(position, player), sort_keys=True, separators=(",", ":"))


def own_log(game: Game, seat: int) -> list[dict[str, Any]]:
    """What ``seat`` may read of the story so far: each move it sees, the changes it may see, and the draws
    made (what kind of draw, never the outcome, its probability, the number it was drawn from, or the chance
    move's text, which could tell the outcome)."""
    out = []
    for entry in game.log_for(seat):
        drawn = entry["player"] == CHANCE  # a chance move's text is its outcome: what the seat sees of it is in changes
        out.append({"player": entry["player"], "move": None if drawn else entry["move"], "phase": entry["phase"],
                    "changes": [c["text"] for c in entry["changes"]],
                    "draws": [c["what"] for c in entry["chance"]]})
    return out


class LabBot(pyspiel.Bot):
    """One of the lab's bots (anything with ``decide(seat)``, e.g. ``bots.RandomBot``) as an OpenSpiel bot,
    for ``evaluate_bots`` beside OpenSpiel's own; it sees what the lab's ``Seat`` shows it, no more."""

    def __init__(self, bot: Any):
        super().__init__()
        self.bot = bot

    def step(self, state: BoardGameState) -> int:
        from ..bots.base import Seat
        position, d = state.live.position(), state._spec.definition
        assert position is not None
        seat = state.current_player()
        move = self.bot.decide(Seat(d, position, seat, _seat_moves(d, position, seat)))
        return state._spec.table.encode(move, position)

    def restart_at(self, state: BoardGameState) -> None:
        pass

    def inform_action(self, state: BoardGameState, player: int, action: int) -> None:
        pass


def registered() -> list[str]:
    """The lab's games registered with OpenSpiel (their names without the prefix)."""
    return sorted(short[len(PREFIX):] for short in _REGISTERED)


def _register_definition(d: GameDefinition[Any]) -> None:
    register(d.info.name)


watch_registrations(_register_definition)

__all__ = ["BoardGame", "BoardGameState", "LabBot", "Live", "NotASeat", "PREFIX", "ViewObserver", "own_log", "register", "registered",
           "view_string"]
