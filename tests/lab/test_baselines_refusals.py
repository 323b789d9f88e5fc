"""The baselines refuse a policy of another game, a move cap of 0, and say only what is in the run."""
from __future__ import annotations

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from boardgames_lab.analysis.baselines import Budgets, baselines, format_tables, play_pair, train_learner
from boardgames_lab.bots.learner import LinearPolicy
from boardgames_lab.cli import main, parser

TINY = Budgets(train_episodes=2, train_cycles=20)


def test_a_policy_of_another_game_or_player_count_is_refused_before_anything_runs() -> None:
    citadels = LinearPolicy("citadels", 2)
    with pytest.raises(ValueError, match="the policy is for citadels, not saint_petersburg"):
        baselines("saint_petersburg", games=1, bots=["random", "learner"], policy=citadels)
    with pytest.raises(ValueError, match="the policy is for citadels, not saint_petersburg"):
        train_learner("saint_petersburg", 2, TINY, policy=citadels)
    with pytest.raises(ValueError, match="the policy is for citadels at 2 players, not 3"):
        train_learner("citadels", 3, TINY, policy=citadels)
    with pytest.raises(ValueError, match="policy must be a LinearPolicy"):
        baselines("citadels", games=1, bots=["random", "learner"], policy="policy.json")  # type: ignore[arg-type]
    before = citadels.weights.copy()
    assert (citadels.weights == before).all() and not citadels.rows


def test_the_command_says_in_one_line_that_the_policy_is_for_another_game(tmp_path: pytest.TempPathFactory) -> None:
    path = str(tmp_path / "citadels.json")  # type: ignore[operator]
    LinearPolicy("citadels", 2).save(path)
    with pytest.raises(SystemExit, match="^baselines: the policy is for citadels, not saint_petersburg$"):
        main(["baselines", "saint_petersburg", "--bots", "random,learner", "--policy", path, "--games", "1"])


def test_a_move_cap_of_zero_is_refused_as_games_zero_is() -> None:
    with pytest.raises(ValueError, match="max_moves must be a whole number of at least 1"):
        baselines("citadels", games=1, bots=["random", "heuristic"], max_moves=0)
    with pytest.raises(ValueError, match="max_moves must be a whole number of at least 1"):
        play_pair("citadels", 2, ("random", "heuristic"), {}, 1, 0, max_moves=0)
    with pytest.raises(SystemExit, match="max_moves must be a whole number of at least 1"):
        main(["baselines", "citadels", "--bots", "random,heuristic", "--max-moves", "0", "--games", "1"])


def test_the_header_speaks_of_the_learner_only_when_it_plays() -> None:
    results = baselines("saint_petersburg", games=1, budgets=TINY, bots=["random", "heuristic"])
    head = format_tables(results).splitlines()[0]
    assert "learner" not in head and head.endswith("openspiel_ismcts 10 simulations (depth 20).")
    trained = baselines("saint_petersburg", games=1, budgets=TINY, bots=["random", "learner"])
    assert "learner trained on 2 PettingZoo episodes" in format_tables(trained)
    given = baselines("saint_petersburg", games=1, budgets=TINY, bots=["random", "learner"],
                      policy=LinearPolicy("saint_petersburg", 2))
    assert "learner: a policy trained before" in format_tables(given)


def test_the_baselines_help_says_95_percent_once() -> None:
    sub = next(a for a in parser()._actions if a.dest == "command")
    text = sub.choices["baselines"].format_help()  # type: ignore[attr-defined]
    assert "95% Wilson intervals" in " ".join(text.split()) and "%%" not in text
