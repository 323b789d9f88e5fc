"""Citadels: the violet buildings, the end of the game and the scoring."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from boardgames_lab.rulesets.citadels.data import CARD_INDEX, HAUNTED_CITY
from tests.citadels.position import at_turn, deal_characters, empty_hand, give, moves, new, state_of, set_field
from tests.conftest import cites

P = "citadels."
SEVEN = ["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"]


def finish_round(game: bgl.Game) -> None:
    """Every remaining character takes 2 gold and ends (no other move) until the round is over."""
    while game.phase not in ("draft", "game_over"):
        game.apply("gold" if "gold" in moves(game) else "end")


@cites(P + "violet.keep")
def test_keep_cannot_be_removed() -> None:
    game = new(4)
    game = give(game, 1, city=["keep", "tavern"])
    game = give(game, 3, gold=9)
    game = deal_characters(game, {"warlord": 3}, start=7)
    assert "destroy keep p2" not in moves(game) and "destroy tavern p2" in moves(game)
    assert game.explain("destroy keep p2").rule == P + "violet.keep"


@cites(P + "violet.great_wall")
def test_great_wall_raises_the_price_of_other_buildings() -> None:
    game = new(4, great_wall=True)
    game = give(game, 1, city=["great_wall", "tavern", "manor"])
    game = give(game, 3, gold=3)
    game = deal_characters(game, {"warlord": 3}, start=7)
    assert "destroy tavern p2" in moves(game) and "destroy manor p2" in moves(game)  # 1 and 3
    game = set_field(game, "gold", 2, 3)
    assert "destroy manor p2" not in moves(game)
    game = set_field(game, "gold", 5, 3)
    assert "destroy great_wall p2" in moves(game)


@cites(P + "violet.laboratory")
def test_laboratory_once_a_turn() -> None:
    game = new(4)
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["temple", "tavern"], city=["laboratory"], gold=0)
    game = at_turn(game, 0, "bishop")
    assert moves(game) >= {"lab temple", "lab tavern"}
    game.apply("lab temple")
    assert state_of(game).gold[0] == 1 and "lab tavern" not in moves(game)
    assert game.explain("lab tavern").rule == P + "violet.laboratory"


@cites(P + "violet.smithy")
@pytest.mark.parametrize("reading, price, count", [("pay3_draw2", 3, 2), ("pay2_draw3", 2, 3), ("pay3_draw3", 3, 3)])
def test_smithy_by_edition(reading: str, price: int, count: int) -> None:
    game = new(4, smithy=reading)
    game = empty_hand(game, 0)
    game = give(game, 0, city=["smithy"], gold=5)
    game = at_turn(game, 0, "bishop")
    game.apply("smithy")
    assert state_of(game).gold[0] == 5 - price and len(state_of(game).hands[0]) == count
    assert game.explain("smithy").rule == P + "violet.smithy" and not game.explain("smithy")


@cites(P + "violet.observatory", P + "violet.library")
@pytest.mark.parametrize("city, drawn, kept", [(["observatory"], 3, 1), (["library"], 2, 2),
                                               (["library", "observatory"], 3, 2)])
def test_observatory_and_library(city: list[str], drawn: int, kept: int) -> None:
    game = new(4)
    game = empty_hand(game, 0)
    game = give(game, 0, city=city)
    game = at_turn(game, 0, "bishop")
    game.apply("draw")
    if game.phase == "keep":
        assert len(state_of(game).drawn) == drawn
        while game.phase == "keep":
            game.apply(game.legal_moves()[0])
    assert len(state_of(game).hands[0]) == kept and len(state_of(game).discard) == drawn - kept


@cites(P + "violet.graveyard")
def test_graveyard_buys_the_removed_building() -> None:
    game = new(4)
    game = give(game, 1, city=["manor"])
    game = give(game, 2, city=["graveyard"], gold=1)
    game = give(game, 3, gold=5)
    game = deal_characters(game, {"warlord": 3}, start=7)
    game.apply("destroy manor p2")
    assert game.phase == "graveyard" and state_of(game).current == 2
    game.apply("save")
    assert game.phase == "turn" and state_of(game).current == 3
    assert CARD_INDEX["manor"] in state_of(game).hands[2] and state_of(game).gold[2] == 0


@cites(P + "violet.graveyard")
@pytest.mark.parametrize("self_save, asked", [(False, False), (True, True)])
def test_graveyard_itself_by_option(self_save: bool, asked: bool) -> None:
    game = new(4, graveyard_self=self_save)
    game = give(game, 2, city=["graveyard"], gold=1)
    game = give(game, 3, gold=5)
    game = deal_characters(game, {"warlord": 3}, start=7)
    game.apply("destroy graveyard p3")
    assert (game.phase == "graveyard") == asked


@cites(P + "violet.graveyard")
def test_warlord_cannot_use_his_own_graveyard() -> None:
    game = new(4)
    game = give(game, 1, city=["manor"])
    game = give(game, 3, city=["graveyard"], gold=5)
    game = deal_characters(game, {"warlord": 3}, start=7)
    game.apply("destroy manor p2")
    assert game.phase == "turn" and game.view(0)["discard"] == ["manor"]


@cites(P + "violet.school_of_magic")
def test_school_of_magic_counts_for_income() -> None:
    game = new(4)
    game = give(game, 0, city=["school_of_magic", "manor"], gold=0)
    game = at_turn(game, 0, "king")
    game.apply("income")
    assert state_of(game).gold[0] == 2


@cites(P + "end.trigger", P + "score.buildings", P + "score.first_eight", P + "score.five_colours",
       P + "violet.eight_points")
def test_eighth_building_ends_after_the_round_and_scores() -> None:
    game = new(4)
    game = give(game, 0, city=SEVEN, gold=10)
    game = give(game, 1, city=["tavern", "temple", "manor", "prison", "university", "market", "docks", "harbor"])
    game = give(game, 2, city=["dragon_gate"])
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["tavern"])
    game = deal_characters(game, {"bishop": 0, "merchant": 1, "warlord": 2})
    game.apply("gold")
    game.apply("build tavern")
    assert state_of(game).first_eight == 0 and game.phase == "turn"
    finish_round(game)
    assert game.is_over
    final = state_of(game).final
    assert final[0]["buildings"] == 3 + 4 + 5 + 1 + 2 + 3 + 5 + 1 and final[0]["eight"] == 4
    assert final[0]["five_colours"] == 0
    assert final[1]["eight"] == 2 and final[1]["five_colours"] == 3
    assert final[1]["buildings"] == 1 + 1 + 3 + 2 + 8 + 2 + 3 + 4
    assert final[2]["buildings"] == 8


@cites(P + "violet.haunted_city")
@pytest.mark.parametrize("built_now, bonus", [(False, 3), (True, 0)])
def test_haunted_city_stands_in_for_a_colour(built_now: bool, bonus: int) -> None:
    game = new(4)
    game = give(game, 1, city=["haunted_city", "tavern", "temple", "manor", "keep"])  # no red
    if not built_now:
        game = set_field(game, "haunted_round", 0, 1)
    else:
        game = set_field(game, "haunted_round", state_of(game).round, 1)
    game = give(game, 0, city=SEVEN + ["tavern"])
    game = set_field(game, "first_eight", 0)
    game = deal_characters(game, {"bishop": 2})
    finish_round(game)
    assert state_of(game).final[1]["five_colours"] == bonus


@cites(P + "score.tie_break")
@pytest.mark.parametrize("rule, winners", [("buildings_then_gold", [1]), ("buildings", [0, 1])])
def test_tie_break(rule: str, winners: list[int]) -> None:
    game = new(2, tie_break=rule)
    d = game.definition
    st = state_of(game)
    st.final = [{"total": 20, "buildings": 16, "gold": 1}, {"total": 20, "buildings": 16, "gold": 4}]
    assert d.winners(st) == winners
    st.final[0]["buildings"] = 17
    assert d.winners(st) == [0]


def test_haunted_city_round_is_recorded_on_build() -> None:
    game = new(4)
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["haunted_city"])
    game = at_turn(game, 0, "bishop")
    game.apply("gold")
    game.apply("build haunted_city")
    assert state_of(game).haunted_round[0] == state_of(game).round and HAUNTED_CITY in state_of(game).city[0]
