"""Keythedral exercise: the start-player auction with two players. Bid a cube, or let it go?"""
from __future__ import annotations

import random
from typing import Any

from ...bots import bot_move, make_bot
from ...core.game import Game
from ...core.registry import definition, new_game
from ...core.rng import Rng
from ...faces import first_position


def sampled_future(row_player: int) -> Any:
    """The face-down tiles, fields and law cards the bidder cannot see resampled; chance reseeded."""
    def future(state: Any, rng: random.Random) -> Any:
        out = definition("keythedral").determinize(state, row_player, Rng(rng.getrandbits(63)))
        out.rng = Rng(rng.getrandbits(63))
        return out
    return future


def _position(seed: int) -> tuple[Game, dict[str, Any]] | None:
    """Heuristic play until the first bidder of an auction may bid one cube and the last bidder,
    player B, could match it."""
    game = new_game("keythedral", players=2, seed=seed, names=["Kira", "Lars"])
    bots = [make_bot("heuristic", seed=seed + p) for p in range(2)]
    while not game.is_over and game.state.round <= 6:
        if game.phase == "auction":
            moves = {str(m): m for m in game.legal_moves()}
            if "bid 0" in moves and "bid 1" in moves:
                after = game.clone().apply(moves["bid 1"])
                replies = {str(m): m for m in after.legal_moves()}
                if after.current_player != game.current_player and "bid 1" in replies and "bid 0" in replies:
                    passed = game.clone().apply(moves["bid 0"])
                    if "bid 0" in {str(m) for m in passed.legal_moves()}:
                        return game, {"bid": moves["bid 1"], "no bid": moves["bid 0"],
                                      "match": replies["bid 1"], "pass": replies["bid 0"]}
        game.apply(bot_move(game, bots[game.to_act()[0]]))
    return None


def start_auction(seed: int = 1, playouts: int = 6) -> dict[str, Any]:
    game, m = first_position(_position, range(seed, seed + 30), "start-player auction")
    me = game.to_act()[0]
    other = 1 - me
    cubes = [p["cube_count"] for p in game.view(me)["players"]]  # how many cubes is public
    story = (f"Keythedral, round {game.state.round}, the start-player auction (seed {game.seed}, after "
             f"{game.ply} moves). {game.names[me]} bids first and may offer one cube or nothing "
             f"(holding {cubes[me]} cubes worth one each). {game.names[other]} (player B, holding {cubes[other]}) bids last "
             f"and wins by matching the highest bid, paying the matched bidder; if nobody bids, "
             f"{game.names[other]} chooses the start player for free. The winner chooses who starts.")
    no_bid = m["pass"]  # after no bid there is nothing to match: player B can only pass
    return dict(
        name="keythedral.start_auction", title="Bid for the start?", story=story, game=game,
        row_player=me, col_player=other, rows={"bid 1": m["bid"], "no bid": m["no bid"]},
        cols={"match": {"bid 1": m["match"], "no bid": no_bid}, "pass": m["pass"]},
        future=sampled_future(me), playouts=playouts, seed=seed)


# The exercises by name (analysis.exercise("keythedral.<name>") builds them): each builder gives an Exercise's
# keyword arguments.
EXERCISES = {"start_auction": start_auction}
