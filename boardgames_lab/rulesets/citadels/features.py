"""Citadels' observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to seven.
``encode_state`` writes the same vector straight from the state, reading only what the view shows the seat (where
a character is by the view's own rule, ``view._knows``; the passed characters while it drafts; the cards it
draws or exchanges while it acts; its own hand): tests/adapters/test_features.py checks the two agree on many
positions.
"""
from __future__ import annotations

from array import array
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import CARD_IDS, CHAR_IDS
from .flow import FLOW
from .state import NOBODY, CitadelsState
from .view import _knows

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


# The layout's offsets, looked up once for ``encode_state``.
_AT = LAYOUT.offset
_PHASE = LAYOUT.index["phase"]
_WHERE_AT = tuple(_AT[f"where.{c}"] for c in CHAR_IDS)
_FACE_UP, _FACE_DOWN, _PASSING = (PLAYERS + i for i in range(len(PLACES)))
_WINDOW = LAYOUT.index["window"]
_CITY_AT = tuple(_AT[f"city.{s}"] for s in SEATS)
_NO_TURN = ("draft", "round_start")  # no character's turn in these phases: nobody is the turn's player


def encode_state(st: CitadelsState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``), read from
    the state."""
    out = LAYOUT.blank()
    n = st.num_players
    viewer = None if public else seat
    over = st.final is not None
    phase = st.phase
    at = _PHASE.get(phase)
    if at is not None:
        out[_AT["phase"] + at] = 1.0
    out[_AT["round"]] = st.round
    for name, who in (("to_act", None if over else st.current),
                      ("turn_player", None if st.tp == NOBODY or phase in _NO_TURN else st.tp),
                      ("crown", st.crown), ("first_eight", None if st.first_eight == NOBODY else st.first_eight)):
        if who is not None and 0 <= who < n:
            out[_AT[name] + (who - seat) % n] = 1.0
    for k in range(n):
        out[_AT["seated"] + k] = 1.0
    out[_AT["deck"]] = len(st.deck)
    at = _AT["discard"]
    for card in st.discard:
        out[at + card] += 1.0
    drafting = viewer is not None and phase == "draft" and st.current == viewer  # citadels.draft.secret
    _characters(out, st, viewer, seat, drafting)
    if drafting:
        at = _AT["pool"]
        for r in st.pool:
            out[at + r] += 1.0
    out[_AT["pool_size"]] = len(st.pool)
    out[_AT["face_down"]] = len(st.down)
    if viewer is not None and st.current == viewer:  # citadels.turn.income, char.wizard_redraw: the chooser's
        for name, cards in (("drawn", st.drawn), ("exchange", st.exchange)):
            at = _AT[name]
            for card in cards:
                out[at + card] += 1.0
    out[_AT["drawn_size"]] = len(st.drawn)
    out[_AT["exchange_size"]] = len(st.exchange)
    window = _WINDOW.get(st.window)
    if window is not None:
        out[_AT["window"] + window] = 1.0
    steps = st.steps
    done = steps[:st.step] if st.step < len(steps) else steps
    for k in range(n):
        p = (seat + k) % n
        out[_AT["gold"] + k] = st.gold[p]
        out[_AT["hand_size"] + k] = len(st.hands[p])
        held = st.owner.count(p) if over else sum(1 for x in done if x == 2 * p)  # a step: seat * 2 + bury
        out[_AT["character_count"] + k] = held
        out[_AT["booths"] + k] = sum(st.booths[p])
        at = _CITY_AT[k]
        for card in st.city[p]:
            out[at + card] += 1.0
    if viewer == seat or over:  # citadels.setup.cards: a hand is its owner's until the final count
        at = _AT["hand"]
        for card in st.hands[seat]:
            out[at + card] += 1.0
    return out


def _characters(out: "array[float]", st: CitadelsState, viewer: int | None, seat: int, drafting: bool) -> None:
    """Where ``viewer`` knows each character to be, and the calling's flags."""
    n = st.num_players
    rank, turn = st.rank, st.phase not in _NO_TURN
    for r in range(len(CHAR_IDS)):
        if _knows(st, viewer, r):
            owner = st.owner[r]
            if owner != NOBODY:
                out[_WHERE_AT[r] + (owner - seat) % n] = 1.0
            elif r in st.face_up:
                out[_WHERE_AT[r] + _FACE_UP] = 1.0
            elif r in st.down:
                out[_WHERE_AT[r] + _FACE_DOWN] = 1.0
            elif drafting and r in st.pool:
                out[_WHERE_AT[r] + _PASSING] = 1.0
        for flag, on in (("called", 0 <= r <= rank), ("revealed", st.shown[r]), ("silent", st.silent[r]),
                         ("murdered", st.killed == r), ("robbed", st.robbed == r), ("current", rank == r and turn)):
            if on:
                out[_AT[flag] + r] = 1.0
