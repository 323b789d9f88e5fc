"""BotMatch: bots and a person at one table inside the viewer, headless."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl

pytest.importorskip("ipywidgets")
from boardgames_lab.widgets import BotMatch  # noqa: E402


def test_bots_answer_a_person_until_it_is_their_turn_again() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=2)
    match = BotMatch(game, seats=["human", "heuristic", "random"])
    assert game.current_player == 0 and game.ply > 0  # the bots before the person have moved
    assert match.play() == 0  # a person's turn: nothing to do
    before = game.ply
    match.viewer.apply(game.legal_moves()[-1])
    assert game.is_over or game.current_player == 0
    assert game.ply >= before + 3 or game.is_over
    assert "Why: " in match.reasons.value and "@" not in match.reasons.value  # the move in words, then the reason
    match.close()


def test_an_all_bot_table_plays_to_the_end() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=4)
    match = BotMatch(game, seats=["heuristic", "random"], auto=False)
    assert game.ply == 0
    assert match.play() == game.ply and game.is_over
    match.close()


def test_option_controls_come_from_the_declared_options() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=4)
    match = BotMatch(game, seats=["human", "mcts"], auto=False)
    if game.current_player == 1:
        match.viewer.apply(game.legal_moves()[0])  # auto is off: the viewer's own move, for seat 1
    controls = {c.description: c for c in match.option_boxes[1].children}
    assert set(controls) == {"iterations", "seconds", "exploration", "depth"}
    assert match.option_boxes[0].children == ()
    controls["iterations"].value = 3
    assert match.bot_for(1).iterations == 3
    match.choosers[1].value = "random"
    assert match.option_boxes[1].children == () and match.bot_for(1).name == "random"
    ply = game.ply
    match.viewer.apply(game.legal_moves()[0])
    assert game.ply == ply + 1  # auto is off: nobody answers by itself
    bot_to_move = game.current_player == 1
    assert (match.play() >= 1) if bot_to_move else (match.play() == 0)
    match.close()


def test_the_viewer_bot_button_uses_the_seat_bot() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=5)
    match = BotMatch(game, seats=["human", "human"])
    match.viewer.bot_button.click()  # a person's seat: the heuristic bot's suggestion is played
    assert game.ply == 1
    with pytest.raises(ValueError, match="one seat per player"):
        BotMatch(game, seats=["human"])
    with pytest.raises(ValueError, match="not 'oracle'"):
        BotMatch(game, seats=["human", "oracle"])
    match.close()
