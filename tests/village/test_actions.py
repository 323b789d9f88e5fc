"""Village actions, rule by rule (rulebook text 003). Each test cites the rule ids it checks."""
from __future__ import annotations

import pytest

from boardgames_lab.core.errors import IllegalMove
from boardgames_lab.rulesets.village.data import (BAG, BUILDING0, COUNCIL1, COUNCIL_ADVANCE_TIME, FARM, GOODS,
                                                  PLACE_INDEX, TOWN0)
from tests.conftest import cites
from tests.village.position import act, give, moves, place, position, state

P = "village."


@cites(P + "harvest.grain")
@pytest.mark.parametrize("goods, gain", [({}, 2), ({"horse": 1, "plough": 1}, 3), ({"ox": 1, "plough": 1}, 4),
                                         ({"ox": 2, "horse": 1, "plough": 1}, 4), ({"ox": 1}, 2)])
def test_harvest_by_equipment(goods: dict[str, int], gain: int) -> None:
    game = position()
    game = give(game, 0, goods=goods)
    game = act(game, "harvest")
    game.apply("harvest")
    assert state(game).grain[0] == gain
    assert all(state(game).goods[0][GOODS.index(g)] == n for g, n in goods.items())  # nothing consumed


@cites(P + "harvest.grain")
def test_harvest_needs_a_farm_villager() -> None:
    game = position()
    for i in range(4):
        game = place(game, 0, i, "bag")
    game = act(game, "harvest")
    assert "harvest" not in moves(game)
    with pytest.raises(IllegalMove) as err:
        game.apply("harvest")
    assert err.value.rule == P + "harvest.grain"


@cites(P + "harvest.limit")
def test_grain_store_holds_five() -> None:
    game = position()
    game = give(game, 0, grain=4)
    game = act(game, "harvest")
    game.apply("harvest")
    assert state(game).grain[0] == 5


@cites(P + "family.birth")
def test_birth_takes_the_lowest_unborn() -> None:
    game = position()
    game = act(game, "family")
    game.apply("birth")
    assert state(game).places[0][4] == FARM  # the first generation-2 piece
    assert state(game).places[0][5:] == [0] * 6


@cites(P + "family.recall")
def test_recall_a_living_villager_from_the_board() -> None:
    game = position()
    game = place(game, 0, 0, "council2")
    game = place(game, 0, 1, "bag")
    game = act(game, "family")
    assert "recall council2 g1" in moves(game)
    assert not any(m.startswith("recall bag") for m in moves(game))  # the bag is not the board
    game.apply("recall council2 g1")
    assert state(game).places[0][0] == FARM


@cites(P + "crafts.training")
def test_training_pays_training_and_first_production() -> None:
    game = position()
    game = act(game, "crafts")
    game.apply("craft wagon train g1")
    st = state(game)
    assert st.places[0][0] == BUILDING0 and st.time[0] == 2 + 2 and st.goods[0][0] == 1


@cites(P + "crafts.worker")
def test_trained_worker_pays_production_only() -> None:
    game = position()
    game = place(game, 0, 0, "stables")
    game = act(game, "crafts")
    assert "craft ox worker" in moves(game) and "craft wagon worker" not in moves(game)
    game.apply("craft ox worker")
    assert state(game).time[0] == 3 and state(game).goods[0][GOODS.index("ox")] == 1


@cites(P + "crafts.resources", P + "coins.joker")
def test_resource_alternative_and_coins_as_jokers() -> None:
    game = position()
    game = give(game, 0, cubes={"pink": 1}, coins=1, grain=3)
    game = act(game, "crafts")
    legal = moves(game)
    assert {"craft scroll pay", "craft scroll pay +1c", "craft wagon pay +1c", "craft horse pay"} <= legal
    assert "craft wagon pay" not in legal  # no orange cube: a coin must stand in
    game.apply("craft wagon pay +1c")
    st = state(game)
    assert st.cubes[0][3] == 0 and st.coins[0] == 0 and st.goods[0][0] == 1 and st.time[0] == 0


@cites(P + "crafts.mill")
def test_mill_turns_grain_and_time_into_coins() -> None:
    game = position()
    game = give(game, 0, grain=2)
    game = act(game, "crafts")
    game.apply("mill")
    st = state(game)
    assert st.grain[0] == 0 and st.coins[0] == 3 and st.time[0] == 2
    assert all(w != BUILDING0 + 4 for w in st.places[0])  # nobody stands on the mill


@cites(P + "council.enter", P + "council.privilege", P + "council.ring")
def test_enter_council_then_a_stage_one_privilege() -> None:
    game = position()
    game = give(game, 0, cubes={"green": 1})
    game = act(game, "council")  # the act helper hands over a second green cube
    game.apply("council farm g1 green")
    st = state(game)
    assert st.places[0][0] == COUNCIL1 and st.time[0] == 1 and st.cubes[0][1] == 0
    assert game.phase == "privilege" and moves(game) == {"privilege none", "privilege 1"}
    game.apply("privilege 1")
    st = state(game)
    assert st.ring == 0


@cites(P + "council.advance", P + "council.good")
def test_advance_with_a_scroll_and_take_a_good() -> None:
    game = position()
    game = place(game, 0, 0, "council2")
    game = give(game, 0, goods={"scroll": 1})
    game = act(game, "council")
    game.apply("council council2 g1 scroll")
    st = state(game)
    assert st.places[0][0] == COUNCIL1 + 2 and st.time[0] == COUNCIL_ADVANCE_TIME[3] and st.goods[0][4] == 0
    assert "privilege 3 ox" in moves(game) and "privilege 4" not in moves(game)
    game.apply("privilege 3 ox")
    st = state(game)
    assert st.goods[0][GOODS.index("ox")] == 1


@cites(P + "council.cubes", P + "council.prestige", P + "council.privilege")
def test_privileges_without_advancing() -> None:
    game = position()
    game = place(game, 0, 0, "council4")
    game = act(game, "council")
    assert {"privilege 1", "privilege 2", "privilege 3 wagon", "privilege 4"} <= moves(game)
    game.apply("privilege 4")
    assert state(game).prestige[0] == 3 and state(game).coins[0] == 0
    game = position()
    game = place(game, 0, 0, "council2")
    game = act(game, "council")
    assert "privilege 3 ox" not in moves(game)
    game.apply("privilege 2")
    assert game.phase == "cubes"
    game.apply("cubes brown brown")
    assert state(game).cubes[0][2] == 2


@cites(P + "travel.route", P + "travel.reward")
def test_travel_from_the_farm_and_onwards() -> None:
    game = position()
    game = give(game, 0, cubes={"brown": 2}, goods={"wagon": 2})
    game = act(game, "travel")
    legal = moves(game)
    assert "travel farm altdorf g1" in legal and not any("cleve" in m for m in legal)  # only the two nearest towns
    game.apply("travel farm altdorf g1")
    st = state(game)
    assert st.places[0][0] == TOWN0 and st.time[0] == 2 and st.goods[0][0] == 1 and st.cubes[0][2] == 0
    assert st.visited[0] == 1 and game.phase == "cubes"  # Altdorf rewards two cubes of choice
    game.apply("cubes pink orange")
    st = state(game)
    assert st.cubes[0][0] == 1 and st.cubes[0][3] == 1


@cites(P + "travel.route")
def test_travel_needs_a_wagon() -> None:
    game = position()
    game = give(game, 0, cubes={"brown": 2})
    game = act(game, "travel")
    with pytest.raises(IllegalMove) as err:
        game.apply("travel farm altdorf g1")
    assert err.value.rule == P + "travel.route" and "wagon" in err.value.reason


@cites(P + "church.action")
def test_church_for_brown_or_time() -> None:
    game = position()
    game = give(game, 0, cubes={"brown": 1})
    game = act(game, "church")
    assert {"church g1 brown", "church g1 time", "church g1 brown +1c"} <= moves(game)
    game.apply("church g1 time")
    assert state(game).places[0][0] == BAG and state(game).time[0] == 3


@cites(P + "turn.skip")
def test_skip_keeps_the_cube() -> None:
    game = position()
    game = act(game, "harvest")
    game.apply("skip")
    assert state(game).cubes[0][1] == 1 and state(game).grain[0] == 0


@cites(P + "turn.take_cube")
def test_only_the_area_of_the_cube_can_be_acted_on() -> None:
    game = position()
    game = act(game, "harvest")
    with pytest.raises(IllegalMove) as err:
        game.apply("birth")
    assert err.value.rule == P + "turn.take_cube"
    assert PLACE_INDEX["farm"] == FARM
