"""Saint Petersburg, rule by rule. Each test cites the rule ids it checks."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from boardgames_lab.rulesets.saint_petersburg.data import CARD_INDEX, CARDS, DECK_SIZES
from tests.conftest import cites
from tests.saint_petersburg.position import give, moves, position, rebuild, state

P = "saint_petersburg."


def pass_round(game: bgl.Game) -> None:
    """Everybody passes until the phase changes."""
    phase = game.phase
    while game.phase == phase:
        game.apply("pass")


# --- set-up ---------------------------------------------------------------------------------

@cites(P + "setup.rubles", P + "setup.first_display")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_money_and_first_display(players: int) -> None:
    game = bgl.new_game("saint_petersburg", players=players, seed=5)
    st = state(game)
    assert st["money"] == [25] * players
    shown = [c for c in st["upper"] if c is not None]
    assert len(shown) == 2 * players and all(CARDS[CARD_INDEX[c]].deck == 0 for c in shown)
    assert all(c is None for c in st["lower"])
    assert len(st["decks"]["workers"]) == DECK_SIZES[0] - 2 * players


@cites(P + "setup.start_markers")
@pytest.mark.parametrize("players, counts", [(2, [2, 2]), (4, [1, 1, 1, 1])])
def test_start_markers_dealt(players: int, counts: list[int]) -> None:
    markers = state(bgl.new_game("saint_petersburg", players=players, seed=9))["markers"]
    assert sorted(markers.count(p) for p in range(players)) == counts


@cites(P + "setup.start_markers")
def test_three_players_one_holds_two_markers_chosen_by_seed() -> None:
    doubles = set()
    for seed in range(30):
        markers = state(bgl.new_game("saint_petersburg", players=3, seed=seed))["markers"]
        assert sorted(markers.count(p) for p in range(3)) == [1, 1, 2]
        doubles.add(max(range(3), key=markers.count))
    assert doubles == {0, 1, 2}


# --- the round and its phases ----------------------------------------------------------------

@cites(P + "round.four_phases", P + "phase.three_parts", P + "round_end.new_round")
def test_round_visits_phases_in_order() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=3)
    for _ in range(4):
        pass_round(game)
    taken = [target for entry in game.log[1:] for _, target in entry["phases"]]
    assert taken == ["worker_scoring", "worker_refill", "building", "building_scoring", "building_refill",
                     "aristocrat", "aristocrat_scoring", "aristocrat_refill", "trading", "round_end",
                     "new_round", "worker"]
    assert state(game)["round"] == 2


@cites(P + "turn.start_marker")
def test_start_marker_holder_acts_first_then_clockwise() -> None:
    game = bgl.new_game("saint_petersburg", players=4, seed=11)
    markers = state(game)["markers"]
    assert game.current_player == markers[0]
    game.apply("pass")
    assert game.current_player == (markers[0] + 1) % 4
    pass_round(game)
    assert game.phase == "building" and game.current_player == markers[1]


@cites(P + "action.one_of_four", P + "action.pass", P + "action.all_pass")
def test_passing_is_not_final_and_the_phase_ends_on_a_full_run_of_passes() -> None:
    game = position(players=3, phase="worker", upper=["lumberjack", "shepherd"])
    game.apply("pass")  # player 0
    game.apply("pass")  # player 1
    game.apply("take lumberjack@U1")  # player 2 acts: the run of passes starts again
    game.apply("buy shepherd@U2")  # player 0 passed before and acts again
    assert game.phase == "worker"
    for _ in range(2):
        game.apply("pass")
    assert game.phase == "worker"
    game.apply("pass")
    assert game.phase == "building"
    why = game.explain("pub 1")
    assert not why and why.rule == P + "card.pub"


@cites(P + "action.one_of_four", P + "card.observatory")
def test_moves_of_another_phase_are_refused_by_the_rule_of_their_card() -> None:
    game = position(phase="worker", upper=["lumberjack"])
    why = game.explain("observe buildings")
    assert not why and why.rule == P + "card.observatory" and "you own no Observatory" in why.reason
    before = game.position()
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply("discard lumberjack@drawn")
    assert err.value.rule == P + "card.observatory" and game.position() == before


@cites("core.not_your_turn")
def test_a_move_out_of_turn_is_refused_by_the_engine() -> None:
    game = position(players=3, phase="worker", upper=["lumberjack"], current=1)
    before = game.position()
    for seat in (0, 2):
        with pytest.raises(bgl.IllegalMove) as err:
            game.apply("take lumberjack@U1", player=seat)
        assert err.value.rule == "core.not_your_turn"
    from boardgames_lab.rulesets.saint_petersburg import TakeCard
    assert game.explain(TakeCard(2, "lumberjack", "U1")).rule == "core.not_your_turn"
    assert game.explain(TakeCard(2, "lumberjack", "U1"), player=1).rule == "core.not_your_turn"
    assert game.position() == before
    game.apply("take lumberjack@U1", player=1)
    assert state(game)["hands"][1] == ["lumberjack"]


# --- scoring --------------------------------------------------------------------------------

@cites(P + "scoring.phase_colour", P + "scoring.all_cards")
def test_worker_scoring_pays_only_workers_including_old_ones_and_green_trading_cards() -> None:
    game = position(players=2, phase="worker")
    game = give(game, 0, area=["lumberjack", "shepherd", "weaving_mill", "market", "author"], money=0)
    pass_round(game)
    assert state(game)["money"][0] == 3 + 3 + 6  # two workers and the Weaving Mill; not the Market or Author
    assert state(game)["points"][0] == 0


@cites(P + "scoring.phase_colour", P + "scoring.all_cards")
def test_building_and_aristocrat_scoring() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["market", "customs_house", "bank", "controller"], money=0)
    pass_round(game)
    assert state(game)["points"][0] == 1 + 2 + 1 and state(game)["money"][0] == 5
    pass_round(game)  # aristocrat phase: the Controller pays 4 rubles and 1 point
    assert state(game)["points"][0] == 5 and state(game)["money"][0] == 9


@cites(P + "scoring.trading_none")
def test_trading_phase_scores_nothing() -> None:
    game = position(players=2, phase="trading")
    game = give(game, 0, area=["lumberjack", "market", "author"], money=7)
    pass_round(game)
    assert state(game)["points"][0] == 0 and state(game)["money"][0] == 7
    assert game.phase == "worker"


# --- buying, taking, playing ------------------------------------------------------------------

@cites(P + "action.buy", P + "buy.pay_cost")
def test_buy_any_card_in_any_phase_and_pay() -> None:
    game = position(phase="worker", upper=["market", "author"], lower=["lumberjack"])
    game = give(game, 0, money=10)
    game.apply("buy author@U2")  # an aristocrat in the worker phase
    assert state(game)["money"][0] == 6 and "author" in state(game)["areas"][0]
    game = position(phase="worker", upper=["library"])
    game = give(game, 0, money=10)
    why = game.explain("buy library@U1")
    assert not why and why.rule == P + "buy.pay_cost" and "7 more" in why.reason


@cites(P + "action.take", P + "action.hand_limit")
def test_take_into_hand_is_free_up_to_the_limit() -> None:
    game = position(phase="worker", upper=["academy", "market", "author", "judge"])
    game = give(game, 0, money=0)
    game.apply("take academy@U1")
    assert state(game)["hands"][0] == ["academy"] and state(game)["money"][0] == 0
    game = give(game, 0, hand=["theater", "hospital"], current=0)
    why = game.explain("take market@U2")
    assert not why and why.rule == P + "action.hand_limit" and "Warehouse" in why.reason


@cites(P + "card.warehouse", P + "action.hand_limit")
def test_warehouse_raises_limit_and_losing_it_forces_no_discard() -> None:
    game = position(phase="worker", upper=["market", "author"])
    game = give(game, 0, area=["warehouse"], hand=["theater", "hospital", "library"], money=30)
    assert "take market@U1" in moves(game)
    game.apply("take market@U1")
    assert len(state(game)["hands"][0]) == 4
    game = give(game, 0, hand=[], money=30, current=0)
    game.apply("play theater")  # playing is fine
    game = give(game, 0, money=40, current=0)
    game.apply("buy author@U2")
    # A trading card replaces the Warehouse: the hand keeps its cards, the limit is 3 again.
    game = give(game, 0, hand=["bank"], money=40, current=0)
    game.apply("play bank>warehouse")
    assert len(state(game)["hands"][0]) == 3 and game.view(0)["players"][0]["hand_limit"] == 3


@cites(P + "action.play", P + "buy.lower_row_discount")
def test_play_from_hand_pays_full_cost_without_lower_row_discount() -> None:
    game = position(phase="building", lower=["customs_house"])
    game = give(game, 0, hand=["customs_house"], money=6)
    explain_buy = game.explain("buy customs_house@L1")
    assert not explain_buy and "costs you 7" in explain_buy.reason and "lower row" in explain_buy.reason
    game = give(game, 0, money=8)
    assert game.explain("buy customs_house@L1") and game.explain("play customs_house")
    game.apply("play customs_house")
    assert state(game)["money"][0] == 0


@cites(P + "buy.lower_row_discount", P + "buy.duplicate_discount")
def test_lower_row_and_duplicate_discounts() -> None:
    game = position(phase="building", upper=["market"], lower=["market"])
    game = give(game, 0, area=["market", "market"], money=20)
    view = game.view(0)
    assert view["upper"][0]["cost_for_current"] == 3 and view["lower"][0]["cost_for_current"] == 2
    game.apply("buy market@L1")
    assert state(game)["money"][0] == 18


@cites(P + "buy.carpenter_workshop", P + "buy.gold_smelter")
def test_carpenter_workshop_and_gold_smelter_discounts() -> None:
    game = position(phase="building", upper=["firehouse", "judge", "shepherd", "bank"])
    game = give(game, 0, area=["carpenter_workshop", "gold_smelter", "market"], money=50)
    row = {c["card"]: c["cost_for_current"] for c in game.view(0)["upper"] if c}
    assert row["firehouse"] == 10 and row["judge"] == 15 and row["shepherd"] == 5
    assert row["bank"] == 13 - 5 - 1  # a blue trading card replacing the Market, with the Workshop


@cites(P + "buy.minimum_one")
def test_discounts_never_go_below_one_ruble() -> None:
    game = position(phase="building", lower=["pub"])
    game = give(game, 0, area=["pub", "carpenter_workshop"], money=1)
    assert game.view(0)["lower"][0]["cost_for_current"] == 1
    game.apply("buy pub@L1")
    assert state(game)["money"][0] == 0


# --- trading cards ----------------------------------------------------------------------------

@cites(P + "trading.must_replace", P + "trading.replaced_removed")
def test_trading_card_must_replace_and_the_replaced_card_leaves() -> None:
    game = position(phase="trading", upper=["weaving_mill"])
    game = give(game, 0, money=30)
    why = game.explain("buy weaving_mill@U1>shepherd")
    assert not why and why.rule == P + "trading.must_replace"
    game = give(game, 0, area=["shepherd"])
    why = game.explain("buy weaving_mill@U1")
    assert not why and why.rule == P + "trading.must_replace" and "such as your Shepherd" in why.reason
    game.apply("buy weaving_mill@U1>shepherd")
    st = state(game)
    assert "shepherd" not in st["areas"][0] and "shepherd" in st["removed"]
    assert st["money"][0] == 30 - (8 - 5)


@cites(P + "trading.match", P + "card.czar_and_carpenter")
def test_green_trading_cards_match_symbols_and_the_czar_is_wild() -> None:
    game = position(phase="trading", upper=["wharf"])
    game = give(game, 0, area=["lumberjack", "czar_and_carpenter"], money=30)
    why = game.explain("buy wharf@U1>lumberjack")
    assert not why and why.rule == P + "trading.match" and "ship" in why.reason
    assert "buy wharf@U1>czar_and_carpenter" in moves(game)
    game = position(phase="trading", upper=["senator"])
    game = give(game, 0, area=["market", "author"], money=30)
    assert moves(game) >= {"buy senator@U1>author"} and "buy senator@U1>market" not in moves(game)
    assert game.explain("buy senator@U1>market").rule == P + "trading.match"


@cites(P + "trading.pay_difference", P + "buy.lower_row_discount", P + "buy.carpenter_workshop")
def test_rulebook_example_st_isaacs_over_a_market() -> None:
    game = position(phase="trading", lower=["st_isaacs_cathedral"])
    game = give(game, 0, area=["market", "carpenter_workshop"], money=7)
    why = game.explain("buy st_isaacs_cathedral@L1>market")
    assert not why and why.rule == P + "buy.pay_cost" and "costs you 8" in why.reason
    game = give(game, 0, money=20)
    game.apply("buy st_isaacs_cathedral@L1>market")
    assert state(game)["money"][0] == 12


@cites(P + "trading.pay_difference", P + "buy.minimum_one")
def test_replacing_a_dearer_card_costs_one_ruble() -> None:
    game = position(phase="trading", upper=["senator"])
    game = give(game, 0, area=["mistress_of_ceremonies"], money=1)
    game.apply("buy senator@U1>mistress_of_ceremonies")
    assert state(game)["money"][0] == 0


@cites(P + "card.potjomkin", P + "trading.pay_difference")
def test_potjomkins_village_counts_six_when_replaced() -> None:
    game = position(phase="trading", upper=["bank"])
    game = give(game, 0, area=["potjomkins_village"], money=6)
    why = game.explain("buy bank@U1>potjomkins_village")
    assert not why and "costs you 7" in why.reason and "counts as 6" in why.reason
    assert give(game, 0, money=7).explain("buy bank@U1>potjomkins_village")


@cites(P + "trading.not_on_trading")
def test_a_trading_card_never_replaces_a_trading_card() -> None:
    game = position(phase="trading", upper=["hermitage"])
    game = give(game, 0, area=["bank"], money=40)
    why = game.explain("buy hermitage@U1>bank")
    assert not why and why.rule == P + "trading.not_on_trading"
    assert not any(m.startswith("buy hermitage") for m in moves(game))


# --- refills and the round end -----------------------------------------------------------------

@cites(P + "refill.next_deck")
def test_refill_from_next_deck_into_upper_row_up_to_eight() -> None:
    game = position(players=2, phase="worker", upper=["lumberjack", "shepherd", "gold_miner"],
                    lower=["market"])
    game = give(game, 0, money=25)
    game.apply("buy lumberjack@U1")
    pass_round(game)
    st = state(game)
    upper = [c for c in st["upper"] if c is not None]
    assert sum(c is not None for c in st["lower"]) == 1 and len(upper) == 7
    assert [CARDS[CARD_INDEX[c]].deck for c in upper].count(1) == 5  # five new buildings joined two workers


@cites(P + "refill.nothing_taken")
def test_no_new_cards_when_nothing_was_taken_from_the_board() -> None:
    game = position(players=2, phase="worker", upper=["lumberjack", "shepherd"])
    game = give(game, 0, hand=["market"], money=25)
    game.apply("play market")
    pass_round(game)
    assert sum(c is not None for c in state(game)["upper"]) == 2


@cites(P + "refill.short_deck", P + "end.trigger")
def test_short_deck_lays_out_what_it_has_and_triggers_the_end() -> None:
    game = position(players=2, phase="worker", upper=["lumberjack"])
    game = rebuild(game, lambda data: short_deck(data, "buildings", 3))
    game = give(game, 0, money=25)
    game.apply("buy lumberjack@U1")
    pass_round(game)
    st = state(game)
    assert sum(c is not None for c in st["upper"]) == 3 and st["end_triggered"]
    for _ in range(3):  # the round is played out: building, aristocrat, trading
        pass_round(game)
    assert game.is_over and game.phase == "game_over"


@cites(P + "end.trigger", P + "round_end.shift_and_refill")
def test_end_triggered_by_round_end_refill_makes_the_next_round_the_last() -> None:
    game = position(players=2, phase="trading")
    game = rebuild(game, lambda data: short_deck(data, "workers", 2))
    pass_round(game)  # round end: the last two workers are laid out
    st = state(game)
    assert st["end_triggered"] and game.phase == "worker" and st["round"] == 2
    for _ in range(3):
        pass_round(game)
    assert not game.is_over
    pass_round(game)
    assert game.is_over


@cites(P + "round_end.discard_lower", P + "round_end.shift_and_refill")
def test_round_end_discards_lower_shifts_upper_and_refills_workers() -> None:
    game = position(players=2, phase="trading", upper=["market", "author"], lower=["bank", "judge"])
    pass_round(game)
    st = state(game)
    assert "bank" in st["removed"] and "judge" in st["removed"]
    assert [c for c in st["lower"] if c is not None] == ["market", "author"]
    upper = [c for c in st["upper"] if c is not None]
    assert len(upper) == 6 and all(CARDS[CARD_INDEX[c]].deck == 0 for c in upper)


@cites(P + "round_end.pass_markers")
def test_start_markers_pass_left_after_the_round() -> None:
    game = bgl.new_game("saint_petersburg", players=4, seed=2)
    before = list(state(game)["markers"])
    for _ in range(4):
        pass_round(game)
    assert state(game)["markers"] == [(m + 1) % 4 for m in before]


# --- special cards -----------------------------------------------------------------------------

@cites(P + "card.pub")
def test_pub_buys_points_after_building_scoring() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["pub", "pub"], money=30)
    pass_round(game)
    assert game.phase == "pub" and game.current_player == 0
    assert "pub 10" in moves(game) and "pub 11" not in moves(game)
    assert game.explain("pub 11").rule == P + "card.pub"
    game.apply("pub 10")
    assert state(game)["points"][0] == 10 and state(game)["money"][0] == 10 and game.phase == "aristocrat"


@cites(P + "card.pub")
def test_pub_points_are_limited_by_money_and_owners_go_in_seat_order() -> None:
    game = position(players=3, phase="building")
    game = give(game, 1, area=["pub"], money=3)
    game = give(game, 2, area=["pub"], money=20)
    game = rebuild(game, lambda data: data["state"]["markers"].__setitem__(1, 2))
    pass_round(game)
    assert game.current_player == 2
    game.apply("pub 5")
    assert game.current_player == 1 and moves(game) == {"pub 0", "pub 1"}
    assert game.explain("pub 2").rule == P + "card.pub"
    game.apply("pub 1")
    assert state(game)["points"][1:] == [1, 5] and game.phase == "aristocrat"


@cites(P + "card.pub")
def test_pub_owner_without_two_rubles_buys_nothing() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["pub"], money=1)
    pass_round(game)
    assert game.phase == "pub" and [str(m) for m in game.legal_moves()] == ["pub 0"]
    assert game.explain("pub 1").rule == P + "card.pub"
    game.apply("pub 0")
    assert game.phase == "aristocrat" and state(game)["money"][0] == 1


@cites(P + "card.pub")
def test_pub_limit_per_player_option() -> None:
    game = position(players=2, phase="building", pub_limit="per_player")
    game = give(game, 0, area=["pub", "pub"], money=30)
    pass_round(game)
    while game.current_player != 0:
        game.apply("pub 0")
    assert "pub 5" in moves(game) and "pub 6" not in moves(game)


@cites(P + "card.observatory", P + "card.observatory_used")
def test_observatory_draw_then_buy_take_or_discard() -> None:
    game = position(players=2, phase="building", upper=["market"])
    game = give(game, 0, area=["observatory"], money=30)
    assert "observe trading" in moves(game)
    game.apply("observe aristocrats")
    assert game.phase == "observatory" and game.current_player == 0
    drawn = game.view(1)["drawn"]
    assert drawn is not None  # shown openly
    assert {f"discard {drawn}@drawn", f"take {drawn}@drawn"} <= moves(game)
    why = game.explain("pass")
    assert why.rule == P + "card.observatory" and "discard it" in why.remedy
    game.apply(f"take {drawn}@drawn")
    assert game.phase == "building" and game.current_player == 1
    game.apply("pass")
    assert "observe trading" not in moves(game)
    assert game.explain("observe trading").rule == P + "card.observatory_used"
    game.apply("pass")
    game.apply("pass")
    assert state(game)["points"][0] == 0  # a used Observatory scores nothing this round


@cites(P + "card.observatory")
def test_observatory_cannot_take_a_decks_last_card_and_only_in_building_phase() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["observatory"], money=30)
    game = rebuild(game, lambda data: short_deck(data, "trading", 1))
    why = game.explain("observe trading")
    assert not why and "last card" in why.reason
    game = position(players=2, phase="worker")
    game = give(game, 0, area=["observatory"], money=30)
    why = game.explain("observe workers")  # owned, but used in the building phase only
    assert why.rule == P + "card.observatory" and '"Building phase"' in why.reason and "Worker phase" in why.reason


@cites(P + "card.observatory_used")
def test_used_observatory_cannot_be_replaced() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["observatory", "market"], hand=["bank"], money=40)
    game.apply("observe buildings")
    drawn = game.view(0)["drawn"]
    game.apply(f"discard {drawn}@drawn")
    game = give(game, 0, current=0)
    assert game.explain("play bank>observatory").rule == P + "card.observatory_used"
    assert "play bank>market" in moves(game)


@cites(P + "card.mariinskij")
def test_mariinskij_theater_pays_per_aristocrat_at_building_scoring() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["mariinskij_theater", "author", "author", "senator"], money=0)
    pass_round(game)
    assert state(game)["money"][0] == 3


@cites(P + "card.tax_man")
def test_tax_man_pays_per_worker_at_aristocrat_scoring() -> None:
    game = position(players=2, phase="aristocrat")
    game = give(game, 0, area=["tax_man", "lumberjack", "wharf"], money=0)
    pass_round(game)
    assert state(game)["money"][0] == 2 + (3 * 0)  # only the Tax Man's two rubles: workers pay at worker scoring


# --- the end ---------------------------------------------------------------------------------

def short_deck(data: dict, deck: str, keep: int) -> None:
    """Leave only ``keep`` cards in a deck: the others are out of the game."""
    st = data["state"]
    st["removed"].extend(st["decks"][deck][keep:])
    del st["decks"][deck][keep:]


def finish(game: bgl.Game) -> bgl.Game:
    """The game after a last trading phase in which everybody passes (the trading deck ran out, which is what
    makes it the last, saint_petersburg.end.trigger)."""
    def change(data: dict) -> None:
        short_deck(data, "trading", 0)
        data["state"]["end_triggered"] = True
        data["phase"] = "trading"
        data["state"]["passes"] = 0
    game = rebuild(game, change)
    pass_round(game)
    return game


@cites(P + "final.aristocrat_variety", P + "final.rubles", P + "final.hand_penalty")
def test_final_scoring() -> None:
    game = position(players=2, phase="trading")
    game = give(game, 0, area=["author", "author", "administrator", "senator", "czar"], hand=["market"], money=39)
    game = rebuild(game, lambda data: data["state"]["points"].__setitem__(0, 20))
    game = finish(game)
    final = state(game)["final"][0]
    assert final["aristocrats"] == 4 and final["variety"] == 10 and final["rubles"] == 3
    assert final["hand_penalty"] == -5 and game.scores()[0] == 20 + 10 + 3 - 5


@cites(P + "final.aristocrat_variety")
def test_variety_table_caps_at_55() -> None:
    from boardgames_lab.rulesets.saint_petersburg.data import ARISTOCRAT_VARIETY
    assert ARISTOCRAT_VARIETY[1:] == (1, 3, 6, 10, 15, 21, 28, 36, 45, 55)
    game = position(players=2, phase="trading")
    game = give(game, 0, area=["author", "administrator", "warehouse_manager", "secretary", "controller", "judge",
                        "mistress_of_ceremonies", "pope", "czar", "admiral", "patriarch"], money=0)
    game = finish(game)
    assert state(game)["final"][0]["variety"] == 55


@cites(P + "final.tie_break")
@pytest.mark.parametrize("rule, winners", [("leftover_rubles", [1]), ("total_rubles", [0])])
def test_tie_break_on_leftover_rubles(rule: str, winners: list[int]) -> None:
    game = position(players=2, phase="trading", tie_break=rule)
    game = give(game, 0, money=40)
    game = give(game, 1, money=39)
    game = rebuild(game, lambda data: data["state"].__setitem__("points", [10, 11]))
    game = finish(game)
    assert game.scores() == [14, 14] and game.winners() == winners


@cites(P + "final.tie_break")
def test_a_full_tie_is_shared() -> None:
    game = position(players=2, phase="trading")
    game = give(game, 0, money=12)
    game = give(game, 1, money=12)
    game = finish(game)
    assert game.winners() == [0, 1]


# --- hidden information -------------------------------------------------------------------------

@cites(P + "money.secret")
def test_views_hide_other_players_money_and_hand() -> None:
    game = position(players=3, phase="worker", upper=["market"])
    game = give(game, 1, hand=["academy"], money=17)
    v0, v1, spectator = game.view(0), game.view(1), game.view(None)
    assert v0["players"][1]["money"] is None and v0["players"][1]["hand"] is None
    assert v0["players"][1]["hand_size"] == 1
    assert v1["players"][1]["money"] == 17 and v1["players"][1]["hand"] == ["academy"]
    assert all(p["money"] is None for p in spectator["players"])
    assert game.full_view()["players"][1]["money"] == 17


@cites(P + "money.secret")
def test_open_money_variant_shows_rubles_but_not_hands() -> None:
    game = position(players=2, phase="worker", open_money=True)
    game = give(game, 1, hand=["academy"], money=17)
    assert game.view(0)["players"][1]["money"] == 17 and game.view(0)["players"][1]["hand"] is None


@cites(P + "buy.duplicate_discount", P + "buy.lower_row_discount", P + "buy.carpenter_workshop",
       P + "trading.pay_difference")
def test_the_price_of_a_legal_move_is_itemised_by_the_one_price_rule() -> None:
    from boardgames_lab.rulesets.saint_petersburg import price_of
    game = position(phase="building", lower=["market", "bank"])
    game = give(game, 0, area=["market", "carpenter_workshop", "customs_house"], money=30)
    lines = price_of(game, "buy market@L1")
    assert [rule.removeprefix(P) for rule, _, _ in lines] == [
        "action.buy", "buy.duplicate_discount", "buy.lower_row_discount", "buy.carpenter_workshop"]
    assert sum(a for _, a, _ in lines) == 5 - 3 == game.view(0)["lower"][0]["cost_for_current"]
    bank = price_of(game, "buy bank@L2>customs_house")
    assert sum(a for _, a, _ in bank) == 13 - 8 - 1 - 1 and price_of(game, "pass") == []
    game.apply("buy bank@L2>customs_house")
    assert state(game)["money"][0] == 30 - 3
