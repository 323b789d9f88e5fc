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
# The kinds whose sentence reads the move alone, never the position: an adapter may say each such move once.
PLAIN = frozenset({"pass", "pub", "observe", "discard"})
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


# What each card brings, as an acquisition's sentence ends: "; it pays 3 rubles at every worker scoring." or ".".
BRINGS = tuple(f"; {what}." if what else "." for what in map(yields, range(len(CARDS))))


def row_and_place(slot: str) -> tuple[str, str] | None:
    """A display slot's row and place in words ("upper", "third"), or None for a slot not on the display."""
    i = SLOT_INDEX.get(slot)
    if i is None:
        return None
    row, place = divmod(i, ROW_SLOTS)
    return ("lower" if row else "upper"), ORDINAL[place]


def slot_words(slot: str) -> str:
    where = row_and_place(slot)
    return "from the board" if where is None else f"from the {where[0]} row ({where[1]} place)"


SLOT_WORDS = {slot: slot_words(slot) for slot in SLOT_INDEX}  # each display slot's words, said once


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
    return text + BRINGS[card]


def describe(st: SPState, move: Any) -> str:
    p, kind = move.player, move.kind
    if kind == "pass":
        return f"{{p{p}}} passes (and may act again if the phase goes on)."
    if kind == "buy":
        lower = SLOT_INDEX.get(move.slot, 0) >= ROW_SLOTS
        where = SLOT_WORDS.get(move.slot) or slot_words(move.slot)
        return _acquire(st, p, "buys", move.card, move.replaces, lower, " " + where)
    if kind == "play":
        return _acquire(st, p, "plays", move.card, move.replaces, False, " from hand")
    if kind == "buy_drawn":
        return _acquire(st, p, "buys", move.card, move.replaces, False, " drawn with the Observatory")
    if kind in ("take", "take_drawn"):
        where = (SLOT_WORDS.get(move.slot) or slot_words(move.slot)) if kind == "take" else "drawn with the Observatory"
        held, limit = (len(st.hands[p]), hand_limit(st, p)) if 0 <= p < st.num_players else (0, 0)
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


# --- the things on the table: what each is and when it can be used (the board's "why not?" on any of them) ---

def _card_text(card: int) -> str:
    """A card's kind, price and yield: "a worker card, price 4 rubles; it pays 3 rubles at every worker scoring"."""
    c = CARDS[card]
    what = f"a {DECK_NAMES[c.deck]} card" + (f" counted as {GROUPS[c.group]}" if c.deck == TRADING else "")
    brings = yields(card)
    return f"{what.replace('a a', 'an a')}, price {rubles(c.cost)}" + (f"; {brings}" if brings else "")


def _own_use(card: int, owner: str) -> str:
    special = CARDS[card].special
    if special == "observatory":
        return f"{owner} may turn it over in a building phase to draw the top card of a deck"
    if special == "pub":
        return f"{owner} may buy points with it after each building scoring"
    return f"it works for {owner} alone; no one can buy or use another player's card"


def _row_place(st: SPState, slot: str) -> str:
    i = SLOT_INDEX[slot]
    card, where = (st.lower if i >= ROW_SLOTS else st.upper)[i % ROW_SLOTS], slot_words(slot)[len("from "):]
    if card == EMPTY:
        fill = "cards left in the upper row move down into it at the end of a round" if i >= ROW_SLOTS else \
            "the cards laid at the start of each phase fill the upper row"
        return f"An empty place in {where}: {fill}."
    cheaper = "; cards in the lower row cost 1 ruble less" if i >= ROW_SLOTS else ""
    return (f"The {CARDS[card].name} in {where}: {_card_text(card)}. The player to act may buy it or take it into "
            f"hand on their turn{cheaper}.")


def thing(st: SPState, target: str) -> str | None:
    """What the thing ``target`` names on the table is and when it can be used, or None for no such thing."""
    kind, _, rest = target.partition(":")
    if kind == "deck" and rest in DECKS:
        d = DECKS.index(rest)
        return (f"The {DECK_NAMES[d]} deck, {len(st.decks[d])} cards face down: its cards are laid into the upper "
                f"row at the start of the {DECK_NAMES[d]} phase; an Observatory's owner may draw its top card in a "
                "building phase.")
    if kind == "row" and rest in SLOT_INDEX:
        return _row_place(st, rest)
    seat, _, card_id = rest.partition(":")
    card = CARD_INDEX.get(card_id)
    if kind in ("hand", "area") and seat.isdigit() and int(seat) < st.num_players and card is not None:
        owner, name = f"{{p{seat}}}", CARDS[card].name
        if kind == "hand":
            return (f"The {name} in {owner}'s hand: {_card_text(card)}. {owner} may play it on their turn in any "
                    "phase, paying its price.")
        return f"{owner}'s {name}, in play: {_card_text(card)}. {_own_use(card, owner)[0].upper()}{_own_use(card, owner)[1:]}."
    if kind == "drawn" and st.drawn != EMPTY:
        return (f"The {CARDS[st.drawn].name} drawn with an Observatory: {_card_text(st.drawn)}. The Observatory's "
                "owner buys it, takes it into hand or discards it now.")
    return None
