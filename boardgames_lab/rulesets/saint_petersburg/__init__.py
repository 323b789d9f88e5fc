"""Saint Petersburg (Sankt Petersburg), 1st edition, Hans im Glück 2004.

==================  =====================================================
players             2–4
chance              shuffled decks
hidden information  rubles, hand cards, deck order
phases              worker, building, aristocrat, trading (then round end)
rulebook            23 numbered steps, completed by the rules fact sheet
==================  =====================================================
"""
from .game import INFO, SaintPetersburg
from .moves import (BuyCard, BuyDrawn, BuyPoints, DiscardDrawn, Observe, Pass, PlayCard, TakeCard, TakeDrawn,
                    parse)
from .rules import RULES

DEFINITION = SaintPetersburg()

__all__ = ["DEFINITION", "INFO", "RULES", "BuyCard", "BuyDrawn", "BuyPoints", "DiscardDrawn", "Observe", "Pass",
           "PlayCard", "SaintPetersburg", "TakeCard", "TakeDrawn", "parse"]
