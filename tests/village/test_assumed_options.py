"""The assumed values a class may change: every option reaches the rule that uses it, and only that."""
from __future__ import annotations

from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import OptionError
from boardgames_lab.rulesets.village.data import CHURCH1, COUNCIL1, COUNCIL_ADVANCE_TIME, GRAVE, SETUP_CARDS
from boardgames_lab.rulesets.village.info import INFO
from tests.conftest import cites
from tests.village.position import act, edit, give, lay_dead, mass_after_harvest, oldest_dies, place, position, state

P = "village."


def test_every_assumed_default_is_the_data_table_value() -> None:
    game = position(3)
    view = game.view(None)
    assert view["chronicle"]["spaces_per_category"] == 3 and view["graves"]["spaces"] == 8
    assert all(o.assumed for o in INFO.options if o.name not in ("inn_brewery", "marriage"))
    defaults = {o.name: o.default for o in INFO.options}
    assert defaults["council_advance_time"] == "-".join(str(COUNCIL_ADVANCE_TIME[s]) for s in (2, 3, 4))


@cites(P + "round.seed")
def test_another_setup_card_seeds_the_board() -> None:
    st = state(position(2, setup_card=4))
    per_colour, per_area = SETUP_CARDS[4]
    assert [sum(space) for space in st.spaces] == list(per_area)
    assert sum(st.bag) + sum(map(sum, st.spaces)) == 4 * per_colour + 6


@cites(P + "market.available")
def test_a_fixed_number_of_stalls() -> None:
    game = position(2, stalls=5)
    assert len(state(game).stalls) == 5 and len(game.view(0)["stalls"]) == 5


@cites(P + "death.chronicle")
def test_fewer_chronicle_spaces_send_the_dead_to_a_grave_sooner() -> None:
    game = position(3, chronicle_spaces=2)
    assert game.view(0)["chronicle"]["spaces_per_category"] == 2
    game = edit(game, lambda st: lay_dead(st, "chronicle_farm", 2))  # full at two, where three players have three
    game = oldest_dies(game)
    st = state(game)
    assert st.places[0][0] == GRAVE and st.graves == 1


@cites(P + "end.trigger")
def test_the_last_of_fewer_graves_triggers_the_end() -> None:
    game = position(3, graves=6)
    def fill(st: Any) -> None:
        lay_dead(st, "chronicle_farm", 3)
        lay_dead(st, "grave", 5)
    game = oldest_dies(edit(game, fill))
    st = state(game)
    assert st.graves == 6 and st.end_by == 0


@cites(P + "council.advance")
def test_council_advance_time_follows_the_option() -> None:
    game = position(council_advance_time="3-3-3")
    game = place(game, 0, 0, "council2")
    game = give(game, 0, goods={"scroll": 1})
    game = act(game, "council")
    game.apply("council council2 g1 scroll")
    st = state(game)
    assert st.places[0][0] == COUNCIL1 + 2 and st.time[0] == 3


@cites(P + "mass.advance")
def test_church_grain_follows_the_option() -> None:
    for seed in range(1, 12):  # a seed whose Mass leaves player 0 the advance step
        game = mass_after_harvest(seed, grain=0, church_grain="0-1-2")
        if game.phase == "mass_advance" and game.current_player == 0:
            assert "raise church1 g1" in {str(m) for m in game.legal_moves()}
            game.apply("raise church1 g1")
            assert CHURCH1 + 1 in state(game).places[0] and state(game).grain[0] == 0
            default = mass_after_harvest(seed, grain=0)
            assert "raise church1 g1" not in {str(m) for m in default.legal_moves()}  # stage 2 costs 1 grain
            return
    pytest.fail("no seed reached player 0's advance step")


@pytest.mark.parametrize("name, value", [("stalls", 7), ("setup_card", 5), ("church_grain", "9-9-9"),
                                         ("graves", "many")])
def test_an_unknown_value_is_refused_naming_the_option(name: str, value: object) -> None:
    with pytest.raises(OptionError, match=name):
        bgl.new_game("village", players=2, **{name: value})


def test_assumed_options_survive_saving_and_loading() -> None:
    game = bgl.new_game("village", players=3, seed=4, setup_card=2, graves=12, council_advance_time="2-3-3")
    loaded = bgl.load_game(game.to_json())
    assert loaded.options == game.options and loaded.view(None) == game.view(None)
