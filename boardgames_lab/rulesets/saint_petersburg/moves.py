"""Saint Petersburg moves: one small frozen value per kind, with the rulebook's field names.

=============================  ===================  ==================================================
notation                       value                meaning
=============================  ===================  ==================================================
``pass``                       ``Pass``             pass this turn
``buy market@U3``              ``BuyCard``          buy the Market lying in upper-row slot 3 (``L`` = lower row)
``buy wharf@L2>ship_builder``  ``BuyCard``          buy a trading card, replacing an own Ship Builder
``take market@U3``             ``TakeCard``         take the card into hand
``play market``                ``PlayCard``         play a card from hand (``play wharf>ship_builder``)
``observe buildings``          ``Observe``          use an Observatory: draw the top card of that deck
``buy bank@drawn>market``      ``BuyDrawn``         buy the card drawn with the Observatory
``take bank@drawn``            ``TakeDrawn``        take the drawn card into hand
``discard bank@drawn``         ``DiscardDrawn``     discard the drawn card
``pub 3``                      ``BuyPoints``        buy 3 points with the Pub after the building scoring
``lay market``                 ``LayCard``          chance: the deck's top card, a Market, goes into the upper row
``draw bank``                  ``DrawCard``         chance: the Observatory draws a Bank from the top of its deck
=============================  ===================  ==================================================

The notation names no seat: ``parse(state, text, seat)`` makes the move of ``seat``. The two chance moves are
made by ``CHANCE`` (core.moves): where a card comes off a face-down deck, they name the card it is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ...core.errors import InvalidNotation
from ...core.moves import WHOLE_DIGITS, Move, whole_number
from .data import CARD_INDEX, CARDS, DECKS, ROW_SLOTS

SLOTS = tuple(f"U{i}" for i in range(1, ROW_SLOTS + 1)) + tuple(f"L{i}" for i in range(1, ROW_SLOTS + 1))
SLOT_INDEX = {name: i for i, name in enumerate(SLOTS)}
DRAWN = "drawn"


def _replacing(replaces: str) -> str:
    return f">{replaces}" if replaces else ""


@dataclass(frozen=True, slots=True)
class Pass(Move):
    kind = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class BuyCard(Move):
    """Buy the ``card`` lying in display ``slot``; a trading card names the own card it ``replaces``."""

    card: str
    slot: str
    replaces: str = ""
    kind = "buy"

    def __str__(self) -> str:
        return f"buy {self.card}@{self.slot}{_replacing(self.replaces)}" if self.card else f"buy {self.slot}"


@dataclass(frozen=True, slots=True)
class TakeCard(Move):
    """Take the ``card`` lying in display ``slot`` into hand."""

    card: str
    slot: str
    kind = "take"

    def __str__(self) -> str:
        return f"take {self.card}@{self.slot}" if self.card else f"take {self.slot}"


@dataclass(frozen=True, slots=True)
class PlayCard(Move):
    """Play the ``card`` from hand; a trading card names the own card it ``replaces``."""

    card: str
    replaces: str = ""
    kind = "play"

    def __str__(self) -> str:
        return f"play {self.card}{_replacing(self.replaces)}"


@dataclass(frozen=True, slots=True)
class Observe(Move):
    """Turn an Observatory over and draw the top card of ``deck``."""

    deck: str
    kind = "observe"

    def __str__(self) -> str:
        return f"observe {self.deck}"


@dataclass(frozen=True, slots=True)
class BuyDrawn(Move):
    """Buy the ``card`` drawn with the Observatory (a trading card names what it ``replaces``)."""

    card: str
    replaces: str = ""
    kind = "buy_drawn"

    def __str__(self) -> str:
        return f"buy {self.card}@{DRAWN}{_replacing(self.replaces)}"


@dataclass(frozen=True, slots=True)
class TakeDrawn(Move):
    """Take the ``card`` drawn with the Observatory into hand."""

    card: str
    kind = "take_drawn"

    def __str__(self) -> str:
        return f"take {self.card}@{DRAWN}"


@dataclass(frozen=True, slots=True)
class DiscardDrawn(Move):
    """Discard the ``card`` drawn with the Observatory: it leaves the game."""

    card: str
    kind = "discard"

    def __str__(self) -> str:
        return f"discard {self.card}@{DRAWN}"


@dataclass(frozen=True, slots=True)
class BuyPoints(Move):
    """At the Pub, buy ``points`` victory points at 2 rubles each."""

    points: int
    kind = "pub"

    def __str__(self) -> str:
        return f"pub {self.points}"


@dataclass(frozen=True, slots=True)
class LayCard(Move):
    """Chance turns ``card`` up from the deck being laid out into the upper row's leftmost empty slot."""

    card: str
    kind = "lay"

    def __str__(self) -> str:
        return f"lay {self.card}"


@dataclass(frozen=True, slots=True)
class DrawCard(Move):
    """Chance: ``card`` is the top card of the deck an Observatory draws from."""

    card: str
    kind = "draw"

    def __str__(self) -> str:
        return f"draw {self.card}"


MOVE_CLASSES = (Pass, BuyCard, TakeCard, PlayCard, Observe, BuyDrawn, TakeDrawn, DiscardDrawn, BuyPoints, LayCard,
                DrawCard)
_CHANCE_MOVES = {"lay": LayCard, "draw": DrawCard}

_CARD_MOVE = re.compile(r"^(buy|take|play|discard) ([a-z_]+)(?:@([A-Za-z0-9]+))?(?:>([a-z_]+))?$")
_SLOT_ONLY = re.compile(r"^(buy|take) ([UuLl][1-8])((?:>[a-z_]+)?)$")
EXAMPLES = "examples: 'pass', 'buy market@U3', 'take market@L1', 'play wharf>ship_builder', " \
           "'observe buildings', 'pub 2'"


def parse(text: str, seat: int = 0, board: Any = None) -> Move:
    """Read a move's notation for ``seat`` (syntax and names only; legality is the checks' business).

    ``board(slot)`` gives the card id lying in a slot ("" if empty), so that ``buy U3`` reads as
    ``buy <card at U3>@U3``; a slot named alone that is empty still gives a move, which the check refuses.
    """
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = " ".join(text.strip().split())
    verb, _, rest = words.partition(" ")
    verb = verb.lower()
    words = f"{verb} {rest}" if rest else verb
    if verb in ("buy", "take", "play", "discard") and rest and not _SLOT_ONLY.match(words):
        words = _named(verb, rest, text, board)
    elif verb == "observe" or verb in _CHANCE_MOVES:
        words = f"{verb} {card_id(rest) or rest.lower()}" if verb in _CHANCE_MOVES else f"{verb} {rest.lower()}"
    if words == "pass":
        return Pass(seat)
    if words.startswith("pub "):
        return BuyPoints(seat, _points(words[4:], text))
    if words.startswith("observe "):
        if words[8:] not in DECKS:
            raise InvalidNotation(f"{text!r}: observe one of the decks {', '.join(DECKS)}")
        return Observe(seat, words[8:])
    verb, _, card = words.partition(" ")
    if verb in _CHANCE_MOVES:
        if card not in CARD_INDEX:
            raise InvalidNotation(f"{text!r}: name the card that comes off the deck, e.g. '{verb} market'")
        return _CHANCE_MOVES[verb](seat, card)
    short = _SLOT_ONLY.match(words)
    if short and board is not None:
        kind, slot, replaces = short.groups()
        card = board(slot.upper())
        if not card:
            _known(replaces[1:], text)
            return BuyCard(seat, "", slot.upper(), replaces[1:]) if kind == "buy" else TakeCard(seat, "", slot.upper())
        words = f"{kind} {card}@{slot.upper()}{replaces}"
    return _card_move(words, text, seat)


def _key(name: str) -> str:
    """A card's name or id as typed, compared without case, spaces or punctuation ("Gold Miner", "gold_miner")."""
    return "".join(ch for ch in name.lower() if ch.isalnum())


CARD_KEYS = {**{_key(c.name): c.id for c in CARDS}, **{_key(c.id): c.id for c in CARDS}}


def card_id(name: str) -> str:
    """The id of the card ``name`` names, in any case, by id or by name ("" if none)."""
    return CARD_KEYS.get(_key(name), "")


_PARTS = re.compile(r"^([^@>]+?)\s*(?:@\s*([A-Za-z0-9]+))?\s*(?:>\s*(.+))?$")


def _named(verb: str, rest: str, text: str, board: Any) -> str:
    """A card move as typed, its cards named in any case by id or name, and the slot left out where the card
    lies in one slot only ("buy Library" for the one Library on the board), in notation."""
    parts = _PARTS.match(rest)
    if not parts:
        return f"{verb} {rest}"
    name, slot, replaces = parts.group(1), parts.group(2) or "", parts.group(3) or ""
    card = card_id(name) or name.lower()
    replaced = (card_id(replaces) or replaces.lower()) if replaces else ""
    if not slot and verb in ("buy", "take") and board is not None and card in CARD_INDEX:
        found = [where for where in SLOTS if board(where) == card]
        if len(found) != 1:
            where = f"lies in {', '.join(found)}" if found else "lies nowhere on the board"
            raise InvalidNotation(f"{text!r}: the {CARDS[CARD_INDEX[card]].name} {where}; name the card of a slot, "
                                  f"e.g. '{verb} {card}@{found[0] if found else 'U1'}'")
        slot = found[0]
    return f"{verb} {card}" + (f"@{slot}" if slot else "") + (f">{replaced}" if replaced else "")


def _points(amount: str, text: str) -> int:
    points = whole_number(amount)
    if points is None:
        raise InvalidNotation(f"{text!r}: 'pub' takes a whole number of points (at most {WHOLE_DIGITS} digits), "
                              f"e.g. 'pub 2'")
    return points


def _known(name: str, text: str) -> None:
    if name and name not in CARD_INDEX:
        raise InvalidNotation(f"{text!r}: no card called {name!r}")


def _card_move(words: str, text: str, seat: int) -> Move:
    match = _CARD_MOVE.match(words)
    if not match:
        raise InvalidNotation(f"{text!r} is not a Saint Petersburg move; {EXAMPLES}")
    kind, card, slot, replaces = match.groups()
    slot, replaces = slot or "", replaces or ""
    slot = DRAWN if slot.lower() == DRAWN else slot.upper()
    _known(card, text)
    _known(replaces, text)
    if slot and slot not in SLOT_INDEX and slot != DRAWN:
        raise InvalidNotation(f"{text!r}: {slot!r} is not a display slot (U1..U8, L1..L8 or 'drawn')")
    if kind == "play":
        if slot:
            raise InvalidNotation(f"{text!r}: a card played from hand has no slot")
        return PlayCard(seat, card, replaces)
    if not slot:
        raise InvalidNotation(f"{text!r}: say where the card lies, e.g. '{kind} {card}@U1'")
    if kind != "buy" and replaces:
        raise InvalidNotation(f"{text!r}: only a bought or played trading card replaces a card")
    if kind == "discard":
        if slot != DRAWN:
            raise InvalidNotation(f"{text!r}: only the card drawn with the Observatory can be discarded ('@drawn')")
        return DiscardDrawn(seat, card)
    if slot == DRAWN:
        return BuyDrawn(seat, card, replaces) if kind == "buy" else TakeDrawn(seat, card)
    return BuyCard(seat, card, slot, replaces) if kind == "buy" else TakeCard(seat, card, slot)


CARD_IDS = tuple(c.id for c in CARDS)
