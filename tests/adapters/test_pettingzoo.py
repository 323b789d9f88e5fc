"""PettingZoo's own checks (api_test, seed_test) on every game and player count, and what an agent observes."""
from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import boardgames_lab as bgl
from boardgames_lab.adapters.pettingzoo import BoardGameEnv
from boardgames_lab.pettingzoo import env
from tests.adapters.test_actions import COUNTS


@pytest.fixture(autouse=True)
def _quiet() -> None:
    # api_test warns that a Dict observation is "not a NumPy array": PettingZoo's own action-masked games do too.
    warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
    warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")


@pytest.mark.parametrize("name,players", COUNTS)
def test_pettingzoos_api_and_seed_tests_pass(name: str, players: int) -> None:
    with pytest.warns(UserWarning, match=r"reset ignores \['options'\]"):  # api_test resets with options={"options": 1}
        api_test(env(name, players=players), num_cycles=60)
    seed_test(lambda: env(name, players=players), num_cycles=30)


def test_duel_plays_to_the_end_with_chance_drawn_by_the_seed(duel: str) -> None:
    with pytest.warns(UserWarning, match="reset ignores"):
        api_test(env(duel, players=3), num_cycles=100)
    seed_test(lambda: env(duel, players=2), num_cycles=100)
    first = env(duel, players=2)
    first.reset(seed=5)
    again = env(duel, players=2)
    again.reset(seed=5)
    assert first.game.position() == again.game.position() == bgl.new_game(duel, players=2, seed=5).position()


def _play_out(e: env, seed: int) -> dict[str, float]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        mask = obs["action_mask"]
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(mask))))
    return total


def test_the_win_is_worth_one_shared_among_the_winners(duel: str) -> None:
    e = env(duel, players=3)
    for seed in range(5):
        total = _play_out(e, seed)
        winners = e.game.winners()
        assert total == {f"player_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(3)}


def test_an_observation_is_the_features_of_the_seats_own_view_and_its_legal_moves() -> None:
    e = env("citadels", players=4)
    e.reset(seed=3)
    agent = e.agent_selection
    seat = e.agent_seat[agent]
    obs = e.observe(agent)
    layout, encode = e.features.LAYOUT, e.features.encode
    assert obs["observation"].dtype == np.float32 and obs["observation"].shape == (layout.size,)
    assert list(obs["observation"]) == list(encode(e.view(agent), seat, 4)) and e.view(agent) == e.game.view(seat)
    hand = e.game.view(seat)["players"][seat]["hand"]
    assert all(obs["observation"][layout.at("hand", card)] == hand.count(card) for card in hand)
    table = e.table
    assert sorted(np.flatnonzero(obs["action_mask"])) == table.actions(e.game.legal_moves())
    other = next(a for a in e.agents if a != agent)
    assert not e.observe(other)["action_mask"].any()
    assert (e.observe(other)["observation"] != obs["observation"]).any()


def where(e: BoardGameEnv) -> tuple[object, object]:
    """The environment's own position and its checked game's, to compare before and after a step."""
    return e.definition.snapshot(e.state), e.game.position()


@pytest.mark.parametrize("name, players", [("saint_petersburg", 4), ("citadels", 6), ("keythedral", 3),
                                           ("village", 4)])
def test_the_environment_plays_the_checked_games_moves_and_positions(name: str, players: int) -> None:
    """Played on the fast path, observed or not: every step's position is the one the checked Game reaches by
    checking and applying the same moves, and each info tells the move as that agent's log does."""
    e = env(name, players=players, max_cycles=60)
    e.reset(seed=3)
    rng, d, steps = random.Random(3), e.definition, 0
    for agent in e.agent_iter():
        obs, _, terminated, truncated, info = e.last(observe=steps % 3 != 0)
        if terminated or truncated:
            e.step(None)
            continue
        mask = obs["action_mask"] if obs is not None else e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
        if steps % 7 == 0 or not e.agents:
            game = e.game
            assert game.ply == steps and d.snapshot(game.state) == d.snapshot(e.state)
            for other in e.possible_agents:
                told = game.log_for(e.agent_seat[other])[-1]
                assert e.infos[other]["last_move"] == (told["text"] if told["ply"] == steps else None)
    assert steps > 40


def test_an_illegal_action_is_refused_naming_the_rule_and_changes_nothing() -> None:
    e = env("saint_petersburg", players=2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    before = where(e)
    with pytest.raises(bgl.IllegalMove):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert where(e) == before


@pytest.mark.parametrize("observed", [True, False])
@pytest.mark.parametrize("action, why", [
    (0.0, "integer"), (0.7, "integer"), ("0", "integer"), (True, "integer"), (np.float32(0), "integer"),
    (None, "integer"), ([0], "integer"), (-1, "from 0 to"), (10**9, "from 0 to")])
def test_an_action_that_is_not_an_action_number_is_refused_naming_it(action: object, why: str,
                                                                      observed: bool) -> None:
    """Only an int or a NumPy integer in the table's range is an action: a float, text or a bool is never
    rounded or read as a number (listed by observing or not), and nothing changes."""
    e = env("saint_petersburg", players=2)
    e.reset(seed=1)
    legal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0])
    assert legal == 0  # so each refused value below stands for a legal move if it were coerced
    if not observed:
        e._turn = None
    before = where(e)
    with pytest.raises(ValueError, match=f"action must be .*{why}"):
        e.step(action)
    assert where(e) == before and e.game.ply == 0
    e.step(np.int64(legal))
    assert e.game.ply == 1


@pytest.mark.parametrize("mode", ["ansi", "html"])
def test_render_modes(mode: str) -> None:
    e = env("saint_petersburg", players=3, render_mode=mode)
    e.reset(seed=2)
    out = e.render()
    assert isinstance(out, str) and out
    assert ("<" in out) == (mode == "html")


def test_a_window_asks_its_seats_one_at_a_time_in_to_act_order(duel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """No game opens a window at the start, so Duel's ``to_act`` is made to name two seats: 2, then 0."""
    import pyspiel

    from boardgames_lab.adapters import openspiel as bos
    e = env(duel, players=3)
    e.reset(seed=1)
    state = pyspiel.load_game(bos.register(duel), {"players": 3, "seed": 1}).new_initial_state()
    while state.is_chance_node():  # the deal
        state.apply_action(0)
    d = e.game.definition
    monkeypatch.setattr(d, "to_act", lambda st: (2, 0))
    state.live.player = None  # the state remembers its player between moves: forget it, as a move would
    e._select()
    assert e.agent_selection == "player_2"
    mask = e.observe("player_2")["action_mask"]
    assert sorted(np.flatnonzero(mask)) == e.table.actions(d.seat_moves(e.state, 2))
    assert not e.observe("player_0")["action_mask"].any()
    assert state.current_player() == 2 and state.legal_actions(2) == e.table.actions(d.seat_moves(e.state, 2))
    st = e.state  # the environment's position
    st.stakes[2], st.deck = 5, []  # seat 2 has no move left: the window asks seat 0
    e._select()
    assert e.agent_selection == "player_0"
    e.step(e.table.encode(d.seat_moves(st, 0)[0]))
    assert e._moves[-1].player == 0 and e.state is st


def test_max_cycles_cuts_the_game_off_ranked_by_its_scores_and_infos_tell_the_last_move() -> None:
    e = env("village", players=2, max_cycles=10)
    e.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and info["truncated"]
            scores = info["scores"]
            assert scores == e.game.scores() and info["winners"] == [s for s in range(2) if scores[s] == max(scores)]
            e.step(None)
            continue
        if steps:
            assert info["last_move"] == e.game.log_for(e.agent_seat[agent])[-1]["text"]
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    assert steps == 20 and not e.game.is_over
    with pytest.raises(ValueError, match="max_cycles"):
        env("village", max_cycles=0)


@pytest.mark.parametrize("name, players", [("saint_petersburg", 4), ("citadels", 6), ("keythedral", 3),
                                           ("keythedral", 5), ("village", 4)])
def test_a_step_never_observed_plays_what_an_observed_step_plays(name: str, players: int) -> None:
    """An agent that never asks for an observation gets its action read without the mask's numbering (the move
    last found for that seat and number, by identity): the same game, infos, rewards and refusals as an agent
    that observes every step, with actions not legal where they are played mixed in."""
    def refusal(e: BoardGameEnv, action: int) -> str:
        before = where(e)
        with pytest.raises(Exception) as refused:
            e.step(action)
        assert where(e) == before
        return f"{type(refused.value).__name__}: {refused.value}"

    seen, blind = (env(name, players=players, max_cycles=40) for _ in range(2))
    rng = random.Random(11)
    for seed in (11, 12):  # a second game on the same environments: what the first game taught is met again
        for e in (seen, blind):
            e.reset(seed=seed)
        steps = 0
        while seen.agents:
            obs, reward, terminated, truncated, info = seen.last()
            assert blind.agent_selection == seen.agent_selection
            assert blind.last(observe=False)[1:] == (reward, terminated, truncated, info)
            if terminated or truncated:
                seen.step(None)
                blind.step(None)
                continue
            legal, other = np.flatnonzero(obs["action_mask"]), np.flatnonzero(obs["action_mask"] == 0)
            if steps % 4 == 3 and len(other):  # a number that names no legal move here
                wrong = int(other[rng.randrange(len(other))])
                assert refusal(blind, wrong) == refusal(seen, wrong)
            action = int(legal[rng.randrange(len(legal))])
            seen.step(action)
            blind.step(action)
            steps += 1
            assert seen.definition.snapshot(blind.state) == seen.definition.snapshot(seen.state)
        assert not blind.agents and steps > 40
