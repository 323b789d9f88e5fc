"""Citadels moves: immutable values whose text notation round-trips exactly.

=========================  =================================================================================
notation                   meaning
=========================  =================================================================================
``pick king``              draft: keep a character
``bury thief``             draft with 2 players: lay a character face down
``gold``                   income: take 2 gold
``draw``                   income: draw cards to keep one (``keep manor`` then keeps the Manor)
``build manor``            build a hand card in the city
``income``                 colour income (King, Bishop, Merchant, Warlord)
``kill thief``             the Assassin murders the Thief
``rob bishop``             the Thief robs the Bishop
``swap p2``                the Wizard swaps hands with player 2
``exchange manor``         the Wizard discards the Manor (more may follow; ``exchange done`` draws as many)
``bonus``                  the Merchant's extra gold
``cards``                  the Architect's two cards
``destroy manor p2``       the Warlord removes player 2's Manor
``lab tavern``             the Laboratory: discard the Tavern for 1 gold
``smithy``                 the Smithy: pay gold, draw cards
``save``                   the Graveyard's owner buys the removed building (``decline`` lets it go)
``play director``          play an action card; ``play fortune_teller p2`` looks at player 2's hand
``take manor``             take the Manor seen with the Fortune Teller
``cannon manor>palace``    the Living Cannonball: the Manor goes, the Palace comes
``ticket p2``              pay 1 gold onto player 2's Ticket Booth (its owner may then ``cash`` or ``decline``)
``play acrobat``           answer a reaction window with the Acrobat (or Rasputin); ``decline`` to pass
``end``                    end the turn
=========================  =================================================================================
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ...core.errors import InvalidNotation
from .data import CARD_INDEX, CHAR_INDEX

CHAR_KINDS = ("pick", "bury", "kill", "rob")
CARD_KINDS = ("keep", "build", "exchange", "lab", "play", "take", "cannon")
PLAIN = ("gold", "draw", "income", "bonus", "cards", "smithy", "save", "decline", "cash", "end")
SEAT_KINDS = ("swap", "ticket")
KINDS = CHAR_KINDS + CARD_KINDS + PLAIN + SEAT_KINDS + ("destroy",)
DONE = "done"


class Move(NamedTuple):
    kind: str
    arg: str = ""  # a character or card id ("done" to finish the Wizard's exchange)
    seat: int = -1  # a player, 0-based (written p1, p2, ...)
    arg2: str = ""  # the hand card a Living Cannonball rebuild brings into the city

    def __str__(self) -> str:
        # str() of each field: a hand-built move with a field of the wrong type still prints, to be refused.
        text = str(self.kind)
        if self.arg:
            text += " " + str(self.arg) + (">" + str(self.arg2) if self.arg2 else "")
        if isinstance(self.seat, int) and self.seat >= 0:
            text += f" p{self.seat + 1}"
        return text


_CACHE: dict[tuple[str, str, int, str], Move] = {}


def mv(kind: str, arg: str = "", seat: int = -1, arg2: str = "") -> Move:
    """The one shared value of a move (legal-move lists reuse them instead of building new ones)."""
    key = (kind, arg, seat, arg2)
    move = _CACHE.get(key)
    if move is None:
        move = _CACHE[key] = Move(kind, arg, seat, arg2)
    return move


_SEAT = re.compile(r"^p([1-9])$")
_EXAMPLES = "'pick king', 'gold', 'keep manor', 'build manor', 'kill thief', 'destroy manor p2', 'end'"


def parse(text: str) -> Move:
    """Read a move's notation (syntax and names only; legality is the game's business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words or words[0] not in KINDS:
        raise InvalidNotation(f"{text!r} is not a Citadels move; examples: {_EXAMPLES}")
    kind, rest = words[0], words[1:]
    seat = -1
    if rest and _SEAT.match(rest[-1]):
        seat = int(rest.pop()[1:]) - 1
    if len(rest) > 1:
        raise InvalidNotation(f"{text!r}: too many words; examples: {_EXAMPLES}")
    arg = rest[0] if rest else ""
    arg, _, arg2 = arg.partition(">")
    _check_words(text, kind, arg, seat, arg2)
    return mv(kind, arg, seat, arg2)


def _check_words(text: str, kind: str, arg: str, seat: int, arg2: str) -> None:
    problem = shape_problem(kind, arg, seat, arg2)
    if problem is not None:
        raise InvalidNotation(f"{text!r}: {problem}")


def shape_problem(kind: object, arg: object, seat: object, arg2: object, players: int = 9) -> str | None:
    """What is wrong with a move's fields whatever the position (None: nothing), for parse and explain alike:
    the kind, the names it takes, and a player seat in range."""
    if not isinstance(kind, str) or kind not in KINDS:
        return f"{kind!r} is not a kind of Citadels move; examples: {_EXAMPLES}"
    for name, value in (("arg", arg), ("arg2", arg2)):
        if not isinstance(value, str):
            return f"the field {name!r} names a card or character as text, not {value!r}"
    if not isinstance(seat, int) or isinstance(seat, bool):
        return f"the field 'seat' is a player number, not {seat!r}"
    needs_seat = kind in SEAT_KINDS or kind == "destroy" or (kind == "play" and arg == "fortune_teller")
    if needs_seat != (seat != -1):
        return f"'{kind}' " + ("names a player, e.g. p2" if needs_seat else "names no player")
    if needs_seat and not 0 <= seat < players:
        return f"there is no player p{seat + 1} in a game of {players}"
    if kind in CHAR_KINDS:
        if arg not in CHAR_INDEX:
            return f"name a character: {', '.join(CHAR_INDEX)}"
    elif kind in CARD_KINDS or kind == "destroy":
        if arg not in CARD_INDEX and not (kind == "exchange" and arg == DONE):
            return f"no card called {arg!r}"
    elif arg:
        return f"'{kind}' takes no card or character"
    if (kind == "cannon") != bool(arg2) or (arg2 and arg2 not in CARD_INDEX):
        return "only 'cannon <city card>><hand card>' names two cards, e.g. 'cannon manor>palace'"
    return None
