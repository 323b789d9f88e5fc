"""Citadels: the state's clone() and the character shuffle, written out for speed, match what they replace."""
from __future__ import annotations

import random

from boardgames_lab.core.registry import definition
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.citadels.draft import _shuffle
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


def test_character_shuffle_draws_as_rng_below() -> None:
    """draft._shuffle writes Rng.below out: the same permutation and the same generator state after it."""
    for seed in range(300):
        st = CitadelsState()
        st.rng = Rng(seed)
        reference = Rng(seed)
        cards, expected = list(range(8)), list(range(8))
        _shuffle(st, cards)
        for i in range(7, 0, -1):
            j = reference.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert cards == expected and st.rng.state == reference.state


def test_one_card_reshuffle_steps_the_generator_as_rng_shuffle() -> None:
    """draw() skips shuffling a one-card discard pile but moves the generator on exactly as Rng.shuffle does."""
    for seed in range(20):
        shuffled, stepped = Rng(seed), Rng(seed)
        shuffled.shuffle([5])
        stepped.next64()
        assert shuffled.state == stepped.state
