"""Players that are not people. A bot decides from what its seat may see: the view, the legal moves
and samples of full states consistent with that view (:class:`Seat`), never the real state.

``make_bot("mcts", seed=1, iterations=500)`` builds a bot by name with options declared as data
(``BOTS["mcts"].options``); ``bot_move(game, bot)`` asks it for the current player's move.
"""
from __future__ import annotations

from typing import Any, Callable

from ..core.game import Game
from .base import SEED, Bot, BotOption, RandomBot, Seat, reward_shares
from .heuristic import HeuristicBot, heuristic_games
from .mcts import ISMCTSBot, MCTSBot

BOTS: dict[str, Callable[..., Bot]] = {"random": RandomBot, "heuristic": HeuristicBot, "mcts": MCTSBot,
                                       "ismcts": ISMCTSBot}


def bot_options(name: str) -> tuple[BotOption, ...]:
    """The options a bot takes, as data (name, default, kind, bounds, description)."""
    if name not in BOTS:
        raise ValueError(f"no bot called {name!r}; the bots are {sorted(BOTS)}")
    return BOTS[name].options  # type: ignore[attr-defined]


def make_bot(name: str, seed: int = 0, **options: Any) -> Bot:
    """A bot by name; options are checked against its declared options."""
    declared = {o.name: o for o in bot_options(name)}
    for key, value in options.items():
        if key not in declared:
            raise ValueError(f"bot {name!r} has no option {key!r}; options are {sorted(declared)}")
        options[key] = declared[key].check(value)
    return BOTS[name](seed=seed, **options)


def decide(bot: Any, seat: Seat) -> Any:
    """Ask any bot for a move: ``decide(seat)`` if it has one, else ``choose(view, legal_moves)``."""
    if hasattr(bot, "decide"):
        return bot.decide(seat)
    return bot.choose(seat.view, seat.legal_moves)


def bot_move(game: Game, bot: Any, player: int | None = None) -> Any:
    """Ask a bot for a seat's move (default: the first seat to act); it sees only what that seat may see."""
    seats = game.to_act()
    if not seats:
        raise ValueError("the game is over")
    player = seats[0] if player is None else player
    if player not in seats:
        raise ValueError(f"seat {player} may not act now; seats to act: {list(seats)}")
    legal = game.legal_moves() if len(seats) == 1 else game.definition.seat_moves(game.state, player)
    return decide(bot, Seat(game.definition, game.state, player, legal))


__all__ = ["BOTS", "Bot", "BotOption", "HeuristicBot", "ISMCTSBot", "MCTSBot", "RandomBot", "SEED",
           "Seat", "bot_move", "bot_options", "decide", "heuristic_games", "make_bot", "reward_shares"]
