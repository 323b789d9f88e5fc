"""Village positions as data: a round trip on positions from seeded play, every kind of hostile value refused
with its field named, and undo and ``at()`` from an edited position."""
from __future__ import annotations

import json
import random
from typing import Any, Callable

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import PositionError
from tests.conftest import cites

P = "village."


@pytest.mark.parametrize("players, options", [(2, {}), (3, {"stalls": 5}), (4, {"inn_brewery": True,
                                                                                "marriage": True})])
def test_round_trip_on_positions_from_seeded_play(players: int, options: dict[str, Any]) -> None:
    game = bgl.new_game("village", players=players, seed=players, mode="sandbox", **options)
    rng = random.Random(players)
    while not game.is_over and game.ply < 400:
        data = json.loads(json.dumps(game.position()))
        other = bgl.from_position("village", data, mode="sandbox")
        assert other.position() == data and other.legal_moves() == game.legal_moves()
        move = rng.choice(game.legal_moves())
        game.apply(move)
        other.apply(move)
        assert other.position() == game.position()


def _start() -> dict[str, Any]:
    return bgl.new_game("village", players=2, seed=1).position()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """An edit of the position's state part at a dotted path with [i] indexes."""
    def edit(data: dict[str, Any]) -> None:
        node: Any = data["state"]
        parts = path.replace("]", "").replace("[", ".").split(".")
        for part in parts[:-1]:
            node = node[int(part)] if part.isdigit() else node[part]
        last = parts[-1]
        node[int(last) if last.isdigit() else last] = value
    return edit


HOSTILE = [
    ("state.coins", _set("coins", [1])),  # a list of the wrong length
    ("state.coins[0]", _set("coins[0]", True)),  # a bool for a number
    ("state.coins[0]", _set("coins[0]", 1.0)),  # a float for a number
    ("state.grain[1]", _set("grain[1]", 6)),  # above the farm's store
    ("state.places[0][0]", _set("places[0][0]", "moon")),  # an unknown place
    ("state.places[1]", _set("places[1]", ["farm"] * 3)),  # pieces missing
    ("state.towns[0][0]", _set("towns[0]", ["Atlantis"])),  # an unknown town
    ("state.ring", _set("ring", 2)),  # a seat out of range
    ("state.first_sale", _set("first_sale", 0)),  # a number for true or false
    ("state.supply[1]", _set("supply[1]", 17)),  # a green cube lost
    ("state.coin_supply", _set("coin_supply", 14)),  # a coin lost
    ("state.pile", _set("pile", [])),  # customer tiles lost
    ("state.goods_supply[0]", _set("goods_supply[0]", 7)),  # a wagon lost
    ("state.opener", _set("opener", 0)),  # a market day in the turn phase
    ("state.extra", _set("extra", 1)),  # a field the format does not have
]


@cites(P + "setup.players")
@pytest.mark.parametrize("field, edit", HOSTILE, ids=[f"{f}-{i}" for i, (f, _) in enumerate(HOSTILE)])
def test_a_hostile_value_is_refused_naming_its_field(field: str, edit: Callable[[dict[str, Any]], None]) -> None:
    data = _start()
    edit(data)
    with pytest.raises(PositionError) as err:
        bgl.from_position("village", data)
    assert err.value.field == field, err.value


def test_a_missing_field_is_refused() -> None:
    data = _start()
    del data["state"]["monks"]
    with pytest.raises(PositionError) as err:
        bgl.from_position("village", data)
    assert err.value.field == "state.monks"


@cites(P + "crafts.resources")
def test_undo_and_at_from_an_edited_position() -> None:
    data = _start()
    state = data["state"]
    state["coins"], state["coin_supply"] = [4, 1], data["state"]["coin_supply"] - 3
    state["spaces"] = [[0] * 5 for _ in range(7)]
    state["spaces"][2] = [1, 0, 0, 0, 0]  # one orange cube on crafts, one green on harvest, the rest in the bag
    state["spaces"][0] = [0, 1, 0, 0, 0]
    bag = [18 - state["supply"][c] - sum(row[c] for row in state["spaces"]) for c in range(4)]
    state["bag"] = bag + [6 - state["supply"][4] - sum(row[4] for row in state["spaces"])]
    game = bgl.from_position("village", data)
    assert game.position()["state"]["coins"] == [4, 1]
    game.apply("take crafts orange")
    game.apply("craft wagon pay +1c")  # the orange just taken, a coin for the pink
    assert game.position()["state"]["coins"][0] == 3
    assert game.at(0).position() == game.start_position()
    game.undo()
    game.undo()
    assert game.position() == game.start_position()
    assert game.position()["state"]["coins"] == [4, 1]
