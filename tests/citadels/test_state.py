"""Citadels: the state's clone() copies every field; every shuffle is a named draw of the one Rng."""
from __future__ import annotations

import json
import random

import pytest

import boardgames_lab as bgl
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


def test_every_draw_is_in_the_chance_record_with_its_name() -> None:
    """The deck and the characters are shuffled through the one Rng, each draw named in the log's chance record."""
    game = bgl.new_game("citadels", players=4, seed=3)
    setup = [c["what"] for c in game.log[0]["chance"]]
    assert setup[0] == "the building deck" and "the eight characters" in setup
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    drawn = {c["what"] for entry in game.log[1:] for c in entry["chance"]}
    assert "the eight characters" in drawn and drawn <= {
        "the eight characters", "the characters left, the King shuffled back",
        "the discard pile, shuffled into a new deck"}
    assert all(c["probability"] > 0 for entry in game.log for c in entry["chance"])


def test_old_saves_are_refused_naming_the_rules_version() -> None:
    """rules_version 2: the characters are shuffled through the one Rng, so a version 1 position plays otherwise."""
    game = bgl.new_game("citadels", players=4, seed=3)
    game.apply(game.legal_moves()[0])
    data = json.loads(game.to_json())
    data["rules_version"] = 1
    with pytest.raises(bgl.SaveFormatError, match="rules version 1"):
        bgl.load_game(json.dumps(data))
