"""What the OpenSpiel adapter refuses, and that a refusal names the rule or field at fault and changes nothing:
actions on a finished game, options the game does not take, players that are no seat, numbers out of range,
and serialised states that are not this game's."""
from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import boardgames_lab as bgl
from boardgames_lab.adapters import openspiel as bos
from boardgames_lab.core.errors import IllegalMove, OptionError

GAMES = [g["name"] for g in bgl.games()]


def _play(state: bos.BoardGameState, seed: int, moves: int = 100000) -> bos.BoardGameState:
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    return state


def _snapshot(state: bos.BoardGameState) -> tuple[Any, ...]:
    seats = range(state.num_players())
    return (str(state), state.history(), state.current_player(), state.live.moves, state.returns(),
            [state.information_state_string(s) for s in seats], [state.observation_tensor(s) for s in seats])


def _cut_at_a_draw(name: str) -> bos.BoardGameState:
    """A game cut off by ``max_moves`` where it stands at one of its own draws (a chance node)."""
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 2, "seed": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    while not (state.is_chance_node() and state.history()):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    cut = pyspiel.load_game(bos.PREFIX + name, {"players": 2, "seed": 3, "max_moves": len(state.history())})
    out = cut.new_initial_state()
    for action in state.history():
        out.apply_action(action)
    return out


@pytest.mark.parametrize("name", ["saint_petersburg", "keythedral"])
def test_an_action_on_a_game_cut_off_at_max_moves_is_refused(name: str) -> None:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 2, "seed": 1, "max_moves": 5})
    state = _play(game.new_initial_state(), 1)
    assert state.is_terminal() and state.is_truncated()
    before = _snapshot(state)
    for action in (0, 1, state.history()[-1]):
        with pytest.raises(IllegalMove, match=r"cut off at max_moves 5 .*\[core.game_over\]"):
            state.apply_action(action)
    assert _snapshot(state) == before


@pytest.mark.parametrize("name", ["saint_petersburg", "citadels", "village"])
def test_an_action_on_a_finished_game_is_refused_and_changes_nothing(name: str) -> None:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 2, "seed": 3})
    state = _play(game.new_initial_state(), 3)
    assert state.is_terminal() and not state.is_truncated()
    before = _snapshot(state)
    recall = state.live.synced()
    noted = dict(recall.noted)
    for action in (0, 1, 7):
        with pytest.raises(IllegalMove, match=r"the game is over.*\[core.game_over\]"):
            state.apply_action(action)
    assert _snapshot(state) == before and recall.noted == noted


@pytest.mark.parametrize("name", ["citadels", "village"])
def test_a_game_cut_off_at_a_draw_draws_no_more(name: str) -> None:
    state = _cut_at_a_draw(name)
    assert state.is_terminal() and state.is_truncated() and not state.is_chance_node()
    assert state.chance_outcomes() == []
    before = _snapshot(state)
    with pytest.raises(IllegalMove, match=r"cut off at max_moves"):
        state.apply_action(0)
    assert _snapshot(state) == before


@pytest.mark.parametrize(("name", "option", "value"), [
    ("village", "time_lap", 10), ("saint_petersburg", "pub_limit", "bogus"),
    ("keythedral", "version", "medium"), ("citadels", "smithy", "nope")])
def test_an_option_value_the_game_does_not_take_is_refused_at_load(name: str, option: str, value: Any) -> None:
    with pytest.raises(OptionError, match=rf"option '{option}' must be one of"):
        pyspiel.load_game(bos.PREFIX + name, {option: value})


def test_a_seed_below_minus_one_is_refused() -> None:
    with pytest.raises(OptionError, match=r"seed must be -1 .* not -7"):
        pyspiel.load_game(bos.PREFIX + "saint_petersburg", {"seed": -7})
    assert pyspiel.load_game(bos.PREFIX + "saint_petersburg", {"seed": -1}).new_initial_state().is_chance_node()


def _mid_game(name: str, players: int = 3) -> bos.BoardGameState:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": 1})
    state = _play(game.new_initial_state(), 1, 30)
    while state.is_chance_node():
        state.apply_action(0)
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("player", [-1, 3, 7])
def test_resampling_for_a_player_that_is_no_seat_is_refused(name: str, player: int) -> None:
    state = _mid_game(name)
    before = _snapshot(state)
    with pytest.raises(ValueError, match=rf"player must be a seat from 0 to 2, not {player}"):
        state.resample_from_infostate(player, np.random.RandomState(0).rand)
    assert _snapshot(state) == before


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("player", [-1, 3])
def test_an_observer_refuses_a_player_that_is_no_seat_as_the_state_does(name: str, player: int) -> None:
    state = _mid_game(name)
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(player)
    for observer in (make_observation(state.get_game()),
                     make_observation(state.get_game(), pyspiel.IIGObservationType(perfect_recall=True))):
        with pytest.raises(pyspiel.SpielError, match=rf"player must be a seat from 0 to 2, not {player}"):
            observer.set_from(state, player)
        with pytest.raises(pyspiel.SpielError, match=rf"player must be a seat from 0 to 2, not {player}"):
            observer.string_from(state, player)


@pytest.mark.parametrize("name", GAMES)
def test_action_to_string_refuses_numbers_out_of_range_as_apply_action_does(name: str) -> None:
    state = _mid_game(name)
    seat, size = state.current_player(), state.get_game().num_distinct_actions()
    for action in (-1, -2, size):
        with pytest.raises(ValueError, match=rf"action must be from 0 to {size - 1}, not {action}"):
            state.action_to_string(seat, action)
        if action != -1:  # OpenSpiel refuses -1 (its kInvalidAction) before the state sees it
            with pytest.raises(ValueError, match=rf"action must be from 0 to {size - 1}, not {action}"):
                state.clone().apply_action(action)
    for player in (3, 7, -4):
        with pytest.raises(ValueError, match=rf"player must be a seat from 0 to 2 or chance \(-1\), not {player}"):
            state.action_to_string(player, 0)
    with pytest.raises(ValueError, match=r"outcome's index"):
        state.action_to_string(pyspiel.PlayerId.CHANCE, -3)
    dealt = pyspiel.load_game(bos.PREFIX + name, {"players": 3, "deals": 7}).new_initial_state()
    assert dealt.action_to_string(pyspiel.PlayerId.CHANCE, 6) == "deal with seed 6"
    for action in (-1, 7):
        with pytest.raises(ValueError, match=r"outcome's index, from 0 to 6"):
            dealt.action_to_string(pyspiel.PlayerId.CHANCE, action)
    dealt.apply_action(2)
    if dealt.is_chance_node():
        drawn = len(dealt.chance_outcomes())
        for action in (-1, drawn):
            with pytest.raises(ValueError, match=rf"outcome's index, from 0 to {drawn - 1}"):
                dealt.action_to_string(pyspiel.PlayerId.CHANCE, action)
