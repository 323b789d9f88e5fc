"""Citadels moves in words: who does what, naming the characters, the districts, the gold and the fellow players.

``describe(state, move)`` names seats as ``{p0}``, ``{p1}``... (``Game.describe`` puts the players' names in) and
never writes notation ("p2", "trading_post", "manor>palace").
"""
from __future__ import annotations

from typing import Any

from .data import (ARCHITECT_CARDS, CARD_INDEX, CARDS, CHAR_INDEX, CHARACTERS, COLOURS, DIRECTOR_EXTRA_BUILDS,
                   GRAVEYARD_PRICE, INCOME_DRAW, INCOME_GOLD, LABORATORY_GOLD, LIBRARY, NONE, OBSERVATORY,
                   SMITHY_READINGS)
from .state import NOBODY, CitadelsState, colour_income, removal_price

# The kinds whose sentence reads the move alone, never the position: an adapter may say each such move once.
PLAIN = frozenset({"pick", "bury", "gold", "keep", "build", "lab", "play", "fortune_teller", "ticket", "acrobat"})

# What each action card does when played (the rulebook's variant section), for cards named by ``play``.
PLAYED = {
    "director": f"{DIRECTOR_EXTRA_BUILDS} more buildings may be built this turn",
    "circus_tent": "it stands in the city as a building of every colour",
    "ticket_booth": "it lies before them, and fellow players may pay 1 gold onto it to draw cards",
}


def _seat(q: int) -> str:
    return f"{{p{q}}}" if type(q) is int and q >= 0 else "nobody"


def card(card_id: str) -> str:
    """A card with its article and, for a district, its colour and cost ("the Manor (yellow, 3 gold)")."""
    i = CARD_INDEX.get(card_id)
    if i is None:
        return repr(card_id)
    c = CARDS[i]
    return f"the {c.name}" if c.action else f"the {c.name} ({COLOURS[c.colour]}, {c.cost} gold)"


def name(card_id: str) -> str:
    i = CARD_INDEX.get(card_id)
    return f"the {CARDS[i].name}" if i is not None else repr(card_id)


def character(char_id: str) -> str:
    i = CHAR_INDEX.get(char_id)
    return f"the {CHARACTERS[i].name}" if i is not None else repr(char_id)


def _as(st: CitadelsState) -> str:
    """"As the King, " while a character takes its turn."""
    return f"As the {CHARACTERS[st.tc].name}, " if 0 <= st.tc < len(CHARACTERS) else ""


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def describe(st: CitadelsState, move: Any) -> str:
    """The move as a sentence, seats written {p0}, {p1}... for the players' names."""
    for part in (_turn_words, _ability_words, _action_card_words):
        text = part(st, move)
        if text is not None:
            return text
    return f"{{p{move.player}}} makes a move."


def _turn_words(st: CitadelsState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "pick":
        return f"{who} keeps {character(move.character)} for this round."
    if kind == "bury":
        return f"{who} lays {character(move.character)} face down, out of this round."
    if kind == "gold":
        return f"{who} takes {INCOME_GOLD} gold as income."
    if kind == "draw":
        city = st.city[p] if 0 <= p < st.num_players else []
        seen = INCOME_DRAW + (1 if OBSERVATORY in city else 0)
        kept = 2 if LIBRARY in city else 1
        return f"{who} draws {_cards(seen)} as income and keeps {kept} of them."
    if kind == "keep":
        return f"{who} keeps {card(move.card)} of the cards drawn."
    if kind == "build":
        return f"{who} builds {card(move.card)} in their city."
    if kind == "income":
        char = st.tc if 0 <= st.tc < len(CHARACTERS) else None
        if char is None or CHARACTERS[char].colour == NONE:
            return f"{who} takes colour income."
        amount = colour_income(st, p, char) if 0 <= p < st.num_players else 0
        return (f"{_as(st)}{who} takes {amount} gold, 1 for each {COLOURS[CHARACTERS[char].colour]} building "
                "in their city.")
    if kind == "end":
        return f"{who} ends the {CHARACTERS[st.tc].name}'s turn." if 0 <= st.tc < 8 else f"{who} ends the turn."
    if kind == "kill":
        return f"{_as(st)}{who} murders {character(move.character)}, who loses this round's turn."
    if kind == "rob":
        return (f"{_as(st)}{who} robs {character(move.character)}: when that character is revealed, all its "
                "player's gold goes to the Thief.")
    return None


def _ability_words(st: CitadelsState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "swap":
        mine = len(st.hands[p]) if 0 <= p < st.num_players else 0
        theirs = len(st.hands[move.fellow]) if 0 <= move.fellow < st.num_players else 0
        return f"{_as(st)}{who} swaps their hand ({_cards(mine)}) for {_seat(move.fellow)}'s ({_cards(theirs)})."
    if kind == "exchange":
        return f"{_as(st)}{who} discards {name(move.card)}, to draw as many cards as they discard."
    if kind == "exchange_done":
        n = len(st.exchange)
        return f"{_as(st)}{who} draws {_cards(n)} for the {_cards(n)} discarded."
    if kind == "bonus":
        return f"{_as(st)}{who} takes 1 extra gold."
    if kind == "cards":
        return f"{_as(st)}{who} draws {_cards(ARCHITECT_CARDS)}."
    if kind == "destroy":
        b = CARD_INDEX.get(move.card)
        q = move.victim
        price = removal_price(st, q, b) if b is not None and 0 <= q < st.num_players else None
        paying = f"pays {price} gold to remove" if price else "removes" if price == 0 else "removes"
        return f"{_as(st)}{who} {paying} {name(move.card)} from {_seat(q)}'s city."
    if kind == "lab":
        return f"{who} uses the Laboratory: {name(move.card)} from hand is discarded for {LABORATORY_GOLD} gold."
    if kind == "smithy":
        pay, draw = SMITHY_READINGS[st.options["smithy"]]
        return f"{who} uses the Smithy: pays {pay} gold to draw {_cards(draw)}."
    if kind == "save":
        lost = CARDS[st.grave_card].name if 0 <= st.grave_card < len(CARDS) else "removed building"
        return f"{who} pays {GRAVEYARD_PRICE} gold at the Graveyard and takes the {lost} into hand."
    if kind == "decline":
        return f"{who} {_declines(st)}."
    return None


def _action_card_words(st: CitadelsState, move: Any) -> str | None:
    p, kind = move.player, move.kind
    who = _seat(p)
    if kind == "play":
        what = PLAYED.get(move.card)
        return f"{who} plays {name(move.card)}" + (f": {what}." if what else ".")
    if kind == "fortune_teller":
        return f"{who} plays the Fortune Teller: looks at {_seat(move.fellow)}'s hand and takes one card of it."
    if kind == "take":
        return f"{who} takes {card(move.card)} from {_seat(st.fortune)}'s hand."
    if kind == "cannon":
        old, new = CARD_INDEX.get(move.building), CARD_INDEX.get(move.card)
        paid = f", paying the {CARDS[new].cost - CARDS[old].cost} gold difference" \
            if old is not None and new is not None else ""
        return (f"{who} fires the Living Cannonball: {name(move.building)} leaves their city and "
                f"{name(move.card)} from hand takes its place{paid}.")
    if kind == "ticket":
        return f"{who} pays 1 gold onto {_seat(move.owner)}'s Ticket Booth and draws 2 cards to keep 1."
    if kind == "cash":
        q, i = st.cash_owner, st.cash_booth
        gold = st.booths[q][i] if q != NOBODY and 0 <= i < len(st.booths[q]) else 0
        return f"{who} discards the Ticket Booth and takes the {gold} gold on it."
    if kind == "acrobat":
        return f"{who} plays the Acrobat and takes the crown, as the King stays silent."
    if kind == "rasputin":
        murdered = CHARACTERS[st.rank].name if 0 <= st.rank < 8 else "murdered character"
        return f"{who} plays Rasputin: the murdered {murdered} takes the turn after all."
    if kind == "draw_card":
        return f"Chance: {name(move.card)} comes off the deck."
    if kind == "lay":
        return f"Chance: {character(move.character)} is laid aside face {'up' if move.face_up else 'down'}."
    return None


def _declines(st: CitadelsState) -> str:
    """What letting a question pass means in the phase at hand."""
    if st.phase == "graveyard":
        lost = CARDS[st.grave_card].name if 0 <= st.grave_card < len(CARDS) else "removed building"
        return f"lets the {lost} go to the discard pile instead of saving it with the Graveyard"
    if st.phase == "cash":
        return "leaves the gold on the Ticket Booth"
    if st.phase == "rasputin":
        return "plays no Rasputin"
    if st.phase == "acrobat":
        return "plays no Acrobat"
    return "declines"


# --- the things on the table: what each is and when it can be used (the board's "why not?" on any of them) ---

POWERS = {  # each character's power, in the rulebook's words
    "assassin": "names a character, who loses their whole turn",
    "thief": "names a character (not the Assassin or the murdered one) and takes all their gold when they are "
             "called",
    "wizard": "swaps hands with a fellow player, or discards any cards to draw as many",
    "king": "takes the crown and 1 gold for each yellow building in their city",
    "bishop": "takes 1 gold for each blue building; the Warlord may not destroy their buildings",
    "merchant": "takes 1 more gold and 1 gold for each green building",
    "architect": f"draws {ARCHITECT_CARDS} more cards and may build up to 3 buildings",
    "warlord": "takes 1 gold for each red building and may destroy a building, paying its cost less 1 gold",
}


def _district(card_id: str) -> str:
    c = CARDS[CARD_INDEX[card_id]]
    if c.action:
        return f"the {c.name}, an action card: when played, {PLAYED.get(card_id, 'it acts at once')}"
    return f"{card(card_id)}, worth {c.points} point{'' if c.points == 1 else 's'} in a city"


def thing(st: CitadelsState, target: str) -> str | None:
    """What the thing ``target`` names on the table is and when it can be used, or None for no such thing."""
    kind, _, rest = target.partition(":")
    seat, _, card_id = rest.partition(":")
    if kind == "char" and rest in CHAR_INDEX:
        c = CHARACTERS[CHAR_INDEX[rest]]
        return (f"The {c.name}, character {c.rank}: it {POWERS[rest]}. Each player chooses a character in the "
                "draft; the characters are called in their order, and the one who chose it then takes its turn.")
    if kind == "player" and rest.isdigit() and int(rest) < st.num_players:
        p = int(rest)
        return (f"{{p{p}}}: {st.gold[p]} gold, {_cards(len(st.hands[p]))} in hand, "
                f"{len(st.city[p])} buildings in their city. Powers name a fellow player here: the Wizard's swap of "
                "hands, the Warlord's destruction of a building.")
    if kind in ("hand", "city") and seat.isdigit() and int(seat) < st.num_players and card_id in CARD_INDEX:
        owner = f"{{p{seat}}}"
        if kind == "hand":
            verb = "play" if CARDS[CARD_INDEX[card_id]].action else "build"
            return (f"{_district(card_id)[0].upper()}{_district(card_id)[1:]}; in {owner}'s hand: {owner} may "
                    f"{verb} it in their character's turn, after taking income, paying its cost in gold.")
        return (f"{_district(card_id)[0].upper()}{_district(card_id)[1:]}; built in {owner}'s city. It counts at "
                "the end of the game; the Warlord may destroy it, paying its cost less 1 gold.")
    if kind == "drawn" and rest in CARD_INDEX:
        return (f"{_district(rest)[0].upper()}{_district(rest)[1:]}; drawn as income this turn: the player keeps "
                "one of the cards drawn and discards the others.")
    return None


# --- the action-card variant: its phases and move kinds are left out of the words of a game without it ---

VARIANT_PHASES = frozenset({"fortune", "cash", "rasputin", "acrobat"})
VARIANT_KINDS = frozenset({"cash", "play", "fortune_teller", "take", "cannon", "ticket", "acrobat", "rasputin"})


def off_phases(options: dict[str, Any]) -> frozenset[str]:
    """The phases no game with these options reaches (the phase panel leaves them out)."""
    return frozenset() if options.get("action_cards") else VARIANT_PHASES


def off_kinds(options: dict[str, Any]) -> frozenset[str]:
    """The move kinds no game with these options offers."""
    return frozenset() if options.get("action_cards") else VARIANT_KINDS
