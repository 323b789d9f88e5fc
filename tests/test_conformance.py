"""The conformance suite over every registered game."""
import pytest

import boardgames_lab as bgl
from boardgames_lab.core.registry import definition
from boardgames_lab.testing import check_game
from tests.conftest import cites

GAMES = [g["name"] for g in bgl.games()]


@cites("core.not_legal")
@pytest.mark.parametrize("name", GAMES)
def test_game_conforms(name: str) -> None:
    report = check_game(name, seeds=(0,))
    assert report.games >= 1 and report.moves > 0 and report.illegal_probes > 0 and report.view_checks > 0


@pytest.mark.parametrize("name", GAMES)
def test_game_conforms_on_more_seeds(name: str) -> None:
    info = next(g for g in bgl.games() if g["name"] == name)
    report = check_game(name, seeds=(1, 2, 3), options=[{}], players=[info["max_players"]])
    assert report.games == 3


@pytest.mark.parametrize("name", [g["name"] for g in bgl.games() if definition(g["name"]).conformance_moves])
def test_games_whose_random_play_seldom_ends_conform_to_the_end_under_heuristic_bots(name: str) -> None:
    info = next(g for g in bgl.games() if g["name"] == name)
    report = check_game(name, seeds=(0,), options=[{}], players=[info["min_players"], info["max_players"]],
                        players_by="heuristic")
    assert report.games == 2 and report.moves > 100  # both games ended (the suite fails a game that does not)
