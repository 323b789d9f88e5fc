"""Saint Petersburg exercise: buy a card now, or take it into hand and pay later?"""
from __future__ import annotations

import random
from typing import Any

from ...bots import bot_move, make_bot
from ...core.game import Game
from ...core.registry import new_game
from ...core.rng import Rng
from ...faces import first_position
from .moves import BuyCard, TakeCard


def unknown_future(state: Any, rng: random.Random) -> Any:
    """The same table with the decks reshuffled: nobody knows the cards still to come."""
    out = state.clone()
    for deck in out.decks:
        Rng(rng.getrandbits(63)).shuffle(deck, what="a deck, as nobody knows it")
    out.rng = Rng(rng.getrandbits(63))
    return out


def _position(seed: int) -> tuple[Game, Any, Any, Any] | None:
    """Play heuristic bots until the player to move may buy or take the same card and the next
    player can afford a different card; None if the game ends first."""
    game = new_game("saint_petersburg", players=2, seed=seed, names=["Anna", "Boris"])
    bots = [make_bot("heuristic", seed=seed + p) for p in range(2)]
    while not game.is_over:
        if game.phase in ("building", "aristocrat", "trading") and game.position()["state"]["round"] >= 2:
            found = _choice(game)
            if found:
                return (game, *found)
        game.apply(bot_move(game, bots[game.to_act()[0]]))
    return None


def _choice(game: Game) -> tuple[Any, Any, Any] | None:
    legal = game.legal_moves()
    buys = {(m.card, m.slot): m for m in legal if isinstance(m, BuyCard) and not m.replaces}
    takes = [m for m in legal if isinstance(m, TakeCard) and (m.card, m.slot) in buys]
    if not takes:
        return None
    take = takes[-1]
    buy = buys[(take.card, take.slot)]
    after = game.clone().apply(take)
    if after.current_player == game.current_player:
        return None
    other = [m for m in after.legal_moves() if isinstance(m, BuyCard) and not m.replaces and m.slot != take.slot]
    if not other or other[-1] not in game.clone().apply(buy).legal_moves():
        return None
    return buy, take, other[-1]


def buy_or_take(seed: int = 4, playouts: int = 20) -> dict[str, Any]:
    game, buy, take, answer = first_position(_position, range(seed, seed + 50), "buy-or-take")
    me = game.to_act()[0]
    other = 1 - me
    table = game.position()["state"]
    story = (f"Saint Petersburg, round {table['round']}, {game.phase} phase (seed {game.seed}, after "
             f"{game.ply} moves). {game.names[me]} has {table['money'][me]} rubles and may buy the "
             f"{buy.card.replace('_', ' ')} now or take it into hand (free now, paid for when played). "
             f"{game.names[other]}, with {table['money'][other]} rubles, then buys the "
             f"{answer.card.replace('_', ' ')} or passes.")
    return dict(
        name="saint_petersburg.buy_or_take", title="Buy now or take into hand?", story=story, game=game,
        row_player=me, col_player=other, rows={"buy": buy, "take": take},
        cols={"buy": answer, "pass": game.parse_move("pass", other)},
        future=unknown_future, playouts=playouts, seed=seed)


# The exercises by name (analysis.exercise("saint_petersburg.<name>") builds them): each builder gives an Exercise's
# keyword arguments.
EXERCISES = {"buy_or_take": buy_or_take}
