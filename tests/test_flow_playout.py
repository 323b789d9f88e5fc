"""The compiled flow's ``playout`` (a search bot's random playout in one call) against the plain loop it stands for:
``legal_moves``, the move at ``floor(rnd() * len(moves))``, ``advance``, until the game ends or ``depth`` moves
are made. Both run from the same positions with generators of the same seed, in every game at its smallest and
largest table, to the end and cut off: the same count of moves, the same position, the same draws to come."""
from __future__ import annotations

import json
import math
import random
from typing import Any

import pytest

from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets import GAME_PACKAGES

CASES = [(g, n) for g in GAME_PACKAGES for n in sorted({definition(g).info.min_players, definition(g).info.max_players})]


def _plain(d: Any, state: Any, rnd: Any, depth: int) -> int:
    for played in range(depth):
        if d.is_over(state):
            return played
        moves = d.legal_moves(state)
        d.advance(state, moves[math.floor(rnd() * len(moves))])
    return depth


def _seen(d: Any, state: Any) -> str:
    return json.dumps([d.position(state), state.rng.state], sort_keys=True, default=str)


@pytest.mark.parametrize("name,players", CASES)
def test_a_playout_makes_the_moves_the_plain_loop_makes(name: str, players: int) -> None:
    d = definition(name)
    options = d.resolve_options({})
    for seed in range(3):
        start, walk = d.new_state(players, seed, options), random.Random(seed)
        for _ in range(seed * 25):  # a later position for each seed
            if d.is_over(start):
                break
            moves = d.legal_moves(start)
            d.advance(start, moves[int(walk.random() * len(moves))])
        for depth in (1, 17, 3_000):
            plain, compiled = d.clone_state(start), d.clone_state(start)
            a, b = random.Random(seed * 31 + depth), random.Random(seed * 31 + depth)
            made = d.runner.playout(compiled, d.legal_moves, b.random, depth)
            assert made == _plain(d, plain, a.random, depth)
            assert _seen(d, compiled) == _seen(d, plain) and a.random() == b.random()


@pytest.mark.parametrize("name,players", CASES)
def test_a_playout_handed_another_generator_asks_it_for_every_move(name: str, players: int) -> None:
    """The game's own generator is read per phase (``legal_in``); a generator of the caller's is asked whole."""
    d = definition(name)
    asked: list[int] = []

    def legal(state: Any) -> list[Any]:
        asked.append(1)
        return d.legal_moves(state)

    for seed in range(2):
        start = d.new_state(players, seed, d.resolve_options({}))
        plain, compiled = d.clone_state(start), d.clone_state(start)
        a, b = random.Random(seed), random.Random(seed)
        made = d.runner.playout(compiled, legal, b.random, 200)
        assert made == _plain(d, plain, a.random, 200) == len(asked)
        assert _seen(d, compiled) == _seen(d, plain) and a.random() == b.random()
        asked.clear()


@pytest.mark.parametrize("name,players", CASES)
def test_a_playout_from_a_phase_read_as_a_new_string_makes_the_same_moves(name: str, players: int) -> None:
    """A position read back (JSON, a saved game) holds its phase as a string of its own, not the flow's: the
    playout, which tests the phase by identity after reading it as the flow's, makes the plain loop's moves."""
    d = definition(name)
    for seed in range(2):
        start, walk = d.new_state(players, seed, d.resolve_options({})), random.Random(seed)
        for _ in range(10 + seed * 20):
            if d.is_over(start):
                break
            moves = d.legal_moves(start)
            d.advance(start, moves[int(walk.random() * len(moves))])
        plain, compiled = d.clone_state(start), d.clone_state(start)
        compiled.phase = "".join(list(start.phase))
        assert compiled.phase == start.phase and compiled.phase is not start.phase
        a, b = random.Random(seed), random.Random(seed)
        made = d.runner.playout(compiled, d.legal_moves, b.random, 200)
        assert made == _plain(d, plain, a.random, 200)
        assert _seen(d, compiled) == _seen(d, plain) and a.random() == b.random()
