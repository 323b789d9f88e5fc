"""Exchange moves (crafts, the trader, procuring a law card) and the payments they take: tables made once.

Random play keeps meeting new cube holdings, so the tables are built from shared parts and cached.
"""
from __future__ import annotations

from functools import lru_cache

from .data import CRAFT_PRICE, CRAFTS, LETTER, RESOURCES
from .moves import Move


@lru_cache(maxsize=200_000)
def payments(holding: tuple[int, ...], size: int) -> tuple[str, ...]:
    """The different ways to hand over ``size`` cubes from ``holding`` (counts capped at ``size``), as letters in
    notation order, listed lexicographically."""
    return _payments_from(holding, size)


@lru_cache(maxsize=200_000)
def _payments_from(rest: tuple[int, ...], size: int) -> tuple[str, ...]:
    """Payments of ``size`` cubes from the last ``len(rest)`` cube kinds, ``rest`` counting each. Built within the
    counts, each tail shared between holdings, not filtered from every multiset: a long game keeps meeting new
    holdings, so this runs often."""
    if size == 0:
        return ("",)
    if not rest:
        return ()
    letter = LETTER[8 - len(rest)]
    tail = rest[1:]
    return tuple([letter * count + more
                  for count in range(min(size, rest[0]), -1, -1)  # more of this kind sorts first
                  for more in _payments_from(tail, size - count)])


def exchange_moves(kind: str, get: int, holding: tuple[int, ...], size: int) -> tuple[Move, ...]:
    """Craft or trader exchanges receiving ``get`` for ``size`` other cubes."""
    capped = tuple([0 if k == get else (h if h < size else size) for k, h in enumerate(holding)])
    return _exchange_moves(kind, get, capped, size)


@lru_cache(maxsize=200_000)
def _exchange_moves(kind: str, get: int, capped: tuple[int, ...], size: int) -> tuple[Move, ...]:
    letter = LETTER[get]
    made = _MOVES.get((kind, letter))
    if made is None:
        made = _MOVES[kind, letter] = {}
    return tuple([made.get(pay) or made.setdefault(pay, Move(kind, get=letter, pay=pay))
                  for pay in payments(capped, size)])


_MOVES: dict[tuple[str, str], dict[str, Move]] = {}  # exchange moves by (kind, cube received) and payment: made once


@lru_cache(maxsize=4096)
def law_moves(space: int, kinds: tuple[int, ...]) -> tuple[Move, ...]:
    return tuple(Move("law", num=space, pay=LETTER[k]) for k in kinds)


EXCHANGE_BLOCKS: dict[tuple[tuple[int, ...], int], tuple[Move, ...]] = {}  # by (holding capped at four, mask)


def exchange_block(holding: tuple[int, ...], mask: int) -> tuple[Move, ...]:
    """keythedral.craft.exchange / trader.exchange / law.procure: every exchange open to this holding."""
    if len(EXCHANGE_BLOCKS) > 300_000:
        EXCHANGE_BLOCKS.clear()
    total = sum(holding)
    moves: list[Move] = []
    for bit, craft in enumerate(CRAFTS):
        size = CRAFT_PRICE[craft]
        if mask >> bit & 1 and total - holding[craft] >= size:
            moves.extend(exchange_moves("craft", craft, holding, size))
    if total >= 2:
        for r in RESOURCES:
            if mask >> (3 + r) & 1 and total - holding[r] >= 2:
                moves.extend(exchange_moves("trade", r, holding, 2))
    kinds = tuple(k for k in range(8) if holding[k])
    for space in (0, 1):
        if mask >> (8 + space) & 1:
            moves.extend(law_moves(space + 1, kinds))
    return tuple(moves)
