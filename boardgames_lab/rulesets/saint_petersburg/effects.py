"""What each Saint Petersburg move does (it has passed its check; the hot path checks nothing again)."""
from __future__ import annotations

from bisect import insort
from typing import Any

from .data import CARD_INDEX, CARDS, DECKS, PUB_PRICE, ROW_SLOTS
from .moves import CARD_IDS, DRAWN, SLOT_INDEX
from .pricing import EMPTY, price
from .state import SPState


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def apply_move(st: SPState, move: Any) -> None:
    kind = move.kind
    p = move.player
    if kind == "pass":
        st.passes += 1
        return
    if kind == "pub":
        _buy_points(st, p, move.points)
        return
    st.passes = 0
    if kind == "observe":
        _observe(st, p, DECKS.index(move.deck))
        return
    card = CARD_INDEX[move.card]
    lower = False
    if kind in ("buy", "take"):
        i = SLOT_INDEX[move.slot]
        st.clear(i)
        st.taken = True
        lower = i >= ROW_SLOTS
    elif kind != "play":
        st.drawn = EMPTY
    if kind == "take" or kind == "take_drawn":
        insort(st.hands[p], card)  # hands stay sorted, so duplicates sit side by side
        if st.events is not None:
            st.note(f"{{p{p}}} takes {CARDS[card].name} into hand ({len(st.hands[p])} in hand).",
                    {"player": p, "card": CARD_IDS[card], "from": getattr(move, "slot", DRAWN)})
    elif kind == "discard":
        st.removed.append(card)
        if st.events is not None:
            st.note(f"{{p{p}}} discards the drawn {CARDS[card].name}.", {"player": p, "card": CARD_IDS[card]})
    else:
        if kind == "play":
            st.hands[p].remove(card)
        replaces = move.replaces
        _place(st, p, card, CARD_INDEX[replaces] if replaces else EMPTY, lower, move)


def _place(st: SPState, p: int, card: int, target: int, lower: bool, move: Any) -> None:
    """Pay for a card and put it face up in the area, replacing ``target`` for a trading card."""
    cost = price(st.owned[p], card, lower, target)
    st.money[p] -= cost
    if target != EMPTY:
        st.areas[p].remove(target)
        st.owned[p][target] -= 1
        st.removed.append(target)
    st.areas[p].append(card)
    st.owned[p][card] += 1
    if st.events is not None:
        how = "plays" if move.kind == "play" else "buys"
        source = " from hand" if move.kind == "play" else ""
        swap = f", replacing {CARDS[target].name}" if target != EMPTY else ""
        st.note(f"{{p{p}}} {how} {CARDS[card].name}{source} for {plural(cost, 'ruble')}{swap}.",
                {"player": p, "card": CARD_IDS[card], "paid": cost,
                 "replaced": CARD_IDS[target] if target != EMPTY else None,
                 "from": "hand" if move.kind == "play" else getattr(move, "slot", DRAWN)})


def _observe(st: SPState, p: int, deck: int) -> None:
    st.drawn = st.decks[deck].pop()
    st.obs_used[p] += 1
    if st.events is not None:
        st.note(f"{{p{p}}} turns an Observatory over and draws {CARDS[st.drawn].name} from the {DECKS[deck]}.",
                {"player": p, "deck": DECKS[deck], "card": CARD_IDS[st.drawn]})


def _buy_points(st: SPState, p: int, amount: int) -> None:
    st.money[p] -= PUB_PRICE * amount
    st.points[p] += amount
    st.pub_queue.remove(p)
    if st.events is not None:
        st.note(f"{{p{p}}} buys {plural(amount, 'point')} at the Pub for {plural(PUB_PRICE * amount, 'ruble')}.",
                {"player": p, "points": amount, "paid": PUB_PRICE * amount})
