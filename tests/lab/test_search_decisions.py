"""Seeded search decisions, pinned: the same seed, position and budget give the same move and the same playouts.

The figures were taken from the bots before their playouts and tree descent were made faster; a change in how a
search walks its tree or draws its random moves shows here as a different move or playout length."""
from __future__ import annotations

import itertools
import random
from typing import Any, Callable

import pytest

from boardgames_lab.bots import ISMCTSBot, MCTSBot, Seat
from boardgames_lab.core.registry import definition


def _position(name: str, players: int, seed: int, plies: int) -> tuple[Any, Any]:
    """A seeded game played at random for ``plies`` moves, then on to the first position where a seat chooses."""
    d = definition(name)
    st, rng = d.new_state(players, seed, d.resolve_options({})), random.Random(seed)
    for ply in range(10_000):
        moves = d.legal_moves(st)
        if ply >= plies and len(moves) > 1:
            return d, st
        d.advance(st, moves[int(rng.random() * len(moves))])
    raise AssertionError("no choice in the game")


def _ticking() -> Callable[[], float]:
    """A clock that moves on a millisecond each time it is read: a time budget without waiting."""
    reads = itertools.count()
    return lambda: next(reads) / 1000


# (game, players, game seed, plies, bot, options) -> (move, random playout moves, playouts cut before the end, playouts)
PINNED = [
    (('saint_petersburg', 4, 3, 30, 'mcts', {}),
     ("TakeCard(player=1, card='market', slot='U4')", 9134, 0, 40)),
    (('saint_petersburg', 4, 3, 30, 'ismcts', {}),
     ("TakeCard(player=1, card='theater', slot='U2')", 9185, 0, 40)),
    (('saint_petersburg', 2, 8, 70, 'ismcts', {'depth': 25}),
     ("TakeCard(player=0, card='administrator', slot='U5')", 1000, 40, 40)),
    (('citadels', 6, 4, 25, 'mcts', {}),
     ('End(player=4)', 16407, 0, 40)),
    (('citadels', 6, 4, 25, 'ismcts', {}),
     ('End(player=4)', 15919, 0, 40)),
    (('citadels', 4, 9, 90, 'mcts', {'seconds': 0.2, 'iterations': 1000}),
     ("Pick(player=0, character='bishop')", 3093, 1, 15)),
    (('keythedral', 3, 5, 40, 'ismcts', {'depth': 60}),
     ('PlaceWorker(player=0, field=(1, -3))', 2400, 40, 40)),
    (('village', 4, 6, 35, 'mcts', {'depth': 80}),
     ("Well(player=0, area='harvest', colour='green', coins=1)", 3200, 40, 40)),
    (('village', 4, 6, 35, 'ismcts', {'seconds': 0.15, 'iterations': 1000}),
     ("Well(player=0, area='church', colour='green', coins=1)", 2399, 3, 3)),
]


def _decide(name: str, players: int, seed: int, plies: int, bot: str, options: dict[str, Any]) -> tuple[Any, ...]:
    d, st = _position(name, players, seed, plies)
    options = {"iterations": 40, **options}
    if "seconds" in options:
        options["clock"] = _ticking()
    player = (MCTSBot if bot == "mcts" else ISMCTSBot)(seed=seed + 11, **options)
    move = player.decide(Seat(d, st, st.current, d.legal_moves(st)))
    return repr(move), player.last_plies, player.last_cut, player.last_iterations


IDS = [f"{c[0]}-{c[1]}p-{c[4]}-{k}" for k, (c, _) in enumerate(PINNED)]


@pytest.mark.parametrize("case,expected", PINNED, ids=IDS)
def test_a_seeded_search_makes_its_pinned_decision(case: tuple[Any, ...], expected: tuple[Any, ...]) -> None:
    assert _decide(*case) == expected
