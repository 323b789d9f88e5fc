"""Saint Petersburg's observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to four.
``encode_state`` writes the same vector straight from the state, reading only what the view shows the seat
(its own rubles and hand, the others' once the game is over or under ``open_money``; the decks' sizes):
tests/adapters/test_features.py checks the two agree on many positions.
"""
from __future__ import annotations

from array import array
from typing import Any, Sequence

from ...faces import Layout, relative_seats, seat_order
from .data import CARDS, DECKS, GROUPS, HAND_LIMIT, HAND_LIMIT_WAREHOUSE, ROW_SLOTS, WAREHOUSE
from .flow import FLOW
from .prices import DISCOUNT_CARD, EMPTY, FLAT, IS_TRADING, cheapest
from .state import NO_DECK, PLACES, SPState

PLAYERS = 4
SEATS = relative_seats(PLAYERS)
CARD_IDS = tuple(c.id for c in CARDS)
MARKERS = (*GROUPS, "trading")
PHASES = tuple(p.name for p in FLOW.phases)

LAYOUT = Layout("saint_petersburg", [
    ("phase", PHASES, "the phase, one-hot"),
    ("round", ("round",), "the round number"),
    ("to_act", SEATS, "the seat to act, one-hot"),
    ("seated", SEATS, "1 for each seat at the table"),
    *((f"marker.{m}", SEATS, f"the holder of the {m} starting marker, one-hot") for m in MARKERS),
    ("deck", DECKS, "cards left in each deck (their order is hidden)"),
    *((f"upper.{i}", CARD_IDS, f"the card in upper-row slot {i}, one-hot") for i in range(ROW_SLOTS)),
    *((f"lower.{i}", CARD_IDS, f"the card in lower-row slot {i}, one-hot") for i in range(ROW_SLOTS)),
    ("price", tuple(f"{r}{i}" for r in "UL" for i in range(1, ROW_SLOTS + 1)),
     "what the seat to act would pay for the card in each slot (0: it may not buy it)"),
    ("drawn", CARD_IDS, "the card drawn with the Observatory, one-hot"),
    ("observing", ("observing",), "1 while an Observatory draw is being decided"),
    ("passes", ("passes",), "passes in a row"),
    ("end_triggered", ("end",), "1 once a deck has run out"),
    ("removed", ("removed",), "cards removed from the game"),
    ("points", SEATS, "each seat's points"),
    ("money", ("you",), "your rubles (the others' are hidden)"),
    ("hand", CARD_IDS, "your hand, a count per card"),
    ("hand_size", SEATS, "each seat's number of hand cards"),
    ("hand_limit", SEATS, "each seat's hand limit"),
    ("observatories_used", SEATS, "Observatories each seat has used"),
    *((f"area.{s}", CARD_IDS, f"the cards in the area of seat {s}, a count per card") for s in SEATS),
])


def encode(view: dict[str, Any], seat: int, players: int) -> "array[float]":
    """A view as ``LAYOUT``'s vector, seats counted from ``seat`` (the view is ``seat``'s own, or a spectator's
    for a public observation: then the private fields stay 0)."""
    L, out = LAYOUT, LAYOUT.blank()
    order = seat_order(seat, players)
    rel = {s: SEATS[k] for k, s in enumerate(order)}
    L.one_hot(out, "phase", view["phase"])
    L.put(out, "round", view["round"])
    if view["current_player"] is not None:
        L.one_hot(out, "to_act", rel.get(view["current_player"]))
    L.count(out, "seated", SEATS[:players])
    for m in MARKERS:
        holder = view["markers"].get(m)
        if holder is not None:
            L.one_hot(out, f"marker.{m}", rel[holder])
    for i, d in enumerate(DECKS):
        L.put(out, "deck", view["decks"][d], i)
    for r, row in enumerate(("upper", "lower")):
        for i, slot in enumerate(view[row][:ROW_SLOTS]):
            if slot is not None:
                L.one_hot(out, f"{row}.{i}", slot["card"])
                if slot["cost_for_current"] is not None:
                    L.put(out, "price", slot["cost_for_current"], r * ROW_SLOTS + i)
    if view["drawn"] is not None:
        L.one_hot(out, "drawn", view["drawn"])
    L.put(out, "observing", view["observing"] is not None)
    L.put(out, "passes", view["passes_in_a_row"])
    L.put(out, "end_triggered", view["end_triggered"])
    L.put(out, "removed", view["removed"])
    _players(out, view, seat, order)
    return out


def _players(out: "array[float]", view: dict[str, Any], seat: int, order: list[int]) -> None:
    """The per-seat fields, the observer's first, and the observer's own private fields."""
    L = LAYOUT
    for k, s in enumerate(order):
        p = view["players"][s]
        L.put(out, "points", p["points"], k)
        L.put(out, "hand_size", p["hand_size"], k)
        L.put(out, "hand_limit", p["hand_limit"], k)
        L.put(out, "observatories_used", p["observatories_used"], k)
        L.count(out, f"area.{SEATS[k]}", p["area"])
    me = view["players"][seat]
    if me["money"] is not None:
        L.put(out, "money", me["money"])
    L.count(out, "hand", me["hand"] or ())


# The layout's offsets, looked up once for ``encode_state``.
_AT = LAYOUT.offset
_PHASE = LAYOUT.index["phase"]
_MARKER_AT = tuple(_AT[f"marker.{m}"] for m in MARKERS)
_SLOT_AT = tuple(_AT[f"{row}.{i}"] for row in ("upper", "lower") for i in range(ROW_SLOTS))  # by display slot
_AREA_AT = tuple(_AT[f"area.{s}"] for s in SEATS)
(_P_PHASE, _ROUND, _TO_ACT, _SEATED, _DECK, _PRICE, _DRAWN, _OBSERVING, _PASSES, _END, _REMOVED, _POINTS, _MONEY,
 _HAND, _HAND_SIZE, _HAND_LIMIT, _OBS_USED) = (_AT[f] for f in (
    "phase", "round", "to_act", "seated", "deck", "price", "drawn", "observing", "passes", "end_triggered", "removed",
    "points", "money", "hand", "hand_size", "hand_limit", "observatories_used"))


_CARDS = len(CARD_IDS)
# A zero vector per table size with its seats marked as seated.
_BLANK = tuple(array("f", [1.0 if _SEATED <= i < _SEATED + n else 0.0 for i in range(LAYOUT.size)])
               for n in range(PLAYERS + 1))
# A count per card of a hand or an area, by its cards (they change only when a card is taken, built or
# replaced): cleared past _KEPT, a cache, not a record.
_COUNTED: dict[tuple[int, ...], "array[float]"] = {}
_KEPT = 1024


def _counts(cards: list[int]) -> "array[float]":
    """A count per card of ``cards`` (a block of ``_CARDS`` entries)."""
    key = tuple(cards)
    block = _COUNTED.get(key)
    if block is None:
        block = array("f", bytes(4 * _CARDS))
        for card in key:
            block[card] += 1.0
        if len(_COUNTED) >= _KEPT:
            _COUNTED.clear()
        _COUNTED[key] = block
    return block


# The slots' one-hots and the prices, written where each card lies (few cards lie out, and the prices follow the
# seat to act's cards, so a block of them kept by what it shows would seldom be met again).
assert _SLOT_AT == tuple(_SLOT_AT[0] + i * _CARDS for i in range(2 * ROW_SLOTS))


def _display(out: "array[float]", shown: Sequence[int], owned: list[int], used: int, over: bool) -> None:
    """The cards shown (by slot: 0..7 upper row, 8..15 lower), and what the owner of ``owned`` (the seat to act,
    with ``used`` Observatories used) would pay for each while the game runs."""
    for at in shown:
        slot, card = divmod(at, PLACES)
        out[_SLOT_AT[slot] + card] = 1.0
        if not over:
            lower = slot >= ROW_SLOTS
            if IS_TRADING[card]:
                cost = cheapest(owned, used, card, lower)
                if cost is not None:
                    out[_PRICE + slot] = cost
            else:
                which = DISCOUNT_CARD[card]
                out[_PRICE + slot] = FLAT[lower][card][2 * owned[card] + (1 if which >= 0 and owned[which] else 0)]


def encode_state(st: SPState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``), read from
    the state."""
    n = st.num_players
    out = _BLANK[n][:]
    over = st.final is not None
    phase = _PHASE.get(st.phase)
    if phase is not None:
        out[_P_PHASE + phase] = 1.0
    out[_ROUND] = st.round
    current = st.current
    if not over and 0 <= current < n:
        out[_TO_ACT + (current - seat) % n] = 1.0
    for at, holder in zip(_MARKER_AT, st.markers):
        out[at + (holder - seat) % n] = 1.0
    for i, deck in enumerate(st.decks):
        out[_DECK + i] = len(deck)
    if st.shown:
        _display(out, st.shown, st.owned[current], st.obs_used[current], over)
    if st.drawn != EMPTY:
        out[_DRAWN + st.drawn] = 1.0
    out[_OBSERVING] = st.observing != NO_DECK
    out[_PASSES] = st.passes
    out[_END] = st.end_triggered
    out[_REMOVED] = len(st.removed)
    _encode_players(out, st, seat, public, over)
    return out


def _encode_players(out: "array[float]", st: SPState, seat: int, public: bool, over: bool) -> None:
    """The players' part of ``encode_state``: each seat's points, hand size and area, counted from ``seat``."""
    n = st.num_players
    hands, points, obs_used, owned_by, areas = st.hands, st.points, st.obs_used, st.owned, st.areas
    for k in range(n):
        p = (seat + k) % n
        out[_POINTS + k] = points[p]
        out[_HAND_SIZE + k] = len(hands[p])
        out[_HAND_LIMIT + k] = HAND_LIMIT_WAREHOUSE if owned_by[p][WAREHOUSE] else HAND_LIMIT
        out[_OBS_USED + k] = obs_used[p]
        if areas[p]:
            at = _AREA_AT[k]
            out[at:at + _CARDS] = _counts(areas[p])
    # saint_petersburg.money.secret: the rubles and hand are the owner's alone until the final count
    own = not public
    if own or over or st.options["open_money"]:
        out[_MONEY] = st.money[seat]
    if (own or over) and hands[seat]:
        out[_HAND:_HAND + _CARDS] = _counts(hands[seat])
