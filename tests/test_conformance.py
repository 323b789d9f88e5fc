"""The conformance suite over every registered game, and the suite's own checks proven on tiny test games."""
import pytest

import boardgames_lab as bgl
from boardgames_lab.core.registry import definition
from boardgames_lab.testing import ConformanceError, check_game, check_secrets_declared
from tests.conftest import cites
from tests.lab.tinygames import HighCard, Nim

GAMES = [g["name"] for g in bgl.games()]


@cites("core.not_legal", "core.not_a_move")
@pytest.mark.parametrize("name", GAMES)
def test_game_conforms(name: str) -> None:
    report = check_game(name, seeds=(0,), require_secrets=True)
    assert report.games >= 1 and report.moves > 0 and report.illegal_probes > 0 and report.view_checks > 0
    assert report.fuzz_probes > 0 and (report.perturbation_checks > 0 or not definition(name).secrets)


@pytest.mark.parametrize("name", GAMES)
def test_every_game_with_hidden_information_declares_its_secrets(name: str) -> None:
    check_secrets_declared(name)


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


# --- the suite's own checks, on tiny games whose faults are known ---------------------------------------------
def test_a_tiny_game_that_hides_its_secrets_passes_the_leak_test() -> None:
    report = check_game(HighCard(), seeds=(0, 1, 2), require_secrets=True)
    assert report.perturbation_checks > 50 and report.log_checks > 20 and not report.problems


@pytest.mark.parametrize("leak, found", [("view", r"it changed \['hands\[1\]'\], which the field declarations show"),
                                         ("show", "the view changed: .hands"), ("log", "the log of bet")])
def test_the_leak_test_catches_a_view_or_log_that_shows_a_secret(leak: str, found: str) -> None:
    game = HighCard(leak)
    check_game(HighCard(leak, secrets=()), seeds=(0,), fuzz_per_position=0)  # determinize alone sees nothing
    with pytest.raises(ConformanceError, match=f"secret \"the other players' cards\".*{found}"):
        check_game(game, seeds=(0,), fuzz_per_position=0)


def test_a_game_with_hidden_information_and_no_secrets_fails_when_secrets_are_required() -> None:
    bare = HighCard(secrets=())
    check_game(bare, seeds=(0,))  # not required: the leak test has nothing to change
    with pytest.raises(ConformanceError, match="high_card_test has hidden information but declares no secrets"):
        check_game(bare, seeds=(0,), require_secrets=True)
    check_game(Nim(), seeds=(0,), require_secrets=True)  # nothing hidden, nothing to declare


def test_a_perturbation_that_changes_nothing_or_breaks_the_state_is_reported() -> None:
    from boardgames_lab.core.secrets import Secret
    idle = Secret("nothing", "test", lambda st, seat, rng: True)
    with pytest.raises(ConformanceError, match="perturb said it changed something, but nothing did"):
        check_game(HighCard(secrets=(idle,)), seeds=(0,), fuzz_per_position=0)

    def emptied(st, seat, rng):  # type: ignore[no-untyped-def]
        st.deck = None  # not a valid state: its position cannot be written
        return True

    with pytest.raises(ConformanceError, match="secret 'no deck' .* TypeError"):
        check_game(HighCard(secrets=(Secret("no deck", "test", emptied),)), seeds=(0,), fuzz_per_position=0)


@pytest.mark.parametrize("seed", [0, 1])
def test_the_move_value_fuzz_catches_refusals_that_crash_or_call_an_illegal_move_legal(seed: int) -> None:
    assert not check_game(HighCard(), seeds=(seed,)).problems
    report = check_game(HighCard(sloppy=True), seeds=(seed,), collect=True, fuzz_per_position=20)
    found = "\n".join(report.problems)
    assert "raised KeyError" in found  # a kind that is not in the game's table
    assert "says legal, but it is not among the legal moves" in found  # Bet("bet", 99)
    assert "read the non-ASCII digit" in found or "raised ValueError" in found  # int("²"), int("٣")
    with pytest.raises(ConformanceError):
        check_game(HighCard(sloppy=True), seeds=(seed,), fuzz_per_position=20)
