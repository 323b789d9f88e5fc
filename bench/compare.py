"""This engine against an earlier one, side by side in one run: ``python -m bench.compare [--base REV]``.

The earlier engine is checked out from git into a worktree (``--base``, by default the last
commit before Engine 2). For each case both engines run in worker processes of their own, side by side
on one core: each imports its engine once and plays a second untimed from other seeds, then the two take
turns at short slices of play (``--rounds`` pairs of ``--seconds`` each, the order alternating). Time is
each worker's CPU time (``time.process_time``), and a pair's two slices are measured within a second of
each other, so a change in the machine's speed (other work, another machine on the same host) reaches
both alike; the ratio given is the median of the pairs' ratios, with its quartiles. For each game and
player count it prints random-play games per second (Saint Petersburg, Citadels) or decisions per second
(Keythedral, Village) through the fast path (``legal_moves`` then ``advance``), the cost of a clone,
and the ratio new / old; the target is at least 0.9. It then times this engine's ``position()``,
``from_position`` and ``undo`` against a replay of the same game from its seed.

``--api`` plays the same slices through the checked ``Game`` API instead (``new_game``, ``legal_moves``,
``apply``, in play mode), as a notebook, the classroom and the adapters do: the ratio is how much faster the API
has become than the earlier engine's.

``--instructions`` measures work instead of time: each engine runs one fixed workload per case (the same
seeds and random picks as above, a set number of games or decisions) under valgrind's callgrind, which
counts the instructions executed inside the workload only (collection is switched on by the call that
wraps it). The count is the same on a busy machine as on a quiet one, so the ratio old / new instructions
can be read where the time figures are too noisy; it leaves out memory stalls, which the time figures show.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

BASELINE = "b8b1c55"  # main before Engine 2
ROOT = Path(__file__).resolve().parent.parent
CASES = [("saint_petersburg", 2, "games"), ("saint_petersburg", 3, "games"), ("saint_petersburg", 4, "games"),
         ("citadels", 4, "games"), ("citadels", 6, "games"), ("citadels", 7, "games"),
         ("keythedral", 2, "decisions"), ("keythedral", 3, "decisions"), ("keythedral", 4, "decisions"),
         ("keythedral", 5, "decisions"),
         ("village", 2, "decisions"), ("village", 4, "decisions")]

# Run inside each engine's tree: only the API both engines share (definition, new_state, legal_moves, advance,
# clone_state, flow.terminal). A worker imports its engine once, warms up, then answers the parent line by line:
# "slice S" plays for S seconds of CPU time and prints the rate; "clone" prints the cost of a clone.
WORKER = r"""
import json, random, sys, time
from boardgames_lab.core.registry import definition
name, players, unit, route = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
d = definition(name)
options = d.resolve_options({})
legal, advance, terminal, clone = d.legal_moves, d.advance, d.flow.terminal, d.clone_state

def api_play(seconds, rng, seeds, limit):
    # The checked Game API, as a notebook or the classroom plays: new_game, legal_moves, apply (play mode).
    from boardgames_lab import new_game
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        game, steps = new_game(name, players=players, seed=next(seeds)), 0
        while not game.is_over and steps < limit:
            moves = game.legal_moves()
            game.apply(moves[int(rng.random() * len(moves))])
            steps += 1
        done += 1 if unit == "games" else steps
    return done / (time.process_time() - start)

def games(seconds, rng, seeds):
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        st = d.new_state(players, next(seeds), options)
        while st.phase != terminal:
            moves = legal(st)
            advance(st, moves[int(rng.random() * len(moves))])
        done += 1
    return done / (time.process_time() - start)

def decisions(seconds, rng, seeds):
    # A fresh seeded game every 400 decisions: the engines may list moves in another order, so the same random
    # picks lead them down other games; many short stretches average over what the positions cost.
    done, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        st = d.new_state(players, next(seeds), options)
        for _ in range(400):
            if st.phase == terminal:
                break
            moves = legal(st)
            advance(st, moves[int(rng.random() * len(moves))])
            done += 1
    return done / (time.process_time() - start)

def clone_us():
    rng, st, states = random.Random(2), d.new_state(players, 7, options), []
    for _ in range(200):
        if st.phase == terminal:
            break
        moves = legal(st)
        advance(st, moves[int(rng.random() * len(moves))])
        states.append(clone(st))
    start = time.process_time()
    for _ in range(20):
        for s in states:
            clone(s)
    return (time.process_time() - start) / (20 * len(states)) * 1e6

import itertools
import boardgames_lab
if route == "api":
    play = lambda seconds, rng, seeds: api_play(seconds, rng, seeds, 10**9 if unit == "games" else 400)
else:
    play = games if unit == "games" else decisions
play(1.0, random.Random(3), itertools.count(10**6))  # untimed: the tables an engine fills as play meets positions
rng, seeds = random.Random(1), itertools.count()
print(json.dumps({"engine": boardgames_lab.__file__}), flush=True)
for line in sys.stdin:
    word, *rest = line.split()
    out = {"rate": play(float(rest[0]), rng, seeds)} if word == "slice" else {"clone_us": clone_us()}
    print(json.dumps(out), flush=True)
"""

# The same workloads with a fixed size, for callgrind. Each is run inside ``math.fsum`` (which the engines never
# call), and callgrind counts only inside that call and writes one profile per call.
COUNTED = r'''
import math, random, sys
from boardgames_lab.core.registry import definition

def workload(name, players, unit, size, first_seed=0):
    d = definition(name)
    options = d.resolve_options({})
    legal, advance, terminal = d.legal_moves, d.advance, d.flow.terminal
    def run():
        rng, seed, games, decisions = random.Random(1), first_seed, 0, 0
        while (games if unit == "games" else decisions) < size:
            st, steps = d.new_state(players, seed, options), 0
            seed += 1
            while st.phase != terminal and (unit == "games" or steps < 400):
                moves = legal(st)
                advance(st, moves[int(rng.random() * len(moves))])
                steps += 1
            games, decisions = games + 1, decisions + steps
        yield 0.0
    return run

for case in sys.argv[1:]:
    name, players, unit, size = case.split(":")
    # The same amount of play from other seeds first, outside the count: imports, and the tables an engine
    # fills as it meets positions, as they stand after a while of play (what a long timed run measures).
    next(workload(name, int(players), unit, int(size), first_seed=10**6)())
    math.fsum(workload(name, int(players), unit, int(size))())
import boardgames_lab
print(boardgames_lab.__file__)
'''
SIZES = {"games": 40, "decisions": 12000}  # per case: enough games that their lengths average out

HISTORY = r'''
import json, random, time
import boardgames_lab as bgl
out = {}
for name, players in (("saint_petersburg", 4), ("citadels", 6), ("keythedral", 4), ("village", 4)):
    game, rng = bgl.new_game(name, players=players, seed=3, mode="sandbox"), random.Random(3)
    while game.ply < 150 and not game.is_over:
        moves = game.legal_moves()
        game.apply(moves[int(rng.random() * len(moves))])
    def per_call(fn, n=200):
        start = time.process_time()
        for _ in range(n):
            fn()
        return (time.process_time() - start) / n * 1e6
    try:
        data = game.position()
    except NotImplementedError:
        out[name] = None
        continue
    def undo_redo():
        game.undo(); game.redo()
    def replay():
        other = bgl.new_game(name, players=players, seed=3)
        for m in game.moves:
            other.apply(m)
    out[name] = {"ply": game.ply, "position_us": per_call(game.position),
                 "from_position_us": per_call(lambda: bgl.from_position(name, data)),
                 "undo_redo_us": per_call(undo_redo), "replay_us": per_call(replay, 5)}
print(json.dumps(out))
'''


def worktree(rev: str, where: Path) -> Path:
    path = where / f"engine-{rev}"
    if not path.exists():
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), rev], check=True,
                       capture_output=True)
    return path


def engine_python(tree: Path) -> list[str]:
    """The interpreter, told to import the engine from ``tree`` only: ``-P`` keeps the working directory off
    ``sys.path`` (``-c`` would put it first, ahead of ``PYTHONPATH``), and the editable install of this
    checkout is shadowed by ``PYTHONPATH``."""
    return [sys.executable, "-P"]


class Worker:
    """One engine's worker process for one case, pinned to core 0 (so the two engines take turns on one core)."""

    def __init__(self, tree: Path, name: str, players: int, unit: str, script: str = WORKER, route: str = "fast"):
        env = {"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}
        cmd = ["taskset", "-c", "0", *engine_python(tree), "-c", script, name, str(players), unit, route]
        self.tree = tree
        self.proc = subprocess.Popen(cmd, env=env, cwd=tree, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        engine = self._answer()["engine"]
        if not Path(engine).resolve().is_relative_to(tree.resolve()):
            raise RuntimeError(f"the worker for {tree} imported the engine from {engine}")

    def _answer(self) -> dict[str, Any]:
        line = self.proc.stdout.readline() if self.proc.stdout else ""
        if not line:
            raise RuntimeError(f"{self.tree}: {self.proc.stderr.read().strip()[-400:] if self.proc.stderr else ''}")
        return json.loads(line)

    def ask(self, request: str) -> dict[str, Any]:
        assert self.proc.stdin is not None
        self.proc.stdin.write(request + "\n")
        self.proc.stdin.flush()
        return self._answer()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def compare(base: Path, rounds: int, seconds: float, games: list[str] | None = None,
            route: str = "fast") -> list[dict[str, Any]]:
    """Per case, both engines' workers side by side, taking turns at short slices: each pair of slices is
    measured within a second, so a change in the machine's speed reaches both engines of a pair alike.
    ``route``: "fast" plays the fast path, "api" the checked Game API."""
    rows = []
    for name, players, unit in CASES:
        if games and name not in games:
            continue
        old_w, new_w = (Worker(tree, name, players, unit, route=route) for tree in (base, ROOT))
        try:
            ratios, old, new = [], [], []
            for k in range(rounds):  # the order alternates, so neither engine always runs first
                pair = (old_w, new_w) if k % 2 == 0 else (new_w, old_w)
                rates = {id(w): w.ask(f"slice {seconds}")["rate"] for w in pair}
                old.append(rates[id(old_w)])
                new.append(rates[id(new_w)])
                ratios.append(new[-1] / old[-1])
            oc, nc = old_w.ask("clone")["clone_us"], new_w.ask("clone")["clone_us"]
        finally:
            old_w.close()
            new_w.close()
        ratios.sort()
        o, n, ratio = statistics.median(old), statistics.median(new), statistics.median(ratios)
        quart = f"{ratios[len(ratios) // 4]:.2f}-{ratios[(3 * len(ratios)) // 4]:.2f}"
        rows.append({"game": name, "players": players, "unit": unit, "route": route, "old": o, "new": n,
                     "ratio": ratio,                     "ratios": ratios, "clone_old_us": oc, "clone_new_us": nc})
        print(f"{name:<18}{players:>3}  {unit:<9}{o:>11.0f}{n:>11.0f}{ratio:>8.3f}{quart:>13}"
              f"   clone {oc:6.1f} -> {nc:6.1f} us", flush=True)
    return rows


def count(tree: Path, cases: list[tuple[str, int, str]], out: Path) -> subprocess.Popen[str]:
    """Start callgrind on one engine's tree over every case (one profile file per case, in order)."""
    return callgrind(tree, COUNTED, [f"{n}:{p}:{u}:{SIZES[u]}" for n, p, u in cases], out)


def callgrind(tree: Path, script: str, args: list[str], out: Path) -> subprocess.Popen[str]:
    """Start ``script`` on one engine's tree under callgrind, counting only inside calls of ``math.fsum`` (one
    profile file per call, in order): the script wraps each workload in one."""
    env = {"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}
    out.mkdir(parents=True)
    cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=math_fsum",
           "--dump-after=math_fsum", f"--callgrind-out-file={out}/cg", *engine_python(tree), "-c", script, *args]
    return subprocess.Popen(cmd, env=env, cwd=tree, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def counted_pair(base: Path, runs: dict[str, subprocess.Popen[str]], tmp: Path, cases: int) -> tuple[list[int], list[int]]:
    """Wait for both engines' callgrind runs (``runs``: "old" on ``base``, "new" on this tree) and read their counts;
    each must have imported its own tree's engine (it prints ``boardgames_lab.__file__`` last)."""
    for (which, run), tree in zip(runs.items(), (base, ROOT)):
        printed, err = run.communicate()
        if run.returncode != 0:
            raise RuntimeError(f"{which} engine under callgrind: {err.strip()[-400:]}")
        if not Path(printed.strip().splitlines()[-1]).resolve().is_relative_to(tree.resolve()):
            raise RuntimeError(f"the {which} engine was imported from {printed.strip()}, not {tree}")
    return counted(tmp / "old", cases), counted(tmp / "new", cases)


def counted(out: Path, cases: int) -> list[int]:
    totals = []
    for k in range(1, cases + 1):
        lines = (out / f"cg.{k}").read_text().splitlines()
        totals.append(int(next(line for line in lines if line.startswith("totals:")).split()[1]))
    return totals


def compare_instructions(base: Path, games: list[str] | None, tmp: Path) -> list[dict[str, Any]]:
    """Both engines under callgrind at once (the counts do not depend on the load), then the ratios."""
    if shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (Debian package valgrind)")
    cases = [c for c in CASES if not games or c[0] in games]
    runs = {which: count(tree, cases, tmp / which) for which, tree in (("old", base), ("new", ROOT))}
    old, new = counted_pair(base, runs, tmp, len(cases))
    rows = []
    print(f"{'game':<18}{'pl':>3}  {'workload':<15}{'old Minstr':>12}{'new Minstr':>12}{'ratio':>8}")
    for (name, players, unit), o, n in zip(cases, old, new):
        rows.append({"game": name, "players": players, "unit": unit, "size": SIZES[unit],
                     "old_instructions": o, "new_instructions": n, "ratio": o / n})
        print(f"{name:<18}{players:>3}  {SIZES[unit]:>5} {unit:<9}{o / 1e6:>12.1f}{n / 1e6:>12.1f}{o / n:>8.3f}",
              flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASELINE, help="the git revision of the earlier engine")
    parser.add_argument("--rounds", type=int, default=40, help="pairs of slices per case (one slice per engine)")
    parser.add_argument("--seconds", type=float, default=0.4, help="CPU seconds of one slice")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--game", action="append", help="measure only this game (may be given again)")
    parser.add_argument("--api", action="store_true",
                        help="play through the checked Game API (new_game, legal_moves, apply) instead of the fast path")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under callgrind instead of timing (needs valgrind)")
    args = parser.parse_args(argv)
    if args.api and args.instructions:
        parser.error("--api times the checked API; --instructions counts the fast path's workloads only")
    with tempfile.TemporaryDirectory() as tmp:
        base = worktree(args.base, Path(tmp))
        try:
            if args.instructions:
                rows = compare_instructions(base, args.game, Path(tmp))
                worst = min(r["ratio"] for r in rows)
                print(f"\nlowest ratio old/new instructions: {worst:.3f} (at least 0.9 asked)")
                if args.json:
                    Path(args.json).write_text(json.dumps({"instructions": rows}, indent=1))
                return 0 if worst >= 0.9 else 1
            print(f"{'game':<18}{'pl':>3}  {'unit':<9}{'old/s':>11}{'new/s':>11}{'ratio':>8}{'quartiles':>13}")
            rows = compare(base, args.rounds, args.seconds, args.game, "api" if args.api else "fast")
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True, check=False)
    done = subprocess.run([*engine_python(ROOT), "-c", HISTORY], capture_output=True, text=True, check=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    history = json.loads(done.stdout)
    print(f"\n{'game':<18}{'ply':>5}{'position us':>13}{'from_position us':>18}{'undo+redo us':>14}{'replay us':>12}")
    for name, r in history.items():
        if r is None:
            print(f"{name:<18}  (no position format yet)")
            continue
        print(f"{name:<18}{r['ply']:>5}{r['position_us']:>13.1f}{r['from_position_us']:>18.1f}"
              f"{r['undo_redo_us']:>14.1f}{r['replay_us']:>12.0f}")
    worst = min(r["ratio"] for r in rows)
    print(f"\nlowest ratio new/old: {worst:.3f} (at least 0.9 asked)")
    if args.json:
        Path(args.json).write_text(json.dumps({"speed": rows, "history": history}, indent=1))
    return 0 if worst >= 0.9 else 1


if __name__ == "__main__":
    raise SystemExit(main())
