"""Citadels' observation features: a fixed layout of a seat's view (``faces.Layout``).

Built from the view alone (``definition.view(state, seat)``), so two positions the seat cannot tell apart give
the same vector. Seats are counted from the observer (``you``, ``+1`` the next seat, ...) up to seven.
``encode_state`` writes the same vector straight from the state, reading only what the view shows the seat (where
a character is by the view's own rule, ``view._knows``, applied pile by pile; the passed characters while it
drafts; the cards it draws or exchanges while it acts; its own hand): tests/adapters/test_features.py checks the
two agree on many positions. It runs on every step of the adapters, so it writes whole blocks where it can: the
seated seats with the blank vector, the per-seat numbers with one ``struct`` call, and the public blocks that
change only when a card moves (the discard pile's counts, the cities) from a small cache keyed by their cards.
"""
from __future__ import annotations

from array import array
from operator import itemgetter
from struct import Struct
from typing import Any

from ...faces import Layout, relative_seats, seat_order
from .data import CARD_IDS, CHAR_IDS
from .flow import FLOW
from .state import CitadelsState

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
    ("fortune_hand", CARD_IDS, "the hand your Fortune Teller looks at (the action cards), a count per card"),
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
        if s != seat and p["hand"] is not None and view["phase"] == "fortune":  # citadels.action.fortune_teller
            L.count(out, "fortune_hand", p["hand"])
    L.count(out, "hand", view["players"][seat]["hand"] or ())


# The layout's offsets and per-table constants, looked up once for ``encode_state``.
_AT = LAYOUT.offset
_PHASE_OF = LAYOUT.index["phase"].get
_WHERE_AT = tuple(_AT[f"where.{c}"] for c in CHAR_IDS)
_FACE_UP, _FACE_DOWN, _PASSING = (PLAYERS + i for i in range(len(PLACES)))
_WINDOW_OF = LAYOUT.index["window"].get
_NO_TURN = ("draft", "round_start")  # no character's turn in these phases: nobody is the turn's player
_RANKS, _CARDS = len(CHAR_IDS), len(CARD_IDS)

(_P_PHASE, _ROUND, _TO_ACT, _TURN_PLAYER, _CROWN, _FIRST_EIGHT, _SEATED, _DECK, _DISCARD, _POOL, _POOL_SIZE,
 _FACE_DOWN_COUNT, _DRAWN, _DRAWN_SIZE, _EXCHANGE, _EXCHANGE_SIZE, _P_WINDOW, _GOLD, _HAND_SIZE, _CHARACTER_COUNT,
 _BOOTHS, _HAND, _CITY) = (_AT[f] for f in (
    "phase", "round", "to_act", "turn_player", "crown", "first_eight", "seated", "deck", "discard", "pool",
    "pool_size", "face_down", "drawn", "drawn_size", "exchange", "exchange_size", "window", "gold", "hand_size",
    "character_count", "booths", "hand", "city.you"))
_CALLED, _REVEALED, _SILENT, _MURDERED, _ROBBED, _CURRENT = (_AT[flag] for flag in FLAGS)
_FORTUNE_HAND = _AT["fortune_hand"]
# Written as blocks: revealed and silent; gold, hand_size and character_count; the cities from the observer's on.
if (_SILENT != _REVEALED + _RANKS or _CHARACTER_COUNT != _HAND_SIZE + PLAYERS != _GOLD + 2 * PLAYERS
        or [_AT[f"city.{s}"] for s in SEATS] != [_CITY + k * _CARDS for k in range(PLAYERS)]):
    raise AssertionError("citadels features: the fields written as one block are not one after another")


def _seated(n: int) -> "array[float]":
    """A blank vector with ``n`` seats at the table."""
    out = LAYOUT.blank()
    out[_SEATED:_SEATED + n] = array("f", [1.0] * n)
    return out


def _table(n: int, seat: int) -> tuple[Any, ...]:
    """What ``encode_state`` reads seat by seat at a table of ``n`` seen from ``seat``: each seat's place counted
    from the observer; the seats from the observer on (an itemgetter over per-seat lists, and their numbers); the
    draft steps keeping a character for each (seat * 2 + bury)."""
    order = tuple((seat + k) % n for k in range(n))
    return (tuple((p - seat) % n for p in range(n)), itemgetter(*order), order, tuple(2 * p for p in order))


# By table size n (0 and 1 unused): a blank vector with the n seats seated, the gold, hand sizes and characters
# kept of the n seats as one block (struct, the rest of each field left 0), and ``_table`` by seat.
_BLANK = tuple(_seated(n) for n in range(PLAYERS + 1))
_PACK_SEATS = tuple(Struct(f"{n}f{4 * (PLAYERS - n)}x{n}f{4 * (PLAYERS - n)}x{n}f").pack_into
                    for n in range(PLAYERS + 1))
_TABLES = tuple(tuple(_table(n, seat) for seat in range(n)) if n > 1 else () for n in range(PLAYERS + 1))
# The called flags by the rank being called (the last rank and past it: all called).
_CALLED_UP_TO = tuple(array("f", [1.0] * min(r + 1, _RANKS) + [0.0] * (_RANKS - r - 1)) for r in range(_RANKS + 1))
_PACK_FLAGS = Struct(f"{2 * _RANKS}f").pack_into

# Public blocks that change only when a card moves or a draft step is made, by what they are made of (a card
# list's counts, a table's cities, the characters each seat keeps): cleared past _KEPT, a cache, not a record.
_COUNTED: dict[tuple[int, ...], "array[float]"] = {}
_CITIES: dict[tuple[tuple[int, ...], ...], "array[float]"] = {}
_KEEPING: dict[tuple[int, ...], tuple[int, ...]] = {}
_KEPT = 1024


def _kept(cache: dict[Any, Any], key: Any, value: Any) -> Any:
    """``value``, remembered in ``cache`` under ``key``."""
    if len(cache) >= _KEPT:
        cache.clear()
    cache[key] = value
    return value


def _counted(cards: tuple[int, ...]) -> "array[float]":
    """A count per card of ``cards``."""
    block = array("f", bytes(4 * _CARDS))
    for card in cards:
        block[card] += 1.0
    return _kept(_COUNTED, cards, block)


def _cities(cities: tuple[tuple[int, ...], ...]) -> "array[float]":
    """Each seat's districts, a count per card, seat by seat twice round the table (a seat's first)."""
    block = array("f")
    for city in cities:
        block += _COUNTED.get(city) or _counted(city)
    return _kept(_CITIES, cities, block + block)


def _keeping(key: tuple[int, ...]) -> tuple[int, ...]:
    """The characters each seat keeps, from the observer on: (table size, observer, draft step, *steps)."""
    n, seat, step, *steps = key
    return _kept(_KEEPING, key, tuple(map(steps[:step].count, _TABLES[n][seat][3])))


def encode_state(st: CitadelsState, seat: int, public: bool = False) -> "array[float]":
    """``encode(definition.view(st, seat), seat, players)`` (the spectator's view where ``public``), read from
    the state."""
    n = st.num_players
    out = _BLANK[n][:]
    viewer = None if public else seat
    over = st.final is not None
    phase, current = st.phase, st.current
    table = _TABLES[n][seat]
    rel = table[0]
    at = _PHASE_OF(phase)
    if at is not None:
        out[_P_PHASE + at] = 1.0
    out[_ROUND] = st.round
    if not over and 0 <= current < n:
        out[_TO_ACT + rel[current]] = 1.0
    turn = phase not in _NO_TURN
    if turn and 0 <= st.tp < n:
        out[_TURN_PLAYER + rel[st.tp]] = 1.0
    out[_CROWN + rel[st.crown]] = 1.0
    if 0 <= st.first_eight < n:
        out[_FIRST_EIGHT + rel[st.first_eight]] = 1.0
    out[_DECK] = len(st.deck)
    if st.discard:
        key = tuple(st.discard)
        out[_DISCARD:_DISCARD + _CARDS] = _COUNTED.get(key) or _counted(key)
    _characters(out, st, viewer, rel, over, turn)
    if viewer is not None and phase == "draft" and current == viewer:  # citadels.draft.secret: the drafter's
        for r in st.pool:
            out[_WHERE_AT[r] + _PASSING] = 1.0
            out[_POOL + r] = 1.0
    out[_POOL_SIZE] = len(st.pool)
    out[_FACE_DOWN_COUNT] = len(st.down)
    _players_of_state(out, st, viewer, table, over)
    return out


def _characters(out: "array[float]", st: CitadelsState, viewer: int | None, rel: tuple[int, ...], over: bool,
                turn: bool) -> None:
    """Where ``viewer`` knows each character to be (``view._knows``, pile by pile: the piles hold distinct
    characters), and the calling's flags."""
    shown, silent, killed, rank = st.shown, st.silent, st.killed, st.rank
    for r, owner in enumerate(st.owner):
        if owner >= 0 and (owner == viewer or over or shown[r] or silent[r] and killed != r):
            out[_WHERE_AT[r] + rel[owner]] = 1.0
    for r in st.face_up:
        out[_WHERE_AT[r] + _FACE_UP] = 1.0
    for r, knower in zip(st.down, st.down_knower):
        if knower == viewer or over or shown[r] or silent[r] and killed != r:
            out[_WHERE_AT[r] + _FACE_DOWN] = 1.0
    if rank >= 0:
        out[_CALLED:_CALLED + _RANKS] = _CALLED_UP_TO[rank]
        if turn and rank < _RANKS:
            out[_CURRENT + rank] = 1.0
    if True in shown or True in silent:
        _PACK_FLAGS(out, 4 * _REVEALED, *shown, *silent)
    if 0 <= killed < _RANKS:
        out[_MURDERED + killed] = 1.0
    if 0 <= st.robbed < _RANKS:
        out[_ROBBED + st.robbed] = 1.0


def _players_of_state(out: "array[float]", st: CitadelsState, viewer: int | None, table: tuple[Any, ...],
                      over: bool) -> None:
    """The rest of ``encode_state``: the cards drawn to choose from, the window, and each player's gold, hand,
    characters kept and city, counted from the observer (``table``: ``_table``)."""
    n = st.num_players
    drawn, exchange = st.drawn, st.exchange
    if viewer is not None and st.current == viewer:  # citadels.turn.income, char.wizard_redraw: the chooser's
        for card in drawn:
            out[_DRAWN + card] += 1.0
        for card in exchange:
            out[_EXCHANGE + card] += 1.0
    out[_DRAWN_SIZE] = len(drawn)
    out[_EXCHANGE_SIZE] = len(exchange)
    window = _WINDOW_OF(st.window)
    if window is not None:
        out[_P_WINDOW + window] = 1.0
    _, rotate, order, _ = table
    if over:
        kept: Any = map(st.owner.count, order)
    else:  # the draft steps done keeping a character
        key = (n, order[0], st.step, *st.steps)
        kept = _KEEPING.get(key) or _keeping(key)
    _PACK_SEATS[n](out, 4 * _GOLD, *rotate(st.gold), *map(len, rotate(st.hands)), *kept)
    if any(st.booths):
        for k, booths in enumerate(rotate(st.booths)):
            out[_BOOTHS + k] = sum(booths)
    key = tuple(map(tuple, st.city))
    cities = _CITIES.get(key) or _cities(key)
    out[_CITY:_CITY + n * _CARDS] = cities[order[0] * _CARDS:(order[0] + n) * _CARDS]
    if viewer is not None or over:  # citadels.setup.cards: a hand is its owner's until the final count
        for card in st.hands[order[0]]:
            out[_HAND + card] += 1.0
    if viewer is not None and st.phase == "fortune" and st.current == viewer and st.fortune >= 0:
        for card in st.hands[st.fortune]:  # citadels.action.fortune_teller: the fellow's hand, shown to the teller
            out[_FORTUNE_HAND + card] += 1.0
