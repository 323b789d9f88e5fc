"""Citadels: the state's clone() copies every field; every shuffle is a named draw of the one Rng."""
from __future__ import annotations

import json
import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import SaveFormatError
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.citadels.state import CitadelsState
from tests.conftest import cites


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


@cites("citadels.setup.cards", "citadels.draft.face_down", "citadels.draft.face_up")
def test_every_draw_is_in_the_chance_record_with_its_name() -> None:
    """The deck is shuffled at set-up; every card dealt or drawn and every character laid out is a named draw."""
    game = bgl.new_game("citadels", players=4, seed=3)
    setup = [c["what"] for c in game.log[0]["chance"]]
    assert setup[0] == "the building deck" and setup[1:17] == ["a card from the top of the deck"] * 16
    assert setup[17:] == ["a character laid face down"] + ["a character laid face up"] * 2
    rng = random.Random(3)
    while not game.is_over:
        game.apply(rng.choice(game.legal_moves()))
    drawn = {c["what"] for entry in game.log[1:] for c in entry["chance"]}
    assert {"a card from the top of the deck", "a character laid face down", "a character laid face up"} <= drawn
    assert drawn <= {"a card from the top of the deck", "a character laid face down", "a character laid face up",
                     "a card from the deck made of the discard pile"}
    assert all(c["probability"] > 0 for entry in game.log for c in entry["chance"])


# A save written by the engine before Engine 2 (save version 1, moves as notation, seed 7, action cards).
OLD_SAVE = {"format": "boardgames_lab.game", "version": 1, "game": "citadels", "rules_version": 1, "players": 4,
            "seed": 7, "options": {"action_cards": True, "smithy": "pay3_draw2", "great_wall": False,
                                      "graveyard_self": False, "tie_break": "buildings_then_gold"},
            "mode": "play", "names": ["Player 1", "Player 2", "Player 3", "Player 4"], "redo": [],
            "moves": ["pick bishop", "pick king", "pick merchant", "pick thief", "draw", "keep docks",
                      "rob bishop", "build prison", "end", "gold", "end", "gold", "build tavern", "end", "gold",
                      "build manor", "end", "pick warlord", "pick bishop", "pick assassin", "pick wizard",
                      "kill wizard", "cannon prison>docks", "gold", "build watchtower", "end", "decline",
                      "decline", "decline", "decline", "decline", "decline", "decline", "decline", "draw",
                      "keep monastery", "play ticket_booth", "end", "destroy tavern p1", "gold", "build docks",
                      "end", "pick merchant", "pick assassin", "pick bishop", "pick wizard", "kill architect",
                      "play circus_tent", "draw", "keep battlefield", "end", "exchange observatory",
                      "exchange manor", "exchange harbor", "exchange done", "gold", "build manor", "end",
                      "decline", "decline"]}


def test_a_save_of_the_engine_before_is_refused_with_its_rules_version() -> None:
    """Rules version 2 draws every card and character as a chance move, and a deck made of the discard pile is
    drawn from at random: a game saved by version 1 would not replay the same, so it is refused, saying so."""
    with pytest.raises(SaveFormatError, match="rules version 1, this engine plays version 2"):
        bgl.load_game(json.dumps(OLD_SAVE))
