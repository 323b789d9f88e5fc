"""Village's hidden information, declared from the rulebook (secrets.py): changing it leaves every view and log alone."""
from __future__ import annotations

import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.village import DEFINITION
from boardgames_lab.rulesets.village.secrets import SECRETS
from tests.conftest import cites
from tests.village.position import state

P = "village."


def _next_log(state, move, seat):
    """What ``seat`` reads of the move, or None when it turns a customer of the pile face up (new information)."""
    st = state.clone()
    st.events, st.rng.record = [], []
    DEFINITION.advance(st, move)
    if any(draw["draw"] == "top" for draw in st.rng.record):
        return None
    return [e for e in st.events if e["visible_to"] is None or seat in e["visible_to"]]


@cites(P + "hidden.pile")
@pytest.mark.parametrize("players, seed", [(2, 1), (4, 2)])
def test_the_pile_order_is_hidden_from_every_seat(players: int, seed: int) -> None:
    assert DEFINITION.secrets == SECRETS
    game = bgl.new_game("village", players=players, seed=seed, mode="sandbox")
    rng = random.Random(seed)
    changed = 0
    while not game.is_over and game.ply < 250:
        st = state(game)
        move = rng.choice(game.legal_moves())
        for seat in [None, *range(players)]:
            for secret in SECRETS:
                clone = st.clone()
                if not secret.perturb(clone, seat, Rng(game.ply)):
                    continue
                changed += 1
                assert clone.pile != st.pile and sorted(clone.pile) == sorted(st.pile)
                assert DEFINITION.invariants(clone) == []
                assert DEFINITION.view(clone, seat) == DEFINITION.view(st, seat)
                assert _next_log(clone, move, seat) == _next_log(st, move, seat)
        game.apply(move)
    assert changed
