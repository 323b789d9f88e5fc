"""Notation is read in any case, and a card named alone is found where it lies when it lies in one place only:
"buy Library" and "buy library" for the one Library on the board. The notation written back is the canonical one."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from tests.saint_petersburg.position import position


def test_a_card_named_alone_is_bought_where_it_lies_in_any_case_by_id_or_name() -> None:
    game = position(phase="building", upper=["library", "market", "market"])
    for text in ("buy Library", "buy library", "BUY LIBRARY", "Buy library@u1", "take Library"):
        move = game.parse_move(text)
        assert move.slot == "U1" and move.card == "library", text
    assert str(game.parse_move("buy Library")) == "buy library@U1"


def test_a_card_lying_twice_or_nowhere_must_be_named_by_its_slot() -> None:
    game = position(phase="building", upper=["library", "market", "market"])
    with pytest.raises(bgl.InvalidNotation, match="U2, U3"):
        game.parse_move("buy market")
    with pytest.raises(bgl.InvalidNotation, match="lies nowhere"):
        game.parse_move("buy theater")
    assert str(game.parse_move("buy Market@U3")) == "buy market@U3"


def test_names_with_spaces_and_capitals_read_as_ids() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    assert str(game.parse_move("play Wharf>Ship Builder")) == "play wharf>ship_builder"
    assert str(game.parse_move("Observe Aristocrats")) == "observe aristocrats"
    assert str(game.parse_move("PASS")) == "pass" and str(game.parse_move("Pub 2")) == "pub 2"
    assert str(game.parse_move("discard Bank@Drawn")) == "discard bank@drawn"
    citadels = bgl.new_game("citadels", players=4, seed=1)
    assert str(citadels.parse_move("Build Trading Post")) == "build trading_post"
    assert str(citadels.parse_move("Pick King")) == "pick king"
    keythedral = bgl.new_game("keythedral", players=3, seed=1)
    assert str(keythedral.parse_move("Craft i st")) == "craft I ST"
    assert str(keythedral.parse_move("BUY 2-c +t")) == "buy 2-C +T"
    assert str(keythedral.parse_move("Play Start_Order 2")) == "play start_order 2"
    village = bgl.new_game("village", players=3, seed=1)
    assert str(village.parse_move("Take Harvest Green")) == "take harvest green"
