"""Citadels (Ohne Furcht und Adel, Sonderausgabe), Hans im Glück, with the action-card variant.

==================  ==================================================================
players             2–7 (two characters each with 2 or 3 players)
chance              shuffled deck and characters, dealt and drawn in chance phases
hidden information  hands, chosen characters, face-down characters, deck order
phases              character draft, the King's calling, each character's turn
rulebook            the Sonderausgabe rulebook, completed by the rules fact sheet
==================  ==================================================================
"""
from .game import Citadels
from .info import INFO
from .moves import Move, parse
from .rules import RULES

DEFINITION = Citadels()

# The modules beyond the house (boardgames_lab.rulesets.HOUSE), each holding one part of the rulebook.
EXTRA_MODULES = {
    "draft": "Rulebook: Setup and Sequence of a Round (choosing the characters, calling them, the round's end)",
    "checks_turn": "Rulebook: Sequence of a Character's Turn and the eight characters (their checks)",
    "checks_actions": "Fact sheet: the violet buildings; Rulebook, Variant: the action cards and reaction windows (their checks)",
}

__all__ = ["DEFINITION", "EXTRA_MODULES", "INFO", "Citadels", "Move", "RULES", "parse"]
