"""Teacher set-up mode: edits of a position, each validated by the engine, shared as one line of text."""
from __future__ import annotations

import base64
import json
import re
import zlib

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import PositionError
from boardgames_lab.widgets import GameViewer
from boardgames_lab.widgets.setup import SetupError, move_item, read_shared, set_to_act, set_value, share_string
from boardgames_lab.rulesets.citadels.data import CHAR_INDEX, CHARACTERS


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


# --- set-up on the table: the messages the page sends (board.js sendSetup), for all four games -------------

def setup_viewer(name: str, plies: int = 0) -> GameViewer:
    import random
    game = bgl.new_game(name, players=3, seed=1, mode="sandbox")
    rng = random.Random(1)
    for _ in range(plies):
        game.apply(rng.choice(game.legal_moves()))
    v = GameViewer(game)
    send(v, op="mode", on=True)
    assert v.board.widget.setup_on and v.board.widget.setup
    return v


def send(v: GameViewer, **content: object) -> None:
    v.board.widget._handle_custom_msg({"event": "setup", "seq": 1, **content}, [])


def spots(v: GameViewer, role: str) -> list[str]:
    return [s["id"] for s in v.board.widget.setup if s["role"] == role]


def refused(v: GameViewer, spot: str, field: str) -> None:
    answer = v.board.widget.answer
    assert answer["target"] == spot and "Nothing changed" in answer["html"] and field in answer["html"], answer


@pytest.mark.parametrize(("name", "thing", "place", "where"), [
    ("saint_petersburg", "upper.0", "hands.1", ("hands", 1)),
    ("citadels", "hands.0.0", "city.0", ("city", 0)),
    ("keythedral", "store.W", "seat.2", ("cubes", 2)),
])
def test_a_thing_is_picked_up_and_moved_to_a_place_by_clicks(name: str, thing: str, place: str,
                                                               where: tuple[str, int]) -> None:
    v = setup_viewer(name)
    assert thing in spots(v, "thing") and place in spots(v, "place")
    send(v, op="pick", target=thing)
    label = v.board.widget.holding
    assert label and v.board.widget.held == thing and v.game.ply == 0  # "moving: X", nothing changed yet
    send(v, op="cancel")
    assert v.board.widget.holding == ""
    before = v.game.position()["state"]
    send(v, op="pick", target=thing)
    send(v, op="drop", target=place)
    state = v.game.position()["state"]
    key, seat = where
    assert len(state[key][seat]) == len(before[key][seat]) + 1 and v.board.widget.holding == ""
    assert v.board.widget.setup_on  # still setting up, on the new position


@pytest.mark.parametrize(("name", "count", "path"), [("saint_petersburg", "money.0", ("money", 0)),
                                                    ("citadels", "gold.1", ("gold", 1)),
                                                    ("village", "coins.2", ("coins", 2))])
def test_plus_and_minus_change_a_count_and_the_engine_refuses_below_zero(name: str, count: str,
                                                                          path: tuple[str, int]) -> None:
    v = setup_viewer(name)
    key, seat = path
    start = v.game.position()["state"][key][seat]
    send(v, op="add", target=count, by=1)
    assert v.game.position()["state"][key][seat] == start + 1
    for _ in range(start + 1):
        send(v, op="add", target=count, by=-1)
    assert v.game.position()["state"][key][seat] == 0
    before = v.game
    send(v, op="add", target=count, by=-1)
    assert v.game is before  # nothing changed
    refused(v, count, f"state.{key}[{seat}]")


def test_keythedral_cubes_come_from_the_store_and_have_plus_and_minus() -> None:
    v = setup_viewer("keythedral")
    send(v, op="pick", target="store.S")
    send(v, op="drop", target="seat.1")
    state = v.game.position()["state"]
    assert state["cubes"][1] == ["S"] and state["store"][0] == 19
    assert "cubes.1.S" in spots(v, "count")
    send(v, op="add", target="cubes.1.S", by=1)
    assert v.game.position()["state"]["cubes"][1] == ["S", "S"]
    send(v, op="add", target="cubes.1.S", by=-1)
    assert v.game.position()["state"]["store"][0] == 19


@pytest.mark.parametrize("name", ["saint_petersburg", "citadels", "keythedral", "village"])
def test_who_is_to_act_is_set_by_clicking_a_name_or_refused_with_the_field(name: str) -> None:
    v = setup_viewer(name)
    acting = v.game.to_act()[0]
    other = (acting + 1) % 3
    before = v.game
    send(v, op="act", target=f"seat:{other}")
    if v.game is before:  # the phase fixes who acts (Citadels' draft): the engine says so, naming the field
        refused(v, f"seat:{other}", "field")
    else:
        assert v.game.to_act() == (other,)


def test_a_refused_move_changes_nothing_and_says_which_field_beside_the_place() -> None:
    v = setup_viewer("saint_petersburg")
    for k in range(4):
        send(v, op="pick", target=f"upper.{k}")
        send(v, op="drop", target="hands.0")
    assert len(v.game.position()["state"]["hands"][0]) == 4
    before = v.game
    send(v, op="pick", target="upper.4")
    send(v, op="drop", target="hands.0")  # a fifth card: more than any hand may hold
    assert v.game is before and v.board.widget.holding  # still holding it, to drop it somewhere else
    refused(v, "hands.0", "state.hands[0]")


def test_set_up_clicks_need_sandbox_mode_and_set_up_on() -> None:
    play = GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1))
    assert not play.board.widget.can_setup
    send(play, op="mode", on=True)
    assert not play.board.widget.setup_on and play.board.widget.setup == []
    v = GameViewer(sp())
    assert v.board.widget.can_setup and not v.board.widget.setup_on
    before = v.game
    send(v, op="add", target="money.0", by=1)  # set-up off: the click is not an edit
    assert v.game is before and "Nothing changed" in v.board.widget.answer["html"]


def test_citadels_characters_are_chosen_by_clicks_and_only_characters_go_there() -> None:
    game = bgl.new_game("citadels", players=3, seed=1, mode="sandbox")
    import random
    rng = random.Random(1)
    while game.phase == "draft":
        game.apply(rng.choice(game.legal_moves()))
    v = GameViewer(game)
    send(v, op="mode", on=True)
    aside = game.position()["state"]["down"][0]  # a character laid aside face down this round
    send(v, op="pick", target=f"char.{aside}")
    assert v.board.widget.holding == f"the {CHARACTERS[CHAR_INDEX[aside]].name}"  # in words, never the id
    send(v, op="drop", target="characters.1")
    assert v.game.position()["state"]["owner"][CHAR_INDEX[aside]] == 1 and aside not in v.game.position()["state"]["down"]
    before = v.game
    send(v, op="pick", target="hands.0.0")
    send(v, op="drop", target="characters.2")  # a district card is not a character
    assert v.game is before and "only a character" in v.board.widget.answer["html"]


def test_keythedral_tiles_of_a_face_up_stage_go_to_a_players_seats() -> None:
    v = setup_viewer("keythedral", plies=30)  # seeded: stage 1 is face up by now
    tile = next(t for t in spots(v, "thing") if t.startswith("rows.0."))
    send(v, op="pick", target=tile)
    send(v, op="drop", target="seat.0")
    assert len(v.game.position()["state"]["seats"][0]) == 1


def test_set_up_on_the_table_is_the_teachers_view_of_the_live_game_only() -> None:
    """A player's view is never sent the spots (their labels would name the cards in other hands)."""
    v = setup_viewer("citadels")
    assert any(s["id"].startswith("hands.1.") for s in v.board.widget.setup)
    v.set_perspective(0)
    assert not v.board.widget.can_setup and not v.board.widget.setup_on and v.board.widget.setup == []
    send(v, op="mode", on=True)
    assert v.board.widget.setup == []
    v.set_perspective("teacher")
    assert v.board.widget.can_setup
    v.apply(v.game.legal_moves()[0])
    v.scrub(0)
    assert not v.board.widget.can_setup and v.board.widget.setup == []


@pytest.mark.parametrize(("text", "says"), [
    ('{"game": "village", "game": "saint_petersburg"}', "the key 'game' appears twice"),
    ('{"game": "saint_petersburg", "players": NaN}', "NaN is not allowed"),
    ("[" * 100_000 + "]" * 100_000, "not valid JSON"),
])
def test_a_position_text_that_is_not_strict_json_is_refused_by_every_reader(text: str, says: str) -> None:
    """A key given twice would let the last value win unseen; NaN is not JSON; nesting past the parser's depth
    must be an error naming the position, not a RecursionError. The share box and from_position read alike."""
    share = "bgl1:" + base64.urlsafe_b64encode(zlib.compress(text.encode())).decode().rstrip("=")
    for read in (read_shared, lambda t: bgl.from_position("saint_petersburg", t)):
        for given in (text, share) if read is read_shared else (text,):
            with pytest.raises(PositionError, match=re.escape(says)) as refused:
                read(given)
            assert refused.value.field == "position"


def test_the_set_up_value_box_takes_only_strict_json() -> None:
    v = GameViewer(sp())
    assert v.setup is not None
    before = v.game.position()
    for text in ("NaN", "[" * 100_000, '{"a": 1, "a": 2}'):
        v.setup.value.value = text
        assert v.setup.set("rubles.0") is None and "Refused" in v.setup.message.value
    assert v.game.position() == before


def test_an_edited_sandbox_game_keeps_its_seed() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=7, mode="sandbox")
    edited = set_value(game, "money.0", 30)
    assert edited.seed == 7 and edited.position()["state"]["money"][0] == 30
    assert edited.edited and edited.mode == "sandbox"
