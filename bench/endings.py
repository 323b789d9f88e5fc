"""Do heuristic Keythedral games end? Plays seeded games between heuristic bots at every player count.

``python -m bench.endings`` plays 400 games at each of 2 to 5 players (game seed ``s``, the bot in seat ``p``
seeded ``s * 10 + p``) and prints, per player count, the games played, how many ended, and the mean and
largest number of moves; it exits 1 if any game reached the move cap without ending.
"""
from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from boardgames_lab.analysis.play import move_cap
from boardgames_lab.bots import HeuristicBot, Seat, decide
from boardgames_lab.core.registry import definition

GAME = "keythedral"


def heuristic_game(players: int, seed: int, cap: int | None = None, name: str = GAME,
                   options: dict[str, Any] | None = None) -> tuple[bool, int]:
    """(ended, moves) of one game between heuristic bots, stopped after ``cap`` moves."""
    d = definition(name)
    cap = move_cap(name) if cap is None else cap
    st = d.new_state(players, seed, d.resolve_options(options or {}))
    bots = [HeuristicBot(seed=seed * 10 + p) for p in range(players)]
    moves = 0
    while not d.is_over(st) and moves < cap:
        p = st.current
        d.advance(st, decide(bots[p], Seat(d, st, p, d.legal_moves(st))))
        moves += 1
    return d.is_over(st), moves


def endings(players: int, seeds: range, cap: int | None = None,
            options: dict[str, Any] | None = None) -> dict[str, Any]:
    start = time.perf_counter()
    results = [(seed, *heuristic_game(players, seed, cap, options=options)) for seed in seeds]
    moves = [m for _, _, m in results]
    return {"players": players, "games": len(results), "ended": sum(e for _, e, _ in results),
            "stuck": [s for s, e, _ in results if not e], "mean_moves": sum(moves) / len(moves),
            "max_moves": max(moves), "seconds": time.perf_counter() - start}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.endings", description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="seeded games per player count")
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4, 5])
    parser.add_argument("--cap", type=int, default=None, help="moves before a game counts as stuck")
    parser.add_argument("--full", action="store_true", help="the full version (orange spaces too)")
    parser.add_argument("--face-up", action="store_true", help="variation two: every building tile face up")
    args = parser.parse_args(argv)
    options = {"version": "full" if args.full else "short", "face_up_tiles": args.face_up}
    print(f"heuristic bots in {GAME} ({options}), {args.games} seeded games per player count, move cap "
          f"{args.cap or move_cap(GAME)}")
    print(f"{'players':>7}{'games':>7}{'ended':>7}{'mean moves':>12}{'max moves':>11}{'seconds':>9}  stuck seeds")
    ok = True
    for players in args.players:
        r = endings(players, range(args.games), args.cap, options)
        ok &= not r["stuck"]
        print(f"{players:>7}{r['games']:>7}{r['ended']:>7}{r['mean_moves']:>12.0f}{r['max_moves']:>11}"
              f"{r['seconds']:>9.1f}  {r['stuck'][:20] or '-'}", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
