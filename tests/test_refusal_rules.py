"""The most specific rule wins: a refused move names the rule of the card, action or window it belongs to, and
``core.wrong_phase`` is left for kinds no rule of the game governs (none of the bundled games has one).

The audit asks, for every game, every move kind's candidates in positions of every phase class, as every seat
(its own turn or another's), with the card owned or not, in its window or out of it."""
from __future__ import annotations

import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from tests.conftest import cites

GAMES = [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3), ("village", 3)]


def positions(name: str, players: int, seed: int) -> list[Game]:
    options = {"action_cards": True} if name == "citadels" else {}
    game = bgl.new_game(name, players=players, seed=seed, **options)
    chooser = random.Random(seed)
    out, phases = [], set()
    while game.ply < 500 and not game.is_over:
        if game.phase not in phases or chooser.random() < 0.05:  # every phase met, and some positions again
            phases.add(game.phase)
            out.append(game.clone())
        move = chooser.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return out


def asked(game: Game, seat: int) -> list[object]:
    """Every kind's candidates for ``seat`` here (a kind whose candidates need its own phase offers none)."""
    out: list[object] = []
    for kind in game.definition.kinds:
        try:
            out.extend(list(kind.candidates(game.state, seat))[:12])
        except (IndexError, KeyError, ValueError, TypeError, AttributeError):
            continue
    return out


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_every_kind_names_the_rule_that_governs_it(name: str, players: int) -> None:
    d = bgl.new_game(name, players=players, seed=1).definition
    for kind in d.kinds:
        assert kind.rule, f"{name}: the kind {kind.name!r} names no rule of the game"
        assert kind.rule in d.rulebook, f"{name}: {kind.name!r} names {kind.rule!r}, which is not in the rulebook"


@pytest.mark.parametrize(("name", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_no_refusal_cites_the_engine_where_a_rule_of_the_game_governs(name: str, players: int, seed: int) -> None:
    seen: set[str] = set()
    for game in positions(name, players, seed):
        for seat in range(players):
            for move in asked(game, seat):
                why = game.explain(move, player=seat)
                seen.add(why.rule)
                assert why.rule != "core.wrong_phase", f"{name} {game.phase}: {move} of seat {seat}: {why}"
                if not why.legal:
                    assert why.reason, (move, why)
                game.describe(move)  # every move a why-not bubble may name has its sentence
    assert "core.not_your_turn" in seen and any(r.startswith(name) for r in seen)


@cites("saint_petersburg.card.observatory")
def test_observing_without_an_observatory_cites_the_observatory_in_any_phase() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    assert game.phase == "worker"
    why = game.explain("observe aristocrats")
    assert why.rule == "saint_petersburg.card.observatory" and "you own no Observatory" in why.reason


@cites("saint_petersburg.card.pub")
def test_the_pub_outside_its_window_and_a_pass_in_it_cite_the_pub() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    why = game.explain("pub 0")
    assert why.rule == "saint_petersburg.card.pub" and "you own no Pub" in why.reason
    chooser = random.Random(4)
    while game.phase != "pub":
        legal = game.legal_moves()
        pubs = [m for m in legal if getattr(m, "card", "") == "pub"]
        move = pubs[0] if pubs else chooser.choice(legal)
        game.apply(move, player=game.definition.seat_of(game.state, move))
        assert not game.is_over
    why = game.explain("pass")
    assert why.rule == "saint_petersburg.card.pub" and "buying no points" in why.remedy


@cites("citadels.action.ticket_cash")
def test_cashing_a_ticket_booth_outside_its_window_cites_the_booth() -> None:
    game = bgl.new_game("citadels", players=4, seed=1, action_cards=True)
    why = game.explain("cash", player=game.current_player)
    assert why.rule == "citadels.action.ticket_cash" and "no Ticket Booth" in why.reason
