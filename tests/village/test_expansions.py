"""The expansion notes of the rulebook text that are modelled as options."""
from __future__ import annotations

import pytest

from boardgames_lab.core.errors import IllegalMove
from boardgames_lab.rulesets.village.data import BEER, BREAD, BUILDING0, CHURCH1, TOOL
from tests.conftest import cites
from tests.village.position import act, board, clear_board, give, moves, place, position, state

P = "village."


@cites(P + "inn.brewery")
def test_brewery_makes_two_beer_only_with_the_inn() -> None:
    game = position(inn_brewery=True)
    st = state(game)
    assert st.goods[0][BEER] == 1 and st.goods[1][BEER] == 1  # one beer each at the start
    game = act(game, "crafts")
    st = state(game)
    game.apply("craft beer train g1")
    st = state(game)
    assert st.goods[0][BEER] == 3 and st.places[0][0] == BUILDING0 + 4 and st.time[0] == 4
    game = position()
    st = state(game)
    game = act(game, "crafts")
    st = state(game)
    assert not any("beer" in m for m in moves(game))
    with pytest.raises(IllegalMove) as err:
        game.apply("craft beer train g1")
        st = state(game)
    assert err.value.rule == P + "inn.brewery" and "inn_brewery" in err.value.reason


@cites(P + "marriage.tools", P + "council.good")
def test_a_tool_doubles_a_craft_and_is_spent() -> None:
    game = position(marriage=True)
    st = state(game)
    game = place(game, 0, 0, "council3")
    st = state(game)
    game = act(game, "council")
    st = state(game)
    game.apply("privilege 3 tool")
    st = state(game)
    assert st.goods[0][TOOL] == 1
    game = board(game, crafts={"pink": 1})
    st = state(game)
    game.apply(next(str(m) for m in game.legal_moves() if str(m).startswith("take")))
    st = state(game)
    while st.current != 0 or game.phase != "turn":
        game.apply(str(game.legal_moves()[0]))
        st = state(game)
    game = clear_board(game, keep="crafts")
    st = state(game)
    game.apply("take crafts pink")
    st = state(game)
    assert "craft scroll pay_tool" in moves(game)
    game.apply("craft scroll pay_tool")
    st = state(game)
    assert st.goods[0][4] == 2 and st.goods[0][TOOL] == 0


@cites(P + "marriage.bread")
def test_bread_pays_a_church_stage() -> None:
    game = position(marriage=True)
    st = state(game)
    game = clear_board(game, harvest={"green": 1})
    st = state(game)
    game = place(game, 0, 0, "church1")
    st = state(game)
    game = give(game, 0, goods={"bread": 1}, grain=0, coins=0)
    st = state(game)
    game = give(game, 1, coins=0)
    st = state(game)
    game.apply("take harvest green")
    st = state(game)
    game.apply("skip")
    st = state(game)
    assert game.phase == "mass_advance" and moves(game) == {"done", "raise church1 bread g1"}
    game.apply("raise church1 bread g1")
    st = state(game)
    assert CHURCH1 + 1 in st.places[0] and st.goods[0][BREAD] == 0
