"""The clickable board: chips go in by clicking the pot (render.py's ``data-target="pot"``); the rest are buttons."""
from typing import Any


def click_path(move: Any) -> tuple[tuple[str, str], ...]:
    if move.action in ("bet", "call"):
        return (("pot", "the pot"), (f"do:{move.action}", f"{move.action} 1 chip"))
    return ((f"do:{move.action}", move.action),)


def setup(game: Any, data: dict[str, Any], sm: Any) -> None:
    """No set-up spots on the table: a teacher edits the two cards in the set-up panel's fields."""
