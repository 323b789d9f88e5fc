"""Saint Petersburg's observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to four.
``encode_state`` writes the same vector straight from the state, reading only what the view shows the seat
(its own rubles and hand, the others' once the game is over or under ``open_money``; the decks' sizes):
tests/adapters/test_features.py checks the two agree on many positions.
"""
from __future__ import annotations

from array import array
from operator import itemgetter
from struct import Struct
from typing import Any, Callable, Sequence

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
    ("money", SEATS, "each seat's rubles where you see them (money_shown), else 0"),
    ("money_shown", SEATS, "1 for each seat whose rubles you see: your own, and every seat's under open_money or "
     "once the game is over"),
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
        if p["money"] is not None:  # saint_petersburg.money.secret: shown to its owner, or to all under open_money
            L.put(out, "money", p["money"], k)
            L.put(out, "money_shown", 1, k)
    L.count(out, "hand", view["players"][seat]["hand"] or ())


# The layout's offsets, looked up once for ``encode_state``.
_AT = LAYOUT.offset
_PHASE = LAYOUT.index["phase"]
_MARKER_AT = tuple(_AT[f"marker.{m}"] for m in MARKERS)
_SLOT_AT = tuple(_AT[f"{row}.{i}"] for row in ("upper", "lower") for i in range(ROW_SLOTS))  # by display slot
_AREA_AT = tuple(_AT[f"area.{s}"] for s in SEATS)
(_P_PHASE, _ROUND, _TO_ACT, _SEATED, _DECK, _PRICE, _DRAWN, _OBSERVING, _PASSES, _END, _REMOVED, _POINTS, _MONEY,
 _SHOWN, _HAND, _HAND_SIZE, _HAND_LIMIT, _OBS_USED) = (_AT[f] for f in (
    "phase", "round", "to_act", "seated", "deck", "price", "drawn", "observing", "passes", "end_triggered", "removed",
    "points", "money", "money_shown", "hand", "hand_size", "hand_limit", "observatories_used"))


_CARDS = len(CARD_IDS)
# A zero vector per table size with its seats marked as seated.
_BLANK = tuple(array("f", [1.0 if _SEATED <= i < _SEATED + n else 0.0 for i in range(LAYOUT.size)])
               for n in range(PLAYERS + 1))
# A count per card of an area, by its cards (they change only when a card is built or replaced): cleared past
# _KEPT, a cache, not a record.
_COUNTED: dict[tuple[int, ...], "array[float]"] = {}
_KEPT = 1024


def _counts(key: tuple[int, ...]) -> "array[float]":
    """A count per card of the cards ``key`` (a block of ``_CARDS`` entries), kept."""
    block = array("f", bytes(4 * _CARDS))
    for card in key:
        block[card] += 1.0
    if len(_COUNTED) >= _KEPT:
        _COUNTED.clear()
    _COUNTED[key] = block
    return block


# A card on the display is written at its place (``state.place``) past the first slot's one-hot, the slots being
# one after another as the places are; per place, the price entry of its slot, its card, whether it lies in the
# lower row, the card giving its colour's discount (-1: none) and its prices by copies owned (None: a trading card).
assert _SLOT_AT == tuple(_SLOT_AT[0] + i * _CARDS for i in range(2 * ROW_SLOTS)) and PLACES == _CARDS
_SLOTS = _SLOT_AT[0]
_PLACE = tuple((_PRICE + slot, card, slot >= ROW_SLOTS, DISCOUNT_CARD[card],
                None if IS_TRADING[card] else FLAT[slot >= ROW_SLOTS][card])
               for slot in range(2 * ROW_SLOTS) for card in range(_CARDS))


def _display(out: "array[float]", shown: Sequence[int], owned: list[int], used: int, over: bool) -> None:
    """The cards shown (as places), and what the owner of ``owned`` (the seat to act, with ``used`` Observatories
    used) would pay for each while the game runs."""
    for at in shown:
        out[_SLOTS + at] = 1.0
    if over:
        return
    for at in shown:
        price_at, card, lower, which, flat = _PLACE[at]
        if flat is None:
            cost = cheapest(owned, used, card, lower)
            if cost is not None:
                out[price_at] = cost
        else:
            out[price_at] = flat[2 * owned[card] + (1 if which >= 0 and owned[which] else 0)]


def _table(n: int, seat: int) -> tuple[Any, ...]:
    """What ``encode_state`` reads seat by seat at a table of ``n`` seen from ``seat``: each seat's place counted
    from the observer, and an itemgetter of per-seat lists' entries from the observer on."""
    return tuple((p - seat) % n for p in range(n)), itemgetter(*((seat + k) % n for k in range(n)))


# By table size n (0 and 1 unused): ``_table`` by seat; the points, and the hand sizes, hand limits and
# Observatories used of the n seats as one block (struct, the rest of each field left 0).
_TABLES = tuple(tuple(_table(n, seat) for seat in range(n)) if n > 1 else () for n in range(PLAYERS + 1))
_PACK_POINTS = tuple(Struct(f"{n}f").pack_into for n in range(PLAYERS + 1))
_PACK_SEATS = tuple(Struct(f"{n}f{4 * (PLAYERS - n)}x{n}f{4 * (PLAYERS - n)}x{n}f").pack_into
                    for n in range(PLAYERS + 1))
_PACK_DECKS = Struct(f"{len(DECKS)}f").pack_into
_ONES = tuple((1.0,) * n for n in range(PLAYERS + 1))
assert _HAND_LIMIT == _HAND_SIZE + PLAYERS == _OBS_USED - PLAYERS and _AREA_AT[0] == _OBS_USED + PLAYERS


def encode_state(st: SPState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``), read from
    the state."""
    n = st.num_players
    out = _BLANK[n][:]
    over = st.final is not None
    table = _TABLES[n][seat]
    rel = table[0]
    phase = _PHASE.get(st.phase)
    if phase is not None:
        out[_P_PHASE + phase] = 1.0
    out[_ROUND] = st.round
    current = st.current
    if not over and 0 <= current < n:
        out[_TO_ACT + rel[current]] = 1.0
    for at, holder in zip(_MARKER_AT, st.markers):
        out[at + rel[holder]] = 1.0
    _PACK_DECKS(out, 4 * _DECK, *map(len, st.decks))
    if st.shown:
        _display(out, st.shown, st.owned[current], st.obs_used[current], over)
    if st.drawn != EMPTY:
        out[_DRAWN + st.drawn] = 1.0
    out[_OBSERVING] = st.observing != NO_DECK
    out[_PASSES] = st.passes
    out[_END] = st.end_triggered
    out[_REMOVED] = len(st.removed)
    _encode_players(out, st, seat, public, over, table[1])
    return out


def _encode_players(out: "array[float]", st: SPState, seat: int, public: bool, over: bool,
                    rotate: Callable[[list[Any]], tuple[Any, ...]]) -> None:
    """The players' part of ``encode_state``: each seat's points, hand size and area, counted from ``seat``
    (``rotate``: a per-seat list's entries from ``seat`` on)."""
    n = st.num_players
    hands, owned_by = st.hands, rotate(st.owned)
    _PACK_POINTS[n](out, 4 * _POINTS, *rotate(st.points))
    _PACK_SEATS[n](out, 4 * _HAND_SIZE, *map(len, rotate(hands)),
                   *[HAND_LIMIT_WAREHOUSE if owned[WAREHOUSE] else HAND_LIMIT for owned in owned_by],
                   *rotate(st.obs_used))
    at = _AREA_AT[0]
    for area in rotate(st.areas):
        if area:
            key = tuple(area)
            out[at:at + _CARDS] = _COUNTED.get(key) or _counts(key)
        at += _CARDS
    # saint_petersburg.money.secret: the rubles and hand are the owner's alone until the final count; open_money
    # shows every seat's rubles
    own = not public
    if over or st.options["open_money"]:
        _PACK_POINTS[n](out, 4 * _MONEY, *rotate(st.money))
        _PACK_POINTS[n](out, 4 * _SHOWN, *_ONES[n])
    elif own:
        out[_MONEY] = st.money[seat]
        out[_SHOWN] = 1.0
    if own or over:
        for card in hands[seat]:
            out[_HAND + card] += 1.0
