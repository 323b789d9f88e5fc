"""Citadels positions as data: a round trip from seeded play, every kind of bad field refused by name with
nothing built, history from an edited position, and the engine's own refusals (seat, phase)."""
from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.citadels.moves import Gold, Pick
from tests.conftest import cites

D = definition("citadels")


@pytest.mark.parametrize("players, options", [(2, {}), (4, {"action_cards": True}), (7, {"action_cards": True}),
                                              (5, {"great_wall": True})])
def test_a_position_round_trips_and_plays_on_the_same(players: int, options: dict[str, Any]) -> None:
    """position -> from_position -> position is the same, and the same moves from both give the same positions."""
    game = bgl.new_game("citadels", players=players, seed=players, mode="sandbox", **options)
    rng = random.Random(players)
    while not game.is_over:
        data = game.position()
        other = bgl.from_position("citadels", json.loads(json.dumps(data)), mode="sandbox")
        assert other.position() == data
        if rng.random() < 0.2:
            for move in rng.sample(game.legal_moves(), min(3, len(game.legal_moves()))):
                assert game.clone().apply(move).position() == other.clone().apply(move).position()
        game.apply(rng.choice(game.legal_moves()))
    assert bgl.from_position("citadels", game.position()).is_over


def _draft() -> dict[str, Any]:
    return bgl.new_game("citadels", players=4, seed=1).position()


def _turn() -> dict[str, Any]:
    game = bgl.new_game("citadels", players=4, seed=1)
    while game.phase != "turn":
        game.apply(game.legal_moves()[0])
    return game.position()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        node = data["state"]
        for key in parents:
            node = node[int(key)] if key.isdigit() else node[key]
        node[int(last) if last.isdigit() else last] = value
    return edit


HOSTILE = [  # (position, edit, the field named, words of the reason)
    (_draft, _set("gold.0", -1), "state.gold[0]", "from 0"),
    (_draft, _set("gold.0", True), "state.gold[0]", "whole number"),
    (_draft, _set("gold", [2, 2, 2]), "state.gold", "4 items"),
    (_draft, _set("hands.0.0", "zzz"), "state.hands[0][0]", "'zzz'"),
    (_draft, _set("hands.0", "manor"), "state.hands[0]", "list"),
    (_draft, _set("owner.0", 9), "state.owner[0]", "from 0 to 3"),
    (_draft, _set("pool.0", "jester"), "state.pool[0]", "'jester'"),
    (_draft, _set("crown", 1.0), "state.crown", "whole number"),
    (_draft, _set("window", "acrobat"), "state.window", "window"),
    (_draft, _set("steps.0", {"seat": 0}), "state.steps[0].bury", "missing"),
    (_draft, _set("final", [dict.fromkeys(("buildings", "five_colours", "eight", "action_cards", "total", "gold"), 0)]
                       * 4), "state.final", "final score"),
    (_draft, lambda d: d["state"]["deck"].append("manor"), "state.deck", "1 too many (manor)"),
    (_draft, lambda d: d["state"]["deck"].pop(), "state.deck", "missing"),
    (_draft, lambda d: d["state"]["hands"][1].append(d["state"]["hands"][0][0]), "state.deck", "too many"),
    (_draft, lambda d: d["state"]["pool"].append(d["state"]["face_up"][0]), "state.owner", "too many"),
    (_draft, lambda d: d["state"].update(drawn=[d["state"]["deck"].pop()]), "state.drawn", "keep phase"),
    (_draft, lambda d: d["state"].update(extra=1), "state.extra", "not a field"),
    (_draft, lambda d: d["state"].pop("deck"), "state.deck", "missing"),
    (_turn, _set("turn_player", None), "state.turn_player", "turn's character"),
    (_turn, lambda d: d["state"].update(grave_card=d["state"]["deck"].pop()), "state.grave_owner", "graveyard"),
]


@pytest.mark.parametrize("make, edit, field, words", HOSTILE)
def test_a_bad_field_is_refused_by_name(make: Callable[[], dict[str, Any]], edit: Callable[[dict[str, Any]], None],
                                        field: str, words: str) -> None:
    data = make()
    edit(data)
    kept = copy.deepcopy(data)
    with pytest.raises(bgl.PositionError) as err:
        bgl.from_position("citadels", data)
    assert err.value.field == field and words in err.value.reason, err.value
    assert data == kept  # nothing changed, nothing built


def test_the_seat_to_act_must_fit_the_phase() -> None:
    """A teacher may set who is to act, but it must be the seat the phase names (here the drafter)."""
    data = _draft()
    data["current"] = (data["current"] + 1) % 4
    with pytest.raises(bgl.PositionError, match="seat 0 is to act, not seat 1"):
        bgl.from_position("citadels", data)


def test_a_teacher_sets_money_and_hands_and_undo_and_at_keep_it() -> None:
    data = _turn()
    st = data["state"]
    p = data["current"]
    st["deck"] += st["hands"][p]
    st["hands"][p] = [st["deck"].pop(st["deck"].index("palace"))]
    st["gold"][p] = 7
    game = bgl.from_position("citadels", data, mode="sandbox")
    game.apply("gold")
    game.apply("build palace")
    assert game.view(p)["players"][p]["city"][-1] == "palace" and game.view(p)["players"][p]["gold"] == 4
    assert game.at(0).position() == game.start_position() == bgl.from_position("citadels", data).position()
    game.undo()
    game.undo()
    assert game.position() == game.start_position()
    assert game.view(p)["players"][p]["gold"] == 7 and game.view(p)["players"][p]["hand"] == ["palace"]


@cites("core.not_your_turn")
def test_a_move_of_a_seat_not_to_act_is_refused_by_the_engine() -> None:
    game = bgl.new_game("citadels", players=4, seed=1)
    first = game.legal_moves()[0]
    other = Pick(1, first.character)
    assert game.explain(other).rule == "core.not_your_turn"
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(other)
    assert err.value.rule == "core.not_your_turn"
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(first, player=1)
    assert err.value.rule == "core.not_your_turn"
    assert game.parse_move(str(first), 1) == other


@cites("citadels.turn.income")
def test_a_kind_of_another_phase_is_refused_by_its_rule() -> None:
    game = bgl.new_game("citadels", players=4, seed=1)
    why = game.explain(Gold(0))
    assert not why.legal and why.rule == "citadels.turn.income" and "pick" in why.remedy
