"""Kuhn poker (H. W. Kuhn, "A simplified form of poker", 1950): the example game of docs/adding_a_game.md.

==================  ==================================================
players             2
chance              the deal: one card each from a deck of three
hidden information  the other player's card, until a showdown
phases              deal, betting, showdown
source              Kuhn 1950, the rules of play
==================  ==================================================
"""
from .game import KuhnPoker
from .info import INFO
from .moves import Action, Deal, parse
from .rules import RULES

DEFINITION = KuhnPoker()  # not a bundled game: register(DEFINITION) (core.registry) adds it to a session

__all__ = ["DEFINITION", "INFO", "RULES", "Action", "Deal", "KuhnPoker", "parse"]
