"""Citadels: a character's turn and the eight characters, with the rulebook's worked examples."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from boardgames_lab.rulesets.citadels.data import CARD_INDEX, CHAR_INDEX
from tests.citadels.position import at_turn, edit, deal_characters, empty_hand, give, moves, new, state_of, set_field
from tests.conftest import cites

P = "citadels."


def cards(game: bgl.Game, p: int) -> list[str]:
    return game.view(p)["players"][p]["hand"]


@cites(P + "turn.income", P + "deck.discard_pile")
def test_income_gold_or_draw_two_keep_one() -> None:
    game = new(4)
    game = at_turn(game, 1, "bishop")
    game.apply("gold")
    assert state_of(game).gold[1] == 4
    game = new(4)
    game = at_turn(game, 1, "bishop")
    before = len(state_of(game).hands[1])
    game.apply("draw")
    assert game.phase == "keep"
    drawn = game.view(1)["drawn"]
    assert len(drawn) == 2 and game.view(0)["drawn"] is None and game.view(0)["drawn_size"] == 2
    game.apply(f"keep {drawn[0]}")
    assert game.phase == "turn" and len(state_of(game).hands[1]) == before + 1
    assert game.view(0)["discard"] == [drawn[1]]


@cites(P + "turn.income_first", P + "turn.end")
def test_income_before_build_and_end() -> None:
    game = new(4)
    game = at_turn(game, 0, "bishop")
    game = give(game, 0, hand=["temple"])
    assert "build temple" not in moves(game) and "end" not in moves(game)
    why = game.explain("build temple")
    assert not why.legal and why.rule == P + "turn.income_first"
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply("end")
    assert err.value.rule == P + "turn.income_first"
    game.apply("gold")
    assert {"build temple", "end"} <= moves(game)


@cites(P + "turn.build", P + "turn.no_duplicate")
def test_one_build_paid_and_no_duplicates() -> None:
    game = new(4)
    game = at_turn(game, 0, "bishop")
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["temple", "church", "manor"], city=["church"], gold=1)
    game.apply("gold")
    assert game.explain("build church").rule == P + "turn.no_duplicate"
    assert game.explain("build manor").legal  # 3 gold, has 3
    game.apply("build temple")
    assert state_of(game).gold[0] == 2 and game.view(0)["players"][0]["city"] == ["church", "temple"]
    why = game.explain("build manor")
    assert not why.legal and "no build left" in why.reason


@cites(P + "turn.ability")
def test_ability_once_at_any_moment() -> None:
    game = new(4)
    game = at_turn(game, 0, "merchant")
    game.apply("bonus")  # before income
    assert "bonus" not in moves(game)
    assert game.explain("bonus").rule == P + "turn.ability"
    # another character's ability: the rule of the character who has it
    assert game.explain("kill king").rule == P + "char.assassin"


@cites(P + "char.merchant_gold", P + "char.colour_income")
def test_merchant_example_one() -> None:
    """The rulebook's Merchant example, first order: 1 + 2 gold, build the Counting House (a 3-cost green), 3."""
    game = new(4)
    game = at_turn(game, 0, "merchant")
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["docks"], city=["market", "tavern", "manor"], gold=0)
    game.apply("bonus")
    game.apply("gold")
    game.apply("build docks")
    assert state_of(game).gold[0] == 0
    game.apply("income")
    assert state_of(game).gold[0] == 3
    assert game.explain("income").rule == P + "char.colour_income" and not game.explain("income").legal


@cites(P + "char.merchant_gold", P + "char.colour_income")
def test_merchant_example_two() -> None:
    """Second order: 1 gold, 2 for the two greens, draw a card, build for 3: no gold, one card in hand."""
    game = new(4)
    game = at_turn(game, 0, "merchant")
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["docks"], city=["market", "tavern"], gold=0)
    game.apply("bonus")
    game.apply("income")
    game.apply("draw")
    game.apply(f"keep {game.view(0)['drawn'][0]}")
    game.apply("build docks")
    assert state_of(game).gold[0] == 0 and len(state_of(game).hands[0]) == 1


@cites(P + "char.wizard_swap")
def test_wizard_example_swaps_empty_hand() -> None:
    """The Wizard example: 2 gold and a Castle; 2 gold income, build the Castle, swap 0 cards for 3."""
    game = new(4)
    game = at_turn(game, 0, "wizard")
    game = empty_hand(game, 0)
    game = empty_hand(game, 2)
    game = give(game, 0, hand=["castle"], gold=2)
    game = give(game, 2, hand=["temple", "tavern", "prison"])
    game.apply("gold")
    game.apply("build castle")
    game.apply("swap p3")
    assert len(state_of(game).hands[0]) == 3 and state_of(game).hands[2] == []


@cites(P + "char.wizard_redraw")
def test_wizard_discards_and_draws_as_many() -> None:
    game = new(4)
    game = at_turn(game, 0, "wizard")
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["temple", "tavern", "prison"])
    game.apply("exchange temple")
    assert game.phase == "exchange"
    game.apply("exchange prison")
    game.apply("exchange done")
    st = state_of(game)
    assert game.phase == "turn" and len(st.hands[0]) == 3 and CARD_INDEX["tavern"] in st.hands[0]
    assert game.view(1)["discard"] == ["temple", "prison"]
    assert "swap p2" not in moves(game)


@cites(P + "char.assassin")
def test_assassin_murders_and_victim_stays_silent() -> None:
    game = new(4)
    game = deal_characters(game, {"assassin": 0, "merchant": 2, "king": 1})
    assert "kill assassin" not in moves(game)
    game.apply("kill merchant")
    game.apply("gold")
    game.apply("end")
    st = state_of(game)
    assert st.tc == CHAR_INDEX["king"]
    game.apply("gold")
    game.apply("end")
    assert game.phase == "draft" and st.gold[2] == 2 and game.view(1)["characters"][5]["murdered"] is False


@cites(P + "char.thief_targets", P + "char.thief_steals")
def test_thief_robs_at_reveal_and_victim_keeps_later_gold() -> None:
    game = new(4)
    game = deal_characters(game, {"assassin": 0, "thief": 1, "bishop": 2})
    game.apply("kill king")
    game.apply("gold")
    game.apply("end")
    assert "rob assassin" not in moves(game) and "rob king" not in moves(game) and "rob thief" not in moves(game)
    assert game.explain("rob king").rule == P + "char.thief_targets"
    game = set_field(game, "gold", 5, 2)
    game.apply("rob bishop")
    game.apply("gold")
    game.apply("end")
    st = state_of(game)
    assert st.tp == 2 and st.gold[2] == 0 and st.gold[1] == 2 + 2 + 5
    game.apply("gold")
    assert state_of(game).gold[2] == 2


@cites(P + "char.thief_laid_aside")
def test_thief_gets_nothing_from_a_laid_aside_character() -> None:
    game = new(4)
    game = deal_characters(game, {"thief": 1, "warlord": 3})
    game.apply("rob bishop")
    game.apply("gold")
    game.apply("end")
    assert state_of(game).gold[1] == 4 and state_of(game).tc == CHAR_INDEX["warlord"]


@cites(P + "char.bishop_protects", P + "char.warlord_removes", P + "char.warlord_price")
def test_warlord_and_bishop() -> None:
    game = new(4)
    game = give(game, 1, city=["manor"])
    game = give(game, 2, city=["tavern", "castle"])
    game = give(game, 3, city=["palace"], gold=10)
    game = deal_characters(game, {"bishop": 1, "warlord": 3}, start=7)
    assert {"destroy tavern p3", "destroy castle p3"} <= moves(game)
    assert not any(m.endswith("p2") for m in moves(game))  # the living Bishop
    assert game.explain("destroy manor p2").rule == P + "char.bishop_protects"
    assert game.explain("destroy palace p4").rule == P + "char.warlord_removes"
    game.apply("destroy castle p3")
    assert state_of(game).gold[3] == 7 and game.view(0)["discard"] == ["castle"]
    game = set_field(game, "gold", 0, 3)
    game.apply("gold")  # the ability is used: no second removal
    assert not any(m.startswith("destroy") for m in moves(game))


@cites(P + "char.warlord_price")
def test_warlord_removes_cost_one_for_free() -> None:
    game = new(4)
    game = give(game, 2, city=["tavern"])
    game = give(game, 3, gold=0)
    game = deal_characters(game, {"warlord": 3}, start=7)
    assert moves(game) >= {"destroy tavern p3"}


@cites(P + "char.warlord_full_city")
def test_warlord_cannot_attack_a_city_of_eight() -> None:
    game = new(4)
    game = give(game, 2, city=["tavern", "temple", "manor", "castle", "palace", "church", "market", "docks"])
    game = give(game, 3, gold=20)
    game = deal_characters(game, {"warlord": 3}, start=7)
    assert not any(m.startswith("destroy") for m in moves(game))
    assert game.explain("destroy tavern p3").rule == P + "char.warlord_full_city"


@cites(P + "char.warlord_murdered_targets")
def test_warlord_may_hit_the_murdered_bishop() -> None:
    game = new(4)
    game = give(game, 1, city=["temple"])
    game = deal_characters(game, {"assassin": 0, "bishop": 1, "warlord": 3})
    game.apply("kill bishop")
    game.apply("gold")
    game.apply("end")
    assert state_of(game).tc == CHAR_INDEX["warlord"]
    assert "destroy temple p2" in moves(game)


@cites(P + "char.colour_income")
@pytest.mark.parametrize("character, city, gold", [
    ("king", ["manor", "castle", "temple"], 2), ("bishop", ["temple", "church", "manor"], 2),
    ("warlord", ["prison", "manor"], 1)])
def test_colour_income(character: str, city: list[str], gold: int) -> None:
    game = new(4)
    game = give(game, 0, city=city, gold=0)
    game = at_turn(game, 0, character)
    game.apply("income")
    assert state_of(game).gold[0] == gold


@cites(P + "char.architect_cards", P + "char.architect_builds")
def test_architect_draws_two_and_builds_three() -> None:
    game = new(4)
    game = at_turn(game, 0, "architect")
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["temple", "tavern", "watchtower", "church"], gold=10)
    game.apply("cards")
    assert len(state_of(game).hands[0]) == 6
    game.apply("gold")
    for b in ("temple", "tavern", "watchtower"):
        game.apply(f"build {b}")
    assert "build church" not in moves(game)
    assert game.explain("build church").rule == P + "char.architect_builds"


@cites(P + "char.architect_builds", P + "end.trigger")
def test_architect_may_pass_eight() -> None:
    game = new(4)
    game = give(game, 0, city=["manor", "castle", "palace", "temple", "church", "monastery", "cathedral"], gold=10)
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["tavern", "market", "watchtower"])
    game = at_turn(game, 0, "architect")
    game.apply("gold")
    for b in ("tavern", "market", "watchtower"):
        game.apply(f"build {b}")
    assert len(state_of(game).city[0]) == 10 and state_of(game).first_eight == 0


@cites(P + "deck.reshuffle")
def test_empty_deck_is_refilled_from_the_discard_pile() -> None:
    game = new(4)

    def thin(st: dict) -> None:
        st["discard"], st["deck"] = st["deck"][:-3], st["deck"][-3:]
    game = edit(game, thin)
    game = at_turn(game, 0, "architect")
    game.apply("cards")
    game.apply("draw")
    assert len(state_of(game).deck) > 10 and game.phase == "keep"
    drawn = [c["what"] for c in game.log[-1]["chance"]]  # the last card of the deck, then one of the new deck
    assert drawn == ["a card from the top of the deck", "a card from the deck made of the discard pile"]


@cites(P + "char.colour_income")
def test_colour_income_is_offered_once_it_pays() -> None:
    game = new(4)
    game = empty_hand(game, 0)
    game = give(game, 0, hand=["manor"], gold=3)
    game = at_turn(game, 0, "king")
    assert "income" not in moves(game)
    why = game.explain("income")
    assert not why.legal and "nothing to collect" in why.reason
    game.apply("gold")
    game.apply("build manor")
    game.apply("income")
    assert state_of(game).gold[0] == 3
