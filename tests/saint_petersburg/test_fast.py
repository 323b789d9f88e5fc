"""The fast legal-move generator (fast.py) yields exactly the moves the kinds' checks pass (the plain path)."""
from __future__ import annotations

import pytest

from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.saint_petersburg import DEFINITION
from boardgames_lab.rulesets.saint_petersburg.state import invariants
from boardgames_lab.testing import option_sets
from tests.conftest import cites

P = "saint_petersburg."


@cites(P + "action.one_of_four", P + "action.buy", P + "action.take", P + "action.play", P + "card.observatory",
       P + "card.pub", P + "trading.must_replace")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_generator_equals_the_plain_path_in_the_same_order_set(players: int) -> None:
    """Same moves as a set (the plain path groups them by kind; the fast one goes slot by slot), no repeats."""
    d = DEFINITION
    positions = 0
    for k, options in enumerate(option_sets("saint_petersburg")):
        for seed in range(3):
            rng = Rng(1000 * players + 10 * k + seed)
            st = d.new_state(players, seed, d.resolve_options(options))
            while not d.is_over(st):
                fast, plain = d.legal_moves(st), d.plain_legal_moves(st)
                assert len(fast) == len(set(fast)) and set(fast) == set(plain), (st.phase, st.ply)
                positions += 1
                d.advance(st, fast[rng.below(len(fast))])
    assert positions > 1000


@cites(P + "scoring.phase_colour", P + "scoring.all_cards", P + "card.mariinskij", P + "card.tax_man",
       P + "card.observatory_used", P + "refill.next_deck", P + "round_end.shift_and_refill", P + "end.trigger")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_without_a_log_makes_the_game_play_with_one_makes(players: int) -> None:
    """The phase changes take shortcuts while no log is written (the scorings' sums, the cards laid together): the
    same moves give the same state, seat keys and sums per colour as with the log on, and keep the invariants."""
    d = DEFINITION
    changes = 0
    for seed in range(4):
        quiet, told = d.new_state(players, seed, d.resolve_options({})), d.new_state(players, seed, d.resolve_options({}))
        told.events = []
        rng = Rng(seed)
        while not d.is_over(quiet):
            moves = d.legal_moves(quiet)
            move = moves[rng.below(len(moves))]
            before = quiet.phase
            d.advance(quiet, move)
            d.advance(told, move)
            changes += before != quiet.phase
            assert (quiet.snapshot(), quiet.phase, quiet.current, quiet.shown, quiet.keys, quiet.scored,
                    quiet.held) == (told.snapshot(), told.phase, told.current, told.shown, told.keys, told.scored,
                                    told.held), (seed, quiet.ply)
            assert not invariants(quiet), invariants(quiet)
    assert changes > 60 and any(e["data"].get("group") for e in told.events)


def test_a_determinized_state_finds_the_others_moves_again() -> None:
    """A seat found with nothing but pass keeps only pass for the action phase (state.SPState.only_pass), unless its
    hidden rubles or hand change: in a determinized state the others' moves are found again, as the checks find them."""
    d = DEFINITION
    checked = 0
    for seed in range(6):
        st, rng = d.new_state(4, seed, d.resolve_options({})), Rng(seed)
        while not d.is_over(st):
            moves = d.legal_moves(st)
            if any(st.only_pass[:st.current] + st.only_pass[st.current + 1:]):
                sample, phase = d.determinize(st, st.current, Rng(st.ply)), st.phase
                while sample.phase == phase:
                    fast = d.legal_moves(sample)
                    assert set(fast) == set(d.plain_legal_moves(sample)), (seed, st.ply, sample.ply)
                    d.advance(sample, fast[rng.below(len(fast))])
                    checked += 1
            d.advance(st, moves[rng.below(len(moves))])
    assert checked > 100
