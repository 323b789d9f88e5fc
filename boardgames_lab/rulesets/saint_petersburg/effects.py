"""What each Saint Petersburg move does (it has passed its check; the hot path checks nothing again)."""
from __future__ import annotations

from bisect import insort
from typing import Any

from .data import CARD_INDEX, CARDS, DECK_WHAT, DECKS, PUB_PRICE, ROW_SLOTS
from .moves import CARD_IDS, DRAWN, SLOT_INDEX, BuyCard, Pass, PlayCard, TakeCard
from .prices import DISCOUNT_CARD, EMPTY, FLAT, GROUP, price
from .state import COLOURS, KEYED, LAY_DECK, NO_DECK, PLACES, SCORE_OF, SPState


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def apply_move(st: SPState, move: Any) -> None:
    # By the move's type, the most frequent first: each branch reads the fields of one type of move, which the
    # interpreter then reads at once (a field read where several types meet is looked up every time).
    made = type(move)
    if made is Pass:
        st.passes += 1
    elif made is BuyCard:
        p, card, i = move.player, CARD_INDEX[move.card], SLOT_INDEX[move.slot]
        st.passes, st.taken = 0, True
        (st.upper if i < ROW_SLOTS else st.lower)[i % ROW_SLOTS] = EMPTY  # state.clear, written out
        st.shown.remove(i * PLACES + card)
        if move.replaces:
            _place(st, p, card, move.replaces, i >= ROW_SLOTS, move)
        else:
            _pay(st, p, card, i >= ROW_SLOTS, move)
    elif made is TakeCard:
        p, card, i = move.player, CARD_INDEX[move.card], SLOT_INDEX[move.slot]
        st.passes, st.taken = 0, True
        (st.upper if i < ROW_SLOTS else st.lower)[i % ROW_SLOTS] = EMPTY
        st.shown.remove(i * PLACES + card)
        insort(st.hands[p], card)  # _to_hand, written out: hands stay sorted, duplicates side by side
        if st.events is not None:
            _took(st, p, card, move.slot)
    elif made is PlayCard:
        st.passes = 0
        p, card = move.player, CARD_INDEX[move.card]
        st.hands[p].remove(card)
        if move.replaces:
            _place(st, p, card, move.replaces, False, move)
        else:
            _pay(st, p, card, False, move)
    else:
        _seldom(st, move)


def _seldom(st: SPState, move: Any) -> None:
    """The moves of the other phases: a card laid or drawn, the Pub's points, the Observatory's."""
    kind = move.kind
    if kind == "lay":
        lay_card(st, LAY_DECK[st.phase], CARD_INDEX[move.card])
    elif kind == "pub":
        _buy_points(st, move.player, move.points)
    elif kind == "draw":
        _draw(st, CARD_INDEX[move.card])
    else:
        st.passes = 0
        _observatory(st, move)


def _observatory(st: SPState, move: Any) -> None:
    """Draw with an Observatory, or settle the card it drew."""
    kind, p = move.kind, move.player
    if kind == "observe":
        _observe(st, p, DECKS.index(move.deck))
        return
    card = st.drawn
    st.drawn = EMPTY
    if kind == "take_drawn":
        _to_hand(st, p, card, DRAWN)
    elif kind == "buy_drawn":
        _place(st, p, card, move.replaces, False, move)
    else:
        st.removed.append(card)
        if st.events is not None:
            st.note(f"{{p{p}}} discards the drawn {CARDS[card].name}.", {"player": p, "card": CARD_IDS[card]})


def _to_hand(st: SPState, p: int, card: int, source: str) -> None:
    insort(st.hands[p], card)  # hands stay sorted, so duplicates sit side by side
    if st.events is not None:
        _took(st, p, card, source)


def _took(st: SPState, p: int, card: int, source: str) -> None:
    st.note(f"{{p{p}}} takes {CARDS[card].name} into hand ({len(st.hands[p])} in hand).",
            {"player": p, "card": CARD_IDS[card], "from": source})


def _place(st: SPState, p: int, card: int, replaces: str, lower: bool, move: Any) -> None:
    """Pay for a card and put it face up in the area, replacing an own card for a trading card."""
    if not replaces:
        _pay(st, p, card, lower, move)
        return
    owned, area, scored = st.owned[p], st.areas[p], st.scored
    target = CARD_INDEX[replaces]
    cost = price(owned, card, lower, target)
    area.remove(target)  # state.give_up, written out
    owned[target] -= 1
    scored[COLOURS * p + GROUP[target]] -= SCORE_OF[target]
    if not owned[target]:
        st.held[p] &= ~(1 << target)
    st.removed.append(target)
    st.money[p] -= cost
    area.append(card)  # state.acquire, written out
    owned[card] += 1
    scored[COLOURS * p + GROUP[card]] += SCORE_OF[card]
    st.held[p] |= 1 << card
    if KEYED[card] or KEYED[target]:
        st.rekey(p)
    if st.events is not None:
        _placed(st, p, card, cost, target, move)


def _pay(st: SPState, p: int, card: int, lower: bool, move: Any) -> None:
    """``_place`` for a card that replaces none (the common case): one price look-up (prices.price)."""
    owned = st.owned[p]
    which = DISCOUNT_CARD[card]
    cost = FLAT[lower][card][2 * owned[card] + (1 if which >= 0 and owned[which] else 0)]
    st.money[p] -= cost
    st.areas[p].append(card)  # state.acquire, written out
    owned[card] += 1
    st.scored[COLOURS * p + GROUP[card]] += SCORE_OF[card]
    st.held[p] |= 1 << card
    if KEYED[card]:
        st.rekey(p)
    if st.events is not None:
        _placed(st, p, card, cost, EMPTY, move)


def _placed(st: SPState, p: int, card: int, cost: int, target: int, move: Any) -> None:
    """The log's line for a card bought or played (``cost`` paid, ``target`` replaced or EMPTY)."""
    how = "plays" if move.kind == "play" else "buys"
    source = " from hand" if move.kind == "play" else ""
    swap = f", replacing {CARDS[target].name}" if target != EMPTY else ""
    st.note(f"{{p{p}}} {how} {CARDS[card].name}{source} for {plural(cost, 'ruble')}{swap}.",
            {"player": p, "card": CARD_IDS[card], "paid": cost,
             "replaced": CARD_IDS[target] if target != EMPTY else None,
             "from": "hand" if move.kind == "play" else getattr(move, "slot", DRAWN)})


def _observe(st: SPState, p: int, deck: int) -> None:
    """The Observatory turns over; chance then draws the deck's top card (observatory_draw)."""
    st.observing = deck
    st.obs_used[p] += 1
    st.rekey(p)
    if st.events is not None:
        st.note(f"{{p{p}}} turns an Observatory over to draw from the {DECKS[deck]}.",
                {"player": p, "deck": DECKS[deck]})


def _draw(st: SPState, card: int) -> None:
    deck, p = st.observing, st.current
    pile = st.decks[deck]
    if pile[-1] != card:
        _to_top(pile, card)
    st.drawn = pile.pop()
    st.observing = NO_DECK
    if st.events is not None:
        st.note(f"{{p{p}}} draws {CARDS[card].name} from the {DECKS[deck]}.",
                {"player": p, "deck": DECKS[deck], "card": CARD_IDS[card]})


# --- chance: cards come off the top of a face-down deck (saint_petersburg.deck.top_card) -----------------

def top_card(st: SPState, deck: int) -> int:
    """Normal play's draw: the top card of ``deck``, fixed by its shuffle at set-up, so the chance record
    lists it as a draw that takes no generator step, with the chance of its kind among the cards left."""
    pile = st.decks[deck]
    card = pile[-1]
    if st.rng.record is not None:
        st.rng.top(pile.count(card), len(pile), CARD_IDS[card], what=DECK_WHAT[deck])
    return card


# In normal play the card is the deck's top card, popped at once; a card the caller chose in explicit-chance
# mode (any card left) is first swapped with the top one, so the deck stays a deck.
def _to_top(pile: list[int], card: int) -> None:
    at = len(pile) - 1 - pile[::-1].index(card)
    pile[at], pile[-1] = pile[-1], pile[at]


def lay_card(st: SPState, deck: int, card: int) -> None:
    """Turn ``card`` of ``deck`` up into the upper row; laying a deck's last card ends the game after this round."""
    pile = st.decks[deck]
    if pile[-1] != card:
        _to_top(pile, card)
    pile.pop()
    slot = st.lay_upper(card)
    st.to_lay -= 1
    if not pile:
        st.end_triggered = True  # saint_petersburg.end.trigger
    if st.events is not None:
        st.note(f"New card from the {DECKS[deck]} deck in the upper row: {CARDS[card].name} (U{slot + 1}).",
                {"deck": DECKS[deck], "card": CARD_IDS[card], "slot": f"U{slot + 1}"})
        if not st.decks[deck]:
            st.note(f"The {DECKS[deck]} deck is empty: this round is the last.", {"end_triggered": True})


def lay_top_cards(st: SPState, deck: int, count: int) -> None:
    """``count`` cards of ``deck`` turned up at once, top card first, as ``lay_card`` would turn them one by one
    (normal play with no log or chance record to write)."""
    if count <= 0:
        return
    pile = st.decks[deck]
    st.lay_upper_cards(pile, count)
    st.to_lay -= count
    if not pile:
        st.end_triggered = True  # saint_petersburg.end.trigger


def _buy_points(st: SPState, p: int, amount: int) -> None:
    st.money[p] -= PUB_PRICE * amount
    st.points[p] += amount
    st.pub_queue.remove(p)
    if st.events is not None:
        st.note(f"{{p{p}}} buys {plural(amount, 'point')} at the Pub for {plural(PUB_PRICE * amount, 'ruble')}.",
                {"player": p, "points": amount, "paid": PUB_PRICE * amount})
