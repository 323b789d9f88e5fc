"""Keythedral's secrets, declared from the rulebook: changing one leaves every view and log that may not see
it unchanged, and the game's own sampling resamples all of it."""
from __future__ import annotations

import random
from typing import Any

import boardgames_lab as bgl
from boardgames_lab.core.rng import Rng
from boardgames_lab.rulesets.keythedral.secrets import SECRETS
from tests.conftest import cites
from tests.keythedral.position import give, played_to_round, state

P = "keythedral."


def _events(game: bgl.Game, st: Any, move: Any, seat: int | None) -> list[str] | None:
    """What ``seat`` reads in the log of ``move`` played from ``st`` (None: the entry is hidden from it)."""
    d = game.definition
    st = d.clone_state(st)
    visible = d.move_visibility(st, move)
    st.events = []
    d.advance(st, move)
    if visible is not None and seat not in visible:
        return None
    return [e["text"] for e in st.events if e["visible_to"] is None or seat in e["visible_to"]]


def _probe(game: bgl.Game, rng: random.Random, counts: dict[str, int]) -> None:
    d = game.definition
    st = state(game)  # the rule functions run on copies of the state read from the position
    moves = game.legal_moves()
    move = moves[int(rng.random() * len(moves))]
    for seat in [None, *range(game.num_players)]:
        view = d.view(st, seat)
        for secret in SECRETS:
            other = d.clone_state(st)
            if not secret.perturb(other, seat, Rng(rng.getrandbits(63))):
                continue
            counts[secret.name] = counts.get(secret.name, 0) + 1
            assert not d.invariants(other), secret.name
            assert d.view(other, seat) == view, f"{secret.name} shows in the view of {seat}"
            if seat == st.current and move in d.legal_moves(other):
                assert _events(game, other, move, seat) == _events(game, st, move, seat), \
                    f"{secret.name} shows in the log of {seat}"


@cites(P + "secret.screens", P + "secret.laws", P + "secret.field_stack")
def test_no_secret_shows_in_a_view_or_the_next_log_entry() -> None:
    counts: dict[str, int] = {}
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        game = bgl.new_game("keythedral", players=players, seed=seed)
        rng = random.Random(seed)
        for ply in range(600):
            if game.is_over:
                break
            if ply % 9 == 0 or game.phase == "lay_tiles":
                _probe(game, rng, counts)
            moves = game.legal_moves()
            buys = [m for m in moves if m.kind == "buy"]  # random play seldom buys: tiles go behind screens
            game.apply(buys[0] if buys else moves[int(rng.random() * len(moves))])
    assert set(counts) == {s.name for s in SECRETS}  # every secret was exercised somewhere


@cites(P + "secret.screens")
def test_other_screens_show_counts_only() -> None:
    game = bgl.new_game("keythedral", players=3, seed=5)
    rng = random.Random(5)
    while not any(game.position()["state"]["seats"]):
        moves = game.legal_moves()
        buys = [m for m in moves if m.kind == "buy"]
        game.apply(buys[0] if buys else moves[int(rng.random() * len(moves))])
    st = game.position()["state"]
    owner = next(p for p in range(3) if st["seats"][p])
    seer = (owner + 1) % 3
    theirs = game.view(seer)["players"][owner]
    assert theirs["cubes"] is None and theirs["seats"] is None and theirs["laws"] is None
    assert theirs["cube_count"] == len(st["cubes"][owner]) and theirs["seat_count"] == len(st["seats"][owner])
    mine = game.view(owner)["players"][owner]
    assert mine["seats"] and sum(mine["cubes"].values()) == mine["cube_count"]
    assert "behind the screen" in game.definition.render_text(state(game), seer)


@cites(P + "secret.field_stack")
def test_the_next_field_tile_is_seen_only_by_the_player_who_takes_it() -> None:
    game = bgl.new_game("keythedral", players=4, seed=2)
    current = game.position()["current"]
    assert game.phase == "lay_tiles" and game.view(current)["next_field"]
    assert all(game.view(q)["next_field"] is None for q in [None, *range(4)] if q != current)
    game.apply(game.legal_moves()[0])  # the field is laid: now the cottage step, nobody holds the next tile
    assert all(game.view(q)["next_field"] is None for q in [None, *range(4)])


@cites(P + "secret.screens")
def test_the_bid_payment_is_seen_by_payer_and_payee_only() -> None:
    game = bgl.new_game("keythedral", players=3, seed=7)
    rng = random.Random(7)
    while game.phase != "auction_pay":
        moves = game.legal_moves()
        bids = [m for m in moves if m.kind == "bid" and m.cubes]
        game.apply(bids[0] if bids else moves[int(rng.random() * len(moves))])
    a = game.position()["state"]["auction"]
    payer, payee = a["payer"], a["payee"]
    third = next(q for q in range(3) if q not in (payer, payee))
    game.apply(game.legal_moves()[0])
    assert game.log_for(payee)[-1]["move"].startswith("give")
    assert not game.log_for(third)[-1]["move"].startswith("give")


@cites(P + "secret.screens")
def test_sampling_deals_the_hidden_screens_again() -> None:
    game = give(give(played_to_round(4, 3), 1, "SS"), 2, "WW")
    d, st = game.definition, state(game)
    samples = [d.determinize(st, 0, Rng(k)) for k in range(30)]
    assert any(s.cubes[1:] != st.cubes[1:] for s in samples)
    for s in samples:
        assert s.cubes[0] == st.cubes[0] and not d.invariants(s)
        assert [sum(c) for c in s.cubes] == [sum(c) for c in st.cubes]
        assert d.view(s, 0) == d.view(st, 0)
