"""The search bots against an earlier commit's, side by side in one run: ``python -m bench.search [--base REV]``.

For each game, player count and bot (MCTS, ISMCTS) both trees run a worker process of their own, pinned to one
core, on the same position (a seeded game played at random until a seat has a choice): each imports its bots,
searches once untimed, then the two take turns (``--rounds`` pairs, the order alternating) at one decision of
``--iterations`` playouts each. Time is each worker's CPU time, so other work on a shared machine reaches both
alike; the ratio given is the median of the pairs' ratios of iterations per second, with its range.

``--instructions`` counts work instead of time: each tree makes the same decision once more under valgrind's
callgrind, counting only the instructions inside it (after an untimed search, as above), and the ratio is old /
new instructions per playout. The count does not depend on the machine's load; it leaves out memory stalls,
which the time figures show.
"""
from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

from .compare import ROOT, Worker, callgrind, counted_pair, worktree

BASE = "ae2fe31"  # main before the search bots' playouts were made faster
CASES = [("saint_petersburg", 4, "mcts"), ("saint_petersburg", 4, "ismcts"), ("citadels", 6, "mcts"),
         ("citadels", 6, "ismcts")]

# Run inside each tree: "search N" makes one decision of N playouts and prints the playouts per CPU second.
SEARCH = r"""
import json, random, sys, time
from boardgames_lab.core.registry import definition
from boardgames_lab.bots.base import Seat
from boardgames_lab.bots.mcts import ISMCTSBot, MCTSBot
name, players, bot = sys.argv[1], int(sys.argv[2]), sys.argv[3]
d = definition(name)
st, rng = d.new_state(players, 5, d.resolve_options({})), random.Random(0)
for ply in range(400):
    moves = d.legal_moves(st)
    if ply >= 20 and len(moves) > 1:
        break
    d.advance(st, moves[int(rng.random() * len(moves))])
make = MCTSBot if bot == "mcts" else ISMCTSBot
decisions = iter(range(10**9))

def search(n):
    player = make(seed=next(decisions), iterations=n)
    seat = Seat(d, st, st.current, d.legal_moves(st))
    start = time.process_time()
    player.decide(seat)
    return n / (time.process_time() - start)

import boardgames_lab
search(50)
if sys.argv[4] == "count":  # under callgrind: one decision inside math.fsum, which switches counting on
    import math
    math.fsum(search(int(sys.argv[5])) for _ in range(1))
    print(boardgames_lab.__file__)
    raise SystemExit
print(json.dumps({"engine": boardgames_lab.__file__}), flush=True)
for line in sys.stdin:
    print(json.dumps({"rate": search(int(line.split()[1]))}), flush=True)
"""


def instructions(base: Path, iterations: int, tmp: Path) -> float:
    """Each case's decision counted under callgrind in both trees at once; prints instructions per playout."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian package valgrind)")
    print(f"{'game':<18}{'pl':>3}  {'bot':<8}{'old kinstr/it':>14}{'new kinstr/it':>14}{'ratio':>8}")
    worst = float("inf")
    for k, (name, players, bot) in enumerate(CASES):
        case = tmp / f"case{k}"
        runs = {which: callgrind(tree, SEARCH, [name, str(players), bot, "count", str(iterations)], case / which)
                for which, tree in (("old", base), ("new", ROOT))}
        (old,), (new,) = counted_pair(base, runs, case, 1)
        worst = min(worst, old / new)
        print(f"{name:<18}{players:>3}  {bot:<8}{old / iterations / 1e3:>14.1f}{new / iterations / 1e3:>14.1f}"
              f"{old / new:>8.2f}", flush=True)
    return worst


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASE, help="the git revision of the earlier bots and engine")
    parser.add_argument("--rounds", type=int, default=10, help="pairs of decisions per case")
    parser.add_argument("--iterations", type=int, default=200, help="playouts per decision")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per playout under callgrind instead of timing (needs valgrind)")
    args = parser.parse_args(argv)
    if args.instructions:
        with tempfile.TemporaryDirectory() as tmp:
            base = worktree(args.base, Path(tmp))
            try:
                worst = instructions(base, args.iterations, Path(tmp))
            finally:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                               capture_output=True, check=False)
        print(f"\nlowest ratio old/new instructions: {worst:.2f} (at least 2 asked)")
        return 0 if worst >= 2 else 1
    print(f"{'game':<18}{'pl':>3}  {'bot':<8}{'old it/s':>10}{'new it/s':>10}{'ratio':>8}{'range':>12}")
    worst = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        base = worktree(args.base, Path(tmp))
        try:
            for name, players, bot in CASES:
                old_w, new_w = (Worker(tree, name, players, bot, SEARCH) for tree in (base, ROOT))
                try:
                    old, new = [], []
                    for k in range(args.rounds):  # the order alternates, so neither tree always runs first
                        pair = (old_w, new_w) if k % 2 == 0 else (new_w, old_w)
                        rates = {id(w): w.ask(f"search {args.iterations}")["rate"] for w in pair}
                        old.append(rates[id(old_w)])
                        new.append(rates[id(new_w)])
                finally:
                    old_w.close()
                    new_w.close()
                ratios = sorted(n / o for n, o in zip(new, old))
                ratio = statistics.median(ratios)
                worst = min(worst, ratio)
                print(f"{name:<18}{players:>3}  {bot:<8}{statistics.median(old):>10.0f}{statistics.median(new):>10.0f}"
                      f"{ratio:>8.2f}{f'{ratios[0]:.2f}-{ratios[-1]:.2f}':>12}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True, check=False)
    print(f"\nlowest ratio new/old: {worst:.2f} (at least 2 asked)")
    return 0 if worst >= 2 else 1


if __name__ == "__main__":
    raise SystemExit(main())
