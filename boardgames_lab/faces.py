"""What a game's faces declare, and the plain helpers they share (no widget, framework or table library).

A game's faces are modules of its package that the lab's tools read through its definition
(``definition(name).actions`` and so on; core/definition.py, docs/adding_a_game.md "Faces of a game"):

- ``actions``: ``ENCODING`` (an integer, bumped whenever a move's number changes) and ``every_move()``,
  every move of seat 0 in a fixed order; the PettingZoo and OpenSpiel adapters number them. A game with too
  many moves to list declares ``POSITIONAL`` instead, with ``labels()``, ``fixed_number(move)`` and
  ``Numbering(state)`` (``number(move)``, ``move(seat, number)``): numbers read in the position
  (adapters/actions.py, ``PositionalActionSpace``). Optionally ``premade()``: the move objects the game's fast
  generator makes once at import (``moves_in`` finds them in its tables); the adapters' table numbers them when
  it is built, and each keeps its number (core.moves.Numbered), so a legal list is numbered without a first
  look-up of any of its moves.
- ``board``: ``click_path(move)`` (the move's clicks as ``(target id, label)`` pairs) and
  ``setup(game, data, spots)`` (the set-up spots of a position); the clickable board reads them.
- ``heuristic``: ``score_moves(view, legal_moves)``, a score and a reason per move; the heuristic bot.
- ``exercises``: ``EXERCISES``, name -> builder of the keyword arguments of ``analysis.Exercise``.
- ``decisions``: ``DECISIONS``, name -> :class:`ClassDecision`; ``analysis.class_decisions`` solves them.
- ``features``: ``LAYOUT`` (a :class:`Layout`) and ``encode(view, seat, players)``, the observation vector of a
  view seen from ``seat``; the adapters' observation tensors and strings. Optionally ``encode_state(state, seat,
  public)``, the same vector written from the state (docs/adapters/features.md).
"""
from __future__ import annotations

from array import array
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Iterator, Sequence, TypeVar

from .core.moves import Numbered

T = TypeVar("T")


def first_position(find: Callable[[int], T | None], seeds: Iterable[int], what: str) -> T:
    """The first game seed whose play reaches the decision an exercise asks about.

    ``find(seed)`` plays a game from ``seed`` and returns what the exercise needs, or None when that
    game never reaches such a position."""
    tried = []
    for seed in seeds:
        found = find(seed)
        if found:
            return found
        tried.append(seed)
    raise RuntimeError(f"no {what} position in the games of seeds {tried[0]}..{tried[-1]}" if tried
                       else f"no seeds to look for a {what} position in")


def two_plies(game: Any, seat: int, move: str) -> int:
    """A decision's tree: the choice, then every legal reply."""
    return 2


@dataclass(frozen=True)
class ClassDecision:
    """A kind of decision students make at a table, to be solved in its real position against the equilibrium
    (``analysis.class_decisions``). Rows are those of the classroom record's ``decisions()``."""

    title: str
    # (move made, legal moves as notations) -> the root's options, the move among them; None: not such a decision
    options: Callable[[str, Sequence[str]], Sequence[str] | None]
    compare: Callable[[Any], dict[str, Any]]  # a solved decision -> its row of the comparison table
    columns: tuple[str, ...]  # the comparison table's columns, in order
    phase: str | None = None  # only decisions made in this phase (None: any)
    plies: Callable[[Any, int, str], int] = two_plies  # (position, seat, move made) -> the plies of its tree
    playouts: int = 4  # the playouts per leaf unless told otherwise
    bot: str = "random"  # who plays the playouts out ("heuristic" where random play would take too long)
    whole_turn: bool = False  # the mover's moves right after its option finish it (no ply; analysis.decisions)
    option_name: Callable[[str], str] = str  # a root move's name in the payoff table
    no_reply: str = "(game over)"  # the reply column of an option nobody answers in the tree




TIE = 1e-6  # two equilibrium probabilities this close are a tie (CFR+'s average strategy is not exact)

OPTION_COLUMNS = ("decision", "table", "seat", "name", "ply", "options", "chose", "p_chosen", "likeliest",
                  "p_likeliest", "equilibrium", "values", "value_chosen", "value_best", "agrees", "regret",
                  "nash_conv", "time_taken")


def option_row(one: Any) -> dict[str, Any]:
    """The ``OPTION_COLUMNS`` of one solved decision among several options (``analysis.class_decisions.Solved``):
    the option chosen, the equilibrium's likeliest, each option's probability and value, agreement and regret."""
    likeliest = one.likeliest
    return {"decision": one.label, "table": one.row.table, "seat": one.seat, "name": one.row.name,
            "ply": one.row.ply, "options": list(one.values), "chose": one.chosen,
            "p_chosen": one.strategy[one.chosen], "likeliest": likeliest, "p_likeliest": one.strategy[likeliest],
            "equilibrium": dict(one.strategy), "values": dict(one.values), "value_chosen": one.values[one.chosen],
            "value_best": max(one.values.values()), "agrees": one.agrees, "regret": one.regret,
            "nash_conv": one.solution.nash_conv, "time_taken": one.row.time_taken}


class Layout:
    """A fixed layout of floats in named fields: a game's observation features (the ``features`` face).

    A field is a run of floats, each entry named by a label: a one-hot over the labels, a count per label, or
    one number per seat. Seats are counted from the observer: entry 0 of a per-seat field is the observing seat,
    entry 1 the next seat in turn order, and so on up to the game's largest table (absent seats stay 0), so one
    policy reads the same layout at every player count and from every seat."""

    def __init__(self, game: str, fields: Sequence[tuple[str, Sequence[str], str]]):
        self.game = game
        self.fields = tuple((name, tuple(labels), doc) for name, labels, doc in fields)
        self.offset: dict[str, int] = {}
        self.index: dict[str, dict[str, int]] = {}
        at = 0
        for name, labels, _ in self.fields:
            if name in self.offset:
                raise ValueError(f"{game}: two feature fields are named {name!r}")
            self.offset[name] = at
            self.index[name] = {label: i for i, label in enumerate(labels)}
            at += len(labels)
        self.size = at
        self._blank = array("f", bytes(4 * at))
        odd = [f"{name}[{label}]" for name, labels, _ in self.fields for label in labels if set(label) & set(",=[]")]
        if odd:
            raise ValueError(f"{game}: a feature label may not hold , = [ or ] (the observation string's marks): "
                             f"{', '.join(odd)}")

    def blank(self) -> "array[float]":
        """A zero vector of the layout's size."""
        return self._blank[:]  # a new array (a slice of an array is a copy)

    def at(self, name: str, label: str) -> int:
        """The position of one entry."""
        return self.offset[name] + self.index[name][label]

    def one_hot(self, out: "array[float]", name: str, label: Any) -> None:
        """Set the entry ``label`` of field ``name`` to 1 (a label outside the field sets nothing)."""
        i = self.index[name].get(label)
        if i is not None:
            out[self.offset[name] + i] = 1.0

    def count(self, out: "array[float]", name: str, labels: Iterable[Any], amount: float = 1.0) -> None:
        """Add ``amount`` to the entry of each of ``labels`` (repeated labels count again)."""
        offset, index = self.offset[name], self.index[name]
        for label in labels:
            i = index.get(label)
            if i is not None:
                out[offset + i] += amount

    def put(self, out: "array[float]", name: str, value: float, i: int = 0) -> None:
        """Write the ``i``-th entry of field ``name``."""
        out[self.offset[name] + i] = float(value)

    def labels(self) -> list[str]:
        """Every entry's name, ``field[label]``, in order."""
        return [f"{name}[{label}]" for name, labels, _ in self.fields for label in labels]

    def text(self, values: Sequence[float]) -> str:
        """The non-zero entries, field by field, in the layout's order: ``field=value`` for a field of one entry,
        else ``field[label=value,label]`` (an entry of 1 by its label alone). The compact string of an
        observation: it holds exactly what the vector holds, as no label holds ``,=[]``."""
        words = []
        for name, labels, _ in self.fields:
            offset = self.offset[name]
            if len(labels) == 1:
                v = values[offset]
                if v:
                    words.append(f"{name}={_number(v)}")
                continue
            shown = [label if v == 1 else f"{label}={_number(v)}"
                     for label, v in zip(labels, values[offset:offset + len(labels)]) if v]
            if shown:
                words.append(f"{name}[{','.join(shown)}]")
        return " ".join(words)

    def table(self) -> list[tuple[str, int, str]]:
        """(field, entries, meaning) rows, for the docs."""
        return [(name, len(labels), doc) for name, labels, doc in self.fields]


def _number(v: float) -> str:
    """An entry's value in words: a whole number without a point."""
    return str(int(v)) if v == int(v) else repr(round(v, 4))


def relative_seats(players: int) -> tuple[str, ...]:
    """The labels of a per-seat field: ``you``, then ``+1`` (the next seat in turn order), ``+2`` ..."""
    return ("you", *(f"+{k}" for k in range(1, players)))


def seat_order(seat: int | None, players: int) -> list[int]:
    """The seats of ``players`` as the relative order puts them: the observer's own seat first (seat 0 first for a
    spectator)."""
    me = 0 if seat is None else seat
    return [(me + k) % players for k in range(players)]


def moves_in(*tables: Any) -> Iterator[Numbered]:
    """The moves held in ``tables``: nested tuples and lists, and dicts' values, of moves and other values (an
    actions face's ``premade``)."""
    for table in tables:
        if isinstance(table, Numbered):
            yield table
        elif isinstance(table, (tuple, list)):
            yield from moves_in(*table)
        elif isinstance(table, dict):
            yield from moves_in(*table.values())


__all__ = ["OPTION_COLUMNS", "TIE", "ClassDecision", "Layout", "first_position", "moves_in", "option_row",
           "relative_seats", "seat_order", "two_plies"]

