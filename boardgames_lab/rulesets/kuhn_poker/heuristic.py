"""A rule of thumb from the view: bet and call with the King; else check, and fold facing a bet (it never bluffs)."""
from typing import Any, Sequence

from .data import NAMES, RANK


def score_moves(view: dict[str, Any], legal_moves: Sequence[Any]) -> list[tuple[float, str]]:
    card = view["cards"][view["perspective"]]
    strength, name = RANK[card] - 1.0, NAMES[card]  # the Jack -1, the Queen 0, the King 1: showdowns it may win
    scores = {"bet": (strength, f"the {name} wins {'most' if strength > 0 else 'few'} showdowns: more chips in"),
              "call": (strength - 0.5, f"a bettor seldom holds less than the {name}"),
              "check": (0.1, f"checking with the {name} risks no more chips"),
              "fold": (-0.25, "folding loses only the ante")}
    return [scores[move.action] for move in legal_moves]
