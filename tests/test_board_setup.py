"""Teacher set-up mode: edits of a position, each validated by the engine, shared as one line of text."""
from __future__ import annotations

import json

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import PositionError
from boardgames_lab.widgets import GameViewer
from boardgames_lab.widgets.setup import SetupError, move_item, read_shared, set_to_act, set_value, share_string


def sp(**kw: object) -> bgl.Game:
    return bgl.new_game("saint_petersburg", players=3, seed=1, mode="sandbox")


def test_a_card_moves_from_the_row_into_a_hand_and_the_slot_is_left_empty() -> None:
    game = move_item(sp(), "upper.0", "hands.1")
    state = game.position()["state"]
    assert state["hands"][1] == ["fur_trapper"] and state["upper"][0] is None
    assert game.view(1)["players"][1]["hand"] == ["fur_trapper"] and game.view(0)["players"][1]["hand"] is None


def test_money_is_set_and_a_bad_value_is_refused_with_the_field_named() -> None:
    assert set_value(sp(), "money.0", 30).position()["state"]["money"] == [30, 25, 25]
    with pytest.raises(PositionError) as err:
        set_value(sp(), "money.0", -5)
    assert err.value.field == "state.money[0]"


def test_a_place_that_does_not_exist_is_named() -> None:
    with pytest.raises(SetupError, match="no place 'hand'"):
        move_item(sp(), "upper.0", "hand.1")
    with pytest.raises(SetupError, match="empty slot"):
        move_item(sp(), "lower.0", "hands.0")


def test_who_is_to_act_is_chosen() -> None:
    assert set_to_act(sp(), 2).to_act() == (2,)


@pytest.mark.parametrize(("name", "path", "value"), [("citadels", "gold.1", 9), ("keythedral", "round", 0),
                                                     ("village", "prestige.0", 2)])
def test_every_game_takes_an_edit_and_shares_it(name: str, path: str, value: object) -> None:
    game = set_value(bgl.new_game(name, players=3, seed=1, mode="sandbox"), path, value)
    again = read_shared(share_string(game))
    assert again.position() == game.position() and again.mode == "sandbox"
    assert read_shared(json.dumps(game.position())).position() == game.position()


def test_a_broken_share_string_is_refused() -> None:
    with pytest.raises(PositionError, match="share string"):
        read_shared("bgl1:not-a-position")
    with pytest.raises(PositionError):
        read_shared('{"game": "no_such_game"}')


def test_the_panel_is_in_sandbox_viewers_only_and_edits_the_shown_game(tmp_path: object) -> None:
    assert GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1)).setup is None
    v = GameViewer(sp())
    assert v.setup is not None and v.setup.widget in v.widget.children
    v.setup.move("upper.0", "hands.0")
    assert v.game.position()["state"]["hands"][0] == ["fur_trapper"] and "Moved" in v.setup.message.value
    assert 'data-target="hand:0:fur_trapper"' in v.board_html.value
    before = v.game
    v.setup.set("money.0", -1)
    assert v.game is before and "state.money[0]" in v.setup.message.value
    shared = v.setup.share()
    v.setup.set("money.0", 40)
    v.setup.load(shared)
    assert v.game.position()["state"]["money"][0] == 25
    v.setup.to_act(2)
    assert v.game.to_act() == (2,) and v.board.widget.live


def test_the_seat_chooser_offers_every_seat_with_the_one_to_act_chosen() -> None:
    v = GameViewer(sp())
    assert v.setup is not None
    assert [label for label, _ in v.setup.seat.options] == v.game.names
    assert v.setup.seat.value == v.game.to_act()[0]
