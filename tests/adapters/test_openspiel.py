"""OpenSpiel's own checks on every game, chance nodes from the game's draws, nothing hidden in the strings,
and OpenSpiel's MCTS bot against our RandomBot."""
from __future__ import annotations

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import boardgames_lab as bgl
from boardgames_lab.adapters import openspiel as bos
from boardgames_lab.bots.base import RandomBot
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.rng import Rng

GAMES = [g["name"] for g in bgl.games()]


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_random_simulation_test_passes_with_serialisation(name: str) -> None:
    game = pyspiel.load_game(bos.PREFIX + name, {"max_moves": 60, "deals": 50})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_a_whole_game_to_its_end() -> None:
    game = pyspiel.load_game(bos.PREFIX + "saint_petersburg", {"players": 2})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while not state.is_terminal():
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    assert state.live.game.is_over and sum(state.returns()) == pytest.approx(1.0)
    winners = state.live.game.winners()
    assert state.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(2)]


def test_the_first_node_deals_and_a_fixed_seed_skips_it() -> None:
    dealt = pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "deals": 7}).new_initial_state()
    assert dealt.is_chance_node() and dealt.chance_outcomes() == [(i, 1 / 7) for i in range(7)]
    dealt.apply_action(5)
    fixed = pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "seed": 5}).new_initial_state()
    assert str(fixed) == str(dealt) and fixed.legal_actions() == dealt.legal_actions()
    # Past the seed, the game's own draws: the starting hands are dealt card by card, each a chance node.
    assert fixed.is_chance_node() and fixed.live.game.to_act() == (CHANCE,)
    assert fixed.chance_outcomes() == [(i, p) for i, (_, p) in enumerate(fixed.live.game.chance_outcomes())]


def test_duels_draws_are_chance_nodes_with_the_games_probabilities(duel: str) -> None:
    game = pyspiel.load_game(bos.register(duel), {"players": 2, "deals": 3})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.is_chance_node() and state.live.game.to_act() == (CHANCE,)
    outcomes = state.live.game.chance_outcomes()
    assert state.chance_outcomes() == [(i, p) for i, (_, p) in enumerate(outcomes)]
    state.apply_action(3)
    assert state.live.game.state.hands[0] == outcomes[3][0].card
    while state.is_chance_node():
        state.apply_action(0)
    assert state.current_player() == 0


def _strings(state: bos.BoardGameState, seat: int) -> tuple[str, str]:
    return state.information_state_string(seat), state.observation_string(seat)


@pytest.mark.parametrize("name", [*GAMES, "duel"])
def test_positions_differing_only_in_anothers_secret_give_the_same_strings(name: str, request: pytest.FixtureRequest
                                                                           ) -> None:
    name = request.getfixturevalue("duel") if name == "duel" else name
    game = pyspiel.load_game(bos.register(name), {"seed": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    for _ in range(25 if name != "duel_test" else 3):
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    lab = state.live.game
    assert not lab.is_over
    changed = 0
    for seat in range(game.num_players()):
        for secret in lab.definition.secrets:
            other = state.clone()
            other.live.game.state = lab.definition.clone_state(lab.state)
            if secret.perturb(other.live.game.state, seat, Rng(seat)):
                changed += 1
                assert lab.definition.snapshot(other.live.game.state) != lab.definition.snapshot(lab.state)
                assert _strings(other, seat) == _strings(state, seat), secret.name
    assert changed > 0
    assert _strings(state, 0) != _strings(state, 1)


def test_openspiels_mcts_bot_plays_against_our_random_bot() -> None:
    game = pyspiel.load_game(bos.PREFIX + "saint_petersburg", {"players": 2, "max_moves": 30, "deals": 10})
    rng = np.random.RandomState(4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    ours = bos.LabBot(RandomBot(seed=4))
    theirs = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator, random_state=rng)
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), [theirs, ours], rng)
    assert sum(returns) == pytest.approx(1.0) and all(r >= 0 for r in returns)
