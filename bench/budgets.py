"""Do the search bots keep their time budget? One decision with ``seconds=1.0`` in every game at every count.

``python -m bench.budgets`` plays each game a few moves in with heuristic bots (to a decision with a choice),
then times one MCTS and one ISMCTS decision with a one-second budget and no iteration limit, and prints the
seconds each took, its iterations, its playout moves and how many playouts the depth or the deadline cut
off. It exits 1 if any decision took longer than ``--limit`` seconds (1.2 by default).
"""
from __future__ import annotations

import argparse
import time
from typing import Any

import boardgames_lab as bgl
from boardgames_lab.bots import HeuristicBot, ISMCTSBot, MCTSBot, bot_move

SEARCHES = {"mcts": MCTSBot, "ismcts": ISMCTSBot}


def position(name: str, players: int, plies: int, seed: int = 1) -> Any:
    """A game ``plies`` heuristic moves in, moved on to the next decision with more than one legal move."""
    game = bgl.new_game(name, players=players, seed=seed)
    bots = [HeuristicBot(seed=p) for p in range(players)]
    while not game.is_over and (game.ply < plies or len(game.legal_moves()) < 2):
        game.apply(bot_move(game, bots[game.current_player]))
    return game


def timed_decision(game: Any, bot_name: str, seconds: float) -> dict[str, Any]:
    bot = SEARCHES[bot_name](seed=0, iterations=1_000_000, seconds=seconds)
    start = time.perf_counter()
    bot_move(game, bot)
    return {"seconds": time.perf_counter() - start, "iterations": bot.last_iterations, "plies": bot.last_plies,
            "cut": bot.last_cut}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.budgets", description=__doc__)
    parser.add_argument("--seconds", type=float, default=1.0, help="time budget of each decision")
    parser.add_argument("--limit", type=float, default=1.2, help="the most seconds a decision may take")
    parser.add_argument("--plies", type=int, default=30, help="heuristic moves played before the decision")
    parser.add_argument("--only", help="one game")
    parser.add_argument("--bots", nargs="*", default=list(SEARCHES), choices=list(SEARCHES))
    args = parser.parse_args(argv)
    print(f"one decision with seconds={args.seconds} and no iteration limit, {args.plies} heuristic moves in; "
          f"limit {args.limit} s")
    print(f"{'game':<18}{'players':>8}{'bot':>8}{'seconds':>9}{'iters':>8}{'plies':>9}{'cut':>6}  verdict")
    ok, worst = True, 0.0
    for info in bgl.games():
        if args.only not in (None, info["name"]):
            continue
        for players in info["players"]:
            game = position(info["name"], players, args.plies)
            for bot_name in args.bots:
                r = timed_decision(game, bot_name, args.seconds)
                met = r["seconds"] <= args.limit
                ok &= met
                worst = max(worst, r["seconds"])
                print(f"{info['name']:<18}{players:>8}{bot_name:>8}{r['seconds']:>9.3f}{r['iterations']:>8}"
                      f"{r['plies']:>9}{r['cut']:>6}  {'met' if met else 'NOT met'}", flush=True)
    print(f"slowest decision {worst:.3f} s (limit {args.limit} s): {'met' if ok else 'NOT met'}")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
