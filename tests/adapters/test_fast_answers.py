"""The answers the adapters give from what they worked out once per position are OpenSpiel's own: the Python
``legal_actions``, ``is_chance_node`` and ``is_player_node`` against the C++ path they skip, on every node of
seeded games (chance, reaction windows, the end), and lists a caller may change without changing the state."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest

from boardgames_lab.adapters import openspiel as bos

GAMES = ["saint_petersburg", "citadels", "keythedral", "village"]


@pytest.mark.parametrize("name", GAMES)
def test_python_answers_equal_openspiels_own_on_every_node(name: str) -> None:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 3, "deals": 5, "max_moves": 300})
    rng = np.random.default_rng(7)
    state, nodes = game.new_initial_state(), 0
    while True:
        for player in (None, *range(3)):
            own = pyspiel.State.legal_actions(state) if player is None else pyspiel.State.legal_actions(state, player)
            ours = state.legal_actions() if player is None else state.legal_actions(player)
            assert ours == own, (name, nodes, player)
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.is_player_node() == pyspiel.State.is_player_node(state)
        assert state.is_terminal() == (state.current_player() == pyspiel.PlayerId.TERMINAL)
        if state.is_terminal():
            break
        listed = state.legal_actions()
        listed.append(-5)  # the caller's list: the state's answer stays
        assert -5 not in state.legal_actions()
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
        nodes += 1
    assert nodes > 50


def test_a_pseudo_player_is_refused_as_openspiel_refuses_it() -> None:
    state = pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "seed": 2}).new_initial_state()
    while state.is_chance_node():
        state.apply_action(0)
    with pytest.raises(Exception) as ours:
        state.legal_actions(-3)
    with pytest.raises(Exception) as own:
        pyspiel.State.legal_actions(state, -3)
    assert type(ours.value) is type(own.value)


@pytest.mark.parametrize("filled", [3, 600])
def test_a_tensor_is_handed_over_as_the_same_floats_sparse_or_dense(filled: int) -> None:
    """Few entries other than 0 are written into a list of zeros, many are converted whole: the same floats either
    way, and a negative zero is handed over as 0.0."""
    game = pyspiel.load_game(bos.PREFIX + "keythedral", {"players": 3, "seed": 1})
    observer = game.own_observer(False)
    size = len(observer.tensor)
    values = np.zeros(size, np.float32)
    values[np.random.default_rng(3).choice(size, filled, replace=False)] = np.linspace(-2.5, 7.25, filled)
    values[0] = -0.0
    observer.tensor[:] = values
    handed = observer.as_list()
    assert handed == [float(v) for v in values] and all(type(v) is float for v in handed)
    assert np.copysign(1.0, handed[0]) == 1.0
