"""The fast legal-move generator: the same moves as the checks pass (tests/saint_petersburg/test_fast.py
proves it on thousands of positions), found by table look-ups instead of asking every candidate.

It decides nothing the checks do not: prices come from ``prices.FLAT`` (read off the one price rule), and
every move value is made once at import per (seat, card, slot, replaced card), a bounded table, so a legal
list shares these values instead of building new ones. A seat's tables are chosen by its key (state.seat_key,
kept in the state): the colour discount cards it owns and whether its Observatories are all turned over, so
that a card's price is one look-up by the copies owned, and a trading card's table by rubles names the cards it
may replace.
"""
from __future__ import annotations

from typing import Any

from ...core.moves import CHANCE
from .checks import pub_buys
from .draws import chance_cards
from .data import (CARDS, CARPENTER_WORKSHOP, DECKS, GOLD_SMELTER, HAND_LIMIT, HAND_LIMIT_WAREHOUSE, OBSERVATORY,
                   OBSERVATORY_MIN_DECK, PUB, PUB_POINTS_PER_CARD, PUB_PRICE, ROW_SLOTS, WAREHOUSE)
from .moves import (CARD_IDS, SLOTS, BuyCard, BuyDrawn, BuyPoints, DiscardDrawn, Move, Observe, Pass, PlayCard,
                    TakeCard, TakeDrawn)
from .prices import FLAT, GROUP, IS_TRADING, TARGETS, Price
from .state import LAY_DECK, OBSERVATORY_DRAW, PLACES, SEAT_KEYS, SPState, pub_limit

SEATS = range(4)
N = len(CARDS)
# The bits of a seat's key (state.seat_key) that choose its prices: 1 it owns the Carpenter Workshop, 2 the Gold
# Smelter, 4 it has turned all its Observatories over this round, so a trading card may not replace one.
KEYS = range(8)
# The most any trading card costs a seat: its tables by rubles (``_by_rubles``) are read at this for more rubles.
RICH = max(cost for row in FLAT for card, flat in enumerate(row) if IS_TRADING[card]
           for pairs in flat for _, cost in pairs)
# Per key and colour (worker, building, aristocrat): 1 where the colour's discount card is owned.
COLOUR_DISCOUNT = tuple((0, key & 1, key >> 1 & 1) for key in KEYS)


# The game has one of each discount card, so a seat's copies of it are its bit of the key (state.seat_key).
assert CARDS[CARPENTER_WORKSHOP].copies == CARDS[GOLD_SMELTER].copies == 1


def _by_rubles(pairs: tuple[tuple[int, int], ...], blocked: bool) -> tuple[int, ...]:
    """A trading card's (replaced card, price) pairs as a table by rubles in hand, up to the last price any
    trading card has (``RICH``; read there for any more): the cards it may replace at that price, as a mask of
    card bits (an Observatory not if ``blocked``), to be met with the seat's held cards (state.SPState.held)."""
    pairs = tuple((t, c) for t, c in pairs if not (blocked and t == OBSERVATORY))
    return tuple(sum(1 << t for t, c in pairs if c <= rubles) for rubles in range(RICH + 1))


def _prices(key: int, lower: int, card: int) -> tuple[Price, ...]:
    """The card's price per copies owned (``prices.FLAT``) for a seat of ``key``; a trading card's, a table
    by rubles (``_by_rubles``)."""
    flat, discount = FLAT[lower][card], COLOUR_DISCOUNT[key][GROUP[card]]
    by_copies = (flat[2 * copies + discount] for copies in range(CARDS[card].copies + 1))
    if IS_TRADING[card]:
        return tuple(_by_rubles(pairs, bool(key & 4)) for pairs in by_copies)
    return tuple(by_copies)


PRICES = tuple(tuple(tuple(_prices(key, lower, c) for c in range(N)) for lower in (0, 1)) for key in KEYS)


NO_TRADE: dict[int, Move] = {}
# A price above any rubles (a position holds at most 10**6): a trading card with no card it may ever replace at
# these copies owned; a small int still, which Python compares fastest.
NEVER = (1 << 30) - 1


def _least(tables: tuple[int, ...]) -> int:
    """The fewest rubles at which a trading card's table by rubles (``_by_rubles``) names a card it may replace:
    with fewer it replaces none, whatever the seat holds."""
    return next((rubles for rubles, mask in enumerate(tables) if mask), NEVER)


def _trading(make: type, seat: int, card: int, *where: str) -> dict[int, Move]:
    """Per card it may replace, by the card's bit (1 << card), the trading card's move replacing it."""
    if not IS_TRADING[card]:
        return NO_TRADE
    return {1 << t: make(seat, CARD_IDS[card], *where, CARD_IDS[t]) for t in TARGETS[card]}


# (prices, move or tables, moves per card replaced): for a trading card its prices per copies owned are the fewest
# rubles at which it replaces any card (``_least``), then come its tables by rubles per copies owned
# (``_by_rubles``) and its moves per card replaced (``_trading``); for another card its prices per copies owned,
# its move and None. The fast path tells the two apart by the last, and only for a card it might pay for.
Offer = tuple[tuple[int, ...], Any, Any]


def _offer(key: int, lower: int, c: int, move: Any, replacing: dict[int, Move]) -> Offer:
    """What the fast path reads for card ``c`` (``Offer``) for a seat of ``key``."""
    prices = PRICES[key][lower][c]
    return (tuple(map(_least, prices)), prices, replacing) if IS_TRADING[c] else (prices, move, None)


def _at_place(p: int, key: int, at: int) -> tuple[Any, ...]:
    """What ``action_moves`` reads for the card at display place ``at`` (state.place): (card, prices, buy or
    tables, take, replacing); see ``Offer``."""
    s, c = divmod(at, PLACES)
    prices, buy, replacing = _offer(key, s >= ROW_SLOTS, c, BUY[p][s][c], BUY_TRADING[p][s][c])
    return c, prices, buy, TAKE[p][s][c], replacing


# Every move a legal list can hold, made once: per seat, slot and card the buy, buy-replacing and take moves, per
# seat and card the play moves.
BUY = tuple(tuple(tuple(BuyCard(p, CARD_IDS[c], SLOTS[s]) for c in range(N)) for s in range(len(SLOTS)))
            for p in SEATS)
TAKE = tuple(tuple(tuple(TakeCard(p, CARD_IDS[c], SLOTS[s]) for c in range(N)) for s in range(len(SLOTS)))
             for p in SEATS)
BUY_TRADING = tuple(tuple(tuple(_trading(BuyCard, p, c, SLOTS[s]) for c in range(N)) for s in range(len(SLOTS)))
                    for p in SEATS)
PLAY = tuple(tuple(PlayCard(p, CARD_IDS[c]) for c in range(N)) for p in SEATS)
PLAY_TRADING = tuple(tuple(_trading(PlayCard, p, c) for c in range(N)) for p in SEATS)
# Per seat and key: per display place (``_at_place``) and per card in hand, what ``action_moves`` reads. A hand is
# sorted, so a card's copy follows it: its play is the last move listed, its replacing moves follow ``previous``.
OFFERS = tuple(tuple(tuple(_at_place(p, key, at) for at in range(len(SLOTS) * PLACES)) for key in KEYS)
               for p in SEATS)
PLAYS = tuple(tuple(tuple(_offer(key, 0, c, PLAY[p][c], PLAY_TRADING[p][c]) for c in range(N)) for key in KEYS)
              for p in SEATS)
PASS = tuple(Pass(p) for p in SEATS)
OBSERVE = tuple(tuple(Observe(p, deck) for deck in DECKS) for p in SEATS)
# The card an Observatory drew: per seat and key, per card, what ``_drawn_moves`` reads (priced as a card played
# from hand, never in the lower row); per seat and card, its discard and take moves.
DRAWN = tuple(tuple(tuple(_offer(key, 0, c, BuyDrawn(p, CARD_IDS[c]), _trading(BuyDrawn, p, c))
                          for c in range(N)) for key in KEYS) for p in SEATS)
DISCARD_DRAWN = tuple(tuple(DiscardDrawn(p, CARD_IDS[c]) for c in range(N)) for p in SEATS)
TAKE_DRAWN = tuple(tuple(TakeDrawn(p, CARD_IDS[c]) for c in range(N)) for p in SEATS)


def _seat(key: int) -> tuple[Any, ...]:
    """What ``action_moves`` reads first for the seat of ``key`` (state.seat_key): its pass, its hand limit
    (state.hand_limit: key bit 8 is the Warehouse), whether it has an Observatory to turn over (bit 16), and its
    tables to buy and take, and to play."""
    p, bits = divmod(key, SEAT_KEYS)
    prices = bits & 7
    limit = HAND_LIMIT_WAREHOUSE if bits & 8 else HAND_LIMIT
    return PASS[p], limit, bool(bits & 16), OFFERS[p][prices], PLAYS[p][prices]


SEAT = tuple(_seat(key) for key in range(SEAT_KEYS * len(SEATS)))
# Per seat, "pub 0" up to the most points the Pubs may sell (every copy owned, the per-card limit).
PUB_POINTS = tuple(tuple(BuyPoints(p, k) for k in range(PUB_POINTS_PER_CARD * CARDS[PUB].copies + 1)) for p in SEATS)


def legal_moves(st: SPState) -> list[Move]:
    """The legal moves of the seat to act: an action phase's (``action_moves``) or a seldom phase's (``SPECIAL``)."""
    phase = st.phase
    return SPECIAL[phase](st, st.current) if phase in SPECIAL else action_moves(st)


def action_moves(st: SPState) -> list[Move]:
    """An action phase's moves: pass, buy and take slot by slot, play, observe (LEGAL_IN, without a dispatch)."""
    if st.only_pass[p := st.current]:  # found so earlier in this action phase (state.SPState.only_pass)
        return [PASS[p]]
    passing, limit, observes, offers, plays = SEAT[st.keys[p]]
    moves: list[Move] = [passing]
    owned, money, hand = st.owned[p], st.money[p], st.hands[p]
    if len(hand) < limit:  # buy, and take with room in hand, slot by slot (moves.append: the fastest way)
        for at in st.shown:
            card, price, buy, take, replacing = offers[at]
            if price[owned[card]] <= money:
                if replacing is None:
                    moves.append(buy)
                elif mask := buy[owned[card]][money if money < RICH else RICH] & st.held[p]:
                    moves.append(replacing[mask]) if mask & (mask - 1) == 0 else _replace(mask, replacing, moves)
            moves.append(take)
    elif money:  # broke with a full hand, as random players often are: nothing but pass
        for at in st.shown:  # buy slot by slot: the hand has no room to take
            card, price, buy, take, replacing = offers[at]
            if price[owned[card]] <= money:
                if replacing is None:
                    moves.append(buy)
                elif mask := buy[owned[card]][money if money < RICH else RICH] & st.held[p]:
                    moves.append(replacing[mask]) if mask & (mask - 1) == 0 else _replace(mask, replacing, moves)
    if money:  # play with rubles (saint_petersburg.buy.minimum_one: a price is at least 1), as PLAYS tells
        previous = -1
        for card in hand:
            price, play, replacing = plays[card]
            if price[owned[card]] <= money:
                if replacing is None:
                    if moves[-1] is not play:
                        moves.append(play)
                elif card != previous:
                    previous = card
                    if mask := play[owned[card]][money if money < RICH else RICH] & st.held[p]:
                        moves.append(replacing[mask]) if mask & (mask - 1) == 0 else _replace(mask, replacing, moves)
    _observe(st, p, moves) if observes and st.phase == "building" else None
    if len(moves) == 1:
        st.only_pass[p] = True
    return moves


def _replace(mask: int, replacing: dict[int, Move], moves: list[Move]) -> None:
    """A trading card's moves replacing each card of ``mask`` (its bits, 1 << card), in card order. (A trading
    card's ``buy`` in ``action_moves`` is its tables, ``Offer``; a mask of one card is listed there without this
    call, which costs more than the test.)"""
    while mask:
        low = mask & -mask
        moves.append(replacing[low])
        mask ^= low


def _observe(st: SPState, p: int, moves: list[Move]) -> list[Move]:
    """``moves`` and then the Observatory's, one per deck it may draw from (state.observable_decks)."""
    for observe, deck in zip(OBSERVE[p], st.decks):
        if len(deck) >= OBSERVATORY_MIN_DECK:
            moves.append(observe)
    return moves


def _pub_moves(st: SPState, p: int) -> list[Move]:
    """Points from 0 up to what the Pubs sell and the rubles pay for (2 each)."""
    count = min(pub_limit(st, p), st.money[p] // PUB_PRICE) + 1
    made = PUB_POINTS[p]
    return list(made[:count]) if count <= len(made) else pub_buys(st, p)[:count]


def _chance_moves(st: SPState, p: int) -> list[Move]:
    """At a draw (explicit-chance mode): every card left in the deck, once."""
    return chance_cards(st, CHANCE)


def _drawn_moves(st: SPState, p: int) -> list[Move]:
    """The drawn card's three decisions: discard it, buy it (a trading card replacing each card it may) if the
    rubles pay for it, take it if the hand has room."""
    card = st.drawn
    moves: list[Move] = [DISCARD_DRAWN[p][card]]
    owned, money = st.owned[p], st.money[p]
    price, buy, replacing = DRAWN[p][st.keys[p] & 7][card]
    if price[owned[card]] <= money:
        if replacing is None:
            moves.append(buy)
        else:  # a trading card: the cards it may replace at its price, the ones owned
            _replace(buy[owned[card]][min(money, RICH)] & st.held[p], replacing, moves)
    if len(st.hands[p]) < (HAND_LIMIT_WAREHOUSE if owned[WAREHOUSE] else HAND_LIMIT):  # state.hand_limit
        moves.append(TAKE_DRAWN[p][card])
    return moves



# Phases whose moves are not the action phases' (seldom reached in play: the plain candidates and checks).
SPECIAL = {"observatory": _drawn_moves, "pub": _pub_moves,
           **{phase: _chance_moves for phase in (*LAY_DECK, OBSERVATORY_DRAW)}}


# The action phases, each with the function that makes its moves: the compiled playout knows the phase and calls
# it without ``legal_moves``' dispatch (core/definition.py, legal_in).
LEGAL_IN = {"worker": action_moves, "building": action_moves, "aristocrat": action_moves, "trading": action_moves}
