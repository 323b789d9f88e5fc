"""Every move a seat can make: the numbered moves of the PettingZoo and OpenSpiel adapters, read from the move
tables the game makes once at import (movetables.py)."""
from __future__ import annotations

from typing import Any, Iterator

from ...core.moves import Move
from .movetables import MOVES


def every_move(players: int) -> Iterator[Any]:
    """Every move of seat 0, in the order of seat 0's move table (the same at every player count)."""
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
