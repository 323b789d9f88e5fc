"""Citadels (Ohne Furcht und Adel, Sonderausgabe), Hans im Glück, with the action-card variant.

==================  ==================================================================
players             2–7 (two characters each with 2 or 3 players)
chance              shuffled deck and characters
hidden information  hands, chosen characters, face-down characters, deck order
phases              character draft, the King's calling, each character's turn
rulebook            the Sonderausgabe rulebook, completed by the rules fact sheet
==================  ==================================================================
"""
from .game import INFO, Citadels
from .moves import Move, parse
from .rules import RULES

DEFINITION = Citadels()

__all__ = ["DEFINITION", "INFO", "Citadels", "Move", "RULES", "parse"]
