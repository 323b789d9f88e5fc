"""Notebook widgets (needs the ``lab`` extra: ipywidgets). ipywidgets is imported only inside this package.

``GameViewer(game)`` shows a game's board, phase diagram, legal moves and log, and lets you play,
ask "why not?", undo, let a bot move and scrub through the history::

    import boardgames_lab as bgl
    from boardgames_lab.widgets import GameViewer

    GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1))

``BotMatch(game, seats=["human", "heuristic", "mcts"])`` seats bots and people at one table in the viewer.
"""
from .match import HUMAN, BotMatch
from .viewer import SPECTATOR, TEACHER, GameViewer

__all__ = ["BotMatch", "GameViewer", "HUMAN", "SPECTATOR", "TEACHER"]
