"""Set-up on the table: which things a teacher can pick up, where they can go, which counts have +/-, and
whose name chooses who acts (pure Python, no widgets; ``BoardControl`` sends it to the page).

Each ``Spot`` names something drawn by the game's ``render.py`` with a CSS selector (and which match, when
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


# --- the four games -------------------------------------------------------------------------------------

def _seat_label(game: Game, seat: int) -> str:
    return game.names[seat]


def _saint_petersburg(game: Game, data: Data, sm: SetupMap) -> None:
    state = data["state"]
    for row, letter in (("upper", "U"), ("lower", "L")):
        for i, card in enumerate(state[row]):
            if card is not None:
                sm.thing(f"{row}.{i}", f"{card.replace('_', ' ')} ({letter}{i + 1})", f'[data-target="row:{letter}{i + 1}"]',
                         pop_at((row, i)))
        sm.place(row, f"the {row} row", f'.bgl-row[data-row="{row}"]', first_empty((row,)))
    for seat in range(game.num_players):
        player = f'.bgl-player[data-seat="{seat}"]'
        who = _seat_label(game, seat)
        for part, target in (("hands", "hand"), ("areas", "area")):
            items = state[part][seat]
            for i, card in enumerate(items):
                nth = _occurrence(items, i) if part == "hands" else 0  # the area shows alike cards as one chip
                sm.thing(f"{part}.{seat}.{i}", f"{card.replace('_', ' ')} of {who}",
                         f'[data-target="{target}:{seat}:{card}"]', pop_at((part, seat), i), nth)
            sm.place(f"{part}.{seat}", f"{who}'s {'hand' if part == 'hands' else 'cards in play'}",
                     f"{player} .bgl-{'hand' if part == 'hands' else 'area'}", append_to((part, seat)))
        sm.count(f"money.{seat}", f"{who}'s rubles", f"{player} .bgl-money", plus(("money", seat)))
        sm.seat_name(seat, who, f"{player} > b")


def _citadels(game: Game, data: Data, sm: SetupMap) -> None:
    from ..rulesets.citadels.data import CHAR_IDS
    state = data["state"]
    for seat in range(game.num_players):
        box = f'[data-target="player:{seat}"]'
        who = _seat_label(game, seat)
        for part, target, label, nth_div in (("hands", "hand", "hand", 3), ("city", "city", "city", 2)):
            items = state[part][seat]
            for i, card in enumerate(items):
                sm.thing(f"{part}.{seat}.{i}", f"{card.replace('_', ' ')} of {who}",
                         f'[data-target="{target}:{seat}:{card}"]', pop_at((part, seat), i), _occurrence(items, i))
            sm.place(f"{part}.{seat}", f"{who}'s {label}", f"{box} > div:nth-of-type({nth_div})",
                     append_to((part, seat)))
        sm.place(f"characters.{seat}", f"{who}'s characters", f"{box} > div:nth-of-type(1)", _cit_character(seat))
        sm.count(f"gold.{seat}", f"{who}'s gold", f"{box} > b", plus(("gold", seat)))
        sm.seat_name(seat, who, f"{box} > b")
    for character in CHAR_IDS:
        sm.thing(f"char.{character}", f"the {character.replace('_', ' ')}", f'[data-target="char:{character}"]',
                 _cit_take_character(character))
    discard = state["discard"]
    shown = discard[-6:]  # render.py shows the top six
    for k, card in enumerate(shown):
        i = len(discard) - len(shown) + k
        sm.thing(f"discard.{i}", f"{card.replace('_', ' ')} from the discard pile", ".cit-discard .card",
                 pop_at(("discard",), i), k)
    sm.place("discard", "the discard pile", ".cit-discard", append_to(("discard",)))


def _cit_take_character(character: str) -> Callable[[Data], Any]:
    """A character card: out of the cards being passed or laid aside, if it is there, and from whoever held it."""
    def take(data: Data) -> Any:
        from ..rulesets.citadels.data import CHAR_INDEX
        state = data["state"]
        for pile in ("pool", "face_up"):
            if character in state[pile]:
                state[pile].remove(character)
        if character in state["down"]:  # face down: who knows it goes with it
            k = state["down"].index(character)
            del state["down"][k]
            if k < len(state["down_knower"]):
                del state["down_knower"][k]
        state["owner"][CHAR_INDEX[character]] = None
        return ("character", character)
    return take


def _cit_character(seat: int) -> Callable[[Data, Any], None]:
    def put(data: Data, item: Any) -> None:
        from ..rulesets.citadels.data import CHAR_INDEX
        if not (isinstance(item, tuple) and item[0] == "character"):
            raise SetupError(f"only a character card goes among seat {seat}'s characters")
        data["state"]["owner"][CHAR_INDEX[item[1]]] = seat
    return put


def _keythedral(game: Game, data: Data, sm: SetupMap) -> None:
    from ..rulesets.keythedral.data import LETTER as CUBES  # the cube letters, in the store's order
    state = data["state"]
    for r, row in enumerate(state["rows"]):
        if not state["face_up"][r]:
            continue  # a stage still face down shows only its backs
        for j, tile in enumerate(row):
            sm.thing(f"rows.{r}.{j}", f"tile {tile}", f'[data-target="tile:{tile}"]', pop_at(("rows", r), j))
    for k, cube in enumerate(CUBES[:5]):  # the store holds the five resources
        sm.thing(f"store.{cube}", f"a {cube} cube from the store", f'[data-target="trader:{cube}"]',
                 _store_cube(k, cube))
    for seat in range(game.num_players):
        panel = f'.kt-player[data-seat="{seat}"]'
        who = _seat_label(game, seat)
        sm.place(f"seat.{seat}", f"{who} (tiles to their seats, cubes behind their screen)", panel, _kt_give(seat))
        held = state["cubes"][seat]
        for cube in dict.fromkeys(held):
            k = CUBES.index(cube)
            sm.count(f"cubes.{seat}.{cube}", f"{who}'s {cube} cubes", f'[data-target="cube:{seat}:{cube}"]',
                     _kt_cubes(seat, cube, k), held.count(cube) - 1)
        sm.seat_name(seat, who, f"{panel} > b")


def _store_cube(k: int, cube: str) -> Callable[[Data], Any]:
    def take(data: Data) -> Any:
        data["state"]["store"][k] -= 1  # a store that is out of them is refused by the engine, by field
        return ("cube", cube)
    return take


def _kt_give(seat: int) -> Callable[[Data, Any], None]:
    def put(data: Data, item: Any) -> None:
        state = data["state"]
        if isinstance(item, tuple) and item[0] == "cube":
            state["cubes"][seat].append(item[1])
        else:
            state["seats"][seat].append(item)
    return put


def _kt_cubes(seat: int, cube: str, k: int) -> Callable[[Data, int], None]:
    def add(data: Data, by: int) -> None:
        state = data["state"]
        held = state["cubes"][seat]
        if by > 0:
            held.append(cube)
        elif cube in held:
            held.remove(cube)
        state["store"][k] -= by
    return add


def _village(game: Game, data: Data, sm: SetupMap) -> None:
    from ..rulesets.village.data import COLOURS  # the influence cube colours in the supply's order
    for seat in range(game.num_players):
        farm = f".vlg-farms > svg:nth-of-type({seat + 1})"
        who = _seat_label(game, seat)
        sm.count(f"coins.{seat}", f"{who}'s coins", farm, plus(("coins", seat), ("coin_supply",)))
        sm.count(f"grain.{seat}", f"{who}'s grain", farm, plus(("grain", seat), ("grain_supply",)))
        for k, colour in enumerate(COLOURS):
            sm.count(f"cubes.{seat}.{k}", f"{who}'s {colour} cubes", farm, plus(("cubes", seat, k), ("supply", k)))
        sm.seat_name(seat, who, f"{farm} > text")


GAMES: dict[str, Callable[[Game, Data, SetupMap], None]] = {
    "saint_petersburg": _saint_petersburg, "citadels": _citadels, "keythedral": _keythedral, "village": _village,
}


def setup_map(game: Game) -> SetupMap:
    """The set-up spots of ``game``'s position (none for a game without a mapping: the fields still work)."""
    sm = SetupMap()
    build = GAMES.get(game.name)
    if build is not None:
        build(game, game.position(), sm)
    return sm


__all__ = ["SetupMap", "Spot", "setup_map"]
