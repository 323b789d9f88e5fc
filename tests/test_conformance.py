"""The conformance suite over every registered game, and the suite's own checks proven on tiny test games."""
import pytest

import boardgames_lab as bgl
from boardgames_lab.core.registry import definition
from boardgames_lab.testing import ConformanceError, check_game, check_secrets_declared
from tests.conftest import cites
from tests.lab.tinygames import HighCard, Nim, Take

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
    # determinize alone sees nothing: with no secrets the leak test cannot run, and the caller says so
    check_game(HighCard(leak, secrets=()), seeds=(0,), fuzz_per_position=0, skip=("leak test", "log leak test"))
    with pytest.raises(ConformanceError, match=f"secret \"the other players' cards\".*{found}"):
        check_game(game, seeds=(0,), fuzz_per_position=0)


def test_a_game_with_hidden_information_and_no_secrets_fails_when_secrets_are_required() -> None:
    bare = HighCard(secrets=())
    with pytest.raises(ConformanceError, match="high_card_test has hidden information but declares no secrets"):
        check_game(bare, seeds=(0,), require_secrets=True)
    with pytest.raises(ConformanceError, match=r"never ran: leak test \(the game has hidden information but "
                                                r"declares no secrets"):
        check_game(bare, seeds=(0,))  # not required, but a leak test that never ran proves nothing
    check_game(Nim(), seeds=(0,), undo_every=2, require_secrets=True)  # nothing hidden, nothing to declare


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


# --- a run proves only the checks that ran ----------------------------------------------------------------------
def test_a_game_too_short_for_undo_fails_naming_the_undo_checks() -> None:
    with pytest.raises(ConformanceError, match=r"nim_test is not shown conformant: .*never ran: undo checks "
                                               r"\(no game reached undo_every=7 moves\)"):
        check_game(Nim(pile=5), seeds=(0,))
    report = check_game(Nim(pile=5), seeds=(0,), collect=True)
    assert report.unchecked == ["undo checks"] and "NOT conformant: never ran: undo checks" in str(report)
    assert "all conformant" not in str(report) and any("no undo checks ran" in p for p in report.problems)
    report = check_game(Nim(pile=5), seeds=(0,), undo_every=2)
    assert report.undo_checks > 0 and not report.unchecked and "all conformant" in str(report)
    assert "nothing to check for: leak test, log leak test, generator checks, chance stops" in str(report)
    skipped = check_game(Nim(pile=5), seeds=(0,), skip=("undo checks",))
    assert "all conformant (not run, as asked: undo checks)" in str(skipped)


def test_a_secret_never_hidden_from_anyone_fails_naming_the_leak_test() -> None:
    from boardgames_lab.core.secrets import Secret
    never = Secret("nothing hidden", "test", lambda st, seat, rng: False)
    with pytest.raises(ConformanceError, match=r"never ran: leak test \(no declared secret was ever hidden "
                                               r"from a seat\); log leak test"):
        check_game(HighCard(secrets=(never,)), seeds=(0,))


def test_a_game_over_before_its_first_move_fails_naming_its_fast_generator_and_every_family_of_play() -> None:
    class FastNim(Nim):
        def legal_moves(self, st):  # type: ignore[no-untyped-def]
            return [m for m in (Take(st.current, 1), Take(st.current, 2)) if m.counters <= st.pile]

    assert check_game(FastNim(), seeds=(0,), undo_every=2).generator_checks > 0
    report = check_game(FastNim(pile=0), seeds=(0,), collect=True)
    assert report.unchecked == ["moves", "illegal probes", "undo checks", "fuzz probes", "position checks",
                                "generator checks", "chance checks"]
    with pytest.raises(ConformanceError, match=r"generator checks \(the game has a fast generator, but no "
                                               r"position compared it"):
        check_game(FastNim(pile=0), seeds=(0,))


def test_fuzz_switched_off_is_reported_as_not_run_and_skip_names_only_known_families() -> None:
    report = check_game(Nim(), seeds=(0,), undo_every=2, fuzz_per_position=0)
    assert report.fuzz_probes == 0 and "(not run, as asked: fuzz probes)" in str(report)
    with pytest.raises(ValueError, match=r"skip names no family of checks: \['undo'\]"):
        check_game(Nim(), seeds=(0,), skip=("undo",))


def test_option_combinations_new_game_refuses_are_listed_not_played() -> None:
    report = check_game("village", players=[2], options=[{"chronicle_spaces": 5}, {"chronicle_spaces": 3}],
                        fuzz_per_position=0, view_every=50)
    assert len(report.refused) == 1 and "'chronicle_spaces' (5) and 'graves' (6) conflict" in report.refused[0]
    assert report.games == 1 and "1 option combinations refused by new_game, not played" in str(report)
