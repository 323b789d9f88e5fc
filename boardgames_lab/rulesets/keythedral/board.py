"""Keythedral on the clickable board: the clicks that name each move, and the set-up spots of a position.

``click_path(move)``: the move's clicks, each ``(id, label)``, where the id is the ``data-target`` this game's
render.py draws on the thing (widgets/paths.py reads it). ``setup(game, data, sm)``: the things, places, counts
and seat names a teacher may edit on the table, each a CSS selector of the render with what it does to the
position's data (widgets/setup_map.py reads it and passes its map as ``sm``).
"""
from __future__ import annotations

from typing import Any, Callable

from .data import LETTER as CUBES  # the cube letters, in the store's order

Step = tuple[str, str]  # a click: the target's id (the data-target the render draws) and the words naming it
Data = dict[str, Any]  # a position's JSON data (game.position())


def _t(id_: str, label: str) -> Step:
    return (id_, label)


def _act(move: Any) -> tuple[Step, ...]:
    return (_t(f"act:{move}", str(move)),)


def _nice(name: str) -> str:
    return name.replace("_", " ")


# --- the clicks that name a move ----------------------------------------------------------------------

def _seat_name(seat: int) -> str:
    return f"player {seat + 1}"


def _xy(node: tuple[int, int]) -> str:
    return f"{node[0]},{node[1]}"


def click_path(move: Any) -> tuple[Step, ...]:
    kind, seat = move.kind, move.player
    if kind == "order":
        return (_t(f"marker:{move.number}", f"work order marker {move.number}"),)
    if kind in ("field", "worker"):
        return (_t(f"field:{_xy(move.field)}", f"field {_xy(move.field)}"),)
    if kind == "cottage":
        return (_t(f"site:{_xy(move.site)}", f"site {_xy(move.site)}"), _t(f"number:{move.number}",
                                                                          f"cottage {move.number}"))
    if kind == "relocate":
        return (_t(f"site:{_xy(move.site)}", f"site {_xy(move.site)}"), _t("do:relocate", "relocate here"))
    if kind in ("fence", "unfence"):
        edge = f"{_xy(move.site)}>{_xy(move.field)}"
        return (_t(f"edge:{edge}", f"edge {edge}"), _t(f"do:{kind}", "build fence" if kind == "fence" else
                                                      "remove fence"))
    if kind == "house":
        return (_t(f"cottage:{seat}:{move.number}", f"cottage {move.number}"), _t("do:house", "make a house"))
    if kind == "buy":
        extra = (_t(f"pay:{move.change}{move.paid}", f"pay {move.change} {move.paid}".strip()),) \
            if (move.change or move.paid) else (_t("pay:", "the printed cubes"),)
        return (_t(f"tile:{move.tile}", f"tile {move.tile}"), *extra)
    if kind == "craft":
        return (_t(f"store:{move.craft}", f"{move.craft} from the store"), _t(f"pay:{move.paid}", f"pay {move.paid}"))
    if kind == "trade":
        return (_t(f"trader:{move.receive}", f"trade for {move.receive}"), _t(f"pay:{move.paid}", f"pay {move.paid}"))
    if kind == "law":
        return (_t(f"law:{move.space}", f"law space {move.space}"), _t(f"pay:{move.paid}", f"pay {move.paid}"))
    if kind == "give":
        return (_t(f"cube:{seat}:{move.cube}", f"your {move.cube} cube"),)
    if kind == "start":
        return (_t(f"player:{move.start_player}", _seat_name(move.start_player)),
                _t("do:start", "start player"))
    if kind == "play":
        choice = (_t(f"choice:{move.choice}", move.choice),) if move.choice else (_t("choice:", "play it"),)
        return (_t(f"lawcard:{seat}:{move.law}", _nice(move.law)), *choice)
    return _act(move)


# --- set-up on the table --------------------------------------------------------------------------------

def setup(game: Any, data: Data, sm: Any) -> None:
    state = data["state"]
    for r, row in enumerate(state["rows"]):
        if not state["face_up"][r]:
            continue  # a stage still face down shows only its backs
        for j, tile in enumerate(row):
            sm.thing(f"rows.{r}.{j}", f"tile {tile}", f'[data-target="tile:{tile}"]', sm.pop_at(("rows", r), j))
    for k, cube in enumerate(CUBES[:5]):  # the store holds the five resources
        sm.thing(f"store.{cube}", f"a {cube} cube from the store", f'[data-target="trader:{cube}"]',
                 _store_cube(k, cube))
    for seat in range(game.num_players):
        panel = f'.kt-player[data-seat="{seat}"]'
        who = game.names[seat]
        sm.place(f"seat.{seat}", f"{who} (tiles to their seats, cubes behind their screen)", panel, _give(seat))
        held = state["cubes"][seat]
        for cube in dict.fromkeys(held):
            k = CUBES.index(cube)
            sm.count(f"cubes.{seat}.{cube}", f"{who}'s {cube} cubes", f'[data-target="cube:{seat}:{cube}"]',
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
