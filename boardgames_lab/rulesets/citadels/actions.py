"""Every move a seat can make, from the card and character tables: the numbered moves of the PettingZoo and
OpenSpiel adapters."""
from __future__ import annotations

from typing import Any, Iterator

from . import moves as m
from .data import CARD_INDEX, CHAR_INDEX


def every_move(players: int) -> Iterator[Any]:
    """Every move of seat 0 at ``players`` players, in a fixed order."""
    for cls in m.CHARACTER.values():
        yield from (cls(0, c) for c in CHAR_INDEX)
    yield from (cls(0) for cls in m.PLAIN.values())
    yield from (m.ExchangeDone(0), m.Acrobat(0), m.Rasputin(0))
    for cls in m.CARD.values():
        yield from (cls(0, card) for card in CARD_INDEX)
    seats = range(players)
    for cls in (*m.SEAT.values(), m.FortuneTeller):
        yield from (cls(0, s) for s in seats)
    yield from (m.Destroy(0, card, s) for card in CARD_INDEX for s in seats)
    yield from (m.Cannonball(0, a, b) for a in CARD_INDEX for b in CARD_INDEX)
