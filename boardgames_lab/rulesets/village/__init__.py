"""Village (eggertspiele 2011), base game.

==================  =====================================================
players             2–4
chance              the cube bag, the customer pile, the Mass draw
hidden information  the order of the customer pile
phases              take a cube, act, market day, deaths, Mass
rulebook            the Village actions text, completed by the rules fact sheet
==================  =====================================================
"""
from .info import INFO
from .logic import Village
from .moves import Move, parse
from .rules import RULES

DEFINITION = Village()

__all__ = ["DEFINITION", "INFO", "Move", "RULES", "Village", "parse"]
