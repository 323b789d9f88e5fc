"""Which things on the table a move names, in the order a player clicks them (pure Python, no widgets).

``click_path(game_name, move)`` gives a move's clicks as ``Target(id, label)`` steps. A step's id is the
``data-target`` attribute the game's ``render.py`` puts on the thing drawn (``row:U3`` a card in Saint
Petersburg's upper row, ``hand:0:market`` a card in seat 0's hand, ``site:2,2`` a Keythedral cottage site,
``stall:2`` a Village market stall...); ids the board does not draw (``do:buy``, ``pay:SSTV``, ``act:pass``)
are choices the viewer offers as buttons in its "building this move" strip. A move kind without a mapping
here is one click on its notation (``act:<notation>``), so every move can always be made by clicking.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Target:
    """One clickable thing: its stable id and the words that name it (the strip and screen readers say these)."""

    id: str
    label: str


Path = tuple[Target, ...]


def _t(id_: str, label: str) -> Target:
    return Target(id_, label)


def _act(move: Any) -> Path:
    return (_t(f"act:{move}", str(move)),)


def _nice(name: str) -> str:
    return name.replace("_", " ")


# --- Saint Petersburg ---------------------------------------------------------------------------

def _sp(move: Any) -> Path:
    kind, seat = move.kind, move.player
    replace = (_t(f"area:{seat}:{move.replaces}", f"replacing {_nice(move.replaces)}"),) \
        if getattr(move, "replaces", "") else ()
    if kind == "buy":
        return (_t(f"row:{move.slot}", f"{_nice(move.card)} ({move.slot})"), _t("do:buy", "buy"), *replace)
    if kind == "take":
        return (_t(f"row:{move.slot}", f"{_nice(move.card)} ({move.slot})"), _t("do:take", "take into hand"))
    if kind == "play":
        return (_t(f"hand:{seat}:{move.card}", f"{_nice(move.card)} in hand"), _t("do:play", "play"), *replace)
    if kind == "observe":
        return (_t(f"area:{seat}:observatory", "Observatory"), _t(f"deck:{move.deck}", f"{move.deck} deck"))
    if kind in ("buy_drawn", "take_drawn", "discard"):
        verb = {"buy_drawn": "buy", "take_drawn": "take", "discard": "discard"}[kind]
        return (_t("drawn", f"drawn {_nice(move.card)}"), _t(f"do:{verb}", verb), *replace)
    if kind == "pub":
        return (_t(f"area:{seat}:pub", "Pub"), _t(f"pub:{move.points}", f"{move.points} points"))
    return _act(move)


# --- Citadels -----------------------------------------------------------------------------------

def _seat_name(seat: int) -> str:
    return f"player {seat + 1}"


def _cit(move: Any) -> Path:
    kind, seat = move.kind, move.player
    if kind in ("pick", "bury", "kill", "rob"):
        return (_t(f"char:{move.character}", _nice(move.character)), _t(f"do:{kind}", kind))
    if kind in ("build", "exchange", "lab", "play"):
        return (_t(f"hand:{seat}:{move.card}", f"{_nice(move.card)} in hand"), _t(f"do:{kind}", kind))
    if kind in ("keep", "take"):
        return (_t(f"drawn:{move.card}", _nice(move.card)), _t(f"do:{kind}", kind))
    if kind in ("swap", "fortune_teller", "ticket"):
        other = move.owner if kind == "ticket" else move.fellow
        verb = {"swap": "swap hands", "fortune_teller": "Fortune Teller", "ticket": "Ticket Booth"}[kind]
        return (_t(f"player:{other}", _seat_name(other)), _t(f"do:{kind}", verb))
    if kind == "destroy":
        return (_t(f"city:{move.victim}:{move.card}", f"{_nice(move.card)} of {_seat_name(move.victim)}"),
                _t("do:destroy", "destroy"))
    if kind == "cannon":
        return (_t(f"city:{seat}:{move.building}", f"{_nice(move.building)} in the city"),
                _t("do:cannon", "Living Cannonball"), _t(f"hand:{seat}:{move.card}", f"{_nice(move.card)} in hand"))
    return _act(move)


# --- Keythedral ---------------------------------------------------------------------------------

def _xy(node: tuple[int, int]) -> str:
    return f"{node[0]},{node[1]}"


def _kt(move: Any) -> Path:
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


# --- Village ------------------------------------------------------------------------------------

def _villager(seat: int, place: str, generation: int) -> Target:
    return _t(f"vil:{seat}:{place}:{generation}", f"generation {generation} on {place}")


def _coins(coins: int) -> Path:
    return (_t(f"coins:{coins}", f"+{coins} coins" if coins else "no coins"),)


def _village_building(good: str) -> str:
    """The craft building that makes a good (the brewery, the wagon maker...), or the good itself if none does."""
    from ..rulesets.village.data import BUILDING_OF_GOOD, BUILDINGS, GOODS
    k = BUILDING_OF_GOOD[GOODS.index(good)] if good in GOODS else -1
    return BUILDINGS[k].name if k >= 0 else good


def _vlg(move: Any) -> Path:
    kind, seat = move.kind, move.player
    if kind == "take":
        return (_t(f"area:{move.area}", f"{move.area} area"), _t(f"colour:{move.cube}", f"{move.cube} cube"))
    if kind == "well":
        return (_t(f"area:{move.area}", f"{move.area} area"), _t(f"well:{move.colour}", f"Well: return {move.colour}"),
                *_coins(move.coins))
    if kind in ("recall", "dies"):
        return (_villager(seat, move.place, move.generation), _t(f"do:{kind}", kind))
    if kind == "council":
        return (_villager(seat, move.place, move.generation), _t(f"do:council:{move.payment}",
                                                                 f"council, pay {move.payment}"), *_coins(move.coins))
    if kind == "travel":
        return (_villager(seat, move.origin, move.generation), _t(f"town:{move.town}", move.town),
                *_coins(move.coins))
    if kind == "church":
        return (_villager(seat, "farm", move.generation), _t(f"do:church:{move.payment}", f"church, pay {move.payment}"),
                *_coins(move.coins))
    if kind == "raise":
        return (_villager(seat, move.place, move.generation), _t(f"do:raise:{int(move.bread)}",
                                                                 "raise, pay bread" if move.bread else "raise"))
    if kind == "privilege" and move.stage:  # 'privilege none' names nothing on the table: a strip button
        good = (_t(f"good:{move.good}", move.good),) if move.good else ()
        return (_t(f"privilege:{move.stage}", f"privilege of council stage {move.stage}"), *good)
    if kind == "serve":
        return (_t(f"stall:{move.stall}", f"stall {move.stall}"), *_coins(move.coins))
    if kind == "craft":
        who = (_villager(seat, "farm", move.generation),) if move.how == "train" else ()
        how = f"do:craft:{move.how}:{move.coins}:{int(move.tool)}"
        building = _village_building(move.good)
        return (_t(f"building:{building}", _nice(building)), *who, _t(how, str(move)))
    return _act(move)


PATHS: dict[str, Callable[[Any], Path]] = {
    "saint_petersburg": _sp, "citadels": _cit, "keythedral": _kt, "village": _vlg,
}


def click_path(game_name: str, move: Any) -> Path:
    """The clicks that name ``move`` on the table of ``game_name`` (one notation button where none is drawn)."""
    return PATHS.get(game_name, _act)(move)
