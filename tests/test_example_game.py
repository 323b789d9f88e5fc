"""Kuhn poker, the example game of docs/adding_a_game.md: a game written only from the docs, in at most 400 lines,
registered with one line, gets the conformance suite, both adapters, the board and a tournament; and each of its
rules is checked here."""
from __future__ import annotations

import ast
import warnings
from pathlib import Path
from typing import Any, Iterator

import numpy as np
import pytest

import boardgames_lab as bgl
from boardgames_lab.core import registry
from boardgames_lab.core.game import Game
from boardgames_lab.core.moves import CHANCE
from boardgames_lab.core.registry import register
from boardgames_lab.core.visibility import EVERYONE
from boardgames_lab.rulesets.kuhn_poker import DEFINITION, KuhnPoker
from boardgames_lab.testing import ConformanceError, check_game
from tests import test_faces, test_house
from tests.conftest import cites

P = "kuhn_poker."
NAME = "kuhn_poker"
PACKAGE = Path(bgl.__file__).parent / "rulesets" / NAME
MOST_LINES = 400  # the example's promise: a whole game in the house, faces included, in this many lines


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    import boardgames_lab.adapters.openspiel  # noqa: F401  (loaded first: the game reaches it by registering)
    register(DEFINITION)  # the one line a contributor adds for a game of their own
    yield
    registry._GAMES.pop(NAME)


def dealt(first: str, second: str, *actions: str) -> Game:
    """A hand with the cards chosen (chance's deal made explicit), then the actions, each by the seat to act."""
    game = bgl.new_game(NAME, seed=0, chance="explicit")
    game.apply(f"deal {first}", player=CHANCE)
    game.apply(f"deal {second}", player=CHANCE)
    for action in actions:
        game.apply(action, player=game.to_act()[0])
    return game


# --- the promise of the docs ------------------------------------------------------------------------------

def test_the_whole_game_is_at_most_400_lines_in_the_house() -> None:
    lines = sum(path.read_text(encoding="utf-8").count("\n") for path in PACKAGE.glob("*.py"))
    assert lines <= MOST_LINES, f"the example game has grown to {lines} lines; the docs promise {MOST_LINES}"
    for check in (test_house.test_every_game_has_the_house_modules_and_names_its_extra_ones,
                  test_house.test_modules_and_functions_stay_small,
                  test_house.test_the_definition_is_composed_and_moves_are_frozen_values_per_kind,
                  test_house.test_each_role_has_one_name_in_one_module):
        check(NAME)


def test_it_is_not_bundled_and_no_module_outside_the_rulesets_names_it() -> None:
    from boardgames_lab.rulesets import GAME_PACKAGES
    assert NAME not in GAME_PACKAGES
    found = [f"{where}:{node.lineno}" for where, tree in test_faces.sources() for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str) and NAME in node.value
             and id(node) not in test_faces.docstrings(tree)]
    assert not found


def test_the_conformance_suite_passes_at_every_move() -> None:
    report = check_game(NAME, seeds=range(30), undo_every=1, view_every=1, require_secrets=True)
    assert report.games == 30 and report.undo_checks == report.moves and report.chance_stops == 60
    assert report.perturbation_checks > 0 and report.log_checks > 0  # the leak test had secrets to change
    assert check_game(NAME, seeds=range(5), players_by="heuristic", undo_every=1).games == 5


def test_the_leak_test_catches_a_card_shown_to_everyone() -> None:
    class ShownCards(KuhnPoker):
        """Shows every card, and resamples none (as a game that forgot the secret would)."""

        fields = {"cards.*": EVERYONE, "history": EVERYONE}

        def determinize(self, st: Any, player: int | None, rng: Any) -> Any:
            return st.clone()

    with pytest.raises(ConformanceError, match="the other player's card.*changed for seat"):
        check_game(ShownCards(), seeds=range(3))


# --- its rules ---------------------------------------------------------------------------------------------

@cites(P + "deal", P + "ante")
def test_each_player_antes_and_is_dealt_one_card_that_only_they_see() -> None:
    game = bgl.new_game(NAME, seed=0, chance="explicit")
    assert game.chance_outcomes() == [(DEFINITION.parse_move(game.state, f"deal {c}", CHANCE), pytest.approx(1 / 3))
                                      for c in ("jack", "queen", "king")]
    game.apply("deal king", player=CHANCE)
    assert [str(m) for m, _ in game.chance_outcomes()] == ["deal jack", "deal queen"]
    game.apply("deal queen", player=CHANCE)
    assert game.view(0)["cards"] == ["king", None] and game.view(1)["cards"] == [None, "queen"]
    assert game.view(None)["cards"] == [None, None] and game.view(0)["stakes"] == [1, 1] and game.view(0)["pot"] == 2
    assert [c["text"] for e in game.log_for(1) for c in e["changes"]] == ["You get the Queen."]
    assert "queen" not in str(game.log_for(0)).lower() and "king" not in str(game.log_for(1)).lower()
    assert game.explain(DEFINITION.parse_move(game.state, "deal jack", CHANCE), player=CHANCE).legal is False


@cites(P + "first_action")
def test_the_first_player_checks_or_bets() -> None:
    game = dealt("jack", "queen")
    assert [str(m) for m in game.legal_moves()] == ["check", "bet"] and game.to_act() == (0,)
    why = game.explain("call", player=0)
    assert not why.legal and why.rule == P + "first_action" and "check or bet" in why.reason
    with pytest.raises(bgl.IllegalMove):
        game.apply("fold", player=0)


@cites(P + "after_check")
def test_after_a_check_the_second_player_checks_or_bets() -> None:
    game = dealt("jack", "queen", "check")
    assert [str(m) for m in game.legal_moves()] == ["check", "bet"] and game.to_act() == (1,)
    assert game.explain("fold", player=1).rule == P + "after_check"


@cites(P + "after_bet")
def test_facing_a_bet_a_player_folds_or_calls() -> None:
    for actions, seat in ((("bet",), 1), (("check", "bet"), 0)):
        game = dealt("jack", "queen", *actions)
        assert [str(m) for m in game.legal_moves()] == ["call", "fold"] and game.to_act() == (seat,)
        assert game.explain("check", player=seat).rule == P + "after_bet"
        assert game.explain("bet", player=seat).rule == P + "after_bet"


@cites(P + "fold", P + "chips")
def test_a_fold_gives_the_pot_to_the_bettor_and_shows_no_card() -> None:
    for actions, bettor in ((("bet", "fold"), 0), (("check", "bet", "fold"), 1)):
        game = dealt("jack", "king", *actions)
        assert game.is_over and game.winners() == [bettor] and game.scores()[bettor] == 1 and sum(game.scores()) == 0
        assert game.view(1 - bettor)["cards"][bettor] is None and "shows" not in game.log[-1]["changes"][-1]["text"]


@cites(P + "deck", P + "showdown", P + "chips")
def test_at_a_showdown_the_higher_card_takes_the_pot() -> None:
    cards = ("jack", "queen", "king")
    for actions, pot in ((("check", "check"), 2), (("bet", "call"), 4), (("check", "bet", "call"), 4)):
        for first in cards:
            for second in (c for c in cards if c != first):
                game = dealt(first, second, *actions)
                higher = int(cards.index(second) > cards.index(first))
                assert game.winners() == [higher] and game.scores()[higher] == pot // 2 and sum(game.scores()) == 0
                assert game.view(1 - higher)["cards"] == [first, second]  # both are shown
    assert "Player 1 shows the Jack, Player 2 shows the King" in dealt("jack", "king", "check", "check").log[-1][
        "changes"][-1]["text"]


# --- the adapters, the board and a tournament, from its faces --------------------------------------------

def test_pettingzoos_api_test_passes_and_the_masks_are_the_legal_moves() -> None:
    from pettingzoo.test import api_test, seed_test

    from boardgames_lab.adapters.actions import action_table
    from boardgames_lab.adapters.pettingzoo import env
    table = action_table(NAME)
    assert table.fingerprint == "sha256:4b4ba71e87d04ff4" and table.size == 4  # ENCODING 1, numbers never change
    with warnings.catch_warnings():  # api_test says a Dict observation is "not a NumPy array", as for every game
        warnings.filterwarnings("ignore", message="Observation")
        with pytest.warns(UserWarning, match=r"reset ignores \['options'\]"):  # api_test resets with options={"options": 1}
            api_test(env(NAME, players=2), num_cycles=60)
        seed_test(lambda: env(NAME, players=2), num_cycles=30)
    environment = env(NAME, players=2)
    for seed in range(10):
        environment.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in environment.agent_iter():
            observation, _, done, cut, _ = environment.last()
            if done or cut:
                environment.step(None)
                continue
            legal = table.actions(environment.game.legal_moves())
            assert sorted(np.flatnonzero(observation["action_mask"])) == legal
            environment.step(int(rng.choice(legal)))


def test_openspiels_random_simulation_test_passes() -> None:
    import pyspiel

    from boardgames_lab.adapters import openspiel as bos
    game = pyspiel.load_game(bos.PREFIX + NAME, {"max_moves": 60, "deals": 50})
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)
    assert game.num_distinct_actions() == 4


def test_the_viewer_draws_the_board_and_every_move_is_made_by_its_clicks() -> None:
    from boardgames_lab.widgets import GameViewer
    from boardgames_lab.widgets.paths import click_path
    for actions in ((), ("check",), ("bet",), ("check", "bet")):
        for move in dealt("queen", "king", *actions).legal_moves():
            viewer = GameViewer(dealt("queen", "king", *actions))
            assert 'data-target="pot"' in viewer.board_html.value and 'data-target="card:0"' in viewer.board_html.value
            made: Any = None
            for step in click_path(NAME, move):
                made = viewer.board.click(step.id)
                if made is not None:
                    break
            assert made == move and viewer.game.moves[-1] == move


def test_a_tournament_of_the_heuristic_and_random_bots() -> None:
    from boardgames_lab.analysis import tournament
    df = tournament(NAME, ["heuristic", "random"], games=40, backend="serial")
    assert len(df) == 80 and df["finished"].all() and df.groupby("game")["win"].sum().eq(1.0).all()
    assert df.groupby("game")["score"].sum().eq(0).all()  # chips won are chips lost
    assert df[df["bot"] == "heuristic"]["score"].mean() > df[df["bot"] == "random"]["score"].mean()
