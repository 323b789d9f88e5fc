"""Citadels on the clickable board: the clicks that name each move, and the set-up spots of a position.

``click_path(move)``: the move's clicks, each ``(id, label)``, where the id is the ``data-target`` this game's
render.py draws on the thing (widgets/paths.py reads it). ``setup(game, data, sm)``: the things, places, counts
and seat names a teacher may edit on the table, each a CSS selector of the render with what it does to the
position's data (widgets/setup_map.py reads it and passes its map as ``sm``).
"""
from __future__ import annotations

from typing import Any, Callable

from .data import CHAR_IDS, CHAR_INDEX
from .words import character, describe, name

Step = tuple[str, str]  # a click: the target's id (the data-target the render draws) and the words naming it
Data = dict[str, Any]  # a position's JSON data (game.position())


def _t(id_: str, label: str) -> Step:
    return (id_, label)


def _act(move: Any, state: Any) -> tuple[Step, ...]:
    """A move nothing on the table names: one button, its words the move's sentence (seats as {p0}...)."""
    return (_t(f"act:{move}", describe(state, move) if state is not None else str(move)),)


def _bare(words: str) -> str:
    """A name without its article: "the Manor" is "Manor"."""
    return words[4:] if words.startswith("the ") else words


# --- the clicks that name a move ----------------------------------------------------------------------

VERB = {"pick": "keep", "bury": "lay face down", "kill": "murder", "rob": "rob", "build": "build",
        "exchange": "discard for new cards", "lab": "discard at the Laboratory", "play": "play", "keep": "keep",
        "take": "take"}


def click_path(move: Any, state: Any = None) -> tuple[Step, ...]:
    """The move's clicks, each labelled in the game's words (card and character names, seats as {p0}...)."""
    kind, seat = move.kind, move.player
    if kind in ("pick", "bury", "kill", "rob"):
        return (_t(f"char:{move.character}", _bare(character(move.character))), _t(f"do:{kind}", VERB[kind]))
    if kind in ("build", "exchange", "lab", "play"):
        return (_t(f"hand:{seat}:{move.card}", f"{_bare(name(move.card))} in hand"), _t(f"do:{kind}", VERB[kind]))
    if kind in ("keep", "take"):
        return (_t(f"drawn:{move.card}", _bare(name(move.card))), _t(f"do:{kind}", VERB[kind]))
    if kind in ("swap", "fortune_teller", "ticket"):
        other = move.owner if kind == "ticket" else move.fellow
        verb = {"swap": "swap hands", "fortune_teller": "Fortune Teller", "ticket": "Ticket Booth"}[kind]
        return (_t(f"player:{other}", f"{{p{other}}}"), _t(f"do:{kind}", verb))
    if kind == "destroy":
        return (_t(f"city:{move.victim}:{move.card}", f"{_bare(name(move.card))} in {{p{move.victim}}}'s city"),
                _t("do:destroy", "destroy"))
    if kind == "cannon":
        return (_t(f"city:{seat}:{move.building}", f"{_bare(name(move.building))} in the city"),
                _t("do:cannon", "Living Cannonball"), _t(f"hand:{seat}:{move.card}", f"{_bare(name(move.card))} in hand"))
    return _act(move, state)


# --- set-up on the table --------------------------------------------------------------------------------

def setup(game: Any, data: Data, sm: Any) -> None:
    state = data["state"]
    for seat in range(game.num_players):
        box = f'[data-target="player:{seat}"]'
        who = game.names[seat]
        for part, target, label, nth_div in (("hands", "hand", "hand", 3), ("city", "city", "city", 2)):
            items = state[part][seat]
            for i, card in enumerate(items):
                sm.thing(f"{part}.{seat}.{i}", f"{_bare(name(card))} of {who}",
                         f'[data-target="{target}:{seat}:{card}"]', sm.pop_at((part, seat), i),
                         sm.occurrence(items, i))
            sm.place(f"{part}.{seat}", f"{who}'s {label}", f"{box} > div:nth-of-type({nth_div})",
                     sm.append_to((part, seat)))
        sm.place(f"characters.{seat}", f"{who}'s characters", f"{box} > div:nth-of-type(1)", _put_character(seat, sm))
        sm.count(f"gold.{seat}", f"{who}'s gold", f"{box} > b", sm.plus(("gold", seat)))
        sm.seat_name(seat, who, f"{box} > b")
    for char in CHAR_IDS:
        sm.thing(f"char.{char}", character(char), f'[data-target="char:{char}"]',
                 _take_character(char))
    discard = state["discard"]
    shown = discard[-6:]  # render.py shows the top six
    for k, card in enumerate(shown):
        i = len(discard) - len(shown) + k
        sm.thing(f"discard.{i}", f"{_bare(name(card))} from the discard pile", ".cit-discard .card",
                 sm.pop_at(("discard",), i), k)
    sm.place("discard", "the discard pile", ".cit-discard", sm.append_to(("discard",)))


def _take_character(character: str) -> Callable[[Data], Any]:
    """A character card: out of the cards being passed or laid aside, if it is there, and from whoever held it."""
    def take(data: Data) -> Any:
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


def _put_character(seat: int, sm: Any) -> Callable[[Data, Any], None]:
    def put(data: Data, item: Any) -> None:
        if not (isinstance(item, tuple) and item[0] == "character"):
            raise sm.error(f"only a character card goes among seat {seat}'s characters")
        data["state"]["owner"][CHAR_INDEX[item[1]]] = seat
    return put
