"""The adapters' overhead: ``python -m bench.adapters [--steps N] [--game NAME]``.

For each game (at its default player count) the same random games are played, move for move, through
the engine's fast path (``legal_moves`` then ``advance``), the checked ``Game`` API (``legal_moves`` then
``apply``), the PettingZoo environment (``last()``, which builds the observation and the action mask,
then ``step``) and the OpenSpiel state (``legal_actions`` then ``apply_action``). The games are recorded
once through the ``Game`` API (a new seeded game whenever one ends) and replayed, so every path makes
the same moves; the paths alternate over a few rounds and the best of each is kept, in CPU time. It prints steps per
second and the ratio of each adapter to the ``Game`` API.

Then, on the first decision of a two-player Saint Petersburg game, it times OpenSpiel's MCTS bot (random
rollouts to the end, through the OpenSpiel adapter) and the lab's MCTS bot (random playouts on the fast
path), and prints iterations per second of each.
"""
from __future__ import annotations

import argparse
import random
import time
from typing import Any

import boardgames_lab as bgl
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.registry import definition

GAMES = ("saint_petersburg", "citadels", "keythedral", "village")


def record(name: str, players: int, steps: int) -> list[tuple[int, list[Any]]]:
    """Random games of ``steps`` moves in all, as (seed, moves) pairs, chance outcomes included."""
    rng, out, seed, total = random.Random(1), [], 0, 0
    while total < steps:
        game = bgl.new_game(name, players=players, seed=seed, chance="explicit")
        moves = []
        while not game.is_over and total < steps:
            if game.to_act() == (CHANCE,):
                outcomes = game.chance_outcomes()
                move = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                legal = game.legal_moves()
                move = legal[int(rng.random() * len(legal))]
            game.apply(move, player=game.definition.seat_of(game.state, move))
            moves.append(move)
            total += 1
        out.append((seed, moves))
        seed += 1
    return out


def _rate(steps: int, start: float) -> float:
    return steps / (time.process_time() - start)


def fast_path(name: str, players: int, games: list[tuple[int, list[Any]]]) -> float:
    d = definition(name)
    options = d.resolve_options({})
    steps, start = 0, time.process_time()
    for seed, moves in games:
        state = d.create_state(players, seed, options)
        state.explicit_chance = True
        d.runner.start(state)
        for move in moves:
            d.legal_moves(state) if d.to_act(state) != (CHANCE,) else d.chance_outcomes(state)
            d.advance(state, move)
            steps += 1
    return _rate(steps, start)


def game_api(name: str, players: int, games: list[tuple[int, list[Any]]]) -> float:
    steps, start = 0, time.process_time()
    for seed, moves in games:
        game = bgl.new_game(name, players=players, seed=seed, chance="explicit")
        for move in moves:
            game.legal_moves() if game.to_act() != (CHANCE,) else game.chance_outcomes()
            game.apply(move, player=game.definition.seat_of(game.state, move))
            steps += 1
    return _rate(steps, start)


def pettingzoo(name: str, players: int, games: list[tuple[int, list[Any]]]) -> float | None:
    """PettingZoo draws chance with the game's generator: a recorded game with a chance move is skipped."""
    from boardgames_lab.pettingzoo import env
    e = env(name, players=players)
    table = e.table
    plans = [(seed, [table.encode(m) for m in moves]) for seed, moves in games
             if all(m.player != CHANCE for m in moves)]
    if not plans:
        return None
    steps, start = 0, time.process_time()
    for seed, actions in plans:
        e.reset(seed=seed)
        for action in actions:
            e.last()
            e.step(action)
            steps += 1
    return _rate(steps, start)


def openspiel(name: str, players: int, games: list[tuple[int, list[Any]]]) -> float:
    import pyspiel

    import boardgames_lab.adapters.openspiel as bos
    plans = []
    for seed, moves in games:
        game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": seed})
        plans.append((game, moves))
    steps, start = 0, time.process_time()
    for game, moves in plans:
        state = game.new_initial_state()
        table = state.live.spec.table
        for move in moves:
            if state.is_chance_node():
                outcomes = state.live.game.chance_outcomes()
                state.chance_outcomes()
                state.apply_action(next(i for i, (m, _) in enumerate(outcomes) if m == move))
            else:
                state.legal_actions()
                state.apply_action(table.encode(move))
            steps += 1
    return _rate(steps, start)


def mcts_rates(openspiel_iterations: int, lab_iterations: int) -> tuple[float, float]:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import boardgames_lab.adapters.openspiel as bos
    from boardgames_lab.bots.base import Seat
    from boardgames_lab.bots.mcts import MCTSBot

    game = pyspiel.load_game(bos.PREFIX + "saint_petersburg", {"players": 2, "seed": 1})
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=openspiel_iterations,
                       evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), random_state=rng)
    state = game.new_initial_state()
    start = time.process_time()
    bot.step(state)
    theirs = _rate(openspiel_iterations, start)
    lab = bgl.new_game("saint_petersburg", players=2, seed=1)
    ours_bot = MCTSBot(seed=1, iterations=lab_iterations)
    seat = lab.to_act()[0]
    start = time.process_time()
    ours_bot.decide(Seat(lab.definition, lab.state, seat, lab.legal_moves()))
    ours = ours_bot.last_iterations / (time.process_time() - start)
    return theirs, ours


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="moves per game measured (default 2000)")
    parser.add_argument("--game", choices=GAMES, help="measure one game only")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, alternating the paths; best kept")
    parser.add_argument("--mcts", type=int, default=40, help="OpenSpiel MCTS iterations timed (default 40)")
    args = parser.parse_args(argv)
    print(f"{'game':18} {'players':>7} {'fast path':>10} {'Game API':>9} {'PettingZoo':>11} {'ratio':>6} "
          f"{'OpenSpiel':>10} {'ratio':>6}   (steps per second; ratio: adapter / Game API)")
    for name in [args.game] if args.game else GAMES:
        players = definition(name).info.default_players
        games = record(name, players, args.steps)
        rounds = [(fast_path(name, players, games), game_api(name, players, games),
                   pettingzoo(name, players, games), openspiel(name, players, games)) for _ in range(args.rounds)]
        fast, api, spiel = (max(r[i] for r in rounds) for i in (0, 1, 3))  # type: ignore[type-var]
        pz = None if rounds[0][2] is None else max(r[2] for r in rounds)  # type: ignore[type-var]
        pz_text = f"{pz:11.0f} {pz / api:6.2f}" if pz is not None else f"{'-':>11} {'-':>6}"
        print(f"{name:18} {players:7} {fast:10.0f} {api:9.0f} {pz_text} {spiel:10.0f} {spiel / api:6.2f}")
    theirs, ours = mcts_rates(args.mcts, 10 * args.mcts)
    print(f"\nMCTS on Saint Petersburg (2 players, first decision, random playouts to the end): "
          f"OpenSpiel {theirs:.1f} iterations/s, ours {ours:.1f} iterations/s ({ours / theirs:.0f}x)")


if __name__ == "__main__":
    main()
