"""Moves as values, one small frozen class per move kind, and the one check that decides each.

A game declares its move kinds once (``Kind``): the value class, the check that decides
legality (and explains a refusal), the candidates worth checking in a position, and the
undo policy. The engine builds the plain legal-move list from those declarations, so a
move is legal exactly when its check passes; a game may add a faster generator in its
own module, and the conformance suite proves it yields the same moves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterable

CHANCE = -1  # the seat of chance in ``to_act()``: the game stands at a random draw
WHOLE_DIGITS = 9  # more digits than any count, index or amount in a game's notation has


def whole_number(text: str, digits: int = WHOLE_DIGITS) -> int | None:
    """``text`` read as a whole number in ASCII digits, at most ``digits`` of them; None when it is not one.

    Every number read from notation goes through here: int() alone also reads "٣", "²", " 3" and "1_0", and
    past 4,300 digits fails with a ValueError instead of the parser's InvalidNotation."""
    if 0 < len(text) <= digits and text.isascii() and text.isdigit():
        return int(text)
    return None


class Numbered:
    """Room on a move for its number in its game's action table (adapters/actions.py), written there once by the
    table so that numbering a legal list reads an attribute per move (a positional table's face may write there a
    number read in the position, and clears it when it no longer holds: keythedral/layout.py). Not a field: the
    move's value, equality, hash, copies and saves leave it out, and a move without it is numbered from the
    table."""

    __slots__ = ("_action",)


@dataclass(frozen=True, slots=True)
class Move(Numbered):
    """Base of every move: the seat that makes it. Subclasses add the rulebook's fields.

    ``str(move)`` is the move's notation, without the seat (the seat is said apart:
    ``game.apply("pass", player=1)``); ``repr(move)`` is a constructor call.
    """

    player: int
    kind: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.kind


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why a move is illegal here: the rule that forbids it, the reason, and what would make it legal."""

    rule: str
    reason: str
    remedy: str = ""

    def text(self) -> str:
        return f"{self.reason}; {self.remedy}" if self.remedy else self.reason


# The state and the move are each game's own classes (a check reads ``BuyCard.card`` of an ``SPState``), so
# these take Any: a callable of narrower parameters is not a subtype of one taking State and Move.
Check = Callable[[Any, Any], "Refusal | None"]
Candidates = Callable[[Any, int], Iterable[Move]]
Reveals = Callable[[Any, Any], bool]


def never(state: object, move: object) -> bool:
    return False


def always(state: object, move: object) -> bool:
    return True


@dataclass(frozen=True)
class Kind:
    """One kind of move, declared once.

    ``check(state, move)`` is the one function that decides: None for legal, else a Refusal.
    ``candidates(state, seat)`` yields every value of the kind worth asking about in this
    position (a superset of the legal ones); the plain legal list is the candidates that pass.
    ``reveals(state, move)``, asked before the move is made, says whether it shows hidden
    information, which play mode's undo may not cross (a random draw blocks undo by itself).
    ``describe(state, move)``, for a legal move, says in words what it does here (a price,
    line by line), for ``explain``; without it a legal move is just "legal here".
    ``rule`` is the game's rule that governs the kind (the card, action or window it belongs to): a move of the
    kind made in a phase that does not allow it is refused under it, not under ``core.wrong_phase``.
    ``outside(state, move)``, asked there first, gives the game's own reason where one applies in any phase (no
    card of that kind owned, a window not open), as its check would give it.
    """

    move: type[Move]
    check: Check
    candidates: Candidates
    reveals: Reveals = never
    describe: Callable[[Any, Any], str] | None = None
    rule: str = ""
    outside: Check | None = None

    @property
    def name(self) -> str:
        return self.move.kind


def plain_legal_moves(kinds: dict[str, Kind], allowed: tuple[str, ...], state: object, seat: int) -> list[Move]:
    """The legal moves of ``seat``: every candidate of the phase's kinds that its check passes."""
    out: list[Move] = []
    for name in allowed:
        kind = kinds[name]
        check = kind.check
        out.extend(m for m in kind.candidates(state, seat) if check(state, m) is None)
    return out


__all__ = ["CHANCE", "Kind", "Move", "Refusal", "always", "never", "plain_legal_moves"]
