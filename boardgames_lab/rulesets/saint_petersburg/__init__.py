"""Saint Petersburg (Sankt Petersburg), 1st edition, Hans im Glück 2004.

==================  =====================================================
players             2–4
chance              shuffled decks; every card turned up is a chance move
hidden information  rubles, hand cards, deck order
phases              worker, building, aristocrat, trading (then round end)
rulebook            23 numbered steps, completed by the rules fact sheet
==================  =====================================================
"""
from typing import TYPE_CHECKING

from .game import SaintPetersburg
from .info import INFO
from .moves import (BuyCard, BuyDrawn, BuyPoints, DiscardDrawn, DrawCard, LayCard, Observe, Pass, PlayCard, TakeCard,
                    TakeDrawn, parse)
from .rules import RULES

if TYPE_CHECKING:
    from ...core.game import Game

DEFINITION = SaintPetersburg()


def price_of(game: "Game", move: object) -> list[tuple[str, int, str]]:
    """The price of a buy or play move (a value or its notation) in ``game`` now, line by line:
    (rule id, amount, words)."""
    if isinstance(move, str):
        move = game.parse_move(move)
    from ...core.positions import read_state
    from .checks import price_lines
    state = read_state(DEFINITION, game.position())[0]
    return price_lines(state, move)


# Modules beyond the house, each with the part of the rulebook it holds (tests/test_house.py).
EXTRA_MODULES = {
    "prices": "Rulebook steps 13 and 17 to 21: what a card costs, the price rule written once",
}

__all__ = ["EXTRA_MODULES", "DEFINITION", "INFO", "RULES", "BuyCard", "BuyDrawn", "BuyPoints", "DiscardDrawn", "DrawCard",
           "LayCard", "Observe", "Pass", "PlayCard", "SaintPetersburg", "TakeCard", "TakeDrawn", "parse", "price_of"]
