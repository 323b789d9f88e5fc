"""Heuristic bots: each game supplies a rule of thumb that scores every legal move with a reason.

A heuristic is a function ``(view, legal_moves) -> list of (score, reason)``, one pair per move,
registered under the game's name with :func:`register_heuristic`. The bot plays the best-scoring
move and keeps the reason in ``last_reason``, so a student can read why. A game without its own
heuristic gets the generic one: look one move ahead in a sampled position and take the move that
raises the player's score most.
"""
from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from .base import SEED, BotOption, Seat

Heuristic = Callable[[dict[str, Any], Sequence[Any]], list[tuple[float, str]]]
HEURISTICS: dict[str, Heuristic] = {}


def register_heuristic(game: str) -> Callable[[Heuristic], Heuristic]:
    """Decorator: make ``fn`` the heuristic bot's rule of thumb for ``game``."""
    def add(fn: Heuristic) -> Heuristic:
        HEURISTICS[game] = fn
        return fn
    return add


def _load_bundled() -> None:
    from . import heuristics  # noqa: F401  (registers the bundled games' heuristics)


def heuristic_games() -> list[str]:
    """The games with a heuristic of their own (the others get the one-move lookahead)."""
    _load_bundled()
    return sorted(HEURISTICS)


class HeuristicBot:
    """Plays the move its game's heuristic scores highest; ties are broken by its own seeded generator."""

    name = "heuristic"
    options: tuple[BotOption, ...] = (SEED,)

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)
        self.last_reason = ""

    def advise(self, seat: Seat) -> list[tuple[Any, float, str]]:
        """Every legal move with its score and reason, best first."""
        _load_bundled()
        heuristic = HEURISTICS.get(seat.game.info.name)
        scored = heuristic(seat.view, seat.legal_moves) if heuristic else _greedy(seat, self._rng)
        ranked = [(m, s, r) for m, (s, r) in zip(seat.legal_moves, scored)]
        return sorted(ranked, key=lambda t: -t[1])

    def decide(self, seat: Seat) -> Any:
        ranked = self.advise(seat)
        best = ranked[0][1]
        ties = [t for t in ranked if t[1] == best]
        move, _, reason = ties[self._rng.randrange(len(ties))]
        self.last_reason = f"{move}: {reason}"
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
