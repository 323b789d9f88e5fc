"""Village (eggertspiele 2011), base game.

==================  =====================================================
players             2–4
chance              the cube bag, the customer pile, the Mass draw
hidden information  the order of the customer pile
phases              take a cube, act, market day, deaths, Mass
rulebook            the Village actions text, completed by the rules fact sheet
==================  =====================================================
"""
from .game import Village
from .info import INFO
from .moves import (MOVE_TYPES, Birth, ChooseCubes, Church, Council, Craft, Dies, FreeAction, Harvest, MassDone, Mill,
                    Pass, Privilege, Raise, Recall, Redeem, Serve, Skip, TakeCube, Travel, Well, parse)
from .rules import RULES

DEFINITION = Village()

__all__ = ["DEFINITION", "INFO", "MOVE_TYPES", "RULES", "Birth", "ChooseCubes", "Church", "Council", "Craft", "Dies",
           "FreeAction", "Harvest", "MassDone", "Mill", "Pass", "Privilege", "Raise", "Recall", "Redeem", "Serve",
           "Skip", "TakeCube", "Travel", "Well", "Village", "parse"]
