"""Kuhn poker moves: an action (``check``, ``bet``, ``call``, ``fold``) and chance's deal (``deal king``)."""
from dataclasses import dataclass

from ...core.errors import InvalidNotation
from ...core.moves import Move
from .data import ACTIONS, CARDS


@dataclass(frozen=True, slots=True)
class Action(Move):
    action: str  # one of ACTIONS
    kind = "action"

    def __str__(self) -> str:
        return self.action


@dataclass(frozen=True, slots=True)
class Deal(Move):
    card: str
    kind = "deal"

    def __str__(self) -> str:
        return f"deal {self.card}"


def parse(text: str, seat: int) -> Move:
    words = text.split() if isinstance(text, str) else []
    if len(words) == 1 and words[0] in ACTIONS:
        return Action(seat, words[0])
    if len(words) == 2 and words[0] == "deal" and words[1] in CARDS:
        return Deal(seat, words[1])
    raise InvalidNotation(f"{text!r} is not a Kuhn poker move: check, bet, call or fold (chance: deal jack)")
