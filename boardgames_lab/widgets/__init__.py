"""Notebook widgets (needs the ``lab`` extra: ipywidgets, anywidget). ipywidgets is imported only inside this package.

``GameViewer(game)`` shows a game's board, phase diagram, legal moves and log, and lets you play,
ask "why not?", undo, let a bot move and scrub through the history::

    import boardgames_lab as bgl
    from boardgames_lab.widgets import GameViewer

    name = bgl.games()[0]["name"]  # any registered game
    GameViewer(bgl.new_game(name, players=3, seed=1))

``BotMatch(game, seats=["human", "heuristic", "mcts"])`` seats bots and people at one table in the viewer.
``LessonWidget(bgl.lessons(name)[0])`` takes a lesson on the board, step by step.
``targets`` and ``paths`` (the clickable board's target map) are plain Python and import no widget library.
"""
from __future__ import annotations

from typing import Any

__all__ = ["BotMatch", "GameViewer", "HUMAN", "LessonWidget", "SPECTATOR", "TEACHER"]


def __getattr__(name: str) -> Any:
    """The widgets load ipywidgets on first use, so ``widgets.targets`` imports without it."""
    if name in ("BotMatch", "HUMAN"):
        from . import match
        return getattr(match, name)
    if name == "LessonWidget":
        from . import lesson
        return lesson.LessonWidget
    if name in ("GameViewer", "SPECTATOR", "TEACHER"):
        from . import viewer
        return getattr(viewer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
