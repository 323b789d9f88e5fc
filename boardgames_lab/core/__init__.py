"""The engine core: plain Python, no widget, diagram or Jupyter imports."""
from .definition import Explanation, GameDefinition, GameInfo, Option, State
from .errors import (GameError, IllegalMove, InvalidNotation, OptionError, PositionError, SaveFormatError,
                     UndoBlocked, UnknownGame)
from .flow import Edge, Flow, FlowRunner, Phase
from .game import PLAY, SANDBOX, Game
from .moves import CHANCE, Kind, Move, Refusal
from .rng import Rng
from .rules import Rule, RuleBook

__all__ = ["CHANCE", "Kind", "Move", "PositionError", "Refusal", "Edge", "Explanation", "Flow", "FlowRunner", "Game", "GameDefinition", "GameError", "GameInfo",
           "IllegalMove", "InvalidNotation", "Option", "OptionError", "PLAY", "Phase", "Rng", "Rule", "RuleBook",
           "SANDBOX", "SaveFormatError", "State", "UndoBlocked", "UnknownGame"]
