"""Phase three, actions four to six as moves: the craft shops, the trader and the new-law spaces, from tables.

A payment is built from shared cached tails and named seat-free by an id; a seat's moves receiving one cube
kind are kept by the holding capped at the kind's price, and a holding's whole block by (holding capped at four,
what the shops, store and law spaces offer), put together from those parts when not met before.
"""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Any, Callable

from .data import CRAFT_PRICE, CRAFTS, GLASS, GOLD, IRON, LETTER, RESOURCES
from .moves import BuyCraft, ProcureLaw, Trade
from .state import KState

SEATS = range(5)


class Made(dict[Any, Any]):
    """Moves made once each, by key: a key not met before is made on its first lookup (``make(key)``), so a
    list of them is one ``map`` of ``__getitem__`` over the keys."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[Any], Any]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: Any) -> Any:
        move = self[key] = self.make(key)
        return move


@lru_cache(maxsize=200_000)
def _payments_from(rest: tuple[int, ...], size: int) -> tuple[str, ...]:
    """Payments of ``size`` cubes from the last ``len(rest)`` cube kinds, ``rest`` counting each, each tail
    shared between holdings."""
    if size == 0:
        return ("",)
    if sum(rest) < size:  # too few cubes left (or no kinds): no payment
        return ()
    first, tail = rest[0], rest[1:]
    if not first:  # none of this kind: the tail's payments, shared as they are
        return _payments_from(tail, size)
    letter = LETTER[8 - len(rest)]
    return tuple([letter * count + more for count in range(min(size, first), -1, -1)
                  for more in _payments_from(tail, size - count)])


# Exchange moves are named seat-free by an id (kind, cube received, payment), then made once per seat.
_EX_ID: dict[tuple[str, str, str], int] = {}
_EX_SPEC: list[tuple[str, str, str]] = []
_EX_MOVES: tuple[list[Any], ...] = tuple([] for _ in SEATS)  # per seat, the move of each id


def _ex_id(kind: str, letter: str, pay: str) -> int:
    spec = (kind, letter, pay)
    i = _EX_ID.get(spec)
    if i is None:
        i = _EX_ID[spec] = len(_EX_SPEC)
        _EX_SPEC.append(spec)
    return i


# The ids of the exchanges of each (kind, cube received), by payment: a payment not met before is named then.
_EX_PAID = {(kind, LETTER[get]): Made(partial(_ex_id, kind, LETTER[get]))
            for kind, gets in (("craft", CRAFTS), ("trade", RESOURCES)) for get in gets}


_CLASS = {"craft": BuyCraft, "trade": Trade, "law": lambda p, space, paid: ProcureLaw(p, int(space), paid)}


def _seat_moves(p: int, ids: tuple[int, ...]) -> tuple[Any, ...]:
    made = _EX_MOVES[p]
    if len(made) < len(_EX_SPEC):
        made.extend(_CLASS[k](p, a, b) for k, a, b in _EX_SPEC[len(made):])
    return tuple(map(made.__getitem__, ids))


@lru_cache(maxsize=200_000)
def _exchange_ids(kind: str, get: int, capped: tuple[int, ...], size: int) -> tuple[int, ...]:
    return tuple(map(_EX_PAID[kind, LETTER[get]].__getitem__, _payments_from(capped, size)))


def exchange_ids(kind: str, get: int, holding: tuple[int, ...], size: int) -> tuple[int, ...]:
    """Craft or trader exchanges receiving ``get`` for ``size`` other cubes, by id."""
    capped = tuple([0 if k == get else (h if h < size else size) for k, h in enumerate(holding)])
    return _exchange_ids(kind, get, capped, size)


def exchange_moves(p: int, kind: str, get: int, holding: tuple[int, ...], size: int) -> tuple[Any, ...]:
    return _seat_moves(p, exchange_ids(kind, get, holding, size))


CAP = {n: bytes(c if c < n else n for c in range(256)) for n in (1, 2, 3, 4)}  # counts capped at n, as bytes
KEEP = tuple(~(0xFF << 8 * k) & (1 << 64) - 1 for k in range(8))  # a holding as an int, without kind k


def _paid(p: int, kind: str, get: int, pay: str) -> Any:
    """``p``'s exchange receiving ``get`` for ``pay``: the one move of its id."""
    return _seat_moves(p, (_ex_id(kind, LETTER[get], pay),))[0]


def _segment(p: int, get: int, size: int, key: int) -> tuple[Any, ...]:
    """``p``'s exchanges receiving ``get`` for ``size`` other cubes, by the holding as an int (a byte per kind,
    capped at ``size``, ``get``'s own byte zero)."""
    return tuple(map(_PAID[p][get].__getitem__, _payments_from(tuple(key.to_bytes(8, "little")), size)))


def _law_segment(p: int, key: tuple[bytes, int]) -> tuple[Any, ...]:
    """keythedral.law.procure: ``p``'s law-card purchases, one cube of a kind held to each dealt space."""
    held, bits = key
    return _seat_moves(p, tuple(_ex_id("law", str(space + 1), LETTER[k]) for space in (0, 1)
                                if bits >> (8 + space) & 1 for k in range(8) if held[k]))


# Per seat: the moves receiving each cube kind (a craft or the trader's resource) by the capped holding without
# that kind, the law purchases by the kinds held, and whole blocks by (holding capped at four, mask), put
# together from those when missed: a holding met for the first time mostly meets known parts.
_PAID = tuple(tuple(Made(partial(_paid, p, "craft" if k in CRAFTS else "trade", k)) for k in range(8))
              for p in SEATS)  # per seat and cube received, by payment
_SEGMENTS = tuple(tuple(Made(partial(_segment, p, k, CRAFT_PRICE[k] if k in CRAFTS else 2)) for k in range(8))
                  for p in SEATS)
_LAW_SEGMENTS = tuple(Made(partial(_law_segment, p)) for p in SEATS)
EXCHANGE_BLOCKS: tuple[dict[tuple[bytes, int], tuple[Any, ...]], ...] = tuple({} for _ in SEATS)


def _assemble(p: int, capped: bytes, mask: int) -> tuple[Any, ...]:
    """keythedral.craft.exchange / trader.exchange / law.procure: every exchange open to the holding, crafts
    first, then the trader, then the law spaces (the order of the plain path's kinds)."""
    seg, block = _SEGMENTS[p], ()
    two = int.from_bytes(capped.translate(CAP[2]), "little")
    if mask & 1:
        block = seg[IRON][two & KEEP[IRON]]
    if mask & 2:
        block += seg[GLASS][int.from_bytes(capped.translate(CAP[3]), "little") & KEEP[GLASS]]
    if mask & 4:
        block += seg[GOLD][int.from_bytes(capped, "little") & KEEP[GOLD]]
    if mask & 0xF8:
        for r in RESOURCES:
            if mask >> (3 + r) & 1:
                block += seg[r][two & KEEP[r]]
    if mask & 0x300:
        block += _LAW_SEGMENTS[p][capped.translate(CAP[1]), mask & 0x300]
    if sum(map(len, EXCHANGE_BLOCKS)) > 300_000:  # a memory bound: the tables are only a shortcut to the moves
        for table in (*EXCHANGE_BLOCKS, *_LAW_SEGMENTS, *(t for s in _SEGMENTS for t in s)):
            table.clear()
    EXCHANGE_BLOCKS[p][capped, mask] = block
    return block


def holding_exchanges(st: KState, p: int, cubes: list[int]) -> tuple[Any, ...]:
    """keythedral.craft.exchange / trader.exchange / law.procure: the exchanges open to ``p`` holding ``cubes``."""
    store, shops, spaces = st.store, st.shops, st.law_spaces
    # What the shops, the store and the law spaces offer, as bits: the exchange moves depend on nothing else.
    mask = ((shops[0] > 0 or store[IRON] > 0) | (shops[1] > 0 or store[GLASS] > 0) << 1
            | (shops[2] > 0 or store[GOLD] > 0) << 2 | (store[0] > 0) << 3 | (store[1] > 0) << 4
            | (store[2] > 0) << 5 | (store[3] > 0) << 6 | (store[4] > 0) << 7
            | (spaces[0] >= 0) << 8 | (len(spaces) > 1 and spaces[1] >= 0) << 9)
    # Counts above four change nothing: the holding is capped for the table, as bytes (one per cube kind).
    capped = bytes(cubes).translate(CAP[4])
    block = EXCHANGE_BLOCKS[p].get((capped, mask))
    return _assemble(p, capped, mask) if block is None else block
