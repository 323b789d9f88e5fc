"""Keythedral's draws as chance phases (explicit chance stops at each, with its outcomes), and law windows open
to every player still to answer at once."""
from __future__ import annotations

from math import comb
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import IllegalMove
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.positions import read_state
from boardgames_lab.rulesets.keythedral.data import BUILDING_INDEX, BUILDINGS, FIELD_COLOUR, FIELD_TILES, LAW_INDEX, LAWS
from boardgames_lab.rulesets.keythedral.state import KState
from tests.conftest import cites
from tests.keythedral.position import edit, state
from tests.keythedral.test_laws import enter, hold, purchase_position
from tests.keythedral.test_rules import small_board

P = "keythedral."


def explicit(game: Game, change: Any = None) -> Game:
    """The game rebuilt from its position (after ``change`` on its state) in explicit chance: it stops at draws."""
    data = game.position()
    st = read_state(game.definition, data)[0]
    if change is not None:
        change(st)
    data["state"] = game.definition.position(st)
    data["phase"], data["current"] = st.phase, st.current
    return bgl.from_position("keythedral", data, names=game.names, mode="sandbox", chance="explicit")


def outcomes(game: Game) -> dict[str, float]:
    return {str(m): p for m, p in game.chance_outcomes()}


def refused(game: Game, text: str) -> str:
    with pytest.raises(IllegalMove) as err:
        game.apply(text, player=CHANCE)
    return err.value.rule


def play_to(game: Game, phase: str) -> Game:
    """Play on (the first legal move, the first outcome at a draw) until ``phase``."""
    while game.phase != phase:
        move = game.legal_moves()[0] if game.to_act() != (CHANCE,) else game.chance_outcomes()[0][0]
        game.apply(move, player=game.definition.seat_of(game.state, move))
    return game


# --- the law cards laid face down on the new-law spaces ------------------------------------------------------

@cites(P + "setup.law_spaces", P + "secret.laws")
def test_the_law_cards_on_the_new_law_spaces_are_dealt_face_down_at_set_up() -> None:
    game = bgl.new_game("keythedral", players=3, seed=4, mode="sandbox", chance="explicit")
    assert game.phase == "deal_laws" and game.to_act() == (CHANCE,)
    st = state(game)
    assert st.law_spaces == [-1, -1] and len(st.law_deck) == len(LAWS)
    assert outcomes(game) == {f"deal 1 {law.id}": 1 / len(LAWS) for law in LAWS}
    top, chosen = st.law_deck[-1], st.law_deck[0]
    game.apply(f"deal 1 {LAWS[chosen].id}", player=CHANCE)
    st = state(game)
    assert st.law_spaces == [chosen, -1] and st.law_deck[0] == top and chosen not in st.law_deck  # swapped
    assert refused(game, f"deal 1 {LAWS[top].id}") == P + "setup.law_spaces"  # space 1 is full
    assert refused(game, f"deal 2 {LAWS[chosen].id}") == P + "setup.law_spaces"  # that card is laid already
    game.apply(f"deal 2 {LAWS[top].id}", player=CHANCE)
    assert game.phase == "draw_field"
    for seat in (None, 0, 1, 2):  # nobody sees a face-down law card, nor its deal in the log
        assert game.view(seat)["law_spaces"] == [True, True]
        assert all(entry["move"] is None or not entry["move"].startswith("deal") for entry in game.log_for(seat))


@cites(P + "setup.law_spaces")
def test_normal_play_deals_the_top_law_cards_and_records_the_draws() -> None:
    game = bgl.new_game("keythedral", players=3, seed=4)
    draws = [d for d in game.chance_record() if d["what"].startswith("the law card laid")]
    assert [(d["draw"], d["from"], d["probability"]) for d in draws] == [("top", 20, 1 / 20), ("top", 19, 1 / 19)]
    st = state(game)
    assert [LAWS[c].id for c in st.law_spaces] == [d["outcome"] for d in draws]


@cites(P + "retrieve.reset")
def test_phase_four_refills_an_empty_new_law_space_in_a_chance_phase() -> None:
    def procured(st: KState) -> None:
        st.law_hands[1].append(st.law_spaces[0])
        st.law_hands[1].sort()
        st.law_spaces[0] = -1
    game = explicit(enter(edit(small_board(), procured), "retrieve_start", "open_retrieve_window"))
    game = play_to(game, "refill_laws")
    st = state(game)
    assert st.law_spaces[0] == -1 and set(outcomes(game)) == {f"deal 1 {LAWS[c].id}" for c in st.law_deck}
    assert set(outcomes(game).values()) == {1 / len(st.law_deck)}
    chosen = st.law_deck[0]
    assert refused(game, "deal 2 " + LAWS[chosen].id) == P + "retrieve.reset"
    game.apply("deal 1 " + LAWS[chosen].id, player=CHANCE)
    assert state(game).law_spaces[0] == chosen and game.phase != "refill_laws"


# --- the top field tile ----------------------------------------------------------------------------------

@cites(P + "setup.lay_field", P + "secret.field_stack")
def test_the_top_field_tile_is_drawn_for_its_taker_only() -> None:
    game = play_to(bgl.new_game("keythedral", players=3, seed=5, mode="sandbox", chance="explicit"), "draw_field")
    stack = state(game).field_stack
    assert outcomes(game) == {f"draw {t}": 1 / len(stack) for t in sorted(stack)}
    chosen = next(t for t in stack if FIELD_TILES[t].kind != FIELD_TILES[stack[-1]].kind)
    on_board = next(iter(state(game).fields.values()))
    assert refused(game, f"draw {on_board}") == P + "setup.lay_field"
    game.apply(f"draw {chosen}", player=CHANCE)
    assert game.phase == "lay_tiles" and game.to_act() == (0,) and state(game).field_stack[-1] == chosen
    assert game.view(0)["next_field"] == FIELD_COLOUR[FIELD_TILES[chosen].kind]
    assert game.view(1)["next_field"] is None and game.view(None)["next_field"] is None
    assert game.log_for(0)[-1]["move"] == f"draw {chosen}"
    assert all(entry["move"] != f"draw {chosen}" for q in (1, 2, None) for entry in game.log_for(q))
    field = game.legal_moves()[0]
    game.apply(field)
    assert state(game).fields[field.field] == chosen


@cites(P + "secret.field_stack")
def test_in_normal_play_the_next_player_s_tile_is_told_to_them_alone() -> None:
    game = bgl.new_game("keythedral", players=3, seed=5)
    game.apply(game.legal_moves()[0])  # player 0's field
    game.apply(game.legal_moves()[0])  # their cottage: player 1 takes the next tile
    entry = game.log[-1]
    assert [d["draw"] for d in entry["chance"]] == ["top"] and entry["chance"][0]["probability"] == 1 / 14
    private = [c["text"] for c in game.log_for(1)[-1]["changes"] if c["visible_to"] == [1]]
    assert private and all(not c["text"].startswith("It is") for c in game.log_for(0)[-1]["changes"])


# --- the building tiles turned face up --------------------------------------------------------------------

@cites(P + "setup.reveal_first", P + "buy.next_stage")
def test_stage_one_is_turned_face_up_in_a_chance_phase_after_the_tiles_are_laid() -> None:
    game = play_to(bgl.new_game("keythedral", players=3, seed=6, mode="sandbox", chance="explicit"), "turn_tiles")
    st = state(game)
    pool = sorted(st.rows[0] + [t for t in st.surplus if BUILDINGS[t].stage == 0])
    assert not st.face_up[0] and len(outcomes(game)) == comb(len(pool), 4)
    assert set(outcomes(game).values()) == {1 / comb(len(pool), 4)}
    chosen = [t for t in pool if t not in st.rows[0]][:2] + st.rows[0][:2]
    text = ",".join(BUILDINGS[t].id for t in sorted(chosen))
    assert refused(game, "turn " + ",".join(BUILDINGS[t].id for t in pool[:3])) == P + "buy.next_stage"
    game.apply("turn " + text, player=CHANCE)
    st = state(game)
    assert st.face_up[0] and st.rows[0] == sorted(chosen) and set(pool) - set(chosen) <= set(st.surplus)
    assert [t["id"] for t in game.view(1)["mat"][0]["tiles"]] == text.split(",")


@cites(P + "variant.face_up")
def test_variation_two_turns_every_stage_at_set_up() -> None:
    game = bgl.new_game("keythedral", players=3, seed=6, mode="sandbox", chance="explicit", face_up_tiles=True)
    game = play_to(game, "turn_tiles")
    for stage in range(5):
        assert game.phase == "turn_tiles" and state(game).face_up == [True] * stage + [False] * (5 - stage)
        game.apply(game.chance_outcomes()[-1][0], player=CHANCE)
    assert game.phase == "draw_field"


@cites(P + "buy.next_stage")
def test_buying_out_a_stage_turns_the_next_in_normal_play_with_a_recorded_draw() -> None:
    game, tile = purchase_position()

    def last_tile(st: KState) -> None:
        st.surplus = sorted(st.surplus + [t for t in st.rows[0] if BUILDINGS[t].id != tile])
        st.rows[0] = [BUILDING_INDEX[tile]]
    game = explicit(game, last_tile)
    game.apply(f"buy {tile}")
    assert game.phase == "turn_tiles" and outcomes(game)
    game.apply(game.chance_outcomes()[0][0], player=CHANCE)
    assert game.phase == "actions" and game.current_player == 1 and state(game).face_up[1]
    normal = bgl.from_position("keythedral", game.at(game.ply - 2).position())
    normal.apply(f"buy {tile}")
    assert [d["draw"] for d in normal.log[-1]["chance"]] == ["top"] and not normal.can_undo()


# --- Design change's random tile ---------------------------------------------------------------------------

@cites(P + "law.design_change")
def test_design_change_draws_its_tile_in_a_chance_phase() -> None:
    game = explicit(enter(hold(small_board(), 1, "design_change"), "actions_start", "begin_actions"))
    while game.current_player != 1:
        game.apply("decline")
    old = state(game).rows[0][0]
    game.apply(f"play design_change {BUILDINGS[old].id}", player=1)
    assert game.phase == "replace_tile"
    pool = [t for t in state(game).surplus if BUILDINGS[t].stage == 0]
    assert outcomes(game) == {f"replace {BUILDINGS[t].id}": 1 / len(pool) for t in pool}
    assert refused(game, "replace " + BUILDINGS[state(game).rows[1][0]].id) == P + "law.design_change"
    game.apply(f"replace {BUILDINGS[pool[-1]].id}", player=CHANCE)
    st = state(game)
    assert pool[-1] in st.rows[0] and old in st.surplus and game.phase == "law_window"


@cites(P + "law.design_change")
def test_normal_play_draws_design_change_s_tile_with_the_generator() -> None:
    game = enter(hold(small_board(), 1, "design_change"), "actions_start", "begin_actions")
    while game.current_player != 1:
        game.apply("decline")
    old = state(game).rows[0][0]
    game.apply(f"play design_change {BUILDINGS[old].id}", player=1)
    draw = game.log[-1]["chance"]
    assert [d["draw"] for d in draw] == ["below"] and draw[0]["what"] == "the unused stage-1 building tiles"
    assert old in state(game).surplus and game.phase == "law_window"


# --- law windows open to everyone still to answer ------------------------------------------------------------

def window(players: int = 3) -> Game:
    """The phase-one law window, player 1 holding Work order and player 2 Repeal law."""
    game = hold(hold(small_board(players), 1, "work_order"), 2, "repeal_law")
    return enter(game, "round_start", "begin_round")


@cites(P + "law.window")
def test_a_window_is_open_to_every_player_still_to_answer_alike() -> None:
    game = window()
    assert game.to_act() == (0, 1, 2) and game.current_player == 0
    d = game.definition
    assert [str(m) for m in d.seat_moves(game.state, 0)] == ["decline"]
    assert [str(m) for m in d.seat_moves(game.state, 2)] == ["decline"]  # Repeal law answers no phase window
    assert {str(m) for m in d.seat_moves(game.state, 1)} == {"decline", "play work_order"}
    game.apply("decline", player=2)
    assert game.to_act() == (0, 1)
    assert game.log_for(2)[-1]["move"] == "decline" and game.log_for(0)[-1]["move"] != "decline"


@cites(P + "law.window")
def test_declines_in_either_order_reach_the_same_position() -> None:
    one, two = window(), window()
    for seat in (2, 0, 1):
        one.apply("decline", player=seat)
    for seat in (0, 1, 2):
        two.apply("decline", player=seat)
    assert one.position() == two.position() and one.phase == "order"


@cites(P + "law.window", P + "law.repeal_law", P + "law.work_order")
def test_the_first_card_played_takes_effect_and_may_be_answered_at_once() -> None:
    game = window()
    game.apply("play work_order", player=1)  # before player 0 has answered
    assert game.to_act() == (2, 0)  # the answer window: from the player after the one who played
    assert {str(m) for m in game.definition.seat_moves(game.state, 2)} == {"decline", "play repeal_law"}
    game.apply("play repeal_law", player=2)
    assert game.to_act() == (0, 1, 2) and "work_order" not in state(game).effects  # repealed
    for seat in (2, 1, 0):
        game.apply("decline", player=seat)
    assert game.phase == "order" and game.current_player == 0


@cites(P + "law.window")
def test_a_seat_not_asked_may_not_answer() -> None:
    game = window()
    game.apply("decline", player=0)
    with pytest.raises(IllegalMove) as err:
        game.apply("decline", player=0)
    assert err.value.rule == "core.not_your_turn"


@cites(P + "law.window", P + "setup.lay_field", P + "buy.next_stage")
def test_the_fast_generator_lists_the_plain_moves_at_draws_and_in_open_windows() -> None:
    from collections import Counter

    from boardgames_lab.core.definition import GameDefinition
    game = bgl.new_game("keythedral", players=4, seed=8, mode="sandbox", chance="explicit")
    d, seen = game.definition, Counter[str]()
    while game.ply < 500 and not game.is_over:
        st = game.state
        assert Counter(map(repr, d.legal_moves(st))) == Counter(map(repr, GameDefinition.legal_moves(d, st)))
        seen[st.phase if game.to_act() == (CHANCE,) else str(len(game.to_act()))] += 1
        moves = game.legal_moves()
        move = moves[(7 * game.ply) % len(moves)]
        game.apply(move, player=d.seat_of(st, move))
    assert {"deal_laws", "draw_field", "turn_tiles", "refill_laws"} <= set(seen) and seen["4"] > 0
