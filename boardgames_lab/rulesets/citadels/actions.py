"""Every move a seat can make, from the card and character tables: the numbered moves of the PettingZoo and
OpenSpiel adapters."""
from __future__ import annotations

from typing import Any, Iterator

from . import moves as m
from .data import CARD_INDEX, CHAR_INDEX
from .info import INFO

# The encoding's version: bump it whenever a move's number changes (tests/adapters/action_tables.json records
# each version's fingerprint).
ENCODING = 1


def every_move() -> Iterator[Any]:
    """Every move of seat 0, in a fixed order, naming every seat of the largest table: a move has the same
    number at every player count."""
    for with_character in m.CHARACTER.values():
        yield from (with_character(0, c) for c in CHAR_INDEX)
    yield from (plain(0) for plain in m.PLAIN.values())
    yield from (m.ExchangeDone(0), m.Acrobat(0), m.Rasputin(0))
    for with_card in m.CARD.values():
        yield from (with_card(0, card) for card in CARD_INDEX)
    seats = range(INFO.max_players)
    for with_seat in (*m.SEAT.values(), m.FortuneTeller):
        yield from (with_seat(0, s) for s in seats)
    yield from (m.Destroy(0, card, s) for card in CARD_INDEX for s in seats)
    yield from (m.Cannonball(0, a, b) for a in CARD_INDEX for b in CARD_INDEX)
