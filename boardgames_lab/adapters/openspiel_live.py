"""The Python side of an OpenSpiel state (``openspiel.BoardGameState.live``): the engine's position played on
the fast path, the checked game brought up to it when read, its copies, and its serialisation read back.

OpenSpiel copies a Python state by deep-copying its attributes and serialises it by pickling them: ``Live`` copies
its position with the game's ``clone_state`` and pickles as plain data (the actions played, or the position with
the seats' records), which ``_read_back`` checks against the game reading it.
"""
from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pyspiel

from ..core.definition import GameDefinition
from ..core.errors import IllegalMove, PositionError
from ..core.game import Game
from ..core.moves import CHANCE
from ..core.positions import game_from_position, position_of
from .actions import Turn, whole_number
from .observation import PUBLIC, Recall

if TYPE_CHECKING:
    from .openspiel import BoardGame, BoardGameState

_CHANCE, _TERMINAL = int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)


class Bound:
    """What a state reads of its game at every step, in a plain object: an attribute of OpenSpiel's game (a pybind11
    object) costs several times a plain object's to read."""

    __slots__ = ("definition", "table", "max_moves", "players")

    def __init__(self, d: GameDefinition[Any], table: Any, max_moves: int, players: int):
        self.definition, self.table, self.max_moves, self.players = d, table, max_moves, players


class Live:
    """The Python side of a state, kept in one attribute. The state plays on the engine's fast path, as bots do:
    ``st`` is the engine's position; each position's legal moves are listed once (the fast generator, which the
    conformance suite proves equal to the rules' checks) and a listed move is played without a second check,
    while anything else is refused by a copy of the checked ``Game`` with the rule it breaks. That ``Game``
    (``game``: the log, the seats' records, positions) is brought up to the position when read, by checking and
    applying the moves played since (``pending``). OpenSpiel clones a Python state by deep-copying each
    attribute and serialises it by pickling them, so this copies the position with the game's ``clone_state``
    (a copy shares the checked game until either changes it: the rules are shared, never copied) and pickles
    as the shorter of the actions played from the first node and the position now (with the seats'
    records)."""

    __slots__ = ("spec", "bound", "st", "_game", "owned", "pending", "moves", "actions", "recall", "player", "alone",
                 "initial", "turn", "outcomes", "found")

    def __init__(self, spec: BoardGame):
        self.spec = spec
        self.bound = spec.bound
        # A fixed seed's position is copied from the initial one when first read: OpenSpiel makes an initial state
        # each time it asks for a tensor's shape, and reads only the observer's remembered vector from it.
        self.st: Any = None  # the engine's position (None before the deal)
        self._game: Game | None = None  # the checked game, behind ``st`` by the ``pending`` moves
        self.owned = True  # False while a copy shares ``_game``: it is copied before it is brought up to date
        self.pending: list[tuple[Any, int]] = []  # (move, seat) played on ``st`` and not yet on ``_game``
        self.player: int | None = None  # the player to act, once asked (OpenSpiel asks several times a step)
        self.alone = False  # once asked: the player is the only seat to act
        self.found: list[Any] | None = None  # once asked in a reaction window: the player's moves, found then
        self.initial = True  # no action applied yet: OpenSpiel builds such states to learn tensor shapes
        self.moves = 0  # moves made in the game (chance's included), for max_moves
        self.actions: list[int] | None = []  # None once the game is a sample: its actions no longer replay to it
        self.recall: Recall | None = None  # read from the game's log when an information state is asked for
        self.turn: Turn | None = None  # the legal actions here, once asked
        self.outcomes: list[tuple[Any, float]] | None = None  # the draw's outcomes here, once asked

    def ask(self) -> int:
        """The player to act (OpenSpiel's numbers), worked out once per position with whether that seat is the only
        one to act (its moves are then the position's whole list)."""
        st = self.st
        if st is None:
            st = self.position()
            if st is None:
                return _CHANCE
        bound = self.bound
        seats = bound.definition.to_act(st)  # none once the game is over
        self.found = None
        if not seats or self.moves >= bound.max_moves:
            self.alone = False
            player = _TERMINAL
        elif len(seats) == 1:
            self.alone = True
            player = seats[0]
        else:
            self.alone = False
            player = seats[0]
            for s in seats:  # the first seat with a move: its moves are the turn's, kept
                found = bound.definition.seat_moves(st, s)
                if found:
                    player, self.found = s, found
                    break
        if type(player) is not int:
            player = int(player)  # the engine's CHANCE is OpenSpiel's
        self.player = player
        return player

    def position(self) -> Any:
        """The engine's position (None before the deal; a fixed seed's is set up when first read)."""
        st = self.st
        if st is None and self.spec.fixed_seed >= 0:
            self.start(self.spec.initial_game())
            st = self.st
        return st

    def start(self, game: Game) -> None:
        """Play on from ``game``'s position (a deal, a sample, a position read back)."""
        self._game, self.owned, self.pending = game, True, []
        self.st = game.definition.clone_state(game.state)

    @property
    def game(self) -> Game | None:
        """The checked game at the position (None before the deal): the moves played since it was last read are
        checked and applied to it now."""
        if self.position() is None:
            return None
        game = self._game
        assert game is not None
        if self.pending:
            if not self.owned:
                game = self._game = game.clone()
                self.owned = True
            for move, seat in self.pending:
                # listed first (the draw's outcomes, or the legal moves), the very move is taken without a second
                # check, as the state took it
                game.chance_outcomes() if seat == CHANCE else game.legal_moves()
                game.apply(move, player=seat)
            self.pending = []
        return game

    def ply(self) -> int:
        """Moves made since the checked game's start (its log has one entry more: the set-up)."""
        return (0 if self._game is None else self._game.ply) + len(self.pending)

    def play(self, move: Any, seat: int) -> None:
        """A legal move on the fast path (the position's ``ply`` counts it, as ``Game`` counts it)."""
        st = self.st
        self.bound.definition.advance(st, move)
        st.ply += 1
        self.pending.append((move, seat))

    def put(self, state: Any) -> None:
        """Put a position in whole, in place of this one (the tests of what a seat may learn change what it
        cannot see this way): the engine's position and the checked game's."""
        game = self.game
        assert game is not None
        if not self.owned:
            game = self._game = game.clone()
            self.owned = True
        game.state = game.definition.clone_state(state)
        self.st = state
        self.moved()

    def listed(self, player: int) -> Turn:
        """The choices of the player to act (asked just now), listed once and kept as ``turn``."""
        st, found = self.st, self.found
        if found is not None and player == self.player:
            moves = found
        elif self.alone:
            moves = self.bound.definition.legal_moves(st)
        else:
            moves = self.bound.definition.seat_moves(st, player)
        turn = self.turn = Turn(self.bound.table, player, moves, st)
        return turn

    def refused(self, action: int, player: int) -> Any:
        """An action that names no legal move of ``player`` here: a copy of the checked game refuses its move with
        the rule it breaks (raises)."""
        move = self.spec.table.decode(action, player, self.st)
        game = self.game
        assert game is not None
        game.clone().apply(move, player=player)
        return move

    def over(self, action: int) -> IllegalMove:
        """The refusal of ``action`` in a terminal state: the game is over, or was cut off at ``max_moves``."""
        st, max_moves = self.position(), self.bound.max_moves
        if self.bound.definition.is_over(st):
            return IllegalMove(action, "core.game_over", "the game is over; start a new game", text=f"action {action}")
        return IllegalMove(action, "core.game_over", f"the game was cut off at max_moves {max_moves} (a game still "
                           f"running after {max_moves} moves ends there)", text=f"action {action}")

    def moved(self) -> None:
        """Forget what was learnt of the position before a move."""
        self.player, self.initial, self.turn, self.outcomes, self.found = None, False, None, None, None

    def draws(self) -> list[tuple[Any, float]]:
        """The outcomes of the draw the game stands at (asked once per position)."""
        outcomes = self.outcomes
        if outcomes is None:
            d, st = self.bound.definition, self.position()
            # a chance node once asked (the common case), else asked here
            chance = self.player == _CHANCE or d.to_act(st) == (CHANCE,)
            outcomes = self.outcomes = list(d.chance_outcomes(st)) if chance else []
        return outcomes

    def __deepcopy__(self, memo: dict[int, Any]) -> "Live":
        other = Live.__new__(Live)
        other.spec, other.moves, other.player, other.initial = self.spec, self.moves, self.player, self.initial
        other.bound = self.bound
        other.alone, other.found = self.alone, None
        other.actions = None if self.actions is None else self.actions.copy()
        other.st = None if self.st is None else self.spec.definition.clone_state(self.st)
        other._game, other.pending = self._game, self.pending.copy()
        other.owned = self.owned = self._game is None  # the checked game is shared until one of them changes it
        other.recall = None if self.recall is None else self.recall.copy()
        other.turn = other.outcomes = None  # a copy's position may be changed in place: it asks again
        return other

    def synced(self) -> Recall:
        """The seats' records, read up to the game's last move."""
        game = self.game
        assert game is not None
        if self.recall is None:
            self.recall = Recall(self.spec.players)
            if self.actions is not None:
                self._note_played(game, self.recall)
        self.recall.sync(game, self.spec.table)
        return self.recall

    def _note_played(self, game: Game, recall: Recall) -> None:
        """Give a new record each seat move's number as played (the last ``game.ply`` actions are the game's moves),
        so that it need not number them again: a positional number would rebuild each move's position."""
        actions, log = self.actions, game.log
        assert actions is not None
        first = len(actions) - game.ply  # the first node's deal, where there was one
        for entry in range(1, len(log)):
            seat = log[entry]["seat"]
            if seat is not None and seat != CHANCE:
                recall.note(entry, actions[first + entry - 1])

    def __reduce__(self) -> tuple[Any, ...]:
        st = self.position()
        if st is None:
            return _replayed, (str(self.spec), [])
        assert self._game is not None
        spec = self.spec
        position = json.dumps(position_of(spec.definition, st, spec.players, self._game.options), separators=(",", ":"))
        if self.actions is not None and len(",".join(map(str, self.actions))) < len(position):
            return _replayed, (str(spec), self.actions)  # a few moves in: shorter than the position
        return _restored, (str(spec), position, self.moves, self.synced().__getstate__())  # plain data only


def _chance_action(action: Any, outcomes: int) -> int:
    """A chance node's action: the index of one of its ``outcomes`` (no negative index from the end)."""
    index = whole_number(action)
    if index is None or not 0 <= index < outcomes:
        raise ValueError(f"a chance action here is an outcome's index, from 0 to {outcomes - 1}, not {action!r:.60}")
    return index


def _replayed(game: str, actions: list[int]) -> Live:
    state = pyspiel.load_game(game).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state.live


def _restored(game: str, position: str, moves: int, recall: Any) -> Live:
    spec = pyspiel.load_game(game)
    live = Live(spec)
    live.moves, live.actions, live.initial = moves, None, False
    live.recall = _recall(recall, spec.players)
    start = game_from_position(spec.definition, json.loads(position), chance="explicit")
    options = spec.definition.resolve_options(spec.options)
    if start.num_players != spec.players or start.options != options:
        raise PositionError("players" if start.num_players != spec.players else "options",
                            f"the position is of {start.num_players} players with options {start.options}, its "
                            f"game {game} of {spec.players} with {options}")
    live.start(start)
    live.recall.synced = len(start.log)  # the restored game's log starts at its position, already recorded
    return live


def _recall(data: Any, players: int) -> Recall:
    """The seats' records read back from their plain data (``Recall.__getstate__``), its shape checked."""
    if isinstance(data, Recall):  # as states serialised before the records travelled as plain data
        return data
    keys = {*range(players), PUBLIC}
    if not (isinstance(data, tuple) and len(data) == 7 and type(data[0]) is int
            and all(isinstance(part, dict) and set(part) == keys for part in data[1:6]) and isinstance(data[6], dict)):
        raise PositionError("recall", f"the seats' records must be the 7 parts of a Recall of {players} players")
    recall = Recall.__new__(Recall)
    recall.__setstate__(data)
    return recall


def _read_back(state: "BoardGameState", live: Any) -> Live:
    """A ``Live`` unpickled into ``state`` by OpenSpiel's ``deserialize_state`` (it sets the state's attributes
    from the text after its history): refused unless it is a state of this very game (name, players, options,
    ``max_moves``, seed, deals, numbering: the game's parameters) and agrees with the history OpenSpiel read."""
    spec: BoardGame = state.__dict__["live"].spec
    if type(live) is not Live:
        raise PositionError("live", f"a serialised state of {spec} holds a {type(live).__name__}, not the adapter's")
    if str(live.spec) != str(spec):
        raise PositionError("game", f"the serialised state is of {live.spec}, not of this game {spec}")
    live.spec, live.bound = spec, spec.bound  # the deserialising game's object: its states' copies share it
    history = state.history()
    if not 0 <= live.moves <= spec.max_moves:
        raise PositionError("moves", f"{live.moves} moves made is outside 0 to max_moves {spec.max_moves}")
    if live.actions is not None and live.actions != history:
        raise PositionError("history", f"the history {history} is not the actions {live.actions} played")
    dealt = 0 if live.position() is None or spec.fixed_seed >= 0 else 1  # the first node's deal is no move
    if len(history) != live.moves + dealt:
        raise PositionError("history", f"{len(history)} actions in the history, but {live.moves} moves made"
                                       f"{' after the deal' if dealt else ''}")
    return live
