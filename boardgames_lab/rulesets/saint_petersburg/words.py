"""Saint Petersburg moves in words: who does what, with the card's name, its price and what it will bring.

``describe(state, move)`` names seats as ``{p0}``, ``{p1}``... (``Game.describe`` puts the players' names in) and
never writes notation ("U3", "gold_miner", "@drawn"): cards by their names, slots by row and place.
"""
from __future__ import annotations

from typing import Any

from .data import CARD_INDEX, CARDS, DECKS, GROUPS, PUB_POINTS_PER_CARD, PUB_PRICE, ROW_SLOTS, TRADING
from .moves import SLOT_INDEX
from .prices import EMPTY, price
from .state import SPState, hand_limit

ORDINAL = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
DECK_NAMES = ("worker", "building", "aristocrat", "trading")
# What a card with a special ability does, in the rulebook's words (data.Card.special).
SPECIAL = {
    "pub": f"after each building scoring it sells up to {PUB_POINTS_PER_CARD} points at {PUB_PRICE} rubles each",
    "warehouse": "it raises the hand limit to 4 cards",
    "potjomkin": "a trading card replacing it counts it as worth 6 rubles",
    "observatory": "in each building phase it may draw the top card of a deck",
    "carpenter_workshop": "buildings cost its owner 1 ruble less",
    "gold_smelter": "aristocrats cost its owner 1 ruble less",
    "mariinskij": "it pays 1 ruble per own aristocrat at every building scoring",
    "tax_man": "it pays 1 ruble per own worker at every aristocrat scoring",
}


def rubles(n: int) -> str:
    return f"{n} ruble" if n == 1 else f"{n} rubles"


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def card_name(card_id: str) -> str:
    card = CARD_INDEX.get(card_id)
    return CARDS[card].name if card is not None else repr(card_id)


def yields(card: int) -> str:
    """What a card brings its owner, in the rulebook's terms ("it pays 3 rubles at every worker scoring")."""
    c = CARDS[card]
    gains = " and ".join(part for part in (rubles(c.rubles) if c.rubles else "", _points(c.points) if c.points else "")
                         if part)
    out = [f"it pays {gains} at every {GROUPS[c.group]} scoring"] if gains else []
    if c.special:
        out.append(SPECIAL[c.special])
    return "; ".join(out)


def _where(slot: str) -> str:
    i = SLOT_INDEX.get(slot)
    if i is None:
        return "from the board"
    row, place = divmod(i, ROW_SLOTS)
    return f"from the {'lower' if row else 'upper'} row ({ORDINAL[place]} place)"


def _cost(st: SPState, p: int, card: int, replaces: str, lower: bool) -> str:
    """The price in words, or "" where the move cannot be priced (a card it may not replace)."""
    target = CARD_INDEX.get(replaces, EMPTY) if replaces else EMPTY
    if CARDS[card].deck == TRADING and target == EMPTY:
        return ""
    try:
        return f" for {rubles(price(st.owned[p], card, lower, target))}"
    except (IndexError, KeyError):
        return ""


def _acquire(st: SPState, p: int, verb: str, card_id: str, replaces: str, lower: bool, where: str) -> str:
    card = CARD_INDEX.get(card_id)
    if card is None:
        return f"{{p{p}}} {verb} {card_name(card_id)} {where}".rstrip() + "."
    text = f"{{p{p}}} {verb} the {CARDS[card].name}{where}{_cost(st, p, card, replaces, lower)}"
    if replaces:
        text += f", replacing their {card_name(replaces)}"
    what = yields(card)
    return text + (f"; {what}." if what else ".")


def describe(st: SPState, move: Any) -> str:
    p, kind = move.player, move.kind
    if kind == "pass":
        return f"{{p{p}}} passes (and may act again if the phase goes on)."
    if kind == "buy":
        lower = SLOT_INDEX.get(move.slot, 0) >= ROW_SLOTS
        return _acquire(st, p, "buys", move.card, move.replaces, lower, " " + _where(move.slot))
    if kind == "play":
        return _acquire(st, p, "plays", move.card, move.replaces, False, " from hand")
    if kind == "buy_drawn":
        return _acquire(st, p, "buys", move.card, move.replaces, False, " drawn with the Observatory")
    if kind in ("take", "take_drawn"):
        where = _where(move.slot) if kind == "take" else "drawn with the Observatory"
        held = len(st.hands[p]) if 0 <= p < st.num_players else 0
        limit = hand_limit(st, p) if 0 <= p < st.num_players else 0
        return (f"{{p{p}}} takes the {card_name(move.card)} {where} into hand, paying nothing now "
                f"(hand: {held + 1} of {limit} cards).")
    if kind == "discard":
        return f"{{p{p}}} discards the {card_name(move.card)} drawn with the Observatory: it leaves the game."
    if kind == "observe":
        deck = DECK_NAMES[DECKS.index(move.deck)] if move.deck in DECKS else repr(move.deck)
        return f"{{p{p}}} turns an Observatory over to draw the top card of the {deck} deck."
    if kind == "pub":
        if move.points == 0:
            return f"{{p{p}}} buys no points at the Pub."
        return f"{{p{p}}} buys {_points(move.points)} at the Pub for {rubles(move.points * PUB_PRICE)}."
    if kind == "lay":
        card = CARD_INDEX.get(move.card)
        deck = DECK_NAMES[CARDS[card].deck] if card is not None else "its"
        return f"Chance: the {card_name(move.card)} comes off the {deck} deck into the upper row."
    if kind == "draw":
        return f"Chance: the Observatory draws the {card_name(move.card)}."
    return f"{{p{p}}} makes a move."
