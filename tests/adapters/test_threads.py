"""Two games of the same kind observed and numbered in two threads at once, the threads switching every
microsecond: each observation vector and each legal list's action numbers are the ones the position gives alone.
The encoders and numberings keep caches shared by every game of a kind (blocks by what they were read from,
numbers kept on the engine's move objects), and OpenSpiel's states of one game share that game: no thread may
read another's."""
from __future__ import annotations

import random
import sys
import threading
from dataclasses import replace
from typing import Any

import pytest
import pyspiel

import boardgames_lab as bgl
import boardgames_lab.adapters.openspiel as bos
from boardgames_lab.adapters.actions import action_space
from boardgames_lab.adapters.observation import observe

GAMES = ("saint_petersburg", "citadels", "keythedral", "village")


def _asked(name: str, seed: int, players: int = 4, plies: int = 200) -> tuple[Any, Any, list[tuple[Any, ...]]]:
    """A random game's positions, each with every seat's observation and the numbers of the first mover's moves,
    worked out the slow way, which keeps no cache (the face's encoder of the seat's view; each move numbered alone,
    a copy of it), so that the threads below fill the shared caches themselves."""
    game = bgl.new_game(name, players=players, seed=seed)
    d, table, rng, found = game.definition, action_space(name, players), random.Random(seed), []
    face = d.features
    for _ in range(plies):
        if game.is_over:
            break
        state = d.clone_state(game.state)
        found += [(state, seat, None, list(face.encode(d.view(state, seat), seat, players))) for seat in range(players)]
        legal = game.legal_moves()
        seat = d.seat_of(state, legal[0])
        mine = [move for move in legal if d.seat_of(state, move) == seat]
        found.append((state, seat, mine, [table.encode(replace(move), state) for move in mine]))
        move = rng.choice(legal)
        game.apply(move, player=d.seat_of(game.state, move))
    return d, table, found


def _in_two_threads(read: Any, pair: tuple[Any, Any]) -> None:
    """``read(*each)`` for each of ``pair`` in a thread of its own, the threads switching every microsecond."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=read, args=each) for each in pair]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)


@pytest.mark.parametrize("name", GAMES)
def test_two_games_read_in_two_threads_each_get_their_own_vectors_and_numbers(name: str) -> None:
    pair = _asked(name, 1), _asked(name, 2)
    assert min(len(cases) for _, _, cases in pair) > 600
    wrong: list[tuple[int, bool]] = []

    def read(d: Any, table: Any, cases: list[tuple[Any, ...]]) -> None:
        for _ in range(3):
            for state, seat, moves, expected in cases:
                got = list(observe(d, state, seat)) if moves is None else table.numbers(moves, state)
                if got != expected:
                    wrong.append((seat, moves is None))

    _in_two_threads(read, pair)
    assert wrong == []


def _answers(state: Any) -> tuple[Any, ...]:
    return (state.observation_tensor(), state.information_state_tensor(), state.observation_string(),
            state.information_state_string(), state.legal_actions())


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_states_of_one_game_read_in_two_threads_each_answer_for_themselves(name: str) -> None:
    """Two random games' states of one OpenSpiel game object, each asked in a thread of its own for its tensors,
    strings and legal actions: the answers it gives when asked alone (no exception, no other state's tensor)."""
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 4})

    def states(seed: int) -> list[tuple[Any, tuple[Any, ...]]]:
        state, rng, found = game.new_initial_state(), random.Random(seed), []
        while not state.is_terminal() and len(found) < 120:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            copy = state.clone()
            found.append((copy, _answers(copy)))
            state.apply_action(rng.choice(state.legal_actions()))
        return found

    wrong: list[str] = []

    def read(cases: list[tuple[Any, tuple[Any, ...]]]) -> None:
        for _ in range(4):
            for state, expected in cases:
                try:
                    if _answers(state) != expected:
                        wrong.append("another answer")
                except Exception as error:  # what a state raises when read in a thread is the failure itself
                    wrong.append(repr(error))

    pair = states(1), states(2)
    assert min(map(len, pair)) == 120
    _in_two_threads(read, tuple((cases,) for cases in pair))
    assert wrong == []
