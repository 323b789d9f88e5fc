"""``boardgames-lab tournament`` on the command line."""
from __future__ import annotations

import pandas as pd

from boardgames_lab.cli import main


def test_tournament_prints_win_rates_and_writes_csv(capsys, tmp_path) -> None:  # type: ignore[no-untyped-def]
    out_csv = tmp_path / "games.csv"
    assert main(["tournament", "saint_petersburg", "--bots", "heuristic", "random", "--games", "4",
                 "--workers", "1", "--quiet", "--csv", str(out_csv), "--option", "open_money=true"]) == 0
    out = capsys.readouterr().out
    assert "4 games of saint_petersburg" in out and "heuristic" in out and "95% CI" in out
    assert len(pd.read_csv(out_csv)) == 8


def test_tournament_with_bot_options_in_local_processes(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["tournament", "saint_petersburg", "--bots", "random", "mcts:iterations=2", "--games", "4",
                 "--quiet"]) == 0
    assert "mcts(iterations=2)" in capsys.readouterr().out
