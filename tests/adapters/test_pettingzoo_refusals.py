"""The PettingZoo environment refuses bad use with an error naming what is at fault, and changes nothing."""
from __future__ import annotations

import numpy as np
import pytest

import boardgames_lab as bgl
from boardgames_lab.pettingzoo import env


def _snapshot(e: env) -> tuple[object, ...]:
    return (e.seed, e.options, e.game.position(), e.agent_selection, dict(e.terminations))


def test_reset_plays_valid_game_options_for_that_episode_only() -> None:
    e = env("saint_petersburg", players=2)
    e.reset(seed=3, options={"pub_limit": "per_player"})
    assert e.options["pub_limit"] == "per_player"
    assert e.game.position() == bgl.new_game("saint_petersburg", players=2, seed=3, pub_limit="per_player").position()
    e.reset(seed=3)  # options hold for the episode they are given with
    assert e.options["pub_limit"] == "per_card" and e.game.options["pub_limit"] == "per_card"
    e.reset(seed=3, options={})
    assert e.options["pub_limit"] == "per_card"
    kept = env("saint_petersburg", players=2, pub_limit="per_player")
    kept.reset(seed=1, options={"tie_break": kept.options["tie_break"]})  # over env()'s keywords, not instead
    assert kept.options["pub_limit"] == "per_player"


@pytest.mark.parametrize("options,why", [
    ({"players": 3}, "players is a keyword of env()"),
    ({"no_such_option": 1, "players": 9}, "players is a keyword of env()"),
    ({"max_cycles": 3}, "max_cycles is a keyword of env()"),
    ({"pub_limit": "sometimes"}, "'pub_limit' must be one of"),
    ("garbage", "reset's options must be a dict"),
    (["pub_limit"], "reset's options must be a dict"),
])
def test_reset_refuses_bad_options_naming_them_and_changes_nothing(options: object, why: str) -> None:
    e = env("saint_petersburg", players=2)
    e.reset(seed=3)
    e.step(int(np.flatnonzero(e.last()[0]["action_mask"])[0]))
    before = _snapshot(e)
    with pytest.raises(bgl.OptionError, match=why.replace("(", r"\(").replace(")", r"\)")):
        e.reset(seed=4, options=options)  # type: ignore[arg-type]
    assert _snapshot(e) == before and e.steps == 1


def test_reset_names_an_option_the_game_does_not_have_in_a_warning() -> None:
    e = env("saint_petersburg", players=2)
    with pytest.warns(UserWarning, match=r"reset ignores \['no_such_option'\]: not options of saint_petersburg"):
        e.reset(seed=3, options={"no_such_option": 1, "pub_limit": "per_player"})
    assert e.options["pub_limit"] == "per_player" and "no_such_option" not in e.options


@pytest.mark.parametrize("seed", [True, -1, 2**63, 2**64, 1.0, "3", np.float64(2.0)])
def test_reset_refuses_a_seed_new_game_refuses_and_changes_nothing(seed: object) -> None:
    e = env("citadels", players=2)
    e.reset(seed=5)
    before = _snapshot(e)
    with pytest.raises(ValueError, match="seed must be an integer from 0 to 2"):
        e.reset(seed=seed)  # type: ignore[arg-type]
    assert _snapshot(e) == before
    e.reset()  # the next seed is drawn from seed 5's generator, as before the refused call
    again = env("citadels", players=2)
    again.reset(seed=5)
    again.reset()
    assert e.seed == again.seed


def test_reset_takes_a_numpy_integer_seed_as_its_int() -> None:
    e = env("citadels", players=2)
    e.reset(seed=np.int64(2**63 - 1))
    assert e.seed == 2**63 - 1 and type(e.seed) is int
    assert e.game.position() == bgl.new_game("citadels", players=2, seed=2**63 - 1).position()


def test_numpy_integers_are_taken_as_their_ints_and_other_types_are_named() -> None:
    e = env("saint_petersburg", players=np.int64(3), max_cycles=np.int32(2))
    assert type(e.num_players) is int and e.num_players == 3 and type(e.max_cycles) is int
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    with pytest.raises(bgl.OptionError, match="takes 2 to 4 players, not 9"):
        env("saint_petersburg", players=np.int64(9))
    with pytest.raises(bgl.OptionError, match="players must be a Python int .*, not bool True"):
        env("saint_petersburg", players=True)
    with pytest.raises(bgl.OptionError, match="players must be a Python int .*, not float 2.0"):
        env("saint_petersburg", players=2.0)  # type: ignore[arg-type]
    with pytest.raises(bgl.OptionError, match="players must be a Python int .*, not int64"):
        bgl.new_game("saint_petersburg", players=np.int64(2))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_cycles must be a whole number of at least 1"):
        env("saint_petersburg", max_cycles=np.bool_(True))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_cycles must be a whole number of at least 1"):
        env("saint_petersburg", max_cycles=np.int64(0))


def test_calls_before_reset_after_close_and_after_the_end_say_so() -> None:
    e = env("saint_petersburg", players=2, render_mode="ansi")
    for call in (lambda: e.step(0), e.last, lambda: e.observe("player_0"), lambda: e.view("player_0"), e.render):
        with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
            call()
    assert e.agents == [] and e.game is None
    e.reset(seed=0)
    with pytest.raises(ValueError, match="no agent named 'player_7'"):
        e.observe("player_7")
    for agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert e.agents == []
    for call in (lambda: e.step(None), lambda: e.step(0), e.last):
        with pytest.raises(RuntimeError, match="the game is over: every agent is done"):
            call()
    assert e.observe("player_0")["action_mask"].sum() == 0  # observing a finished game is still allowed
    e.close()
    for call in (lambda: e.step(0), e.last, lambda: e.observe("player_1")):
        with pytest.raises(RuntimeError, match=r"call reset\(\) first"):
            call()
    e.reset(seed=0)  # and it plays again
    assert e.agents == ["player_0", "player_1"]
