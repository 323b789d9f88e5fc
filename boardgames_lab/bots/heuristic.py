"""Heuristic bots: each game supplies a rule of thumb that scores every legal move with a reason.

A game's heuristic face (``rulesets/<game>/heuristic.py``, read as ``definition.heuristic``) has
``score_moves(view, legal_moves) -> list of (score, reason)``, one pair per move. The bot plays the
best-scoring move and keeps the reason in ``last_reason``, so a student can read why. A game without
its own heuristic gets the generic one: look one move ahead in a sampled position and take the move
that raises the player's score most.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.registry import definition, games
from .base import SEED, BotOption, Seat


def heuristic_games() -> list[str]:
    """The registered games with a heuristic face of their own (the others get the one-move lookahead)."""
    return sorted(g["name"] for g in games() if definition(g["name"]).heuristic is not None)


class HeuristicBot:
    """Plays the move its game's heuristic scores highest; ties are broken by its own seeded generator."""

    name = "heuristic"
    options: tuple[BotOption, ...] = (SEED,)

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self.last_reason = ""

    def advise(self, seat: Seat) -> list[tuple[Any, float, str]]:
        """Every legal move with its score and reason, best first."""
        heuristic = seat.game.heuristic
        scored = heuristic.score_moves(seat.view, seat.legal_moves) if heuristic else _greedy(seat, self._rng)
        ranked = [(m, s, r) for m, (s, r) in zip(seat.legal_moves, scored)]
        return sorted(ranked, key=lambda t: -t[1])

    def decide(self, seat: Seat) -> Any:
        ranked = self.advise(seat)
        best = ranked[0][1]
        ties = [t for t in ranked if t[1] == best]
        move, _, reason = ties[self._rng.randrange(len(ties))]
        self.last_reason = reason  # the move is said apart, in words (game.describe)
        return move


def _greedy(seat: Seat, rng: random.Random) -> list[tuple[float, str]]:
    game, me = seat.game, seat.player
    base = seat.sample(rng)
    before = game.scores(base)[me]
    out = []
    for move in seat.legal_moves:
        st = game.clone_state(base)
        game.advance(st, move)
        gain = game.scores(st)[me] - before
        out.append((float(gain), f"raises my score by {gain} in a sampled position"))
    return out
