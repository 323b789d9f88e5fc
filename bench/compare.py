"""This engine against an earlier one, side by side in one run: ``python -m bench.compare [--base REV]``.

The earlier engine is checked out from git into a worktree (``--base``, by default the last
commit before Engine 2), and both engines are measured in alternating subprocesses on one
core, in several rounds, so the two sets of figures share the machine's state. Time is the
worker's CPU time (``time.process_time``), so other work on the machine slows neither engine's
figure, and the ratio given is the median of the rounds' paired ratios (each round measures the
old engine, then the new, back to back). For each game and player count it prints random-play games per second (Saint
Petersburg, Citadels) or decisions per second (Keythedral, Village) through the fast path
(``legal_moves`` then ``advance``), the cost of a clone, and the ratio new / old; the issue
asks for at least 0.9. It then times this engine's ``position()``, ``from_position`` and
``undo`` against a replay of the same game from its seed.
"""
from __future__ import annotations

import argparse
import json
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
# clone_state, flow.terminal).
WORKER = r'''
import json, random, sys, time
from boardgames_lab.core.registry import definition
name, players, unit, budget = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
d = definition(name)
options = d.resolve_options({})
legal, advance, terminal, clone = d.legal_moves, d.advance, d.flow.terminal, d.clone_state

def games(seconds):
    rng, done, start, seed = random.Random(1), 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        st = d.new_state(players, seed, options)
        seed += 1
        while st.phase != terminal:
            moves = legal(st)
            advance(st, moves[int(rng.random() * len(moves))])
        done += 1
    return done / (time.process_time() - start)

def decisions(seconds):
    # A fresh seeded game every 400 decisions: the engines may list moves in another order, so the same random
    # picks lead them down other games; many short stretches average over what the positions cost.
    rng, done, start, seed = random.Random(1), 0, time.process_time(), 0
    while time.process_time() - start < seconds:
        st = d.new_state(players, seed, options)
        seed += 1
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

rate = (games if unit == "games" else decisions)(budget)
print(json.dumps({"rate": rate, "clone_us": clone_us()}))
'''

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


def measure(tree: Path, name: str, players: int, unit: str, seconds: float) -> dict[str, float]:
    env = {"PYTHONPATH": str(tree), "PYTHONHASHSEED": "0", "PATH": "/usr/bin:/bin"}
    cmd = ["taskset", "-c", "0", sys.executable, "-c", WORKER, name, str(players), unit, str(seconds)]
    done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{tree}: {done.stderr.strip()[-400:]}")
    return json.loads(done.stdout)


def compare(base: Path, rounds: int, seconds: float, games: list[str] | None = None) -> list[dict[str, Any]]:
    rows = []
    for name, players, unit in CASES:
        if games and name not in games:
            continue
        old: list[dict[str, float]] = []
        new: list[dict[str, float]] = []
        for _ in range(rounds):  # alternate, so a change in the machine's load hits both alike
            old.append(measure(base, name, players, unit, seconds))
            new.append(measure(ROOT, name, players, unit, seconds))
        o, n = statistics.median(r["rate"] for r in old), statistics.median(r["rate"] for r in new)
        ratios = sorted(b["rate"] / a["rate"] for a, b in zip(old, new))
        ratio = statistics.median(ratios)
        oc, nc = min(r["clone_us"] for r in old), min(r["clone_us"] for r in new)
        rows.append({"game": name, "players": players, "unit": unit, "old": o, "new": n, "ratio": ratio,
                     "ratios": ratios, "clone_old_us": oc, "clone_new_us": nc})
        spread = f"{ratios[0]:.2f}-{ratios[-1]:.2f}"
        print(f"{name:<18}{players:>3}  {unit:<9}{o:>11.0f}{n:>11.0f}{ratio:>8.3f}{spread:>11}"
              f"   clone {oc:6.1f} -> {nc:6.1f} us", flush=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=BASELINE, help="the git revision of the earlier engine")
    parser.add_argument("--rounds", type=int, default=5, help="alternating measurements per engine and case")
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one measurement")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--game", action="append", help="measure only this game (may be given again)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        base = worktree(args.base, Path(tmp))
        try:
            print(f"{'game':<18}{'pl':>3}  {'unit':<9}{'old/s':>11}{'new/s':>11}{'ratio':>8}{'rounds':>11}")
            rows = compare(base, args.rounds, args.seconds, args.game)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(base)],
                           capture_output=True, check=False)
    done = subprocess.run([sys.executable, "-c", HISTORY], capture_output=True, text=True, check=True,
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
