"""The fast generator (fast.py) yields exactly the plain path's moves: every candidate its kind's check passes."""
from __future__ import annotations

import random

import pytest

from boardgames_lab.rulesets.keythedral import DEFINITION
from boardgames_lab.testing import option_sets
from tests.conftest import cites

P = "keythedral."


def _positions(players: int, seed: int, options: dict, count: int):
    d = DEFINITION
    st = d.new_state(players, seed, d.resolve_options(options))
    rng = random.Random(seed)
    for _ in range(count):
        if d.is_over(st):
            st = d.new_state(players, seed + 1000, d.resolve_options(options))
        yield st
        moves = d.legal_moves(st)
        d.advance(st, moves[int(rng.random() * len(moves))])


@cites(P + "action.loop", P + "law.window")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_fast_moves_are_the_plain_moves(players: int) -> None:
    """Same set, no repeats (the order differs: the plain path lists kind by kind)."""
    d = DEFINITION
    checked = 0
    for options in option_sets("keythedral"):
        for seed in (1, 2):
            for st in _positions(players, seed, options, 700):
                fast = d.legal_moves(st)
                plain = d.plain_legal_moves(st)
                assert len(set(fast)) == len(fast), st.phase
                assert set(fast) == set(plain), (st.phase, set(fast) ^ set(plain))
                checked += 1
    assert checked >= 2000


@cites(P + "law.window")
@pytest.mark.parametrize("players", [3, 5])
def test_a_seats_window_moves_are_its_part_of_the_list(players: int) -> None:
    """While several players answer a window, one player's moves are its moves of the whole list, in order."""
    d = DEFINITION
    windows = 0
    for seed in (1, 2, 3):
        for st in _positions(players, seed, {}, 700):
            seats = d.to_act(st)
            if len(seats) > 1:
                legal = d.legal_moves(st)
                for seat in range(players):
                    assert d.seat_moves(st, seat) == [m for m in legal if m.player == seat]
                windows += 1
    assert windows >= 20
