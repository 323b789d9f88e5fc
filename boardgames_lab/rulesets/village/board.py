"""Village on the clickable board: the clicks that name each move, and the set-up spots of a position.

``click_path(move)``: the move's clicks, each ``(id, label)``, where the id is the ``data-target`` this game's
render.py draws on the thing (widgets/paths.py reads it). ``setup(game, data, sm)``: the things, places, counts
and seat names a teacher may edit on the table, each a CSS selector of the render with what it does to the
position's data (widgets/setup_map.py reads it and passes its map as ``sm``).
"""
from __future__ import annotations

from typing import Any

from .data import BUILDING_OF_GOOD, BUILDINGS, COLOURS, GOODS
from .words import AREA_WORDS, TOWN_NAMES, describe, place, villager

Step = tuple[str, str]  # a click: the target's id (the data-target the render draws) and the words naming it
Data = dict[str, Any]  # a position's JSON data (game.position())


def _t(id_: str, label: str) -> Step:
    return (id_, label)


def _act(move: Any, state: Any) -> tuple[Step, ...]:
    """A move nothing on the table names: one button, its words the move's sentence (seats as {p0}...)."""
    return (_t(f"act:{move}", describe(state, move) if state is not None else str(move)),)


# --- the clicks that name a move ----------------------------------------------------------------------

def _villager(seat: int, where: str, generation: int) -> Step:
    at = "on the farm" if where == "farm" else f"in {place(where)}" if where in TOWN_NAMES else f"at {place(where)}"
    return _t(f"vil:{seat}:{where}:{generation}", f"your {villager(generation)} {at}")


def _coins(coins: int) -> tuple[Step, ...]:
    paid = f"{coins} coin{'s' if coins != 1 else ''} standing in for cubes" if coins else "no coins for cubes"
    return (_t(f"coins:{coins}", paid),)


def _area(area: str) -> str:
    return f"the {AREA_WORDS.get(area, area)} area"


def _building(good: str) -> str:
    """The craft building that makes a good (the brewery, the wagon maker...), or the good itself if none does."""
    k = BUILDING_OF_GOOD[GOODS.index(good)] if good in GOODS else -1
    return BUILDINGS[k].name if k >= 0 else good


PAYMENT = {"green": "paying 2 green influence", "scroll": "paying a scroll", "brown": "paying 1 brown influence",
           "time": "paying time"}


def click_path(move: Any, state: Any = None) -> tuple[Step, ...]:
    """The move's clicks, each labelled in the game's words (places, villagers by generation, goods)."""
    kind, seat = move.kind, move.player
    if kind == "take":
        return (_t(f"area:{move.area}", _area(move.area)), _t(f"colour:{move.cube}", f"{move.cube} cube"))
    if kind == "well":
        paid = f"the Well, returning {move.colour} influence" if move.colour else "the Well, paying coins"
        return (_t(f"area:{move.area}", _area(move.area)), _t(f"well:{move.colour}", paid), *_coins(move.coins))
    if kind in ("recall", "dies"):
        verb = "bring back to the farm" if kind == "recall" else "dies"
        return (_villager(seat, move.place, move.generation), _t(f"do:{kind}", verb))
    if kind == "council":
        return (_villager(seat, move.place, move.generation),
                _t(f"do:council:{move.payment}", f"council, {PAYMENT.get(move.payment, move.payment)}"),
                *_coins(move.coins))
    if kind == "travel":
        return (_villager(seat, move.origin, move.generation), _t(f"town:{move.town}", place(move.town)),
                *_coins(move.coins))
    if kind == "church":
        return (_villager(seat, "farm", move.generation),
                _t(f"do:church:{move.payment}", f"church, {PAYMENT.get(move.payment, move.payment)}"),
                *_coins(move.coins))
    if kind == "raise":
        return (_villager(seat, move.place, move.generation), _t(f"do:raise:{int(move.bread)}",
                                                                 "advance, paying a bread" if move.bread else "advance"))
    if kind == "privilege" and move.stage:  # 'privilege none' names nothing on the table: a strip button
        good = (_t(f"good:{move.good}", move.good.replace("_", " ")),) if move.good else ()
        return (_t(f"privilege:{move.stage}", f"privilege of council stage {move.stage}"), *good)
    if kind == "serve":
        return (_t(f"stall:{move.stall}", f"market stall {move.stall}"), *_coins(move.coins))
    if kind == "craft":
        who = (_villager(seat, "farm", move.generation),) if move.how == "train" else ()
        how = f"do:craft:{move.how}:{move.coins}:{int(move.tool)}"
        building = _building(move.good)
        made = describe(state, move) if state is not None else str(move)
        return (_t(f"building:{building}", building.replace("_", " ")), *who, _t(how, made))
    return _act(move, state)


# --- set-up on the table --------------------------------------------------------------------------------

def setup(game: Any, data: Data, sm: Any) -> None:
    for seat in range(game.num_players):
        farm = f".vlg-farms > svg:nth-of-type({seat + 1})"
        who = game.names[seat]
        sm.count(f"coins.{seat}", f"{who}'s coins", farm, sm.plus(("coins", seat), ("coin_supply",)))
        sm.count(f"grain.{seat}", f"{who}'s grain", farm, sm.plus(("grain", seat), ("grain_supply",)))
        for k, colour in enumerate(COLOURS):
            sm.count(f"cubes.{seat}.{k}", f"{who}'s {colour} cubes", farm,
                     sm.plus(("cubes", seat, k), ("supply", k)))  # COLOURS: the supply's order
        sm.seat_name(seat, who, f"{farm} > text")
