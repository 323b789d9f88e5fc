"""Citadels: the fast legal-move generator (fast.py) yields exactly the plain path's moves, the kinds'
candidates that pass their one check, on thousands of positions from seeded play with every option."""
from __future__ import annotations

import random

import pytest

from boardgames_lab.core.moves import plain_legal_moves
from boardgames_lab.core.registry import definition

D = definition("citadels")


def plain(st: object) -> list[object]:
    allowed = D.flow.phase(st.phase).moves  # type: ignore[attr-defined]
    return [m for seat in D.to_act(st) for m in plain_legal_moves(D.kind_of, allowed, st, seat)]


@pytest.mark.parametrize("players, options", D.conformance_configurations())
def test_fast_moves_are_the_plain_moves(players: int, options: dict[str, object]) -> None:
    """The same set of moves (the fast list keeps the order players see; the plain one goes kind by kind),
    no move twice, at every position of two seeded games per configuration."""
    resolved = D.resolve_options(options)
    positions = 0
    for seed in range(2):
        st = D.new_state(players, seed, resolved)
        rng = random.Random(seed)
        while not D.is_over(st):
            fast = D.legal_moves(st)
            assert len(set(fast)) == len(fast), st.phase
            assert set(fast) == set(plain(st)), (st.phase, set(fast) ^ set(plain(st)))
            D.advance(st, fast[rng.randrange(len(fast))])
            positions += 1
    assert positions > 200
