"""Bench sections for the game-theory lab: MCTS speed, and the speed-up of a tournament over both cores."""
from __future__ import annotations

import os
import time

import boardgames_lab as bgl
from boardgames_lab.analysis import tournament
from boardgames_lab.bots import MCTSBot, bot_move

MCTS_TARGET = 500  # iterations per second, each with a full random playout, 4-player Saint Petersburg start
SPEEDUP_TARGET = 1.8  # 10,000 random games on two cores against one


def mcts_rate(iterations: int = 1000, repeats: int = 3) -> float:
    """Best of a few searches from the opening position of a four-player game, on the current core."""
    best = 0.0
    for seed in range(repeats):
        game = bgl.new_game("saint_petersburg", players=4, seed=seed)
        bot = MCTSBot(seed=seed, iterations=iterations)
        start = time.perf_counter()
        bot_move(game, bot)
        best = max(best, bot.last_iterations / (time.perf_counter() - start))
    return best


def speedup(games: int = 10_000, cores: set[int] | None = None, repeats: int = 2) -> tuple[float, float, float]:
    """Best seconds for the same random tournament in one process and over two worker processes,
    alternating the two so a burst of other work on a shared machine does not favour either."""
    if cores and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, cores)  # the worker processes inherit both cores
    bots = ["random"] * 4
    serial = parallel = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        one = tournament("saint_petersburg", bots, games=games, backend="serial", progress=False)
        serial = min(serial, time.perf_counter() - start)
        start = time.perf_counter()
        two = tournament("saint_petersburg", bots, games=games, workers=2, progress=False)
        parallel = min(parallel, time.perf_counter() - start)
        assert one.equals(two), "both backends must give the same table"
    return serial, parallel, serial / parallel


def report(all_cores: set[int], games: int = 10_000) -> bool:
    rate = mcts_rate()
    ok = rate >= MCTS_TARGET
    print(f"\nMCTS from the start of 4-player Saint Petersburg, one core: {rate:.0f} iterations/s "
          f"(target {MCTS_TARGET}: {'met' if ok else 'NOT met'})")
    if len(all_cores) < 2:
        print("tournament speed-up: skipped, this machine has one core")
        return ok
    serial, parallel, ratio = speedup(games, set(sorted(all_cores)[:2]))
    met = ratio >= SPEEDUP_TARGET
    print(f"{games} random games of 4-player Saint Petersburg: one process {serial:.1f} s, two worker "
          f"processes {parallel:.1f} s, speed-up {ratio:.2f}x (target {SPEEDUP_TARGET}x: {'met' if met else 'NOT met'}; "
          f"load average {os.getloadavg()[0]:.1f}: other work on the machine takes cores from the two workers)")
    return ok and met
