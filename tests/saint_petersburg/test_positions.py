"""Saint Petersburg positions as data: round trips, validation naming the field, history from an edited start."""
from __future__ import annotations

import copy
import json
from typing import Any, Callable

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import PositionError
from boardgames_lab.core.rng import Rng
from tests.conftest import cites
from tests.saint_petersburg.position import give, position, state

P = "saint_petersburg."


@cites(P + "setup.rubles")
@pytest.mark.parametrize("players, seed", [(2, 1), (3, 5), (4, 9)])
def test_positions_round_trip_and_play_on_alike(players: int, seed: int) -> None:
    game = bgl.new_game("saint_petersburg", players=players, seed=seed)
    rng = Rng(seed)
    while not game.is_over:
        data = game.position()
        rebuilt = bgl.from_position("saint_petersburg", json.loads(json.dumps(data)))
        assert rebuilt.position() == data and rebuilt.legal_moves() == game.legal_moves()
        move = game.legal_moves()[rng.below(len(game.legal_moves()))]
        assert rebuilt.apply(move).position() == game.apply(move).position()
    assert bgl.from_position("saint_petersburg", game.position()).scores() == game.scores()


def _edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = bgl.new_game("saint_petersburg", players=2, seed=3).position()
    change(data)
    return data


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        node: Any = data["state"]
        *parts, last = [int(p) if p.isdigit() else p for p in path.split(".")]
        for part in parts:
            node = node[part]
        node[last] = value
    return change


def _move_card(data: dict[str, Any]) -> None:  # a card out of the deck and into nowhere
    data["state"]["decks"]["workers"].pop()


def _duplicate(data: dict[str, Any]) -> None:  # one card in two places
    data["state"]["removed"].append(data["state"]["decks"]["workers"][0])


def _wrong_deck(data: dict[str, Any]) -> None:
    data["state"]["decks"]["workers"].append(data["state"]["decks"]["buildings"].pop())


CASES = [
    ("money[1]", _set("money.1", -3), "state.money[1]"),
    ("money as text", _set("money.0", "25"), "state.money[0]"),
    ("money True", _set("money.0", True), "state.money[0]"),
    ("money list length", _set("money", [25]), "state.money"),
    ("unknown card", _set("upper.0", "zzz"), "state.upper[0]"),
    ("row length", _set("lower", [None] * 7), "state.lower"),
    ("hand too long", _set("hands.0", ["market"] * 5), "state.hands[0]"),
    ("marker seat", _set("markers.2", 2), "state.markers[2]"),
    ("passes", _set("passes", 2), "state.passes"),
    ("taken", _set("taken", 1), "state.taken"),
    ("round", _set("round", 0), "state.round"),
    ("drawn outside the observatory", _set("drawn", "market"), "state.drawn"),
    ("pub queue outside the pub", _set("pub_queue", [0]), "state.pub_queue"),
    ("final before the end", _set("final", []), "state.final"),
    ("observatories used", _set("observatories_used.0", 1), "state.observatories_used[0]"),
    ("extra field", _set("extra", 1), "state.extra"),
    ("a lost card", _move_card, "state"),
    ("a card twice", _duplicate, "state"),
    ("a card in another deck", _wrong_deck, "state.decks.workers"),
]


@cites(P + "setup.rubles", P + "card.observatory", P + "card.pub", P + "final.tie_break")
@pytest.mark.parametrize("name, change, field", CASES, ids=[c[0] for c in CASES])
def test_a_bad_position_is_refused_naming_the_field(name: str, change: Callable[[dict[str, Any]], None],
                                                     field: str) -> None:
    data = _edit(change)
    kept = copy.deepcopy(data)
    with pytest.raises(PositionError) as err:
        bgl.from_position("saint_petersburg", data)
    assert err.value.field.startswith(field), (err.value.field, str(err.value))
    assert data == kept  # nothing was changed, nothing built


@cites(P + "card.pub")
def test_the_pub_queue_must_name_pub_owners() -> None:
    game = position(players=2, phase="building")
    game = give(game, 0, area=["pub"], money=30)
    while game.phase != "pub":
        game.apply("pass")
    data = game.position()
    data["state"]["pub_queue"] = [1]
    with pytest.raises(PositionError) as err:
        bgl.from_position("saint_petersburg", data)
    assert err.value.field == "state.pub_queue[0]"


@cites(P + "action.take")
def test_undo_and_at_work_from_an_edited_position() -> None:
    game = position(players=2, phase="worker", upper=["market", "lumberjack"])
    game = give(game, 0, hand=["academy"], money=7)
    start = game.position()
    game.apply("take market@U1")
    game.apply("pass")
    assert game.at(0).position() == start and game.at(1).position() == game.at(1).position()
    game.undo()
    game.undo()
    assert game.position() == start and state(game)["money"] == [7, 25] and state(game)["hands"][0] == ["academy"]
    game.redo()
    assert sorted(state(game)["hands"][0]) == ["academy", "market"]
