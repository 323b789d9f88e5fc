"""The fast legal-move generator: the same moves as the checks pass (tests/saint_petersburg/test_fast.py
proves it on thousands of positions), found by table look-ups instead of asking every candidate.

It decides nothing the checks do not: prices come from ``prices.PRICE`` (read off the one price
rule), and every move value is made once at import per (seat, card, slot, replaced card), a bounded
table, so a legal list shares these values instead of building new ones.
"""
from __future__ import annotations

from ...core.moves import CHANCE
from .checks import check_buy_drawn, check_discard, check_take_drawn, drawn_buys, pub_buys
from .draws import chance_cards
from .data import (CARDS, CARPENTER_WORKSHOP, DECKS, GOLD_SMELTER, HAND_LIMIT, HAND_LIMIT_WAREHOUSE, OBSERVATORY,
                   PUB_PRICE, ROW_SLOTS, WAREHOUSE)
from .moves import CARD_IDS, SLOTS, BuyCard, DiscardDrawn, Move, Observe, Pass, PlayCard, TakeCard, TakeDrawn
from .prices import EMPTY, FLAT, GROUP, IS_TRADING, TARGETS, Price
from .state import LAY_DECK, OBSERVATORY_DRAW, SPState, observable_decks, pub_limit

SEATS = range(4)
N = len(CARDS)


def _trading(make: type, seat: int, card: int, *where: str) -> dict[int, Move]:
    return {t: make(seat, CARD_IDS[card], *where, CARD_IDS[t]) for t in TARGETS[card]}


# Per seat: every move a legal list can hold.
PASS = tuple(Pass(p) for p in SEATS)
BUY = tuple(tuple(tuple(None if IS_TRADING[c] else BuyCard(p, CARD_IDS[c], SLOTS[s]) for c in range(N))
                  for s in range(len(SLOTS))) for p in SEATS)
BUY_TRADING = tuple(tuple(tuple(_trading(BuyCard, p, c, SLOTS[s]) for c in range(N)) for s in range(len(SLOTS)))
                    for p in SEATS)
TAKE = tuple(tuple(tuple(TakeCard(p, CARD_IDS[c], SLOTS[s]) for c in range(N)) for s in range(len(SLOTS)))
             for p in SEATS)
# Per seat and card in hand: its prices without the lower-row discount, colour, and the play moves.
PLAYS = tuple(tuple((FLAT[0][c], GROUP[c], None if IS_TRADING[c] else PlayCard(p, CARD_IDS[c]),
                     _trading(PlayCard, p, c)) for c in range(N)) for p in SEATS)
OBSERVE = tuple({deck: Observe(p, deck) for deck in DECKS} for p in SEATS)


def legal_moves(st: SPState) -> list[Move]:
    """The legal moves of the seat to act, in the order: pass, then buy and take slot by slot, play, observe."""
    phase = st.phase
    p = st.current
    if phase in SPECIAL:
        return SPECIAL[phase](st, p)
    moves: list[Move] = [PASS[p]]
    owned = st.owned[p]
    room = len(st.hands[p]) < (HAND_LIMIT_WAREHOUSE if owned[WAREHOUSE] else HAND_LIMIT)  # state.hand_limit
    if st.money[p] or room:  # broke with a full hand, as random players often are: nothing but pass
        _card_moves(st, p, moves, room)
    if phase == "building" and owned[OBSERVATORY]:
        obs = OBSERVE[p]
        moves.extend(obs[d] for d in observable_decks(st, p))
    return moves


def _offer(p: int, s: int, card: int) -> tuple[Price, int, BuyCard | None, dict[int, Move], TakeCard]:
    return (FLAT[s >= ROW_SLOTS][card], GROUP[card], BUY[p][s][card], BUY_TRADING[p][s][card], TAKE[p][s][card])


# Per seat, slot and card: its prices (prices.FLAT), colour, and the buy and take moves.
OFFER = tuple(tuple(tuple(_offer(p, s, c) for c in range(N)) for s in range(len(SLOTS))) for p in SEATS)


def _card_moves(st: SPState, p: int, moves: list[Move], room: bool) -> None:
    """Buy and take from the display, slot by slot, then play from hand."""
    append = moves.append
    money = st.money[p]
    owned = st.owned[p]
    flags = (0, 1 if owned[CARPENTER_WORKSHOP] else 0, 1 if owned[GOLD_SMELTER] else 0)
    free_observatories = owned[OBSERVATORY] - st.obs_used[p]
    offers = OFFER[p]
    for s, card in st.shown:
        prices, group, buy, buy_trading, take = offers[s][card]
        cost = prices[2 * owned[card] + flags[group]]
        if buy is None:  # a trading card: one move per card it may replace
            for t, c in cost:
                if owned[t] and c <= money and (t != OBSERVATORY or free_observatories > 0):
                    append(buy_trading[t])
        elif cost <= money:
            append(buy)
        if room:
            append(take)
    hand = st.hands[p]
    if not hand:
        return
    previous = EMPTY
    plays = PLAYS[p]
    for card in hand:  # sorted: a repeated card follows itself
        if card == previous:
            continue
        previous = card
        prices, group, play, play_trading = plays[card]
        cost = prices[2 * owned[card] + flags[group]]
        if play is None:
            for t, c in cost:
                if owned[t] and c <= money and (t != OBSERVATORY or free_observatories > 0):
                    append(play_trading[t])
        elif cost <= money:
            append(play)


def _pub_moves(st: SPState, p: int) -> list[Move]:
    return pub_buys(st, p)[: min(pub_limit(st, p), st.money[p] // PUB_PRICE) + 1]


def _chance_moves(st: SPState, p: int) -> list[Move]:
    """At a draw (explicit-chance mode): every card left in the deck, once."""
    return chance_cards(st, CHANCE)


def _drawn_moves(st: SPState, p: int) -> list[Move]:
    """The drawn card's three decisions (seldom reached: the plain candidates and checks)."""
    card = CARD_IDS[st.drawn]
    moves: list[Move] = [DiscardDrawn(p, card)] if check_discard(st, DiscardDrawn(p, card)) is None else []
    moves.extend(m for m in drawn_buys(st, p) if check_buy_drawn(st, m) is None)
    take = TakeDrawn(p, card)
    if check_take_drawn(st, take) is None:
        moves.append(take)
    return moves



# Phases whose moves are not the action phases' (seldom reached in play: the plain candidates and checks).
SPECIAL = {"observatory": _drawn_moves, "pub": _pub_moves,
           **{phase: _chance_moves for phase in (*LAY_DECK, OBSERVATORY_DRAW)}}
