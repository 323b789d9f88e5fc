"""Citadels: the state's clone() copies every field; every shuffle is a named draw of the one Rng."""
from __future__ import annotations

import json
import random

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


def test_a_save_of_the_engine_before_loads_and_plays_the_same() -> None:
    """The characters are shuffled by Rng.below draws, as the engine before shuffled them: its saves load
    and reach the same position (the cities and the open reaction window it reached)."""
    game = bgl.load_game(json.dumps(OLD_SAVE))
    assert game.ply == 60 and game.phase == "acrobat"
    assert [p["city"] for p in game.view(None)["players"]] == [["manor"], ["docks"], ["manor", "circus_tent"],
                                                              ["docks", "watchtower"]]
