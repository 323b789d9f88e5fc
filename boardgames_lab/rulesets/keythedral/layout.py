"""The laid fields as the action numbering reads them (actions.py): the fields in coordinate order, the codes of
the sites and empty places around them, and the numbers of moves already read in this layout."""
from __future__ import annotations

import threading
from itertools import chain, repeat
from typing import Any, Sequence

from . import fast
from .data import COTTAGE_NUMBERS, Node
from .state import KState

CORNERS = ((-1, -1), (1, -1), (-1, 1), (1, 1))  # a field's four sites, in doubled coordinates
REACH = ((-2, 0), (2, 0), (0, -2), (0, 2), (-2, -2), (2, -2), (-2, 2), (2, 2))  # places two steps from a field
KEPT = 1 << 16  # moves numbered by their place in one layout, at most


class Around(dict[Node, tuple[Node, ...]]):
    """The places ``steps`` from each node, the last step first, worked out when a node is first asked for."""

    def __init__(self, steps: tuple[Node, ...]):
        super().__init__()
        self.steps = steps[::-1]

    def __missing__(self, node: Node) -> tuple[Node, ...]:
        found = self[node] = tuple((node[0] + dx, node[1] + dy) for dx, dy in self.steps)
        return found


_CORNERS_LAST_FIRST, _REACH_LAST_FIRST = Around(CORNERS), Around(REACH)


class Layout:
    """The laid fields in coordinate order, with the codes of the sites and empty places around them (worked out
    once when first asked for)."""

    def __init__(self, fields: dict[Node, int]):
        self.laid, self.count = fields, len(fields)
        self.fields = sorted(fields)
        self.index = dict(zip(self.fields, range(len(fields))))
        self._sites: dict[Node, int] | None = None
        self._spots: dict[Node, int] | None = None
        # The moves numbered here by their place, each keeping its number on itself (``core.moves.Numbered``)
        # while this is the layout read: they forget it when another layout is read (``layout``).
        self.placed: list[Any] = []

    def keep(self, move: Any, number: int) -> None:
        """``move`` keeps ``number``, its number in this layout, while this is the layout read."""
        with LOCK:
            self.hold(move, number)

    def hold(self, move: Any, number: int) -> None:
        """``keep``, for a caller that holds ``LOCK``."""
        if self is not LAST[0]:
            return
        if len(self.placed) >= KEPT:  # moves made afresh each time would fill it: a cache, not a record
            self.forget()
        object.__setattr__(move, "_action", number)
        self.placed.append(move)

    def forget(self) -> None:
        """The moves numbered here by their place forget their numbers."""
        try:
            for _ in map(object.__delattr__, self.placed, repeat("_action")):
                pass
        except AttributeError:  # a move kept twice (numbered one by one, then again): the others one at a time
            for move in self.placed:
                if hasattr(move, "_action"):
                    object.__delattr__(move, "_action")
        self.placed = []

    def sites(self) -> dict[Node, int]:
        """Each site next to a laid field: the first such field's corner."""
        if self._sites is None:
            self._sites = _firsts(self.fields, _CORNERS_LAST_FIRST)
        return self._sites

    def spots(self) -> dict[Node, int]:
        """Each empty field place a step of ``REACH`` from a laid field: the first such field's step."""
        if self._spots is None:
            self._spots = spots = _firsts(self.fields, _REACH_LAST_FIRST)
            for f in self.fields:
                spots.pop(f, None)
        return self._spots


def _firsts(fields: list[Node], around: Around) -> dict[Node, int]:
    """Each place a step of ``around`` from a field: the code (field index times steps, plus step) of the first
    field and step that reach it, written last field first so that the first code is the one kept."""
    codes = len(fields) * len(around.steps)
    return dict(zip(chain.from_iterable(map(around.__getitem__, reversed(fields))), range(codes - 1, -1, -1)))


# The last layout read: a state's fields dict only ever gains fields (in set-up), so the same dict at the same
# size holds the same fields, and a game's positions after set-up share one layout. It starts as the layout of a
# dict no state holds.
LAST: list[Layout] = [Layout({})]
# Held while the layout read changes and while the moves' kept numbers are read or written (actions.numbers), so
# that games numbered in several threads at once never read a number kept for another game's layout.
LOCK = threading.RLock()


def layout(st: KState) -> Layout:
    last = LAST[0]
    fields = st.fields
    if last.laid is fields and last.count == len(fields):
        return last
    with LOCK:
        LAST[0].forget()
        found = LAST[0] = Layout(fields)
    return found


def kept_numbers(moves: Sequence[Any], st: KState) -> list[int] | None:
    """The numbers ``moves`` keep in the layout of ``st``, or None where one keeps none or that layout is not the
    one read. Read without ``LOCK``: they hold if it is still the layout read afterwards, as another layout read in
    between is a new one."""
    found = LAST[0]
    fields = st.fields
    if found.laid is not fields or found.count != len(fields):
        return None
    try:  # a comprehension makes a function each call: a law window's one answer is read without one
        listed = [moves[0]._action] if len(moves) == 1 else [move._action for move in moves]
    except AttributeError:
        return None
    return listed if LAST[0] is found else None


LAID = ("cottage", "field")


def laid_numbers(moves: Sequence[Any], found: Layout, field: int, cottage: list[int]) -> list[int] | None:
    """Set-up's lists as the fast generator makes them, numbered whole from the layout's codes (``field`` the first
    field place's number, ``cottage[k]`` the first site's for cottage ``k``): a seat's fields, or its cottages (for
    each number not laid, one on each empty site: one code per site). None for another list (read move by move)."""
    seat = moves[0].player
    try:
        if moves[0].kind == "field":
            places = [move.field for move in moves]
            codes = list(map(found.spots().__getitem__, places))
            return [field + code for code in codes] if fast.field_moves(seat, places) == list(moves) else None
        sites = [move.site for move in moves]
        size = sites.index(sites[0], 1) if sites[0] in sites[1:] else len(sites)
        numbers = [move.number for move in moves[::size]]
        codes = list(map(found.sites().__getitem__, sites[:size]))
        known = all(k in COTTAGE_NUMBERS for k in numbers)
        if not known or fast.cottage_moves(seat, numbers, sites[:size]) != list(moves):
            return None
    except (AttributeError, KeyError, IndexError, TypeError):  # not such a list, or a place without a code
        return None
    return [cottage[k] + code for k in numbers for code in codes]
