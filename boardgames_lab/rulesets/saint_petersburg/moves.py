"""Saint Petersburg moves: immutable values whose text notation round-trips exactly.

=============================  =========================================================
notation                       meaning
=============================  =========================================================
``pass``                       pass this turn
``buy market@U3``              buy the Market lying in upper-row slot 3 (``L`` = lower row)
``buy wharf@L2>ship_builder``  buy a trading card, replacing an own Ship Builder
``take market@U3``             take the card into hand
``play market``                play a card from hand (``play wharf>ship_builder`` for a trading card)
``observe buildings``          use an Observatory: draw the top card of that deck
``buy bank@drawn>market``      buy the card drawn with the Observatory (``take`` / ``discard`` too)
``pub 3``                      buy 3 points with the Pub after the building scoring
=============================  =========================================================
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ...core.errors import InvalidNotation
from .data import CARD_INDEX, DECKS, ROW_SLOTS

SLOTS = tuple(f"U{i}" for i in range(1, ROW_SLOTS + 1)) + tuple(f"L{i}" for i in range(1, ROW_SLOTS + 1))
DRAWN = "drawn"
KINDS = ("pass", "buy", "take", "play", "observe", "discard", "pub")


class Move(NamedTuple):
    kind: str
    card: str = ""  # card id from the data table
    slot: str = ""  # "U1".."U8", "L1".."L8", "drawn", a deck name for observe, "" for a hand card
    target: str = ""  # the own card a trading card replaces
    amount: int = 0  # points bought with the Pub

    def __str__(self) -> str:
        # Any field may hold a hand-built wrong value; the text must still be printable in a refusal.
        kind = self.kind
        if kind == "pass":
            return "pass"
        if kind == "pub":
            return f"pub {_number(self.amount)}"
        if kind == "observe":
            return f"observe {self.slot}"
        if not self.card:  # "take U3" naming an empty slot: refused, but shown as typed
            return f"{kind} {self.slot}"
        text = f"{kind} {self.card}"
        if self.slot:
            text += f"@{self.slot}"
        if self.target:
            text += f">{self.target}"
        return text


def _number(value: object) -> str:
    """A whole number as notation; a value equal to one (``True``, ``2.0``) prints as that number."""
    if type(value) is int:
        return str(value)
    if isinstance(value, (bool, float)) and float(value).is_integer():
        return str(int(value))
    return repr(value)


PASS = Move("pass")

_CARD_MOVE = re.compile(r"^(buy|take|play|discard) ([a-z_]+)(?:@([A-Za-z0-9]+))?(?:>([a-z_]+))?$")


def parse(text: str) -> Move:
    """Read a move's notation (syntax and names only; legality is the game's business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = " ".join(text.strip().split())
    if words == "pass":
        return PASS
    if words.startswith("pub "):
        amount = words[4:]
        if not (amount.isascii() and amount.isdigit()):  # "²" and "٣" are digits to str.isdigit
            raise InvalidNotation(f"{text!r}: 'pub' takes a whole number of points, e.g. 'pub 2'")
        return Move("pub", amount=int(amount))
    if words.startswith("observe "):
        deck = words[8:]
        if deck not in DECKS:
            raise InvalidNotation(f"{text!r}: observe one of the decks {', '.join(DECKS)}")
        return Move("observe", slot=deck)
    match = _CARD_MOVE.match(words)
    if not match:
        raise InvalidNotation(f"{text!r} is not a Saint Petersburg move; examples: 'pass', 'buy market@U3', "
                              "'take market@L1', 'play wharf>ship_builder', 'observe buildings', 'pub 2'")
    kind, card, slot, target = match.groups()
    slot = slot or ""
    if slot.lower() == DRAWN:
        slot = DRAWN
    slot = slot.upper() if slot != DRAWN else slot
    for name in (card, target):
        if name and name not in CARD_INDEX:
            raise InvalidNotation(f"{text!r}: no card called {name!r}")
    if slot and slot not in SLOTS and slot != DRAWN:
        raise InvalidNotation(f"{text!r}: {slot!r} is not a display slot (U1..U8, L1..L8 or 'drawn')")
    if kind in ("buy", "take") and not slot:
        raise InvalidNotation(f"{text!r}: say where the card lies, e.g. '{kind} {card}@U1'")
    if kind == "play" and slot:
        raise InvalidNotation(f"{text!r}: a card played from hand has no slot")
    if kind == "discard" and slot != DRAWN:
        raise InvalidNotation(f"{text!r}: only the card drawn with the Observatory can be discarded ('@drawn')")
    return Move(kind, card, slot, target or "")
