"""Players that are not people. A bot decides from what its seat may see: the view and the legal moves."""
from __future__ import annotations

import random
from typing import Any, Callable, Protocol, Sequence

from ..core.game import Game


class Bot(Protocol):
    name: str

    def choose(self, view: dict[str, Any], legal_moves: Sequence[Any]) -> Any: ...


class RandomBot:
    """Picks uniformly among the legal moves, from its own seeded generator."""

    name = "random"
    options: tuple[dict[str, Any], ...] = ({"name": "seed", "default": 0, "kind": "int"},)

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal_moves: Sequence[Any]) -> Any:
        return legal_moves[self._rng.randrange(len(legal_moves))]


BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot}


def make_bot(name: str, seed: int = 0) -> Bot:
    if name not in BOTS:
        raise ValueError(f"no bot called {name!r}; the bots are {sorted(BOTS)}")
    return BOTS[name](seed=seed)


def bot_move(game: Game, bot: Bot) -> Any:
    """Ask a bot for the current player's move, showing it only that player's view."""
    player = game.current_player
    if player is None:
        raise ValueError("the game is over")
    return bot.choose(game.view(player), game.legal_moves())
