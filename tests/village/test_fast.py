"""The fast generator (fast.py) yields exactly the plain path's moves: the candidates of every kind that pass
their one check (checks.py). Compared as sets (each list also without repeats): the fast generator keeps the
order bots were tuned on, the plain path lists kinds in the phase's order."""
from __future__ import annotations

import random

from boardgames_lab.core.registry import definition
from tests.conftest import cites

P = "village."


@cites(P + "turn.take_cube", P + "well.action", P + "end.no_cubes", P + "council.privilege", P + "market.available",
       P + "death.oldest", P + "mass.select", P + "mass.advance", P + "inn.brewery", P + "marriage.tools",
       P + "marriage.bread")
def test_fast_moves_equal_the_plain_path_with_every_option_set() -> None:
    d = definition("village")
    compared = 0
    for n, options in d.conformance_configurations():
        st = d.new_state(n, n * 7 + len(options), d.resolve_options(options))
        rng = random.Random(n)
        for _ in range(450):
            if d.is_over(st):
                break
            fast, plain = d.legal_moves(st), d.plain_legal_moves(st)
            assert len(fast) == len(set(fast)) and len(plain) == len(set(plain)), st.phase
            assert set(fast) == set(plain), (options, st.phase, set(map(str, fast)) ^ set(map(str, plain)))
            compared += 1
            d.advance(st, rng.choice(fast))
    assert compared > 10_000
