"""Tournaments on one machine: seat rotation, identical results on every backend, intervals, plots."""
from __future__ import annotations

import math

import matplotlib
import pytest

from boardgames_lab.analysis import (BotSpec, as_spec, margins, mean_ci, plot_win_rates, seat_advantage,
                                     tournament, wilson, win_rates)
from boardgames_lab.analysis.tournament import schedule

matplotlib.use("Agg")


def test_every_bot_plays_every_seat_equally_often() -> None:
    df = tournament("saint_petersburg", ["random", "heuristic", "random:seed=0"], games=12, backend="serial")
    assert len(df) == 12 * 3 and df["game"].nunique() == 12
    counts = df.groupby(["slot", "seat"]).size()
    assert set(counts) == {4}
    per_game = df.groupby("game")
    assert (per_game["win"].sum().round(9) == 1.0).all()  # ties share one win
    assert (per_game["seed"].nunique() == 1).all()


def test_each_seed_is_played_with_every_rotation() -> None:
    plan = schedule(players=2, games=6, seeds=[10, 20], seed=0)
    assert plan == [(0, 10, 0), (1, 10, 1), (2, 20, 0), (3, 20, 1), (4, 10, 0), (5, 10, 1)]
    assert schedule(2, 3, None, 5) == [(0, 5, 0), (1, 5, 1), (2, 6, 0)]


def test_local_processes_give_the_same_table_as_one_process() -> None:
    bots = ["heuristic", "random"]
    serial = tournament("saint_petersburg", bots, games=16, backend="serial", trace=True)
    parallel = tournament("saint_petersburg", bots, games=16, workers=2, batch_size=3, trace=True)
    assert serial.equals(parallel)
    assert serial["lead_changes"].notna().all()


def test_the_same_seeds_give_the_same_games() -> None:
    a = tournament("saint_petersburg", ["random", "random"], games=4, seeds=[3, 4], backend="serial")
    b = tournament("saint_petersburg", ["random", "random"], games=4, seeds=[3, 4], backend="serial", batch_size=1)
    c = tournament("saint_petersburg", ["random", "random"], games=4, seeds=[5, 6], backend="serial")
    assert a.equals(b) and not a.equals(c)


def test_options_reach_the_games_and_are_recorded() -> None:
    df = tournament("saint_petersburg", ["random", "random"], games=2, options={"open_money": True}, backend="serial")
    assert df.attrs["options"]["open_money"] is True
    with pytest.raises(Exception, match="no option"):
        tournament("saint_petersburg", ["random", "random"], games=2, options={"colour": 1}, backend="serial")


def test_bad_bot_lists_are_refused() -> None:
    with pytest.raises(ValueError, match="one bot per seat"):
        tournament("saint_petersburg", ["random"] * 3, games=2, players=2)
    with pytest.raises(ValueError, match="no bot"):
        tournament("saint_petersburg", ["oracle", "random"], games=2)


def test_bot_specs_read_from_text_and_pairs() -> None:
    assert as_spec("mcts:iterations=50,exploration=1.5") == BotSpec("mcts", {"iterations": 50, "exploration": 1.5})
    assert as_spec(("ismcts", {"iterations": 9})).title == "ismcts(iterations=9)"
    assert BotSpec("mcts", {"iterations": 9}, label="deep").title == "deep"


def test_the_batch_callback_counts_every_game() -> None:
    seen: list[int] = []
    tournament("saint_petersburg", ["random", "random"], games=7, backend="serial", batch_size=2, on_batch=seen.append)
    assert seen == [2, 4, 6, 7]


def test_intervals() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and 0 < wilson(0, 10)[1] < 0.35
    for n in range(1, 60):
        assert wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0
    mean, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and hi - mean == pytest.approx(1.96 * math.sqrt(5 / 3) / 2, rel=1e-3)


def test_win_rates_margins_and_plot() -> None:
    df = tournament("saint_petersburg", ["heuristic", "random"], games=20, backend="serial")
    rates = win_rates(df)
    assert rates.loc["heuristic", "win_rate"] > rates.loc["random", "win_rate"]
    assert (rates["ci_low"] <= rates["win_rate"]).all() and (rates["win_rate"] <= rates["ci_high"]).all()
    assert margins(df).loc["heuristic", "margin"] > 0
    assert list(seat_advantage(df).index) == [0, 1]
    ax = plot_win_rates(df)
    assert len(ax.patches) == 2


# --- games that may not end ------------------------------------------------------------------------------

def test_move_caps_are_declared_by_each_game_with_a_default(monkeypatch: pytest.MonkeyPatch) -> None:
    from boardgames_lab.analysis import DEFAULT_MOVE_CAP, move_cap
    from boardgames_lab.core import registry
    from boardgames_lab.core.registry import definition
    from tests.lab.tinygames import Nim

    assert move_cap("keythedral") == definition("keythedral").move_cap == 10_000
    assert move_cap("saint_petersburg") == 2_000
    monkeypatch.setitem(registry._GAMES, "nim_test", Nim())  # declares no cap of its own
    assert move_cap("nim_test") == DEFAULT_MOVE_CAP
    with pytest.raises(ValueError, match="max_moves"):
        tournament("saint_petersburg", ["random", "random"], games=2, backend="serial", max_moves=0)


def test_a_game_stopped_at_the_cap_is_recorded_unfinished_and_left_out_of_the_numbers() -> None:
    from boardgames_lab.analysis import summarize, unfinished_games

    full = tournament("saint_petersburg", ["heuristic", "random"], games=8, backend="serial")
    cap = int(full["plies"].median())  # about half the games run longer than this
    df = tournament("saint_petersburg", ["heuristic", "random"], games=8, backend="serial", max_moves=cap)
    stopped = df[~df["finished"]]
    assert 0 < unfinished_games(df) == df.attrs["unfinished"] < 8 and df.attrs["max_moves"] == cap
    assert (stopped["plies"] == cap).all() and stopped[["score", "win", "rank", "margin"]].isna().all().all()
    kept = df[df["finished"]]
    assert kept.groupby("game")["win"].sum().round(9).eq(1.0).all()
    assert (full.set_index(["game", "seat"]).loc[kept.set_index(["game", "seat"]).index, "score"]
            == kept.set_index(["game", "seat"])["score"]).all()  # the finished games are the same games
    rates = win_rates(df)
    assert rates["games"].sum() == len(kept) and rates["unfinished"].sum() == len(stopped)
    assert rates.loc["heuristic", "win_rate"] == pytest.approx(kept.loc[kept["bot"] == "heuristic", "win"].mean())
    assert summarize(df, "score")["unfinished"].sum() == len(stopped)


def test_random_keythedral_players_are_stopped_not_counted() -> None:
    df = tournament("keythedral", ["random", "random"], games=2, backend="serial", max_moves=3_000)
    assert not df["finished"].any() and df.attrs["unfinished"] == 2
    rates = win_rates(df)
    assert rates.loc["random", "games"] == 0 and rates.loc["random", "unfinished"] == 4  # two seats, two games
