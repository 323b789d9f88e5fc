"""Every move a seat can make: the numbered moves of the PettingZoo and OpenSpiel adapters, read from the move
tables the game makes once at import (movetables.py)."""
from __future__ import annotations

from typing import Any, Iterator

from ...core.moves import Move
from .movetables import MOVES


# The encoding's version: bump it whenever a move's number changes (tests/adapters/action_tables.json records
# each version's fingerprint).
ENCODING = 1


def every_move() -> Iterator[Any]:
    """Every move of seat 0, in the order of seat 0's move table; no move depends on the player count."""
    yield from _walk(MOVES[0])


def _walk(value: Any) -> Iterator[Any]:
    if isinstance(value, Move):
        yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from _walk(item)
    elif hasattr(value, "__slots__") or hasattr(value, "__dict__"):
        names = getattr(value, "__slots__", None) or vars(value)
        for name in names:
            yield from _walk(getattr(value, name))
