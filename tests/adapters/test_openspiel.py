"""OpenSpiel's own checks on every game, chance nodes from the game's draws, nothing hidden in the strings,
and OpenSpiel's MCTS bot against our RandomBot."""
from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import evaluate_bots, mcts

import boardgames_lab as bgl
from boardgames_lab.adapters import openspiel as bos
from boardgames_lab.bots.base import RandomBot
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.registry import definition
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


@pytest.mark.parametrize("action", [-2, 7, 10**6])
def test_a_chance_action_outside_the_outcomes_is_refused_and_changes_nothing(action: int) -> None:
    """A chance node's action is an outcome's index: one past the last, or negative (which Python would read from
    the end), is a ValueError naming the range, at the deal and at a draw of the game, and the state stays."""
    dealt = pyspiel.load_game(bos.PREFIX + "citadels", {"players": 3, "deals": 7}).new_initial_state()
    with pytest.raises(ValueError, match=r"outcome's index, from 0 to 6"):
        dealt.apply_action(action)
    assert dealt.history() == [] and dealt.is_chance_node()
    dealt.apply_action(5)
    drawn = len(dealt.chance_outcomes())
    before = str(dealt)
    with pytest.raises(ValueError, match=rf"outcome's index, from 0 to {drawn - 1}"):
        dealt.apply_action(drawn if action == 7 else action)
    assert dealt.history() == [5] and str(dealt) == before


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
            copy = lab.definition.clone_state(lab.state)
            if secret.perturb(copy, seat, Rng(seat)):
                other.live.put(copy)
                changed += 1
                assert lab.definition.snapshot(other.live.position()) != lab.definition.snapshot(lab.state)
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


def play_at_random(state: bos.BoardGameState, seed: int, moves: int = 100000) -> bos.BoardGameState:
    """``state`` played on at random (chance outcomes too) for ``moves`` actions or to its end."""
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    return state


def _random_state(name: str, players: int, seed: int, moves: int, max_moves: int = 10000) -> bos.BoardGameState:
    game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": seed, "max_moves": max_moves})
    return play_at_random(game.new_initial_state(), seed, moves)


@pytest.mark.parametrize("name", GAMES)
def test_observation_and_information_state_are_compact_features(name: str) -> None:
    d = bgl.core.registry.definition(name)
    state = _random_state(name, d.info.max_players, 2, 300)
    layout = d.features.LAYOUT
    seat = 1
    obs = np.asarray(state.observation_tensor(seat))
    assert obs.shape == (layout.size,)
    assert list(obs) == list(d.features.encode(state.live.game.view(seat), seat, d.info.max_players))
    info = np.asarray(state.information_state_tensor(seat))
    assert info.shape == (layout.size + bos.RECALL.size,) and list(info[:layout.size]) == list(obs)
    own = [pa.action for pa in state.full_history() if pa.player == seat][-16:][::-1]
    at = layout.size + bos.RECALL.at("own", "1")
    assert list(info[at:at + len(own)]) == own  # the seat's own last actions, latest first
    assert len(state.observation_string(seat)) < 8000 and len(state.information_state_string(seat)) < 9000
    assert state.information_state_string(seat).startswith(state.observation_string(seat))
    assert bos.view_string(state, seat) == json.dumps(state.live.game.view(seat), sort_keys=True, separators=(",", ":"))


def test_the_information_state_tells_apart_histories_the_observation_does_not() -> None:
    state = _random_state("saint_petersburg", 2, 1, 40)
    other = state.clone()
    # the same position reached with a longer record: the seat's digest differs, its observation does not
    other.live.synced().count[0] += 1
    assert other.observation_string(0) == state.observation_string(0)
    assert other.information_state_string(0) != state.information_state_string(0)


def test_observers_honour_the_observation_type() -> None:
    game = pyspiel.load_game(bos.PREFIX + "citadels", {"players": 4, "seed": 2})
    state = _random_state("citadels", 4, 2, 40)
    d = state.live.game.definition
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    private = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                         private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    from open_spiel.python.observation import make_observation
    seen = {}
    for name, kind in (("public", public), ("private", private)):
        obs = make_observation(game, kind)
        obs.set_from(state, 0)
        seen[name] = (obs.tensor.copy(), obs.string_from(state, 0))
    layout = d.features.LAYOUT
    hand = state.live.game.view(0)["players"][0]["hand"]
    assert hand and seen["private"][0][layout.at("hand", hand[0])] > 0
    assert not seen["public"][0][layout.offset["hand"]:layout.offset["hand"] + len(layout.index["hand"])].any()
    assert list(seen["public"][0]) == list(d.features.encode(d.view(state.live.game.state, None), 0, 4))
    other = make_observation(game, public)
    other.set_from(state, 1)
    assert other.string_from(state, 1)[3:].replace("+", "").count("hand[") == 0  # no seat's hand in public
    with pytest.raises(ValueError, match="every player's private information"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                                          private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize("name", GAMES)
def test_a_serialised_state_comes_back_from_its_position_with_the_seats_records(name: str) -> None:
    state = _random_state(name, 3, 4, 200)
    strings = [state.information_state_string(s) for s in range(3)]
    text = pyspiel.serialize_game_and_state(state.get_game(), state)
    assert len(text) < 60000
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.history() == state.history()
    assert [back.information_state_string(s) for s in range(3)] == strings
    assert back.legal_actions() == state.legal_actions() or state.is_chance_node()


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_ismcts_bot_decides_on_every_game(name: str) -> None:
    from open_spiel.python.algorithms import ismcts
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 3, "seed": 6, "max_moves": 80})
    rng = np.random.RandomState(6)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    state = _random_state(name, 3, 6, 30, max_moves=80)
    for _ in range(3):
        while state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        assert not state.is_terminal()
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


@pytest.mark.parametrize("name", GAMES)
def test_a_resampled_state_is_one_the_seat_cannot_tell_apart(name: str) -> None:
    state = _random_state(name, 4 if name != "citadels" else 5, 8, 50)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    sampler = iter(np.random.default_rng(1).random(20))
    for _ in range(3):
        sample = state.resample_from_infostate(seat, lambda: next(sampler))
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert list(sample.information_state_tensor(seat)) == list(state.information_state_tensor(seat))
        assert sample.legal_actions() == state.legal_actions()


def test_citadels_resamples_at_every_chance_node_of_the_deal() -> None:
    """The deal lays the characters one chance node at a time: one not yet laid has no place to trade."""
    game = bgl.new_game("citadels", players=4, seed=1, chance="explicit")
    d, checked = game.definition, 0
    while game.state.round == 1:
        if game.to_act() == (CHANCE,):
            for seat in range(4):
                sample = d.determinize(game.state, seat, Rng(seat))
                assert d.view(sample, seat) == game.view(seat)
                checked += 1
            game.apply(game.chance_outcomes()[-1][0], player=CHANCE)
        else:
            game.apply(game.legal_moves()[0])
    assert checked > 20


def test_a_game_cut_off_is_flagged_and_ranked_by_its_scores() -> None:
    state = _random_state("village", 2, 3, 200, max_moves=30)
    assert state.is_terminal() and state.is_truncated() and not state.live.game.is_over
    scores = state.scores()
    best = [s for s in range(2) if scores[s] == max(scores)]
    assert state.winners() == best and state.returns() == [1 / len(best) if s in best else 0.0 for s in range(2)]
    finished = _random_state("saint_petersburg", 2, 3, 5000)
    assert finished.is_terminal() and not finished.is_truncated()
    assert finished.winners() == finished.live.game.winners()


@pytest.mark.parametrize("name", GAMES)
def test_the_tensors_answered_in_python_are_openspiels_own(name: str) -> None:
    """A state answers ``observation_tensor`` and ``information_state_tensor`` itself (OpenSpiel's own path builds
    an initial state on every call): move by move, for every seat, both equal what OpenSpiel's C++ path gives
    through the observers, and an invalid seat is refused as OpenSpiel refuses it."""
    game = pyspiel.load_game(bos.PREFIX + name, {"players": 3, "seed": 4})
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(60):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            for seat in range(3):
                assert state.observation_tensor(seat) == pyspiel.State.observation_tensor(state, seat)
                assert state.information_state_tensor(seat) == pyspiel.State.information_state_tensor(state, seat)
            assert state.observation_tensor() == state.observation_tensor(state.current_player())
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
    assert isinstance(state.observation_tensor(0), list)
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(3)


@pytest.mark.parametrize("name, players", [("saint_petersburg", 4), ("citadels", 5), ("keythedral", 3),
                                           ("village", 4)])
def test_states_play_the_checked_games_moves_and_copies_keep_their_own(name: str, players: int) -> None:
    """A state plays on the engine's fast path: its checked game, brought up to date when read (every move checked
    and applied), stands at the same position; a copy shares that game until either brings it up to date, and
    each then has its own position and history, a serialised copy too."""
    game = pyspiel.load_game(bos.PREFIX + name, {"players": players, "seed": 2})
    state, rng = game.new_initial_state(), np.random.default_rng(2)
    d = definition(name)
    copies = []
    for step in range(160):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(int(rng.choice(actions)))
        if step % 10 == 3:
            copies.append((state.clone(), d.snapshot(state.live.position()), state.history()))
        if step % 25 == 0:
            checked = state.live.game
            assert checked is not None and d.snapshot(checked.state) == d.snapshot(state.live.position())
    assert len(copies) > 10
    for copy, seen, history in copies:
        assert copy.history() == history and d.snapshot(copy.live.position()) == seen
        assert d.snapshot(copy.live.game.state) == seen and copy.live.game.ply == len(history)  # a fixed seed: no deal node
        _, again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, copy))
        assert d.snapshot(again.live.position()) == seen and again.legal_actions() == copy.legal_actions()
    assert d.snapshot(state.live.game.state) == d.snapshot(state.live.position())
