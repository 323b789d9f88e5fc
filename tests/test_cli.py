"""The boardgames-lab command line."""
import subprocess
import sys
from pathlib import Path

from boardgames_lab.cli import main


def test_play_prints_a_whole_game(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "saint_petersburg", "--players", "4", "--seed", "1", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert "Every player takes 25 rubles." in out and "Final scores:" in out
    assert out.count("(winner)") >= 1 and "[   1]" in out


def test_play_is_deterministic_and_runs_as_a_module() -> None:
    args = [sys.executable, "-m", "boardgames_lab", "play", "saint_petersburg", "--players", "3", "--seed", "7"]
    first = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    second = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert first == second and "Final scores:" in first


def test_rules_and_games(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["rules", "saint_petersburg"]) == 0
    out = capsys.readouterr().out
    assert "saint_petersburg.buy.lower_row_discount" in out and "Rulebook 18" in out
    assert main(["games"]) == 0
    assert "saint_petersburg" in capsys.readouterr().out


def test_errors_are_reported_not_raised(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "saint_petersburg", "--players", "9"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_diagram_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "phases.svg"
    assert main(["diagram", "saint_petersburg", "-o", str(out)]) == 0
    assert "<svg" in out.read_text()


def test_play_accepts_rule_options(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["play", "saint_petersburg", "--players", "2", "--seed", "3", "--quiet",
                 "--option", "pub_limit=per_player", "--option", "open_money=true"]) == 0
    assert "Final scores:" in capsys.readouterr().out
    import pytest
    with pytest.raises(SystemExit, match="no option 'speed'"):
        main(["play", "saint_petersburg", "--option", "speed=fast"])
