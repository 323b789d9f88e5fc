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


(_P_PHASE, _ROUND, _TO_ACT, _TURN_PLAYER, _CROWN, _FIRST_EIGHT, _SEATED, _DECK, _DISCARD, _POOL, _POOL_SIZE,
 _FACE_DOWN_COUNT, _DRAWN, _DRAWN_SIZE, _EXCHANGE, _EXCHANGE_SIZE, _P_WINDOW, _GOLD, _HAND_SIZE, _CHARACTER_COUNT,
 _BOOTHS, _HAND) = (_AT[f] for f in (
    "phase", "round", "to_act", "turn_player", "crown", "first_eight", "seated", "deck", "discard", "pool",
    "pool_size", "face_down", "drawn", "drawn_size", "exchange", "exchange_size", "window", "gold", "hand_size",
    "character_count", "booths", "hand"))
_CALLED, _REVEALED, _SILENT, _MURDERED, _ROBBED, _CURRENT = (_AT[flag] for flag in FLAGS)


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
        out[_P_PHASE + at] = 1.0
    out[_ROUND] = st.round
    if not over and 0 <= st.current < n:
        out[_TO_ACT + (st.current - seat) % n] = 1.0
    if st.tp != NOBODY and phase not in _NO_TURN and 0 <= st.tp < n:
        out[_TURN_PLAYER + (st.tp - seat) % n] = 1.0
    out[_CROWN + (st.crown - seat) % n] = 1.0
    if st.first_eight != NOBODY and 0 <= st.first_eight < n:
        out[_FIRST_EIGHT + (st.first_eight - seat) % n] = 1.0
    for k in range(n):
        out[_SEATED + k] = 1.0
    out[_DECK] = len(st.deck)
    for card in st.discard:
        out[_DISCARD + card] += 1.0
    drafting = viewer is not None and phase == "draft" and st.current == viewer  # citadels.draft.secret
    _characters(out, st, viewer, seat, drafting)
    if drafting:
        for r in st.pool:
            out[_POOL + r] += 1.0
    out[_POOL_SIZE] = len(st.pool)
    out[_FACE_DOWN_COUNT] = len(st.down)
    _players_of_state(out, st, viewer, seat, over)
    return out


def _players_of_state(out: "array[float]", st: CitadelsState, viewer: int | None, seat: int, over: bool) -> None:
    """The rest of ``encode_state``: the cards drawn to choose from, the window, and each player's gold, hand,
    characters kept and city, counted from ``seat``."""
    n = st.num_players
    if viewer is not None and st.current == viewer:  # citadels.turn.income, char.wizard_redraw: the chooser's
        for card in st.drawn:
            out[_DRAWN + card] += 1.0
        for card in st.exchange:
            out[_EXCHANGE + card] += 1.0
    out[_DRAWN_SIZE] = len(st.drawn)
    out[_EXCHANGE_SIZE] = len(st.exchange)
    window = _WINDOW.get(st.window)
    if window is not None:
        out[_P_WINDOW + window] = 1.0
    steps = st.steps
    done = steps[:st.step] if st.step < len(steps) else steps
    gold, hands, booths, city = st.gold, st.hands, st.booths, st.city
    for k in range(n):
        p = (seat + k) % n
        out[_GOLD + k] = gold[p]
        out[_HAND_SIZE + k] = len(hands[p])
        # a draft step is seat * 2 + bury: the steps keeping a character
        out[_CHARACTER_COUNT + k] = st.owner.count(p) if over else done.count(2 * p)
        out[_BOOTHS + k] = sum(booths[p])
        at = _CITY_AT[k]
        for card in city[p]:
            out[at + card] += 1.0
    if viewer == seat or over:  # citadels.setup.cards: a hand is its owner's until the final count
        for card in hands[seat]:
            out[_HAND + card] += 1.0


def _characters(out: "array[float]", st: CitadelsState, viewer: int | None, seat: int, drafting: bool) -> None:
    """Where ``viewer`` knows each character to be, and the calling's flags."""
    n = st.num_players
    rank, turn, killed, robbed = st.rank, st.phase not in _NO_TURN, st.killed, st.robbed
    shown, silent, owners = st.shown, st.silent, st.owner
    for r in range(len(CHAR_IDS)):
        if _knows(st, viewer, r):
            owner, where = owners[r], _WHERE_AT[r]
            if owner != NOBODY:
                out[where + (owner - seat) % n] = 1.0
            elif r in st.face_up:
                out[where + _FACE_UP] = 1.0
            elif r in st.down:
                out[where + _FACE_DOWN] = 1.0
            elif drafting and r in st.pool:
                out[where + _PASSING] = 1.0
        if 0 <= r <= rank:
            out[_CALLED + r] = 1.0
            if r == rank and turn:
                out[_CURRENT + r] = 1.0
        if shown[r]:
            out[_REVEALED + r] = 1.0
        if silent[r]:
            out[_SILENT + r] = 1.0
    if 0 <= killed < len(CHAR_IDS):
        out[_MURDERED + killed] = 1.0
    if 0 <= robbed < len(CHAR_IDS):
        out[_ROBBED + robbed] = 1.0
