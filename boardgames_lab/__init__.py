"""boardgames_lab: learn, teach and explore the rules of modern board games.

>>> import boardgames_lab as bgl
>>> game = bgl.new_game("saint_petersburg", players=2, seed=7)
>>> game.phase
'worker'
"""
from .core import (CHANCE, Explanation, Game, GameError, IllegalMove, InvalidNotation, OptionError,
                   PositionError, Rule, SaveFormatError, UndoBlocked, UnknownGame)
from .core.positions import from_position
from .core.records import load_game
from .core.registry import games, new_game, rules
from .lessons import Lesson, LessonError, LessonRun, lesson, lessons, load_lesson

__version__ = "0.1.0"
__all__ = ["CHANCE", "PositionError", "from_position", "Explanation", "Game", "GameError", "IllegalMove", "InvalidNotation", "OptionError", "Rule",
           "SaveFormatError", "UndoBlocked", "UnknownGame", "games", "from_position", "load_game", "new_game", "rules",
           "Lesson", "LessonError", "LessonRun", "lesson", "lessons", "load_lesson"]
