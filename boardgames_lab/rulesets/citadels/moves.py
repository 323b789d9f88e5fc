"""Citadels moves: one small frozen value per move kind, fields named from the rulebook.

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
``play acrobat``           play the Acrobat in its window (``play rasputin``), ``decline`` passes; a window is
                           open to several seats at once, and each answer is read for the seat that makes it
``end``                    end the turn
``draw manor``             chance: the Manor comes off the deck; ``lay king face down`` (``... face up``) lays out
=========================  =================================================================================

The seat is not part of the notation (``parse("gold", 2)`` is ``Gold(2)``); a seat a move names
(``swap p2``) is written 1-based, stored 0-based.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...core.errors import InvalidNotation
from ...core.moves import Move
from .data import CARD_INDEX, CHAR_INDEX


def _p(seat: int) -> str:  # a seat in notation, 1-based
    return f"p{seat + 1}" if type(seat) is int and seat >= 0 else f"p?{seat!r}"


# --- the draft ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Pick(Move):
    """Keep a character of those passed to you (rulebook, Setup)."""
    character: str
    kind = "pick"

    def __str__(self) -> str:
        return f"pick {self.character}"


@dataclass(frozen=True, slots=True)
class Bury(Move):
    """With 2 players: lay a character of those passed face down (Changes for 2 players)."""
    character: str
    kind = "bury"

    def __str__(self) -> str:
        return f"bury {self.character}"


# --- income, building, the end of the turn -------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Gold(Move):
    """Income: take 2 gold."""
    kind = "gold"


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Income: draw 2 cards (3 with the Observatory) to keep one (two with the Library)."""
    kind = "draw"


@dataclass(frozen=True, slots=True)
class Keep(Move):
    """Keep one of the cards drawn; the others go onto the discard pile."""
    card: str
    kind = "keep"

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True, slots=True)
class Build(Move):
    """Build a district card from the hand, paying its cost."""
    card: str
    kind = "build"

    def __str__(self) -> str:
        return f"build {self.card}"


@dataclass(frozen=True, slots=True)
class Income(Move):
    """King, Bishop, Merchant, Warlord: 1 gold per building of the character's colour."""
    kind = "income"


@dataclass(frozen=True, slots=True)
class End(Move):
    """End the character's turn."""
    kind = "end"


# --- the characters' abilities --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Kill(Move):
    """The Assassin names the character he murders."""
    character: str
    kind = "kill"

    def __str__(self) -> str:
        return f"kill {self.character}"


@dataclass(frozen=True, slots=True)
class Rob(Move):
    """The Thief names the character he robs."""
    character: str
    kind = "rob"

    def __str__(self) -> str:
        return f"rob {self.character}"


@dataclass(frozen=True, slots=True)
class Swap(Move):
    """The Wizard swaps his whole hand with a fellow player's."""
    fellow: int
    kind = "swap"

    def __str__(self) -> str:
        return f"swap {_p(self.fellow)}"


@dataclass(frozen=True, slots=True)
class Exchange(Move):
    """The Wizard discards a hand card (more may follow), to draw as many."""
    card: str
    kind = "exchange"

    def __str__(self) -> str:
        return f"exchange {self.card}"


@dataclass(frozen=True, slots=True)
class ExchangeDone(Move):
    """The Wizard has discarded: he draws as many cards as he discarded."""
    kind = "exchange_done"

    def __str__(self) -> str:
        return "exchange done"


@dataclass(frozen=True, slots=True)
class Bonus(Move):
    """The Merchant's one extra gold."""
    kind = "bonus"


@dataclass(frozen=True, slots=True)
class ArchitectCards(Move):
    """The Architect draws two cards."""
    kind = "cards"


@dataclass(frozen=True, slots=True)
class Destroy(Move):
    """The Warlord removes a building of a fellow player's city, paying its cost less 1."""
    card: str
    victim: int
    kind = "destroy"

    def __str__(self) -> str:
        return f"destroy {self.card} {_p(self.victim)}"


# --- violet buildings ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Laboratory(Move):
    """The Laboratory: discard a building card from the hand for 1 gold."""
    card: str
    kind = "lab"

    def __str__(self) -> str:
        return f"lab {self.card}"


@dataclass(frozen=True, slots=True)
class Smithy(Move):
    """The Smithy: pay gold to draw cards."""
    kind = "smithy"


@dataclass(frozen=True, slots=True)
class Save(Move):
    """The Graveyard's owner pays 1 gold and takes the removed building into his hand."""
    kind = "save"


@dataclass(frozen=True, slots=True)
class Decline(Move):
    """Let a question pass (the Graveyard, a booth's cash, a window)."""
    kind = "decline"


# --- the action cards ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play an action card that names nothing more: the Director, a Circus Tent, a Ticket Booth."""
    card: str
    kind = "play"

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class FortuneTeller(Move):
    """The Fortune Teller looks at a fellow player's hand (and then takes one card of it)."""
    fellow: int
    kind = "fortune_teller"

    def __str__(self) -> str:
        return f"play fortune_teller {_p(self.fellow)}"


@dataclass(frozen=True, slots=True)
class Take(Move):
    """Take one card of the hand the Fortune Teller shows."""
    card: str
    kind = "take"

    def __str__(self) -> str:
        return f"take {self.card}"


@dataclass(frozen=True, slots=True)
class Cannonball(Move):
    """The Living Cannonball: a city building goes, a dearer hand card comes, the difference paid."""
    building: str  # the city's building that goes
    card: str  # the hand card that comes
    kind = "cannon"

    def __str__(self) -> str:
        return f"cannon {self.building}>{self.card}"


@dataclass(frozen=True, slots=True)
class Ticket(Move):
    """Pay 1 gold onto a fellow player's Ticket Booth, then draw 2 and keep 1."""
    owner: int
    kind = "ticket"

    def __str__(self) -> str:
        return f"ticket {_p(self.owner)}"


@dataclass(frozen=True, slots=True)
class Cash(Move):
    """Right after a payment, the booth's owner discards it and takes its gold."""
    kind = "cash"


@dataclass(frozen=True, slots=True)
class Acrobat(Move):
    """When the King is called and stays silent: play the Acrobat and take the crown."""
    kind = "acrobat"

    def __str__(self) -> str:
        return "play acrobat"


@dataclass(frozen=True, slots=True)
class Rasputin(Move):
    """When a murdered character is called, its holder plays Rasputin and takes the turn after all."""
    kind = "rasputin"

    def __str__(self) -> str:
        return "play rasputin"


@dataclass(frozen=True, slots=True)
class DrawCard(Move):
    """Chance: a card comes off the face-down deck, into a hand or among the cards drawn to keep from."""
    card: str
    kind = "draw_card"

    def __str__(self) -> str:
        return f"draw {self.card}"


@dataclass(frozen=True, slots=True)
class LayCharacter(Move):
    """Chance: a character comes off the King's shuffled stack: the first face down, then 0-2 face up."""
    character: str
    face_up: bool
    kind = "lay"

    def __str__(self) -> str:
        return f"lay {self.character} face {'up' if self.face_up else 'down'}"


PLAIN = {cls.kind: cls for cls in (Gold, Draw, Income, End, Bonus, ArchitectCards, Smithy, Save, Decline, Cash)}
CHARACTER = {"pick": Pick, "bury": Bury, "kill": Kill, "rob": Rob}
CARD = {"keep": Keep, "build": Build, "exchange": Exchange, "lab": Laboratory, "play": Play, "take": Take}
SEAT = {"swap": Swap, "ticket": Ticket}
WORDS = (*PLAIN, *CHARACTER, *CARD, *SEAT, "destroy", "cannon", "lay")
_SEAT = re.compile(r"^p([1-9])$")
_EXAMPLES = "'pick king', 'gold', 'keep manor', 'build manor', 'kill thief', 'destroy manor p2', 'end'"


def _bad(text: str, problem: str) -> InvalidNotation:
    return InvalidNotation(f"{text!r}: {problem}; examples: {_EXAMPLES}")


def _seat(text: str, word: str) -> int:
    match = _SEAT.match(word)
    if not match:
        raise _bad(text, f"{word!r} is not a player (p1, p2, ...)")
    return int(match.group(1)) - 1


def _card(text: str, word: str) -> str:
    if word not in CARD_INDEX:
        raise _bad(text, f"no card called {word!r}")
    return word


def parse(text: str, seat: int) -> Move:
    """Read a move's notation, made by ``seat`` (syntax and names only; legality is the checks' business)."""
    if not isinstance(text, str):
        raise InvalidNotation(f"a move's notation is text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words or words[0] not in WORDS:
        raise InvalidNotation(f"{text!r} is not a Citadels move; examples: {_EXAMPLES}")
    word, rest = words[0], words[1:]
    joined = "_".join(rest)
    if len(rest) > 1 and (joined in CARD_INDEX or joined in CHAR_INDEX):  # a name typed with spaces: "Trading Post"
        rest = [joined]
    if word == "draw" and len(rest) == 1:
        return DrawCard(seat, _card(text, rest[0]))
    if word == "lay":
        if len(rest) != 3 or rest[1] != "face" or rest[2] not in ("up", "down") or rest[0] not in CHAR_INDEX:
            raise _bad(text, "a character is laid out as 'lay <character> face up' or '... face down'")
        return LayCharacter(seat, rest[0], rest[2] == "up")
    if word in PLAIN:
        if rest:
            raise _bad(text, f"'{word}' takes nothing more")
        return PLAIN[word](seat)
    if len(rest) == 2 and word in ("destroy", "play"):
        if word == "destroy":
            return Destroy(seat, _card(text, rest[0]), _seat(text, rest[1]))
        if rest[0] == "fortune_teller":
            return FortuneTeller(seat, _seat(text, rest[1]))
    if len(rest) != 1:
        raise _bad(text, f"'{word}' takes " + ("a card and a player" if word == "destroy" else "one name"))
    return _one(text, word, rest[0], seat)


def _one(text: str, word: str, name: str, seat: int) -> Move:
    if word in CHARACTER:
        if name not in CHAR_INDEX:
            raise _bad(text, f"name a character: {', '.join(CHAR_INDEX)}")
        return CHARACTER[word](seat, name)
    if word in SEAT:
        return SEAT[word](seat, _seat(text, name))
    if word == "cannon":
        old, sep, new = name.partition(">")
        if not sep:
            raise _bad(text, "the Living Cannonball names two cards, e.g. 'cannon manor>palace'")
        return Cannonball(seat, _card(text, old), _card(text, new))
    if word == "exchange" and name == "done":
        return ExchangeDone(seat)
    if word == "play" and name in ("acrobat", "rasputin"):
        return Acrobat(seat) if name == "acrobat" else Rasputin(seat)
    if word == "destroy":
        raise _bad(text, "'destroy' names a card and a player, e.g. 'destroy manor p2'")
    return CARD[word](seat, _card(text, name))


MOVE_CLASSES = (Pick, Bury, Gold, Draw, Keep, Build, Income, End, Kill, Rob, Swap, Exchange, ExchangeDone, Bonus,
                ArchitectCards, Destroy, Laboratory, Smithy, Save, Decline, Play, FortuneTeller, Take, Cannonball, Ticket,
                Cash, Acrobat, Rasputin, DrawCard, LayCharacter)

__all__ = ["MOVE_CLASSES", "Move", "parse", *(c.__name__ for c in MOVE_CLASSES)]
