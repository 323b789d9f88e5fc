"""Saint Petersburg secrets: what the rules hide from a seat changes nothing that seat sees."""
from __future__ import annotations

from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.positions import read_state
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.saint_petersburg.secrets import SECRETS
from boardgames_lab.rulesets.saint_petersburg.state import SPState
from tests.conftest import cites
from tests.saint_petersburg.position import give, position

P = "saint_petersburg."


def _seen(events: list[dict[str, Any]], seat: int | None) -> list[tuple[str, Any]]:
    return [(e["text"], e["data"]) for e in events if e["visible_to"] is None or seat in e["visible_to"]]


def _after(definition: Any, st: SPState, move: Any) -> tuple[SPState, list[dict[str, Any]]]:
    st = st.clone()
    st.events = []
    definition.advance(st, move)
    return st, st.events


def check_position(game: bgl.Game, rng: Rng, counts: dict[str, int]) -> None:
    """For every seat and secret: perturb a clone; the seat's view, and after the next move its log and view, agree."""
    d = game.definition
    st = read_state(d, game.position())[0]  # the position as a state, to perturb
    legal = game.legal_moves()
    move = legal[rng.below(len(legal))]
    for seat in [None, *range(st.num_players)]:
        for secret in d.secrets:
            clone = d.clone_state(st)
            if not secret.perturb(clone, seat, rng):
                continue
            counts[secret.name] += 1
            assert d.invariants(clone) == [], secret.name
            assert d.snapshot(clone) != d.snapshot(st), f"{secret.name}: perturb said True but changed nothing"
            assert d.view(clone, seat) == d.view(st, seat), (secret.name, seat)
            if move not in d.legal_moves(clone):
                continue  # the hidden change made the move illegal: nothing to compare
            if d.reveals(st, move) or d.reveals(clone, move):
                continue  # the move draws or shows a card: what it shows may differ
            a, seen_a = _after(d, st, move)
            b, seen_b = _after(d, clone, move)
            assert _seen(seen_a, seat) == _seen(seen_b, seat), (secret.name, seat, str(move))
            assert d.view(a, seat) == d.view(b, seat), (secret.name, seat, str(move))


@cites(P + "money.secret")
@pytest.mark.parametrize("players, seed", [(2, 4), (3, 1), (4, 6)])
def test_no_secret_shows_in_a_view_or_the_log(players: int, seed: int) -> None:
    game = bgl.new_game("saint_petersburg", players=players, seed=seed)
    rng = Rng(seed)
    counts = {s.name: 0 for s in SECRETS}
    while not game.is_over:
        if game.ply % 5 == 0 or game.phase == "pub":
            check_position(game, rng, counts)
        legal = game.legal_moves()
        game.apply(legal[rng.below(len(legal))])
    assert all(counts.values()), counts  # every secret was hidden somewhere and checked


@cites(P + "money.secret")
def test_secrets_are_declared_and_open_money_hides_no_rubles() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=2, open_money=True)
    assert game.definition.secrets == SECRETS
    money = next(s for s in SECRETS if "rubles" in s.name)
    assert money.perturb(read_state(game.definition, game.position())[0], 0, Rng(1)) is False


@cites(P + "money.secret", P + "card.pub")
@pytest.mark.parametrize("rubles", [0, 1, 5])
def test_a_poor_pub_owner_is_asked_like_any_other(rubles: int) -> None:
    """Skipping an owner who cannot pay 2 rubles would tell everyone they hold fewer than 2."""
    game = position(players=2, phase="building")
    game = give(game, 0, area=["pub"], money=rubles)
    while game.phase == "building":
        game.apply("pass")
    seen = game.view(1)
    assert seen["phase"] == "pub" and seen["current_player"] == 0
    assert game.legal_moves()[0].points == 0 and len(game.legal_moves()) == 1 + min(5, rubles // 2)
