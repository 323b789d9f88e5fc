"""Village (eggertspiele 2011), base game.

==================  =====================================================
players             2–4
chance              the cube bag, the customer pile, the Mass draw: each a chance phase (draws.py)
hidden information  the order of the customer pile
phases              take a cube, act, market day, deaths, Mass
rulebook            the Village actions text, completed by the rules fact sheet
==================  =====================================================
"""
from .game import Village
from .info import INFO
from .moves import (MOVE_TYPES, Birth, ChooseCubes, Church, Council, Craft, Dies, DrawCustomer, DrawMonk, DrawVillager,
                    FreeAction, Harvest, MassDone, Mill, Pass, Privilege, Raise, Recall, Redeem, SeedArea, Serve, Skip,
                    TakeCube, Travel, Well, parse)
from .rules import RULES

DEFINITION = Village()

# Modules beyond the house, each with the part of the rulebook it holds (tests/test_house.py).
EXTRA_MODULES = {
    "checks_actions": "Rulebook: the village actions (harvest, family, crafts, council chamber, travel, church)",
    "market": "Rulebook: the market and the market day",
    "travel": "Rulebook: travel, and the travel map",
    "mass": "Rulebook: the church and the Mass",
    "payment": "Rulebook: paying influence, coins and time",
    "death": "Fact sheet: time, death and the village chronicle",
    "movetables": "Rulebook: the actions' moves for each seat, made once",
}

__all__ = ["EXTRA_MODULES", "DEFINITION", "INFO", "MOVE_TYPES", "RULES", "Birth", "ChooseCubes", "Church", "Council", "Craft", "Dies",
           "DrawCustomer", "DrawMonk", "DrawVillager", "SeedArea", "FreeAction", "Harvest", "MassDone", "Mill", "Pass", "Privilege", "Raise", "Recall", "Redeem", "Serve",
           "Skip", "TakeCube", "Travel", "Well", "Village", "parse"]
