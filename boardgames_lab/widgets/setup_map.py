"""Set-up on the table: which things a teacher can pick up, where they can go, which counts have +/-, and
whose name chooses who acts (pure Python, no widgets; ``BoardControl`` sends it to the page).

A game's board face (``setup`` in rulesets/<game>/board.py) lists its spots on a ``SetupMap``. Each ``Spot``
names something drawn by the game's ``render.py`` with a CSS selector (and which match, when
several cards look alike). A thing knows how to take itself out of a position's data, a place how to put an
item in, a count how to change by one: every edit is a change of ``game.position()`` that
``bgl.from_position`` then reads again, so the engine validates it and names a refused field
(``setup.edited``); nothing here words a rule.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..core.game import Game
from .setup import SetupError

Data = dict[str, Any]  # a position's JSON data (game.position())


@dataclass(frozen=True)
class Spot:
    """One thing on the table set-up mode marks: ``role`` is thing, place, count or seat."""

    id: str
    label: str
    role: str
    sel: str
    nth: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "label": self.label, "role": self.role, "sel": self.sel, "nth": self.nth}


@dataclass
class SetupMap:
    """The spots of one position, with what each does to the position's data."""

    spots: dict[str, Spot] = field(default_factory=dict)
    take: dict[str, Callable[[Data], Any]] = field(default_factory=dict)
    put: dict[str, Callable[[Data, Any], None]] = field(default_factory=dict)
    add: dict[str, Callable[[Data, int], None]] = field(default_factory=dict)
    seat: dict[str, int] = field(default_factory=dict)

    def _spot(self, spot: Spot) -> None:
        self.spots[spot.id] = spot

    def thing(self, id_: str, label: str, sel: str, take: Callable[[Data], Any], nth: int = 0) -> None:
        self._spot(Spot(id_, label, "thing", sel, nth))
        self.take[id_] = take

    def place(self, id_: str, label: str, sel: str, put: Callable[[Data, Any], None]) -> None:
        self._spot(Spot(id_, label, "place", sel))
        self.put[id_] = put

    def count(self, id_: str, label: str, sel: str, add: Callable[[Data, int], None], nth: int = 0) -> None:
        self._spot(Spot(id_, label, "count", sel, nth))
        self.add[id_] = add

    def seat_name(self, seat: int, label: str, sel: str) -> None:
        self._spot(Spot(f"seat:{seat}", label, "seat", sel))
        self.seat[f"seat:{seat}"] = seat

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json() for s in self.spots.values()]

    # What a game's board face builds its spots with (it imports nothing of the widgets).
    @staticmethod
    def pop_at(path: tuple[Any, ...], index: int | None = None) -> Callable[[Data], Any]:
        return pop_at(path, index)

    @staticmethod
    def append_to(path: tuple[Any, ...]) -> Callable[[Data, Any], None]:
        return append_to(path)

    @staticmethod
    def first_empty(path: tuple[Any, ...]) -> Callable[[Data, Any], None]:
        return first_empty(path)

    @staticmethod
    def plus(path: tuple[Any, ...], supply: tuple[Any, ...] | None = None) -> Callable[[Data, int], None]:
        return plus(path, supply)

    @staticmethod
    def occurrence(items: list[Any], index: int) -> int:
        return _occurrence(items, index)

    @staticmethod
    def error(text: str) -> SetupError:
        """The error an edit the board face refuses raises (it names the place)."""
        return SetupError(text)


# --- moving items in a position's data ---------------------------------------------------------------

def pop_at(path: tuple[Any, ...], index: int | None = None) -> Callable[[Data], Any]:
    """Take the item at ``index`` of the list at ``path`` (None: the slot itself, left empty)."""
    def take(data: Data) -> Any:
        node = _at(data["state"], path)
        if index is None:
            container, key = _at(data["state"], path[:-1]), path[-1]
            item, container[key] = container[key], None
        else:
            item = node.pop(index)
        if item is None:
            raise SetupError(f"{'.'.join(map(str, path))} is empty: there is nothing to move")
        return item
    return take


def append_to(path: tuple[Any, ...]) -> Callable[[Data, Any], None]:
    def put(data: Data, item: Any) -> None:
        _card_only(item, path)
        _at(data["state"], path).append(item)
    return put


def _card_only(item: Any, path: tuple[Any, ...]) -> None:
    """A place of cards takes no cube or character (those are ``(what, id)`` items)."""
    if isinstance(item, tuple):
        raise SetupError(f"a {item[0]} does not go to {'.'.join(map(str, path))}: it takes cards")


def first_empty(path: tuple[Any, ...]) -> Callable[[Data, Any], None]:
    """Put an item in the first empty slot of a row (a full row has none: the set-up says so)."""
    def put(data: Data, item: Any) -> None:
        _card_only(item, path)
        row = _at(data["state"], path)
        if None not in row:
            raise SetupError(f"{'.'.join(map(str, path))} has no empty slot: move a card out of it first")
        row[row.index(None)] = item
    return put


def plus(path: tuple[Any, ...], supply: tuple[Any, ...] | None = None) -> Callable[[Data, int], None]:
    """Add ``by`` to a number (taken from, or given back to, a supply when the game keeps one)."""
    def add(data: Data, by: int) -> None:
        state = data["state"]
        container, key = _at(state, path[:-1]), path[-1]
        container[key] += by
        if supply is not None:
            pool, k = _at(state, supply[:-1]), supply[-1]
            pool[k] -= by
    return add


def _at(state: Any, path: tuple[Any, ...]) -> Any:
    node = state
    for key in path:
        node = node[key]
    return node


def _occurrence(items: list[Any], index: int) -> int:
    """How many equal items come before ``index`` (which of several alike cards on the table it is)."""
    return items[:index].count(items[index])


def setup_map(game: Game) -> SetupMap:
    """The set-up spots of ``game``'s position, from its board face's ``setup`` (rulesets/<game>/board.py);
    none for a game without one (the set-up panel's fields still work)."""
    sm = SetupMap()
    board = game.definition.board
    if board is not None:
        board.setup(game, game.position(), sm)
    return sm


__all__ = ["SetupMap", "Spot", "setup_map"]
