"""What the OpenSpiel adapter refuses, and that a refusal names the rule or field at fault and changes nothing:
actions on a finished game, options the game does not take, players that are no seat, numbers out of range,
and serialised states that are not this game's."""
from __future__ import annotations

import base64
import json
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.observation import make_observation

import boardgames_lab as bgl
from boardgames_lab.adapters import openspiel as bos
from boardgames_lab.core.errors import IllegalMove, OptionError, PositionError
from tests.adapters.test_openspiel import play_at_random

GAMES = [g["name"] for g in bgl.games()]


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
    state = play_at_random(game.new_initial_state(), 1)
    assert state.is_terminal() and state.is_truncated()
    before = _snapshot(state)
    for action in (0, 1, state.history()[-1]):
        with pytest.raises(IllegalMove, match=r"cut off at max_moves 5 .*\[core.game_over\]"):
            state.apply_action(action)
    assert _snapshot(state) == before


@pytest.mark.parametrize("name", ["saint_petersburg", "citadels", "village"])
def test_an_action_on_a_finished_game_is_refused_and_changes_nothing(name: str) -> None:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 2, "seed": 3})
    state = play_at_random(game.new_initial_state(), 3)
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
    state = play_at_random(game.new_initial_state(), 1, 30)
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
    for action in (2.5, 2.0, "2"):  # past pybind11's check, as the adapter's own callers reach it: never rounded
        with pytest.raises(ValueError, match=r"outcome's index, from 0 to 6, not "):
            dealt._action_to_string(pyspiel.PlayerId.CHANCE, action)
        with pytest.raises(ValueError, match=r"outcome's index, from 0 to 6, not "):
            dealt._apply_action(action)
        assert dealt.is_chance_node() and dealt.history() == []
    for action in (-1, 7):
        with pytest.raises(ValueError, match=r"outcome's index, from 0 to 6"):
            dealt.action_to_string(pyspiel.PlayerId.CHANCE, action)
    dealt.apply_action(2)
    if dealt.is_chance_node():
        drawn = len(dealt.chance_outcomes())
        for action in (-1, drawn):
            with pytest.raises(ValueError, match=rf"outcome's index, from 0 to {drawn - 1}"):
                dealt.action_to_string(pyspiel.PlayerId.CHANCE, action)


def _serialised(name: str, players: int, moves: int, by_position: bool) -> tuple[pyspiel.Game, str]:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": 1})
    state = play_at_random(game.new_initial_state(), 1, moves)
    if by_position:
        state.live.actions = None  # serialised as the position with the seats' records, not the actions
    return game, state.serialize()


def _head_and_live(text: str) -> tuple[str, Any]:
    head, blob = text.rsplit("__dict__=", 1)
    return head, pickle.loads(base64.b64decode(blob))["live"]


def _with_payload(head: str, make: Any, args: tuple[Any, ...]) -> str:
    class Payload:
        def __reduce__(self) -> tuple[Any, ...]:
            return make, args
    return head + "__dict__=" + base64.b64encode(pickle.dumps({"live": Payload()})).decode() + "\n"


@pytest.mark.parametrize("by_position", [False, True])
def test_a_serialised_state_is_refused_by_another_game_player_count_or_option(by_position: bool) -> None:
    three, text = _serialised("citadels", 3, 40 if by_position else 8, by_position)
    assert str(three.deserialize_state(text)) == str(three.deserialize_state(text))  # its own game reads it
    for other in (pyspiel.load_game(bos.PREFIX + "citadels", {"players": 2, "seed": 1}),
                  pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "seed": 1, "great_wall": True}),
                  pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "seed": 1, "max_moves": 500}),
                  pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "seed": 2}),
                  pyspiel.load_game(bos.PREFIX + "saint_petersburg", {"players": 3})):
        with pytest.raises(PositionError, match=r"field 'game': the serialised state is of boardgames_lab_citadels"):
            other.deserialize_state(text)
    whole = pyspiel.serialize_game_and_state(three, three.deserialize_state(text))
    with pytest.raises(PositionError, match=r"field 'game'"):
        pyspiel.deserialize_game_and_state(whole.replace("players=3", "players=2", 1))


@pytest.mark.parametrize("by_position", [False, True])
def test_a_serialised_state_whose_history_disagrees_is_refused(by_position: bool) -> None:
    game, text = _serialised("saint_petersburg", 3, 150 if by_position else 8, by_position)
    history = text.split("\n", 1)[0]
    for edited in ("history=0:1,0:2", history + ",0:0", history.rsplit(",", 1)[0]):
        with pytest.raises(PositionError, match=r"field 'history'"):
            game.deserialize_state(text.replace(history, edited, 1))


def test_a_restored_position_of_other_options_or_moves_is_refused() -> None:
    game, text = _serialised("saint_petersburg", 3, 150, True)
    head, live = _head_and_live(text)
    make, (spec, position, moves, recall) = live.__reduce__()
    assert all(type(part) in (str, int, tuple) for part in (spec, position, moves, recall))  # plain data
    assert game.deserialize_state(_with_payload(head, make, (spec, position, moves, recall))).live.moves == moves
    data = json.loads(position)
    data["options"]["open_money"] = not data["options"]["open_money"]
    with pytest.raises(PositionError, match=r"field 'options'"):
        game.deserialize_state(_with_payload(head, make, (spec, json.dumps(data), moves, recall)))
    for wrong in (-5, 10**6):
        with pytest.raises(PositionError, match=r"field 'moves'"):
            game.deserialize_state(_with_payload(head, make, (spec, position, wrong, recall)))
    for junk in (None, "junk", recall[:3]):
        with pytest.raises(PositionError, match=r"field 'recall'"):
            game.deserialize_state(_with_payload(head, make, (spec, position, moves, junk)))


def test_a_long_games_first_serialisation_takes_the_numbers_as_played(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seats' records, built when first read, take each move's number from the actions played: Keythedral's
    positional numbers are not read again in rebuilt positions (which made a long game's first serialisation
    take seconds), and the records are the same as those that number the moves again."""
    game = pyspiel.load_game(bos.PREFIX + "keythedral", {"players": 4, "seed": 2, "max_moves": 1000})
    state = play_at_random(game.new_initial_state(), 2)
    again = state.clone()
    again.live.actions = None  # no actions to read: its record numbers each move in its own position
    expected = [again.information_state_string(s) for s in range(4)]
    rebuilt: list[int] = []
    state_at = bgl.Game._state_at
    monkeypatch.setattr(bgl.Game, "_state_at", lambda game, ply: rebuilt.append(ply) or state_at(game, ply))
    text = state.serialize()
    assert set(rebuilt) <= {0}  # the log, written from the start; no move's own position
    assert [state.information_state_string(s) for s in range(4)] == expected
    assert text.startswith("history=")
