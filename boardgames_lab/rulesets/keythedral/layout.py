"""The laid fields as the action numbering reads them (actions.py): the fields in coordinate order, the codes of
the sites and empty places around them, and the numbers of moves already read in this layout."""
from __future__ import annotations

from typing import Any

from .data import Node
from .state import KState

CORNERS = ((-1, -1), (1, -1), (-1, 1), (1, 1))  # a field's four sites, in doubled coordinates
REACH = ((-2, 0), (2, 0), (0, -2), (0, 2), (-2, -2), (2, -2), (-2, 2), (2, 2))  # places two steps from a field
KEPT = 1 << 16  # moves remembered by identity


class Known:
    """Numbers by the identity of the moves numbered, each move held while its id is a key, so that no other
    object can take its id."""

    def __init__(self) -> None:
        self.ids: dict[int, int] = {}
        self.held: list[Any] = []

    def keep(self, move: Any, number: int) -> None:
        if len(self.held) >= KEPT:  # moves made afresh each time would fill it: a cache, not a record
            self.ids, self.held = {}, []
        self.ids[id(move)] = number
        self.held.append(move)


# The fixed numbers of every move seen in any layout (the moves the engine makes once are met game after game).
SEEN = Known()


class Layout(Known):
    """The laid fields in coordinate order, with the codes of the sites and empty places around them (worked out
    once when first asked for)."""

    def __init__(self, fields: dict[Node, int]):
        self.laid, self.count = fields, len(fields)
        self.fields = sorted(fields)
        self.index = {f: i for i, f in enumerate(self.fields)}
        self._sites: dict[Node, int] | None = None
        self._spots: dict[Node, int] | None = None
        # The number of each move already read here, by the move's identity (the engine makes most moves once):
        # a fixed number, or a place's (which depends on the laid fields alone); the fixed numbers already seen
        # are copied in whole when the first fixed move is met here.
        super().__init__()
        self.seeded = False

    def seed(self) -> None:
        """Take in the fixed numbers seen in any layout (holding their moves)."""
        self.seeded = True
        self.ids.update(SEEN.ids)
        self.held.append(SEEN.held)

    def sites(self) -> dict[Node, int]:
        """Each site next to a laid field: the first such field's corner."""
        if self._sites is None:
            self._sites = {}
            for i, (x, y) in enumerate(self.fields):
                for c, (dx, dy) in enumerate(CORNERS):
                    self._sites.setdefault((x + dx, y + dy), i * 4 + c)
        return self._sites

    def spots(self) -> dict[Node, int]:
        """Each empty field place a step of ``REACH`` from a laid field: the first such field's step."""
        if self._spots is None:
            self._spots = {}
            for i, (x, y) in enumerate(self.fields):
                for r, (dx, dy) in enumerate(REACH):
                    if (x + dx, y + dy) not in self.index:
                        self._spots.setdefault((x + dx, y + dy), i * len(REACH) + r)
        return self._spots


# The last layout read: a state's fields dict only ever gains fields (in set-up), so the same dict at the same
# size holds the same fields, and a game's positions after set-up share one layout. It starts as the layout of a
# dict no state holds.
LAST: list[Layout] = [Layout({})]


def layout(st: KState) -> Layout:
    last = LAST[0]
    fields = st.fields
    if last.laid is fields and last.count == len(fields):
        return last
    found = LAST[0] = Layout(fields)
    return found
