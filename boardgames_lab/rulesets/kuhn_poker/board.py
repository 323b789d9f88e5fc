"""The clickable board: chips go in by clicking the pot (render.py's ``data-target="pot"``); the rest are buttons."""
from typing import Any


def click_path(move: Any, state: Any = None) -> tuple[tuple[str, str], ...]:
    action = getattr(move, "action", None)
    if action in ("bet", "call"):
        return (("pot", "the pot"), (f"do:{action}", f"{action} 1 chip"))
    if action is None:  # the dealer's card: no one clicks it
        return ((f"act:{move}", str(move)),)
    return ((f"do:{action}", action),)


def setup(game: Any, data: dict[str, Any], sm: Any) -> None:
    """No set-up spots on the table: a teacher edits the two cards in the set-up panel's fields."""
