"""Keythedral on the clickable board: the clicks that name each move, and the set-up spots of a position.

``click_path(move)``: the move's clicks, each ``(id, label)``, where the id is the ``data-target`` this game's
render.py draws on the thing (widgets/paths.py reads it). ``setup(game, data, sm)``: the things, places, counts
and seat names a teacher may edit on the table, each a CSS selector of the render with what it does to the
position's data (widgets/setup_map.py reads it and passes its map as ``sm``).
"""
from __future__ import annotations

from typing import Any, Callable

from .data import BUILDING_INDEX, BUILDINGS
from .data import LETTER as CUBES  # the cube letters, in the store's order
from .words import counted, cubes, describe, direction, field, law, law_choice, site, tile
from .words import cube as cube_word

Step = tuple[str, str]  # a click: the target's id (the data-target the render draws) and the words naming it
Data = dict[str, Any]  # a position's JSON data (game.position())


def _t(id_: str, label: str) -> Step:
    return (id_, label)


def _act(move: Any, state: Any) -> tuple[Step, ...]:
    """A move nothing on the table names: one button, its words the move's sentence (seats as {p0}...)."""
    return (_t(f"act:{move}", describe(state, move) if state is not None else str(move)),)


def _xy(node: tuple[int, int]) -> str:
    return f"{node[0]},{node[1]}"


def _field(state: Any, node: tuple[int, int]) -> str:
    return field(state, node) if state is not None else f"the field {direction(node)}"


def _site(state: Any, node: tuple[int, int]) -> str:
    return site(state, node) if state is not None else f"the cottage site {direction(node)}"


def _tile(tile_id: str) -> str:
    i = BUILDING_INDEX.get(tile_id)
    if i is None:
        return tile(tile_id)
    return f"the stage-{BUILDINGS[i].stage + 1} building tile priced {counted(BUILDINGS[i].cost)}"


def _price(move: Any) -> Step:
    """How a building tile is paid: as printed, changed by a Price law ("+T": one timber more), or by Substitution."""
    if move.paid:
        return _t(f"pay:{move.change}{move.paid}", f"pay {cubes(move.paid)} by Substitution")
    if not move.change:
        return _t("pay:", "pay the printed cubes")
    steps = [f"one {cube_word(move.change[j + 1])} {'more' if move.change[j] == '+' else 'less'}"
             for j in range(0, len(move.change), 2)]
    return _t(f"pay:{move.change}", "pay the printed cubes, " + " and ".join(steps))


# --- the clicks that name a move ----------------------------------------------------------------------

def click_path(move: Any, state: Any = None) -> tuple[Step, ...]:
    """The move's clicks, each labelled in the game's words (fields by type and direction, cubes by resource)."""
    kind, seat = move.kind, move.player
    if kind == "order":
        return (_t(f"marker:{move.number}", f"work order marker {move.number}"),)
    if kind in ("field", "worker"):
        return (_t(f"field:{_xy(move.field)}", _field(state, move.field)),)
    if kind in ("cottage", "relocate"):
        then = _t(f"number:{move.number}", f"your cottage {move.number}") if kind == "cottage" else \
            _t("do:relocate", "relocate here")
        return (_t(f"site:{_xy(move.site)}", _site(state, move.site)), then)
    if kind in ("fence", "unfence"):
        edge = f"the fence place between {_site(state, move.site)} and {_field(state, move.field)}"
        return (_t(f"edge:{_xy(move.site)}>{_xy(move.field)}", edge),
                _t(f"do:{kind}", "build a fence" if kind == "fence" else "remove the fence"))
    if kind == "house":
        return (_t(f"cottage:{seat}:{move.number}", f"your cottage {move.number}"), _t("do:house", "make a house"))
    if kind == "buy":
        return (_t(f"tile:{move.tile}", _tile(move.tile)), _price(move))
    if kind in ("craft", "trade", "law"):
        first = _t(f"store:{move.craft}", f"{cube_word(move.craft)} from the store") if kind == "craft" else \
            _t(f"trader:{move.receive}", f"trade for {cubes(move.receive)}") if kind == "trade" else \
            _t(f"law:{move.space}", f"new-law space {move.space}")
        return (first, _t(f"pay:{move.paid}", f"pay {cubes(move.paid)}"))
    if kind == "give":
        return (_t(f"cube:{seat}:{move.cube}", f"your {cube_word(move.cube)} cube"),)
    if kind == "start":
        return (_t(f"player:{move.start_player}", f"{{p{move.start_player}}}"), _t("do:start", "make start player"))
    if kind == "play":
        said = law_choice(state, seat, move.law, move.choice) if state is not None else move.choice
        choice = _t(f"choice:{move.choice}", said or move.choice) if move.choice else _t("choice:", "play it")
        return (_t(f"lawcard:{seat}:{move.law}", law(move.law)[len("the law card "):]), choice)
    return _act(move, state)


# --- set-up on the table --------------------------------------------------------------------------------

def setup(game: Any, data: Data, sm: Any) -> None:
    state = data["state"]
    for r, row in enumerate(state["rows"]):
        if not state["face_up"][r]:
            continue  # a stage still face down shows only its backs
        for j, tile_id in enumerate(row):
            sm.thing(f"rows.{r}.{j}", f"{_tile(tile_id)}", f'[data-target="tile:{tile_id}"]', sm.pop_at(("rows", r), j))
    for k, cube in enumerate(CUBES[:5]):  # the store holds the five resources
        sm.thing(f"store.{cube}", f"a {cube_word(cube)} cube from the store", f'[data-target="trader:{cube}"]',
                 _store_cube(k, cube))
    for seat in range(game.num_players):
        panel = f'.kt-player[data-seat="{seat}"]'
        who = game.names[seat]
        sm.place(f"seat.{seat}", f"{who} (tiles to their seats, cubes behind their screen)", panel, _give(seat))
        held = state["cubes"][seat]
        for cube in dict.fromkeys(held):
            k = CUBES.index(cube)
            sm.count(f"cubes.{seat}.{cube}", f"{who}'s {cube_word(cube)} cubes", f'[data-target="cube:{seat}:{cube}"]',
                     _cubes(seat, cube, k), held.count(cube) - 1)
        sm.seat_name(seat, who, f"{panel} > b")


def _store_cube(k: int, cube: str) -> Callable[[Data], Any]:
    def take(data: Data) -> Any:
        data["state"]["store"][k] -= 1  # a store that is out of them is refused by the engine, by field
        return ("cube", cube)
    return take


def _give(seat: int) -> Callable[[Data, Any], None]:
    def put(data: Data, item: Any) -> None:
        state = data["state"]
        if isinstance(item, tuple) and item[0] == "cube":
            state["cubes"][seat].append(item[1])
        else:
            state["seats"][seat].append(item)
    return put


def _cubes(seat: int, cube: str, k: int) -> Callable[[Data, int], None]:
    def add(data: Data, by: int) -> None:
        state = data["state"]
        held = state["cubes"][seat]
        if by > 0:
            held.append(cube)
        elif cube in held:
            held.remove(cube)
        state["store"][k] -= by
    return add
