"""A fixed action space per game: every move a seat can ever make, numbered once.

Learning frameworks want a fixed set of integers, the same in every position; our games list the
moves that are legal here. Each game's actions face (``rulesets/<game>/actions.py``, read as
``definition(name).actions``) enumerates, from the game's own data tables (its cards, characters, board
places, payments), every move of seat 0 in a fixed order; action ``i`` is the ``i``-th move with its
``player`` field set to the seat that acts. The same table serves the PettingZoo and OpenSpiel adapters,
so an action number means the same move in both.

The numbering is stable: the table names every seat of the game's largest table, so a move has the same
number at every player count (at a smaller table the moves naming absent seats are never legal), and
``fingerprint`` (a hash of the ordered move notations) tells two numberings apart. The adapters publish it
with the face's ``ENCODING`` version, which the game bumps whenever a number changes
(tests/adapters/action_tables.json holds each version's fingerprint).

A legal move missing from the table is a bug in its enumeration: ``encode`` raises
``UnmappedMove`` naming it (the adapter tests play many random games to find such gaps).

A game whose moves are too many to list (Keythedral's board places and payments) declares ``POSITIONAL`` in
its face and numbers in blocks instead, some numbers read in the position: ``labels()`` names every number
(the fingerprint hashes the names), ``Numbering(state)`` gives a position's ``number(move)`` and
``move(seat, number)``, and ``fixed_number(move)`` the numbers that never depend on it. Its
``PositionalActionSpace`` takes the engine's state in ``encode``, ``numbers``, ``decode`` and ``actions``
(every table accepts it; a fixed one ignores it): an action number always means a move in the position it is
played in, as OpenSpiel and PettingZoo allow. A face may also give ``numbers(moves, state)``, a whole list's numbers
at once (None where a move has none there): the table asks it first, then reads move by move only to name the move
that has no number.
"""
from __future__ import annotations

import hashlib
from dataclasses import replace
from itertools import repeat
from numbers import Integral
from operator import index, is_
from typing import Any, Iterable, Sequence
from weakref import WeakKeyDictionary

from ..core.definition import GameDefinition
from ..core.moves import Numbered
from ..core.registry import definition


class UnmappedMove(LookupError):
    """A move that the game's action table does not list (the enumeration has a gap)."""


class ActionSpace:
    """Every move of a game, numbered from 0; ``player`` is filled in per seat. ``state`` (the engine's position)
    is accepted everywhere and not needed: each number means one move in every position."""

    positional = False
    whole: Any = None  # a positional table's numbering of a whole list in a position, where its face has one

    def __init__(self, name: str, encoding: int, moves: Iterable[Any], seats: int = 1):
        self.name, self.encoding = name, encoding
        table: list[Any] = []
        index: dict[Any, int] = {}
        for move in moves:
            if move not in index:
                index[move] = len(table)
                table.append(move)
        self.moves: tuple[Any, ...] = tuple(table)
        self._index = index
        # Every seat's moves by value: seat 0's from the start, another seat's keyed in whole when its first move is
        # numbered (``_key_seat``), so a move object met for the first time costs one look-up, not a copy of it.
        self._seen: dict[Any, int] = dict(index)
        self._seats = seats  # the seats of the game's largest table
        self._keyed = {0}
        # The same by identity, for a move that cannot keep its number on itself: id -> (the move, its number).
        # The entry holds the move, so no other object can take its id while it is a key (and a full cache is
        # replaced whole, in one step another thread cannot split).
        self._same: dict[int, tuple[Any, int]] = {}
        self._made: dict[tuple[int, int], Any] = {}  # (action, seat) -> the move, once decoded (moves are frozen)
        self._listed: dict[int, Any] = {}  # seat * span + action -> the listed move last found for it (``listed``)
        self._span = len(table)
        self.fingerprint = fingerprint(table)

    @property
    def size(self) -> int:
        return len(self.moves)

    def label(self, action: int) -> str:
        """What number ``action`` stands for, in words (seat 0's move)."""
        return str(self.moves[action])

    def fixed(self, move: Any) -> int | None:
        """The number of ``move`` if it is the same in every position (here: always)."""
        return self.encode(move)

    def encode(self, move: Any, state: Any = None) -> int:
        """The action number of ``move`` (any seat's)."""
        number = getattr(move, "_action", None)
        if number is not None:
            return number
        same = self._same.get(id(move))
        if same is not None:
            return same[1]
        number = self._seen.get(move)
        if number is None:
            number = self._learn(move)
        self._hold(move, number)
        return number

    def _learn(self, move: Any) -> int:
        """The number of a move not keyed yet: its seat's moves are keyed in whole (a seat of the largest table),
        else it is read as seat 0's move."""
        seat = getattr(move, "player", 0)
        if type(seat) is int and 0 < seat < self._seats and seat not in self._keyed:
            self._key_seat(seat)
            number = self._seen.get(move)
            if number is not None:
                return number
        try:
            number = self._seen[move] = self._index[replace(move, player=0) if seat != 0 else move]
            return number
        except KeyError:
            raise UnmappedMove(f"{self.name}: the move {move!r} is not in the action table (the game's actions "
                               "face enumerates it)") from None

    def _key_seat(self, seat: int) -> None:
        """Key every move of ``seat`` by value (the table's moves of seat 0 with ``player`` set)."""
        self._keyed.add(seat)
        self._seen.update(zip([replace(move, player=seat) for move in self.moves], range(len(self.moves))))

    def prime(self, moves: Iterable[Any]) -> None:
        """Number ``moves`` now (the engine's moves made once, its actions face's ``premade``), those the table
        lists: each keeps its number, so play never numbers them for the first time. A move the table does not list
        is left alone: it is never legal, and would be refused as unmapped if it were."""
        for move in moves:
            try:
                self.encode(move)
            except UnmappedMove:
                pass

    def _hold(self, move: Any, number: int) -> None:
        if isinstance(move, Numbered):  # the move keeps its own number (core.moves.Numbered)
            object.__setattr__(move, "_action", number)
            return
        if len(self._same) >= SAME_KEPT:  # moves made afresh each time would fill it: a cache, not a record
            self._same = {}
        self._same[id(move)] = (move, number)

    def numbers(self, moves: Sequence[Any], state: Any = None) -> list[int]:
        """The action numbers of ``moves``, in their order."""
        try:
            return [m._action for m in moves]  # each move numbered before keeps its number (``_hold``)
        except AttributeError:
            return [self.encode(m) for m in moves]

    def listed(self, action: int, seat: int, moves: Sequence[Any], state: Any = None) -> Any:
        """The move of ``moves`` (the legal moves of ``seat`` here) that ``action`` stands for, or None where it names
        none of them. The engines list the same move objects in every position, so the move found last for the seat
        and number is looked for first, by identity, without numbering the whole list."""
        key = seat * self._span + action
        move = self._listed.get(key)
        if move is not None and any(map(is_, moves, repeat(move))):
            if not self.positional or self._still(move, action):
                return move
        try:
            move = moves[self.numbers(moves, state).index(action)]  # one number per move: the first is the only one
        except ValueError:
            return None
        if len(self._listed) >= SAME_KEPT:
            self._listed = {}
        self._listed[key] = move
        return move

    def _still(self, move: Any, action: int) -> bool:
        """Is ``action`` still the number of ``move``, found for it in another position? (Here: always; a
        positional table reads it again.)"""
        return True

    def decode(self, action: int, seat: int, state: Any = None) -> Any:
        """The move that action number ``action`` stands for, made by ``seat``."""
        action = self._checked(action)
        if seat == 0:
            return self.moves[action]
        made = self._made.get((action, seat))
        if made is None:
            made = self._made[action, seat] = replace(self.moves[action], player=seat)
        return made

    def _checked(self, action: Any) -> int:
        return checked_action(action, self.size)

    def actions(self, moves: Sequence[Any], state: Any = None) -> list[int]:
        """The sorted action numbers of ``moves``."""
        return sorted(self.numbers(moves, state))


class NoMoveHere(ValueError):
    """An action number that names no move of the seat in this position (a positional number)."""


class PositionalActionSpace(ActionSpace):
    """A game's numbered moves in blocks, some numbers read in the position (the face declares ``POSITIONAL``):
    ``encode``, ``numbers``, ``decode`` and ``actions`` take the engine's state; a move whose number never
    depends on it (``fixed``) needs none."""

    positional = True

    def __init__(self, name: str, encoding: int, face: Any):
        self.name, self.encoding, self.face = name, encoding, face
        self.labels: tuple[str, ...] = tuple(face.labels())
        self.moves = ()  # no list of moves: a number's move depends on the position
        # Whether a move has a fixed number depends on the move alone: remembered by identity (the engine lists
        # moves made once at import), id -> (the move, its number), the entry holding the move while its id is a
        # key; ``PLACED`` marks a number read in the position.
        self._fixed: dict[int, tuple[Any, int]] = {}
        # The face's numbering of a whole list in a position, where it has one (None where a move has no number
        # there: the move-by-move route below then names it).
        self.whole = getattr(face, "numbers", None)
        self._listed = {}
        self._span = len(self.labels)
        self.fingerprint = label_fingerprint(self.labels)

    @property
    def size(self) -> int:
        return len(self.labels)

    def label(self, action: int) -> str:
        return self.labels[self._checked(action)]

    def fixed(self, move: Any) -> int | None:
        found = self._known(move)
        return None if found == PLACED else found

    def _still(self, move: Any, action: int) -> bool:
        """A move's fixed number is its number in every position; one read in the position is read again."""
        return self._known(move) == action

    def _known(self, move: Any) -> int:
        """The fixed number of ``move``, or ``PLACED``: remembered by identity."""
        entry = self._fixed.get(id(move))
        return self._remember(move) if entry is None else entry[1]

    def _remember(self, move: Any) -> int:
        if len(self._fixed) >= SAME_KEPT:  # replaced whole, as ActionSpace._same
            self._fixed = {}
        number = self.face.fixed_number(move)
        found = PLACED if number is None else number
        self._fixed[id(move)] = (move, found)
        return found

    def encode(self, move: Any, state: Any = None) -> int:
        number = self.fixed(move)
        if number is None:
            number = self._numbering(state, move).placed(move)
            if number is None:
                raise UnmappedMove(f"{self.name}: the move {move!r} has no number in this position (the game's "
                                   "actions face names its place or payment from the position)")
        return number

    def numbers(self, moves: Sequence[Any], state: Any = None) -> list[int]:
        if state is not None and self.whole is not None:
            whole: list[int] | None = self.whole(moves, state)
            if whole is not None:
                return whole
        found: list[Any] = [self._known(move) for move in moves]
        if PLACED not in found:
            return found
        numbering = None
        for i, number in enumerate(found):
            if number == PLACED:
                if numbering is None:
                    numbering = self._numbering(state, moves[i])
                found[i] = self._number(numbering, moves[i])
        return found

    def _number(self, numbering: Any, move: Any) -> int:
        number = numbering.placed(move)
        if number is None:
            raise UnmappedMove(f"{self.name}: the move {move!r} has no number in this position")
        return int(number)

    def _numbering(self, state: Any, move: Any) -> Any:
        if state is None:
            raise ValueError(f"{self.name} numbers the move {move} from the position: pass the game's state "
                             "(encode(move, state), numbers(moves, state), decode(action, seat, state))")
        return self.face.Numbering(state)

    def decode(self, action: int, seat: int, state: Any = None) -> Any:
        action = self._checked(action)
        if state is None:
            raise ValueError(f"{self.name} reads action {action} ({self.labels[action]}) in the position: pass "
                             "the game's state (decode(action, seat, state))")
        move = self.face.Numbering(state).move(seat, action)
        if move is None:
            raise NoMoveHere(f"{self.name}: action {action} ({self.labels[action]}) names no move of seat {seat} "
                             "in this position")
        return move


def whole_number(value: Any) -> int | None:
    """``value`` as the Python int it is, if it is a whole number: an int or a NumPy (or other integral) integer,
    never a bool. Anything else is None, never rounded or read as a number. The environments judge by this the actions
    they are given, OpenSpiel the seats and chance actions, PettingZoo the player counts, ``max_cycles`` and seeds."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or not isinstance(value, Integral):
        return None
    return index(value)


def checked_action(action: Any, size: int) -> int:
    """An action number as the environments take it: a whole number (``whole_number``) from 0 to ``size - 1``. A
    bool, a float or text is refused, never rounded or read as a number."""
    if type(action) is int and 0 <= action < size:  # the common case, without the abstract class check
        return action
    number = whole_number(action)
    if number is None:
        raise ValueError(f"action must be an integer from 0 to {size - 1}, not {type(action).__name__} "
                         f"{action!r:.60}")
    if not 0 <= number < size:
        raise ValueError(f"action must be from 0 to {size - 1}, not {number}")
    return number


SAME_KEPT = 1 << 16  # moves an action table remembers by identity
PLACED = -1  # a positional table's mark of a move whose number is read in the position


class Turn:
    """One position's choices, listed once: the seat asked, its legal moves and their action numbers (in the
    moves' order; ``actions`` sorted, when asked). The adapters read the action mask and the legal actions from it
    and apply the listed move itself, which the checked API takes without checking it again (it has just listed
    it)."""

    __slots__ = ("seat", "moves", "numbers", "state", "_sorted")

    def __init__(self, table: ActionSpace, seat: int, moves: Sequence[Any], state: Any = None):
        self.seat, self.moves, self.state = seat, moves, state
        # The face's numbering of a whole list called here, not through ``table.numbers``: a call less every step.
        whole = table.whole
        numbers = None if whole is None or state is None else whole(moves, state)
        self.numbers = table.numbers(moves, state) if numbers is None else numbers
        self._sorted: list[int] | None = None

    @property
    def actions(self) -> list[int]:
        """The legal action numbers, sorted."""
        found = self._sorted
        if found is None:
            found = self._sorted = sorted(self.numbers)
        return found

    def move(self, table: ActionSpace, action: int) -> Any:
        """The move of ``action`` for the seat asked: the listed one where it is legal, else the table's (which the
        game then refuses with the rule it breaks)."""
        move = self.listed(action)
        return table.decode(action, self.seat, self.state) if move is None else move

    def listed(self, action: int) -> Any:
        """The listed move of ``action``, or None where it names no legal move here."""
        try:
            return self.moves[self.numbers.index(action)]  # one number per move: the first is the only one
        except ValueError:
            return None


def fingerprint(moves: Sequence[Any]) -> str:
    """A numbering's fingerprint: the hash of its moves' kinds and notations, in order (the kind tells apart the
    few moves that share a notation)."""
    digest = hashlib.sha256("\n".join(f"{m.kind}:{m}" for m in moves).encode()).hexdigest()
    return f"sha256:{digest[:16]}"


def label_fingerprint(labels: Sequence[str]) -> str:
    """A positional numbering's fingerprint: the hash of its numbers' names, in order."""
    digest = hashlib.sha256("\n".join(labels).encode()).hexdigest()
    return f"sha256:{digest[:16]}"


_TABLES: WeakKeyDictionary[GameDefinition[Any], ActionSpace] = WeakKeyDictionary()  # built once per game


def action_table(name: str) -> ActionSpace:
    """The action table of game ``name``, the same at every player count (built once)."""
    d = definition(name)
    table = _TABLES.get(d)
    if table is None:
        if d.actions is None:
            raise UnmappedMove(f"{d.info.name} has no action table: its package has no actions module "
                               "(rulesets/<game>/actions.py) and its definition sets no ``actions``")
        face = d.actions
        table = _TABLES[d] = (PositionalActionSpace(d.info.name, face.ENCODING, face)
                              if getattr(face, "POSITIONAL", False) else
                              ActionSpace(d.info.name, face.ENCODING, face.every_move(), d.info.max_players))
        premade = getattr(face, "premade", None)
        if premade is not None:
            table.prime(premade())
    return table


def action_space(name: str, players: int) -> ActionSpace:
    """The action table of game ``name`` at ``players`` players (checked): the game's one table."""
    definition(name).check_players(players)
    return action_table(name)


__all__ = ["ActionSpace", "NoMoveHere", "PositionalActionSpace", "SAME_KEPT", "Turn", "UnmappedMove", "action_space",
           "action_table", "fingerprint", "label_fingerprint"]
