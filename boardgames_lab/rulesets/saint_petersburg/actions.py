"""Every move a seat can make, from the card tables: the numbered moves of the PettingZoo and OpenSpiel adapters."""
from __future__ import annotations

from typing import Any, Iterator

from ...faces import moves_in
from . import fast
from .checks import _replaceable
from .data import CARDS, DECKS, PUB_POINTS_PER_CARD
from .moves import (SLOTS, BuyCard, BuyDrawn, BuyPoints, DiscardDrawn, Observe, Pass, PlayCard, TakeCard, TakeDrawn)


# The encoding's version: bump it whenever a move's number changes (tests/adapters/action_tables.json records
# each version's fingerprint).
ENCODING = 1


def every_move() -> Iterator[Any]:
    """Every move of seat 0, in a fixed order; no move depends on the player count."""
    yield Pass(0)
    for c, card in enumerate(CARDS):
        for slot in SLOTS:
            yield from (BuyCard(0, card.id, slot, r) for r in _replaceable(c))
            yield TakeCard(0, card.id, slot)
        yield from (PlayCard(0, card.id, r) for r in _replaceable(c))
        yield from (BuyDrawn(0, card.id, r) for r in _replaceable(c))
        yield TakeDrawn(0, card.id)
        yield DiscardDrawn(0, card.id)
    yield from (Observe(0, deck) for deck in DECKS)
    pubs = sum(card.copies for card in CARDS if card.id == "pub")
    yield from (BuyPoints(0, k) for k in range(PUB_POINTS_PER_CARD * pubs + 1))


def premade() -> Iterator[Any]:
    """The move objects the fast generator makes once at import (fast.py's tables, a move for every seat, slot and
    card, some never legal): the adapters number those they list when their table is built."""
    return moves_in(fast.PASS, fast.BUY, fast.TAKE, fast.BUY_TRADING, fast.PLAY, fast.PLAY_TRADING, fast.OBSERVE,
                    fast.DRAWN, fast.DISCARD_DRAWN, fast.TAKE_DRAWN, fast.PUB_POINTS)
