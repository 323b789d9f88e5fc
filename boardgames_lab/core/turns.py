"""Turn orders: a phase's ``turn`` is one of these presets or a game's own ``turn_<name>`` function."""
from __future__ import annotations

from typing import Any, Callable


def same(state: Any) -> None:
    """The player who just moved decides again (a decision in several steps)."""


def clockwise(state: Any) -> None:
    """The next seat to the left decides."""
    state.current = (state.current + 1) % state.num_players


def name(order: Callable[[Any], None]) -> str:
    """A turn order's name: its function's, without the ``turn_`` that names a game's own."""
    text: str = getattr(order, "__name__", repr(order))
    return text[5:] if text.startswith("turn_") else text


def describe(order_name: str) -> str:
    return {"same": "same player", "clockwise": "clockwise"}.get(order_name, order_name.replace("_", " "))
