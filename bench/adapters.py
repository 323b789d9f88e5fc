"""The adapters' overhead: ``python -m bench.adapters [--steps N] [--game NAME] [--players N]``.

For each game (at its default player count, or ``--players``) the same random games are played, move for move, through
the engine's fast path (``legal_moves`` then ``advance``), the checked ``Game`` API (``legal_moves`` then
``apply``), the PettingZoo environment (``last(observe=False)``, then ``step``; and ``last()``, which also
builds the observation vector and the action mask) and the OpenSpiel state (``legal_actions`` then
``apply_action``; and with the acting seat's observation each step, asked as ``observation_tensor()``, which
OpenSpiel hands over as a list, or read from the game's observer as a NumPy array). Each round's games are recorded
through the ``Game`` API (a new seeded game whenever one ends, from seeds of that round's own) and replayed, so
the paths of a round make the same moves: with the draws as chance moves for OpenSpiel and the fast path, drawn
by the game's generator for PettingZoo (each adapter is compared with the ``Game`` API on its own games). No
position is observed twice: the PettingZoo path with observations plays the auto-chance games, which the other
observing paths do not, and OpenSpiel's two observing paths play games of their own, so a cache an encoder keeps
by what a block shows meets only what play itself repeats. A reaction window asks its
seats in ``to_act()`` order, as the adapters do. The paths alternate over a few rounds and the best of each
is kept, in CPU time, with the garbage collector paused while a path runs, as ``timeit`` does (a full collection
walks every position the games keep for undo, and would land on whichever path allocates the object that
triggers it). It prints steps per second and the ratio of each adapter to the ``Game`` API.

The floors bound what observing costs: the fast path with the asked seat's observation written at each of its
decisions (the game's encoder, nothing else), against the ``Game`` API on the same games, in normal play (what
PettingZoo with observations could reach at best) and with the draws as chance moves (OpenSpiel's). An observing
adapter below its floor loses the difference in its own work; the floor itself moves only with the game's
encoder and its fast path. A last table sets the observing adapters against the ``Game`` API observing as well
(the mover's observation written with the same encoder at each decision): each figure is the adapter's ratio to
the API on its games times the API's ratio to itself observing on games of their own.

It times a step of an OpenSpiel Python game that does nothing, the cost of OpenSpiel's own calls into Python, with
``legal_actions`` through C++ and without it (``apply_action`` alone, the part every step of the adapter pays).
Then, on the first decision of a two-player Saint Petersburg game (past the set-up's draws, the same position
for both), it times OpenSpiel's MCTS bot (random rollouts to the end, through the OpenSpiel adapter) and the
lab's MCTS bot (random playouts on the fast path), and prints iterations per second of each.
"""
from __future__ import annotations

import argparse
import gc
import random
import time
from typing import Any, Callable

import boardgames_lab as bgl
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.registry import definition

GAMES = ("saint_petersburg", "citadels", "keythedral", "village")


def record(name: str, players: int, steps: int, chance: str = "explicit",
           first_seed: int = 0) -> list[tuple[int, list[Any]]]:
    """Random games of ``steps`` moves in all, as (seed, moves) pairs from ``first_seed`` on, chance outcomes
    included where ``chance`` is explicit; each move is the seat's the adapters ask (the first in ``to_act()`` with
    a move)."""
    from boardgames_lab.adapters.pettingzoo import acting_seat, seat_moves
    rng, out, seed, total = random.Random(first_seed + 1), [], first_seed, 0
    while total < steps:
        game = bgl.new_game(name, players=players, seed=seed, chance=chance)
        moves = []
        while not game.is_over and total < steps:
            seat = acting_seat(game)
            if seat == CHANCE:
                outcomes = game.chance_outcomes()
                move = outcomes[int(rng.random() * len(outcomes))][0]
            else:
                legal = seat_moves(game, seat)
                move = legal[int(rng.random() * len(legal))]
            game.apply(move, player=game.definition.seat_of(game.state, move))
            moves.append(move)
            total += 1
        out.append((seed, moves))
        seed += 1
    return out


def _paused(path: Callable[..., float], *args: Any, **kwargs: Any) -> float:
    """One path's rate with the garbage collector paused (collected before and after)."""
    gc.collect()
    gc.disable()
    try:
        return path(*args, **kwargs)
    finally:
        gc.enable()
        gc.collect()


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


def encoder_floor(name: str, players: int, games: list[tuple[int, list[Any]]], chance: str = "auto") -> float:
    """The fast path with the asked seat's observation written at each of its decisions (the game's encoder,
    ``adapters.observation.observe``) and nothing else an adapter does: an adapter observing every step can be no
    quicker. ``chance``: "auto" for PettingZoo's normal play, "explicit" for OpenSpiel's draws as chance moves."""
    from boardgames_lab.adapters.observation import observe
    from boardgames_lab.adapters.pettingzoo import _asked
    d = definition(name)
    options = d.resolve_options({})
    steps, start = 0, time.process_time()
    for seed, moves in games:
        state = d.create_state(players, seed, options)
        state.explicit_chance = chance == "explicit"
        d.runner.start(state)
        for move in moves:
            seat, found = _asked(d, state)
            if seat == CHANCE:
                d.chance_outcomes(state)
            else:
                assert seat is not None
                found if found is not None else d.legal_moves(state)
                observe(d, state, seat)
            d.advance(state, move)
            steps += 1
    return _rate(steps, start)


def game_api(name: str, players: int, games: list[tuple[int, list[Any]]], chance: str = "explicit",
             observing: bool = False) -> float:
    """``observing``: the mover's observation is written at each decision too, with the game's encoder
    (``adapters.observation.observe``), as a program on the API that wants the features would."""
    from boardgames_lab.adapters.observation import observe
    steps, start = 0, time.process_time()
    for seed, moves in games:
        game = bgl.new_game(name, players=players, seed=seed, chance=chance)
        d = game.definition
        for move in moves:
            seat = d.seat_of(game.state, move)
            if game.to_act() == (CHANCE,):
                game.chance_outcomes()
            else:
                game.legal_moves()
                if observing:
                    observe(d, game.state, seat)
            game.apply(move, player=seat)
            steps += 1
    return _rate(steps, start)


def pettingzoo(name: str, players: int, games: list[tuple[int, list[Any]]], observe: bool) -> float:
    """PettingZoo draws chance with the game's generator: the games recorded in normal play."""
    from boardgames_lab.pettingzoo import env
    e = env(name, players=players)
    plans = [(seed, _numbered(e.table, name, players, seed, moves)) for seed, moves in games]
    steps, start = 0, time.process_time()
    for seed, actions in plans:
        e.reset(seed=seed)
        for action in actions:
            e.last(observe)
            e.step(action)
            steps += 1
    return _rate(steps, start)


def _numbered(table: Any, name: str, players: int, seed: int, moves: list[Any]) -> list[int]:
    """A normal-play game's moves as action numbers, each read in the position it was played in (a positional
    numbering, Keythedral's, needs it)."""
    game, out = bgl.new_game(name, players=players, seed=seed), []
    for move in moves:
        out.append(table.encode(move, game.state))
        game.apply(move, player=move.player)
    return out


def openspiel(name: str, players: int, games: list[tuple[int, list[Any]]], observe: str = "") -> float:
    """The games' moves are turned into OpenSpiel's action numbers (chance outcomes as their index among the
    draw's outcomes) before the clock starts, as PettingZoo's are: the Game API is handed moves, not numbers.
    ``observe``: "tensor" asks ``state.observation_tensor()`` each step (OpenSpiel hands it over as a list of
    floats); "observer" fills the game's observer (``make_observation(game)``, its tensor a NumPy array)."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import boardgames_lab.adapters.openspiel as bos
    plans = []
    for seed, moves in games:
        game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": seed})
        table, lab, actions = game.table, game.new_game(seed), []
        for move in moves:
            if lab.to_act() == (CHANCE,):
                actions.append(next(i for i, (m, _) in enumerate(lab.chance_outcomes()) if m == move))
            else:
                actions.append(table.encode(move, lab.state))
            lab.apply(move, player=lab.definition.seat_of(lab.state, move))
        plans.append((game, actions))
    observers = {id(game): make_observation(game) for game, _ in plans}
    steps, start = 0, time.process_time()
    for game, actions in plans:
        state = game.new_initial_state()
        observer = observers[id(game)]
        for action in actions:
            if state.is_chance_node():
                state.chance_outcomes()
            else:
                if observe == "tensor":
                    state.observation_tensor()
                elif observe == "observer":
                    observer.set_from(state, state.current_player())
                state.legal_actions()
            state.apply_action(action)
            steps += 1
    return _rate(steps, start)


def bridge_floor(steps: int = 50_000, listed: bool = True) -> float:
    """Steps per second of an OpenSpiel Python game that does nothing (two seats, four actions, never over): what
    OpenSpiel's own calls into a Python state cost per ``legal_actions`` and ``apply_action`` (``listed``), or per
    ``apply_action`` alone, which no adapter can go below: the lab's states answer ``legal_actions`` in Python,
    without OpenSpiel's round trip through C++, and ``apply_action`` always crosses (C++ asks ``current_player``
    and calls ``_apply_action``)."""
    import pyspiel
    short = "boardgames_lab_bench_nothing"
    if short not in pyspiel.registered_names():
        kind = pyspiel.GameType(
            short_name=short, long_name="a game that does nothing", dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
            chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
            information=pyspiel.GameType.Information.PERFECT_INFORMATION,
            utility=pyspiel.GameType.Utility.CONSTANT_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
            max_num_players=2, min_num_players=2, provides_information_state_string=False,
            provides_information_state_tensor=False, provides_observation_string=False,
            provides_observation_tensor=False, parameter_specification={})
        info = pyspiel.GameInfo(num_distinct_actions=4, max_chance_outcomes=0, num_players=2, min_utility=0.0,
                                max_utility=1.0, utility_sum=1.0, max_game_length=10**9)

        class Nothing(pyspiel.State):
            def __init__(self, game: Any) -> None:
                super().__init__(game)
                self.seat = 0

            def current_player(self) -> int:
                return self.seat

            def _legal_actions(self, player: int) -> list[int]:
                return [0, 1, 2, 3]

            def _apply_action(self, action: int) -> None:
                self.seat ^= 1

            def is_terminal(self) -> bool:
                return False

            def returns(self) -> list[float]:
                return [0.5, 0.5]

            def __str__(self) -> str:
                return ""

        class NothingGame(pyspiel.Game):
            def __init__(self, params: Any = None) -> None:
                super().__init__(kind, info, params or {})

            def new_initial_state(self) -> Nothing:
                return Nothing(self)

        pyspiel.register_game(kind, NothingGame)
    state = pyspiel.load_game(short).new_initial_state()
    start = time.process_time()
    if listed:
        for _ in range(steps):
            state.legal_actions()
            state.apply_action(1)
    else:
        for _ in range(steps):
            state.apply_action(1)
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
    while state.is_chance_node():  # the set-up's draws: the first decision is a seat's
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() >= 0
    start = time.process_time()
    bot.step(state)
    theirs = _rate(openspiel_iterations, start)
    lab = state.live.game  # the same position for the lab's bot, its later draws made by the game's generator
    d = lab.definition
    position = d.clone_state(lab.state)
    position.explicit_chance = False
    ours_bot = MCTSBot(seed=1, iterations=lab_iterations)
    seat = lab.to_act()[0]
    start = time.process_time()
    ours_bot.decide(Seat(d, position, seat, d.legal_moves(position)))
    ours = ours_bot.last_iterations / (time.process_time() - start)
    return theirs, ours


def _paths(name: str, players: int, steps: int, round_: int) -> list[tuple[Callable[..., float], tuple[Any, ...]]]:
    """A round's paths, on games of its own (seeds from ``10_000 * round_``): an encoder's or a table's cache
    filled by an earlier round's positions would favour the paths that keep one. Each observing path plays games
    the others of its round do not observe, for the same reason."""
    first = 10_000 * round_
    games, auto = (record(name, players, steps, chance, first) for chance in ("explicit", "auto"))
    tensor, observer = (record(name, players, steps, "explicit", first + k * 1_000) for k in (1, 2))
    kinds = ((3, "auto"), (4, "explicit"), (5, "auto"), (6, "explicit"))
    floor, spiel_floor, like, spiel_like = (record(name, players, steps, chance, first + k * 1_000)
                                            for k, chance in kinds)
    return [(fast_path, (games,)), (game_api, (games,)), (game_api, (auto, "auto")), (pettingzoo, (auto, False)),
            (pettingzoo, (auto, True)), (openspiel, (games,)), (openspiel, (tensor, "tensor")),
            (openspiel, (observer, "observer")), (game_api, (tensor,)), (game_api, (observer,)),
            (encoder_floor, (floor,)), (game_api, (floor, "auto")), (encoder_floor, (spiel_floor, "explicit")),
            (game_api, (spiel_floor,)), (game_api, (like, "auto", True)), (game_api, (like, "auto")),
            (game_api, (spiel_like, "explicit", True)), (game_api, (spiel_like,))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=2000, help="moves per game measured (default 2000)")
    parser.add_argument("--game", choices=GAMES, help="measure one game only")
    parser.add_argument("--players", type=int, help="player count (default: each game's default)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds, alternating the paths; best kept")
    parser.add_argument("--mcts", type=int, default=40,
                        help="OpenSpiel MCTS iterations timed (default 40; 0 leaves the MCTS comparison out)")
    args = parser.parse_args(argv)
    for name in ("steps", "rounds"):
        if getattr(args, name) < 1:
            parser.error(f"--{name} must be at least 1")
    if args.mcts < 0:
        parser.error("--mcts must be 0 (no MCTS comparison) or more")
    print(f"{'game':18} {'players':>7} {'fast path':>10} {'Game API':>9} {'PettingZoo':>11} {'ratio':>6} "
          f"{'+obs':>6} {'API auto':>9} {'OpenSpiel':>10} {'ratio':>6} {'+obs':>6} {'+observer':>9} {'floors':>11}"
          "   (steps per second; ratio: adapter / Game API on the same games; +obs: observing every step, "
          "OpenSpiel's observation_tensor(); +observer: its observer's NumPy tensor; floors: the fast path "
          "writing the asked seat's observation at each decision and nothing else, the most an observing adapter "
          "could reach, in normal play for PettingZoo, then with chance moves for OpenSpiel)")
    alike = []
    for name in [args.game] if args.game else GAMES:
        players = args.players or definition(name).info.default_players
        rounds = [[_paused(path, name, players, *more) for path, more in _paths(name, players, args.steps, k)]
                  for k in range(args.rounds)]
        (fast, api, api_auto, pz, pz_obs, spiel, spiel_obs, spiel_observer, api_obs, api_observer, floor,
         api_floor, spiel_floor, api_spiel_floor, watched, unwatched, spiel_watched, spiel_unwatched) = (
            max(r[i] for r in rounds) for i in range(len(rounds[0])))
        # Each ratio on its own games: the adapter's to the API's, then the API's to the API observing.
        alike.append((name, players, pz_obs / api_auto * unwatched / watched,
                      spiel_observer / api_observer * spiel_unwatched / spiel_watched))
        print(f"{name:18} {players:7} {fast:10.0f} {api:9.0f} {pz:11.0f} {pz / api_auto:6.2f} {pz_obs / api_auto:6.2f} "
              f"{api_auto:9.0f} {spiel:10.0f} {spiel / api:6.2f} {spiel_obs / api_obs:6.2f} "
              f"{spiel_observer / api_observer:9.2f} {floor / api_floor:5.2f} {spiel_floor / api_spiel_floor:5.2f}")
    print("\nAgainst the Game API observing as well (the mover's observation written at each decision with the "
          "game's encoder), on games of their own:")
    print(f"{'game':18} {'players':>7} {'PettingZoo+obs':>15} {'OpenSpiel+observer':>19}")
    for name, players, pz_alike, spiel_alike in alike:
        print(f"{name:18} {players:7} {pz_alike:15.2f} {spiel_alike:19.2f}")
    floor = max(_paused(bridge_floor) for _ in range(args.rounds))
    crossing = max(_paused(bridge_floor, listed=False) for _ in range(args.rounds))
    print(f"\nOpenSpiel's own cost of a step of a Python game that does nothing: {1e6 / floor:.2f} us with "
          f"legal_actions through C++, then apply_action; {1e6 / crossing:.2f} us for apply_action alone, which every "
          "OpenSpiel step above pays (the lab's states answer legal_actions in Python)")
    if not args.mcts:
        return
    theirs, ours = mcts_rates(args.mcts, 10 * args.mcts)
    print(f"\nMCTS on Saint Petersburg (2 players, first decision, random playouts to the end): "
          f"OpenSpiel {theirs:.1f} iterations/s, ours {ours:.1f} iterations/s ({ours / theirs:.1f}x)")


if __name__ == "__main__":
    main()
