"""Every move a seat can make, numbered for the PettingZoo and OpenSpiel adapters (the deal is chance's)."""
from .data import ACTIONS
from .moves import Action

ENCODING = 1  # bump whenever a move's number changes


def every_move() -> list[Action]:
    return [Action(0, action) for action in ACTIONS]
