"""Citadels: the state's clone() copies every field and shares no list with the original."""
from __future__ import annotations

import random

from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.citadels.state import CitadelsState


def test_clone_copies_every_field_and_shares_no_list() -> None:
    d = definition("citadels")
    st = d.new_state(5, 7, d.resolve_options({"action_cards": True}))
    rng = random.Random(7)
    for _ in range(150):  # a mid-game position with cities, hands and a discard pile
        moves = d.legal_moves(st)
        d.advance(st, moves[rng.randrange(len(moves))])
    twin = st.clone()
    assert d.snapshot(twin) == d.snapshot(st)
    for name in CitadelsState.__slots__:
        value = getattr(twin, name)  # raises if clone() missed the field
        if isinstance(value, list):
            assert value is not getattr(st, name), name
            assert all(inner is not outer for inner, outer in zip(value, getattr(st, name))
                       if isinstance(inner, list)), name
