"""Payoff matrices, equilibria, replicator dynamics, rule variants and the exercises."""
from __future__ import annotations

import matplotlib
import numpy as np
import pandas as pd
import pytest

from boardgames_lab.analysis.exercises import exercise, exercises
from boardgames_lab.analysis.gametheory import (equilibria, is_equilibrium, payoff_matrix, plot_payoffs,
                                                plot_replicator, replicator)
from boardgames_lab.analysis.variants import MEASURES, compare_variants, per_game, plot_variants

matplotlib.use("Agg")
RPS = pd.DataFrame([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], index=list("RPS"), columns=list("RPS"), dtype=float)
DILEMMA = pd.DataFrame([[3, 0], [5, 1]], index=["cooperate", "defect"], columns=["cooperate", "defect"], dtype=float)


def test_equilibria_of_known_games() -> None:
    rps = equilibria(RPS)
    assert len(rps) == 1 and rps.loc[0, "row:R"] == pytest.approx(1 / 3) and rps.loc[0, "symmetric"]
    dilemma = equilibria(DILEMMA)
    assert len(dilemma) == 1 and dilemma.loc[0, "row:defect"] == 1.0 and dilemma.loc[0, "row_payoff"] == 1.0


def test_equilibrium_check() -> None:
    assert is_equilibrium(DILEMMA, "defect")
    assert not is_equilibrium(DILEMMA, "cooperate")
    assert is_equilibrium(RPS, [1 / 3] * 3) and not is_equilibrium(RPS, "R")
    with pytest.raises(ValueError, match="probabilities"):
        is_equilibrium(RPS, [0.5, 0.6, 0.1])


def test_replicator_dynamics_drive_out_a_dominated_strategy() -> None:
    path = replicator(DILEMMA, start=[0.9, 0.1], steps=50, horizon=30)
    assert list(path.columns) == ["cooperate", "defect"]
    assert path.iloc[-1]["defect"] > 0.95 and np.allclose(path.sum(axis=1), 1.0, atol=1e-6)
    assert plot_replicator(path).get_lines()


def test_empirical_payoff_matrix_between_bots() -> None:
    A = payoff_matrix("saint_petersburg", {"random": "random", "heuristic": "heuristic"}, games=6, backend="serial")
    assert A.loc["random", "random"] == pytest.approx(0.5) and A.loc["heuristic", "heuristic"] == pytest.approx(0.5)
    assert A.loc["heuristic", "random"] > 0.5 > A.loc["random", "heuristic"]
    eq = equilibria(A)
    assert (eq["row:heuristic"] == 1.0).any()
    assert plot_payoffs(A).images


def test_three_player_payoffs_put_one_strategy_against_a_field() -> None:
    A = payoff_matrix("saint_petersburg", {"r": "random", "h": "heuristic"}, games=6, players=3, backend="serial")
    assert A.loc["h", "r"] > 1 / 3 > A.loc["r", "h"]


def test_rule_variants_are_compared_on_every_measure_with_intervals() -> None:
    table = compare_variants("saint_petersburg", ["random", "random"],
                             {"printed": {}, "open money": {"open_money": True}}, games=8, backend="serial")
    assert set(table.index.get_level_values("measure")) == set(MEASURES)
    assert set(table.index.get_level_values("variant")) == {"printed", "open money"}
    assert ((table["ci_low"] <= table["mean"]) & (table["mean"] <= table["ci_high"])).all()
    assert plot_variants(table).axes


def test_measures_per_game() -> None:
    from boardgames_lab.analysis import tournament

    df = tournament("saint_petersburg", ["heuristic", "random"], games=4, backend="serial", trace=True)
    games = per_game(df)
    assert len(games) == 4 and (games["game_length"] > 50).all() and (games["decisiveness"] >= 0).all()
    assert (games["score_spread"] == games["decisiveness"]).all()  # two players: spread is the winner's lead


def test_saint_petersburg_buy_or_take_exercise() -> None:
    assert "saint_petersburg.buy_or_take" in exercises()
    ex = exercise("saint_petersburg.buy_or_take", playouts=4)
    assert "take it into hand" in ex.statement()
    A, B = ex.payoffs()
    assert list(A.index) == ["buy", "take"] and list(A.columns) == ["buy", "pass"]
    eq = ex.equilibria()
    assert len(eq) >= 1
    pure = [(r, c) for r in A.index for c in A.columns if ex.check(r, c)]
    wrong = [(r, c) for r in A.index for c in A.columns if not ex.check(r, c)]
    for r, c in pure:
        assert ((eq[f"row:{r}"] == 1.0) & (eq[f"col:{c}"] == 1.0)).any()
    for r, c in wrong:
        assert "would rather" in str(ex.check(r, c))
    with pytest.raises(ValueError, match="no exercise"):
        exercise("chess.opening")
