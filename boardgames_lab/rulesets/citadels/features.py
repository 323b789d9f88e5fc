"""Citadels' observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to seven.
"""
from __future__ import annotations

from array import array
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import CARD_IDS, CHAR_IDS
from .flow import FLOW

PLAYERS = 7
SEATS = relative_seats(PLAYERS)
PHASES = tuple(p.name for p in FLOW.phases)
PLACES = ("face up", "face down", "passing")  # where a character is that no seat holds
FLAGS = ("called", "revealed", "silent", "murdered", "robbed", "current")

LAYOUT = Layout("citadels", [
    ("phase", PHASES, "the phase, one-hot"),
    ("round", ("round",), "the round number"),
    ("to_act", SEATS, "the seat to act, one-hot"),
    ("turn_player", SEATS, "the seat whose character's turn it is, one-hot"),
    ("seated", SEATS, "1 for each seat at the table"),
    ("crown", SEATS, "the holder of the crown, one-hot"),
    ("first_eight", SEATS, "the first seat to complete its city, one-hot"),
    ("deck", ("cards",), "cards left in the district deck (their order is hidden)"),
    ("discard", CARD_IDS, "the discard pile, a count per card"),
    *((f"where.{c}", (*SEATS, *PLACES), f"where you know the {c} to be, one-hot (all 0: unknown to you)")
      for c in CHAR_IDS),
    *((flag, CHAR_IDS, f"1 for each character {flag}") for flag in FLAGS),
    ("pool", CHAR_IDS, "the characters passed to you to choose from (1 each)"),
    ("pool_size", ("characters",), "characters left in the passed pile"),
    ("face_down", ("characters",), "characters laid face down"),
    ("drawn", CARD_IDS, "the cards you drew to choose from, a count per card"),
    ("drawn_size", ("cards",), "cards drawn to choose from"),
    ("exchange", CARD_IDS, "the cards you are exchanging, a count per card"),
    ("exchange_size", ("cards",), "cards in the exchange"),
    ("window", ("rasputin", "acrobat"), "the reaction window open, one-hot"),
    ("gold", SEATS, "each seat's gold"),
    ("hand_size", SEATS, "each seat's number of hand cards"),
    ("character_count", SEATS, "characters each seat holds"),
    ("booths", SEATS, "the gold on each seat's ticket booths"),
    ("hand", CARD_IDS, "your hand, a count per card"),
    *((f"city.{s}", CARD_IDS, f"the districts in the city of seat {s}, a count per card") for s in SEATS),
])


def encode(view: dict[str, Any], seat: int, players: int) -> "array[float]":
    """A view as ``LAYOUT``'s vector, seats counted from ``seat`` (the view is ``seat``'s own, or a spectator's
    for a public observation: then the private fields stay 0)."""
    L, out = LAYOUT, LAYOUT.blank()
    order = seat_order(seat, players)
    rel = {s: SEATS[k] for k, s in enumerate(order)}
    L.one_hot(out, "phase", view["phase"])
    L.put(out, "round", view["round"])
    for name, key in (("to_act", "current_player"), ("turn_player", "turn_player"), ("crown", "crown"),
                      ("first_eight", "first_eight")):
        if view[key] is not None:
            L.one_hot(out, name, rel.get(view[key]))
    L.count(out, "seated", SEATS[:players])
    L.put(out, "deck", view["deck"])
    L.count(out, "discard", view["discard"])
    for c in view["characters"]:
        where = c["where"]
        if where is not None:
            L.one_hot(out, f"where.{c['id']}", where if where in PLACES else rel[int(where[1:]) - 1])
        for flag in FLAGS:
            if c[flag]:
                L.one_hot(out, flag, c["id"])
    L.count(out, "pool", view["pool"] or ())
    L.put(out, "pool_size", view["pool_size"])
    L.put(out, "face_down", view["face_down"])
    L.count(out, "drawn", view["drawn"] or ())
    L.put(out, "drawn_size", view["drawn_size"])
    L.count(out, "exchange", view["exchange"] or ())
    L.put(out, "exchange_size", view["exchange_size"])
    L.one_hot(out, "window", view["window"])
    _players(out, view, seat, order)
    return out


def _players(out: "array[float]", view: dict[str, Any], seat: int, order: list[int]) -> None:
    """The per-seat fields, the observer's first, and the observer's own private fields."""
    L = LAYOUT
    for k, s in enumerate(order):
        p = view["players"][s]
        L.put(out, "gold", p["gold"], k)
        L.put(out, "hand_size", p["hand_size"], k)
        L.put(out, "character_count", p["character_count"], k)
        L.put(out, "booths", sum(p["booths"]), k)
        L.count(out, f"city.{SEATS[k]}", p["city"])
    L.count(out, "hand", view["players"][seat]["hand"] or ())
