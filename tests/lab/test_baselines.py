"""Baselines: the round-robin command, the learner trained through PettingZoo, OpenSpiel's ISMCTS as a lab bot."""
from __future__ import annotations

import json
import random

import numpy as np
import pandas as pd
import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from boardgames_lab.analysis.baselines import (BOTS, QUICK, Budgets, baselines, bot_table, pairing_table, play_pair,
                                               train_learner)
from boardgames_lab.analysis.stats import wilson
from boardgames_lab.bots import RandomBot, Seat, bot_move
from boardgames_lab.bots.learner import LearnerBot, LinearPolicy
from boardgames_lab.bots.spiel import OpenSpielISMCTSBot
from boardgames_lab.cli import main
from boardgames_lab.core.registry import new_game
from tests.lab.test_bots import _mid_game, _scramble_hidden

TINY = Budgets(mcts_iterations=4, mcts_depth=10, ismcts_simulations=3, ismcts_depth=8, train_episodes=6,
               train_cycles=40)


def test_the_command_prints_every_bot_and_every_pair(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["baselines", "citadels", "--games", "2", "--quick", "--train-episodes", "6", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "citadels, 2 players, 2 games per pair" in out and "openspiel_ismcts 4 simulations" in out
    rows = {line.split(" | ")[0].strip("| ") for line in out.splitlines() if line.startswith("| ")}
    assert set(BOTS) <= rows
    pairs = [f"{a} v {b}" for i, a in enumerate(BOTS) for b in BOTS[i + 1:]]
    assert set(pairs) <= rows and len(pairs) == 10


def test_the_command_refuses_an_unknown_bot_by_name() -> None:
    with pytest.raises(SystemExit, match="bots must be two or more different names"):
        main(["baselines", "citadels", "--bots", "random,alphazero", "--quick"])


def test_the_same_seed_gives_the_same_table() -> None:
    def run() -> pd.DataFrame:
        return baselines("saint_petersburg", games=2, seed=5, budgets=TINY,
                         bots=["random", "mcts", "openspiel_ismcts", "learner"]).drop(columns=["think"])

    first, second = run(), run()
    pd.testing.assert_frame_equal(first, second)
    assert first["finished"].all() and set(first["pairing"]) == {
        "random v mcts", "random v openspiel_ismcts", "random v learner", "mcts v openspiel_ismcts",
        "mcts v learner", "openspiel_ismcts v learner"}
    table = bot_table(first.assign(think=0.0))
    assert (table["games"] == 6).all() and set(pairing_table(first.assign(think=0.0))["games"]) == {2}


def test_seats_rotate_so_each_bot_plays_each_seat() -> None:
    rows = pd.DataFrame(play_pair("citadels", 2, ("random", "heuristic"), {
        "random": lambda s: RandomBot(seed=s), "heuristic": lambda s: RandomBot(seed=s + 1)}, 4, 0))
    assert sorted(rows[rows["bot"] == "random"]["seat"]) == [0, 0, 1, 1]
    assert (rows.groupby("game")["win"].sum() == 1).all()


def test_training_is_deterministic_and_reads_only_the_pettingzoo_observation() -> None:
    a = train_learner("citadels", 2, TINY, seed=3)
    b = train_learner("citadels", 2, TINY, seed=3)
    assert a.policy.rows == b.policy.rows and a.policy.rows
    assert np.array_equal(a.policy.weights, b.policy.weights) and np.array_equal(a.policy.value, b.policy.value)
    assert len(a.rewards) == 2 * TINY.train_episodes  # self-play: every seat learns


def test_the_trained_learner_beats_random_play_and_the_untrained_one_does_not() -> None:
    budgets = Budgets(train_episodes=80, opponent="self")
    trained = train_learner("citadels", 2, budgets, seed=0).policy
    untrained = LinearPolicy("citadels", 2)

    def rate(policy: LinearPolicy) -> tuple[float, float, float]:
        rows = pd.DataFrame(play_pair("citadels", 2, ("learner", "random"), {
            "learner": lambda s: LearnerBot(policy, seed=s), "random": lambda s: RandomBot(seed=s)}, 40, 100))
        wins = float(rows[rows["bot"] == "learner"]["win"].sum())
        return (wins / 40, *wilson(wins, 40))

    won, low, _ = rate(trained)
    before, low_before, _ = rate(untrained)  # all weights 0: uniform among the legal moves, as random plays
    assert low > 0.5, f"the trained learner won {won:.2f} of its games against random"
    assert low_before < 0.5 and won > before


def test_a_nearly_flat_policys_mode_can_lose_where_drawing_from_it_does_not() -> None:
    # The docs' seed spread: seed 2's training leaves a nearly flat policy whose mode never builds; played greedily
    # (the default) it wins 1 of 40 games against random play, drawn from about half of them.
    policy = train_learner("citadels", 2, Budgets(train_episodes=80), seed=2).policy

    def rate(greedy: bool) -> float:
        rows = pd.DataFrame(play_pair("citadels", 2, ("learner", "random"), {
            "learner": lambda s: LearnerBot(policy, seed=s, greedy=greedy),
            "random": lambda s: RandomBot(seed=s)}, 40, 100))
        return float(rows[rows["bot"] == "learner"]["win"].sum()) / 40

    assert rate(greedy=True) == 0.025
    assert rate(greedy=False) == 0.45


def test_a_saved_policy_plays_the_same_and_a_changed_numbering_is_refused(tmp_path: pytest.TempPathFactory) -> None:
    policy = train_learner("citadels", 2, TINY, seed=1).policy
    path = str(tmp_path / "policy.json")  # type: ignore[operator]
    policy.save(path)
    loaded = LinearPolicy.load(path)
    assert loaded.rows == policy.rows and np.allclose(loaded.weights[:len(loaded.rows)],
                                                      policy.weights[:len(policy.rows)], atol=1e-6)
    game = new_game("citadels", players=2, seed=4)
    for _ in range(12):
        game.apply(bot_move(game, RandomBot(seed=game.ply)))
    assert bot_move(game, LearnerBot(loaded, seed=2)) == bot_move(game, LearnerBot(policy, seed=2))
    with open(path) as f:
        data = json.load(f)
    data["fingerprint"] = "sha256:0000000000000000"
    with pytest.raises(ValueError, match="another numbering of citadels's actions"):
        LinearPolicy.from_json(data)
    with pytest.raises(ValueError, match="not a linear policy"):
        LinearPolicy.from_json({"format": "pickle"})


def test_block_rows_carry_what_training_learnt_to_actions_it_never_met(tmp_path: pytest.TempPathFactory) -> None:
    plain = train_learner("keythedral", 2, TINY, seed=0).policy
    assert not plain.block_weights.any()  # off by default: each action learns alone
    policy = train_learner("keythedral", 2, Budgets(train_episodes=4, train_cycles=40, opponent="random",
                                                    block_rows=True), seed=0).policy
    assert policy.block_weights.any()
    x = np.ones(policy.size)
    unmet = [a for a in range(policy.table.size) if a not in policy.rows]
    by_block: dict[int, int] = {}
    for a in unmet:
        by_block.setdefault(int(policy.block[a]), a)
    ranked = sorted(by_block, key=lambda b: float(policy.block_weights[b] @ x))
    pair = [by_block[ranked[0]], by_block[ranked[-1]]]  # the unmet actions of the least and the most liked block
    p = policy.probabilities(x, pair)
    assert p[1] > p[0]  # an untrained policy, or one without block rows, gives both 0.5
    path = str(tmp_path / "policy.json")  # type: ignore[operator]
    policy.save(path)
    loaded = LinearPolicy.load(path)
    assert np.allclose(loaded.block_weights, policy.block_weights, atol=1e-6)
    assert np.allclose(loaded.probabilities(x, pair), p, atol=1e-5)
    with open(path) as f:
        data = json.load(f)
    data["blocks"] = data["blocks"][1:]
    with pytest.raises(ValueError, match="the field 'blocks' must name keythedral's blocks"):
        LinearPolicy.from_json(data)
    with pytest.raises(ValueError, match="block_rows must be True or False"):
        train_learner("keythedral", budgets=Budgets(block_rows=1))  # type: ignore[arg-type]


def test_the_learner_decides_the_same_whatever_is_hidden() -> None:
    policy = train_learner("saint_petersburg", 3, TINY, seed=2).policy
    for plies in (10, 25, 40):
        game = _mid_game(plies=plies)
        other = _scramble_hidden(game, game.current_player)
        assert bot_move(game, LearnerBot(policy, seed=1)) == bot_move(other, LearnerBot(policy, seed=1))


def test_openspiels_ismcts_reads_the_hidden_part_only_through_the_seats_samples() -> None:
    for plies in (10, 25, 40):
        game = _mid_game(plies=plies)
        me = game.current_player
        other = _scramble_hidden(game, me)
        drawn = Seat(game.definition, game.state, me, game.legal_moves()).sample(random.Random(7))
        chosen = []
        for position in (game, other):  # the same sample handed out in two positions that differ in what is hidden
            seat = Seat(position.definition, position.state, me, position.legal_moves())
            seat._sample = lambda rng: position.definition.clone_state(drawn)
            chosen.append(OpenSpielISMCTSBot(seed=1, simulations=6, depth=8).decide(seat))
        assert chosen[0] == chosen[1] and chosen[0] in game.legal_moves()


def test_openspiels_ismcts_plays_legal_moves_to_the_end_of_a_game() -> None:
    rows = pd.DataFrame(play_pair("village", 2, ("openspiel_ismcts", "random"), {
        "openspiel_ismcts": lambda s: OpenSpielISMCTSBot(seed=s, simulations=2, depth=4),
        "random": lambda s: RandomBot(seed=s)}, 1, 0))
    assert rows["finished"].all() and rows["decisions"].sum() == rows["plies"].iloc[0]


def test_budgets_are_checked_by_name() -> None:
    with pytest.raises(ValueError, match="ismcts_simulations must be a whole number of at least 1"):
        baselines("citadels", budgets=Budgets(ismcts_simulations=0))
    with pytest.raises(ValueError, match="opponent must be one of"):
        train_learner("citadels", budgets=Budgets(opponent="expert"))
    assert QUICK.mcts_iterations < Budgets().mcts_iterations
