"""``python -m bench.adapters``: its counts are checked, and ``--mcts 0`` leaves the MCTS comparison out."""
from __future__ import annotations

import pytest

from bench import adapters


@pytest.mark.parametrize("argv, field", [(["--steps", "0"], "--steps"), (["--rounds", "0"], "--rounds"),
                                         (["--mcts", "-1"], "--mcts")])
def test_a_count_out_of_range_is_refused_by_name(argv: list[str], field: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        adapters.main(argv)
    assert stop.value.code == 2
    assert field in capsys.readouterr().err


def test_no_mcts_iterations_measures_the_adapters_alone(capsys: pytest.CaptureFixture[str]) -> None:
    adapters.main(["--game", "village", "--steps", "30", "--rounds", "1", "--mcts", "0"])
    out = capsys.readouterr().out
    row = out.splitlines()[1].split()
    assert row[:2] == ["village", "4"]
    assert len(row) == 14 and all(float(x) > 0 for x in row[2:])  # rates, ratios and the two floors
    assert "Against the Game API observing as well" in out
    assert "OpenSpiel's own cost of a step" in out
    assert "MCTS on Saint Petersburg" not in out
