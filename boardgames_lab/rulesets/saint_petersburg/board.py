"""Saint Petersburg on the clickable board: the clicks that name each move, and the set-up spots of a position.

``click_path(move)``: the move's clicks, each ``(id, label)``, where the id is the ``data-target`` this game's
render.py draws on the thing (widgets/paths.py reads it). ``setup(game, data, sm)``: the things, places, counts
and seat names a teacher may edit on the table, each a CSS selector of the render with what it does to the
position's data (widgets/setup_map.py reads it and passes its map as ``sm``).
"""
from __future__ import annotations

from typing import Any

from .data import DECKS
from .words import DECK_NAMES, ORDINAL, card_name, describe, row_and_place

Step = tuple[str, str]  # a click: the target's id (the data-target the render draws) and the words naming it
Data = dict[str, Any]  # a position's JSON data (game.position())


def _t(id_: str, label: str) -> Step:
    return (id_, label)


def _act(move: Any, state: Any) -> tuple[Step, ...]:
    """A move nothing on the table names: one button, its words the move's sentence (seats as {p0}...)."""
    return (_t(f"act:{move}", describe(state, move) if state is not None else str(move)),)


def _place(slot: str) -> str:
    """A row place in words: "the upper row, third place"."""
    where = row_and_place(slot)
    return "the board" if where is None else f"the {where[0]} row, {where[1]} place"


# --- the clicks that name a move ----------------------------------------------------------------------

def click_path(move: Any, state: Any = None) -> tuple[Step, ...]:
    """The move's clicks, each labelled in the game's words (card names, row places; no notation)."""
    kind, seat = move.kind, move.player
    replace = (_t(f"area:{seat}:{move.replaces}", f"replacing your {card_name(move.replaces)}"),) \
        if getattr(move, "replaces", "") else ()
    if kind in ("buy", "take"):
        verb = _t("do:buy", "buy") if kind == "buy" else _t("do:take", "take into hand")
        return (_t(f"row:{move.slot}", f"{card_name(move.card)} in {_place(move.slot)}"), verb,
                *(replace if kind == "buy" else ()))
    if kind == "play":
        return (_t(f"hand:{seat}:{move.card}", f"{card_name(move.card)} in hand"), _t("do:play", "play"), *replace)
    if kind == "observe":
        deck = DECK_NAMES[DECKS.index(move.deck)] if move.deck in DECKS else str(move.deck)
        return (_t(f"area:{seat}:observatory", "Observatory"), _t(f"deck:{move.deck}", f"the {deck} deck"))
    if kind in ("buy_drawn", "take_drawn", "discard"):
        said = {"buy_drawn": "buy", "take_drawn": "take", "discard": "discard"}[kind]
        return (_t("drawn", f"{card_name(move.card)} drawn with the Observatory"), _t(f"do:{said}", said), *replace)
    if kind == "pub":
        points = f"buy {move.points} point{'s' if move.points != 1 else ''}" if move.points else "buy no points"
        return (_t(f"area:{seat}:pub", "Pub"), _t(f"pub:{move.points}", points))
    return _act(move, state)


# --- set-up on the table --------------------------------------------------------------------------------

def setup(game: Any, data: Data, sm: Any) -> None:
    state = data["state"]
    for row, letter in (("upper", "U"), ("lower", "L")):
        for i, card in enumerate(state[row]):
            if card is not None:
                sm.thing(f"{row}.{i}", f"{card_name(card)} in the {row} row, {ORDINAL[i]} place",
                         f'[data-target="row:{letter}{i + 1}"]', sm.pop_at((row, i)))
        sm.place(row, f"the {row} row", f'.bgl-row[data-row="{row}"]', sm.first_empty((row,)))
    for seat in range(game.num_players):
        player = f'.bgl-player[data-seat="{seat}"]'
        who = game.names[seat]
        for part, target in (("hands", "hand"), ("areas", "area")):
            items = state[part][seat]
            for i, card in enumerate(items):
                nth = sm.occurrence(items, i) if part == "hands" else 0  # the area shows alike cards as one chip
                sm.thing(f"{part}.{seat}.{i}", f"{card_name(card)} of {who}",
                         f'[data-target="{target}:{seat}:{card}"]', sm.pop_at((part, seat), i), nth)
            sm.place(f"{part}.{seat}", f"{who}'s {'hand' if part == 'hands' else 'cards in play'}",
                     f"{player} .bgl-{'hand' if part == 'hands' else 'area'}", sm.append_to((part, seat)))
        sm.count(f"money.{seat}", f"{who}'s rubles", f"{player} .bgl-money", sm.plus(("money", seat)))
        sm.seat_name(seat, who, f"{player} > b")
