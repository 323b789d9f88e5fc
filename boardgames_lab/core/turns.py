"""Named turn orders. A phase names one; a game may add its own as ``turn_<name>`` methods."""
from __future__ import annotations

from typing import Any, Callable


def same(state: Any) -> None:
    """The player who just moved decides again (a decision in several steps)."""


def clockwise(state: Any) -> None:
    """The next seat to the left decides."""
    state.current = (state.current + 1) % state.num_players


PRESETS: dict[str, Callable[[Any], None]] = {"same": same, "clockwise": clockwise}


def resolve(impl: Any, name: str) -> Callable[[Any], None]:
    method = getattr(impl, "turn_" + name, None)
    if callable(method):
        return method  # type: ignore[no-any-return]
    if name in PRESETS:
        return PRESETS[name]
    raise ValueError(f"unknown turn order {name!r}")


def describe(name: str) -> str:
    return {"same": "same player", "clockwise": "clockwise"}.get(name, name.replace("_", " "))
