"""Each game's features face: one fixed layout at every player count, filled from the seat's view alone."""
from __future__ import annotations

import math
import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.registry import definition
from boardgames_lab.core.rng import Rng

GAMES = [g["name"] for g in bgl.games()]


def _played(name: str, players: int, seed: int, moves: int) -> bgl.Game:
    game = bgl.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return game


@pytest.mark.parametrize("name", GAMES)
def test_the_layout_is_one_size_at_every_count_and_holds_every_seat(name: str) -> None:
    d = definition(name)
    face = d.features
    assert face is not None and face.__name__ == f"boardgames_lab.rulesets.{name}.features"
    layout = face.LAYOUT
    assert len(layout.labels()) == layout.size == sum(n for _, n, _ in layout.table())
    for players in (d.info.min_players, d.info.max_players):
        for seed in range(2):
            game = _played(name, players, seed, 400)
            for seat in range(players):
                values = face.encode(game.view(seat), seat, players)
                assert len(values) == layout.size and all(math.isfinite(v) for v in values)
                assert values[layout.at("seated", "you")] == 1
                # the lists of places fit the layout's slots (a slot past the end would be dropped)
                view = game.view(seat)
                for key, prefix in (("fields", "field."), ("sites", "site."), ("fences", "fence."),
                                    ("stalls", "stall."), ("queue", "queue.")):
                    if key in view:
                        slots = sum(1 for f, _, _ in layout.fields if f.startswith(prefix))
                        assert len(view[key]) <= slots, (key, len(view[key]), slots)


@pytest.mark.parametrize("name", GAMES)
def test_features_are_the_same_for_states_the_seat_cannot_tell_apart_and_count_from_the_seat(name: str) -> None:
    d = definition(name)
    game = _played(name, d.info.max_players, 5, 60)
    assert not game.is_over
    n = game.num_players
    for seat in range(n):
        mine = list(d.features.encode(game.view(seat), seat, n))
        sample = d.determinize(game.state, seat, Rng(seat + 11))
        assert list(d.features.encode(d.view(sample, seat), seat, n)) == mine
    # the seat to act is "you" in its own vector and "+k" in the vector of the seat k places before it
    acting = game.to_act()[0]
    assert acting != CHANCE
    layout = d.features.LAYOUT
    before = (acting - 1) % n
    assert d.features.encode(game.view(acting), acting, n)[layout.at("to_act", "you")] == 1
    assert d.features.encode(game.view(before), before, n)[layout.at("to_act", "+1")] == 1
