"""Keythedral (Richard Breese; R&D Games 2002, Pro Ludo 2004 second edition).

==================  ==============================================================
players             2–5 (two players: the variant rules apply automatically)
chance              shuffled field tiles, building tiles and law cards
hidden information  screens (cubes, seats, law cards); face-down laws, tiles, field stack
phases              set-up by the players; rounds of five phases
rulebook            the second-edition rulebook with its appendix of 20 law cards
==================  ==============================================================
"""
from .game import Keythedral
from .info import INFO
from .moves import MOVE_CLASSES, parse
from .rules import RULES

DEFINITION = Keythedral()

# Modules beyond the house, each with the part of the rulebook it holds (tests/test_house.py).
EXTRA_MODULES = {
    "workers": "Rulebook: phase one, place worker counters, and phase two, collect resource cubes",
    "checks_actions": "Rulebook: phase three, spend resource cubes (its six actions, one check each)",
    "prices": "Rulebook: phase three, the costs of building tiles, houses, fences and the craft shops",
    "exchanges": "Rulebook: phase three, actions four to six (craft shops, trader, new laws) as moves",
    "auction": "Rulebook: phase four, retrieve worker counters, and phase five, change start player",
    "laws": "Rulebook appendix: law card detail (the 20 law cards and the windows to play them)",
    "reachable": "Rulebook: set-up and phases one to five, as positions: what a position read must agree with",
    "layout": "Rulebook: set-up, the board of laid field tiles, as the action numbers name its places and sites",
}

__all__ = ["DEFINITION", "EXTRA_MODULES", "INFO", "Keythedral", "MOVE_CLASSES", "RULES", "parse"]
