"""Keythedral (Richard Breese; R&D Games 2002, Pro Ludo 2004 second edition).

==================  ==============================================================
players             2–5 (two players: the variant rules apply automatically)
chance              shuffled field tiles, building tiles and law cards
hidden information  screens (cubes, seats, law cards); face-down laws, tiles, field stack
phases              set-up by the players; rounds of five phases
rulebook            the second-edition rulebook with its appendix of 20 law cards
==================  ==============================================================
"""
from .game import INFO, Keythedral
from .moves import MOVE_CLASSES, parse
from .rules import RULES

DEFINITION = Keythedral()

__all__ = ["DEFINITION", "INFO", "Keythedral", "MOVE_CLASSES", "RULES", "parse"]
