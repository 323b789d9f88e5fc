"""Keythedral positions as data: round trips from seeded play, every field validated, history from an edit."""
from __future__ import annotations

import copy
import json
import random
from typing import Any, Callable

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import PositionError
from boardgames_lab.testing import option_sets
from tests.conftest import cites

P = "keythedral."


def _played(players: int, seed: int, plies: int, **options: Any) -> bgl.Game:
    game = bgl.new_game("keythedral", players=players, seed=seed, mode="sandbox", **options)
    rng = random.Random(seed)
    while game.ply < plies and not game.is_over:
        moves = game.legal_moves()
        game.apply(moves[int(rng.random() * len(moves))])
    return game


@cites(P + "setup.lay_field", P + "round.five_phases", P + "law.window")
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_positions_from_seeded_play_round_trip(players: int) -> None:
    """position -> from_position -> position is the same, and the same moves from both give the same positions."""
    for options in option_sets("keythedral"):
        game = bgl.new_game("keythedral", players=players, seed=players, **options)
        rng = random.Random(players)
        for _ in range(400):
            if game.is_over:
                break
            data = game.position()
            other = bgl.from_position("keythedral", json.loads(json.dumps(data)))
            assert other.position() == data
            move = game.legal_moves()[int(rng.random() * len(game.legal_moves()))]
            assert move in other.legal_moves()
            game.apply(move)
            other.apply(str(move), player=move.player)
            assert other.position()["state"] == game.position()["state"]


def _edit(game: bgl.Game, change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    data = copy.deepcopy(game.position())
    change(data["state"])
    return data


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda s: s.__setitem__(key, value)


def _cube_moved(s: dict[str, Any]) -> None:
    s["store"][0] -= 1  # a stone leaves the store for nowhere


def _card_twice(s: dict[str, Any]) -> None:
    s["law_hands"][0].append(s["law_deck"][0])


def _tile_twice(s: dict[str, Any]) -> None:
    s["seats"][1].append(s["rows"][1][0])


HOSTILE = [
    ("start", _set("start", 7), "state.start"),
    ("round as text", _set("round", "3"), "state.round"),
    ("a bool for a number", _set("order_k", True), "state.order_k"),
    ("a place off the board", lambda s: s["fields"].__setitem__("999,1", 3), "state.fields.999,1"),
    ("a site that is a field", lambda s: s["sites"].__setitem__("3,1", [0, 1]), "state.sites.3,1"),
    ("a cube lost", _cube_moved, "state.store"),
    ("a law card twice", _card_twice, "state.law_deck"),
    ("a tile twice", _tile_twice, "state.surplus"),
    ("an unknown tile", lambda s: s["rows"][0].__setitem__(0, "9-Z"), "state.rows[0][0]"),
    ("an unknown law", lambda s: s["law_deck"].__setitem__(0, "no_law"), "state.law_deck[0]"),
    ("cubes as text", lambda s: s["cubes"].__setitem__(0, "SST"), "state.cubes[0]"),
    ("a drawn tile outside set-up", lambda s: s["drawn"].__setitem__(0, 3), "state.drawn[0]"),
    ("a missing field", lambda s: s.pop("passes"), "state.passes"),
    ("an extra field", _set("colour", "red"), "state.colour"),
    ("an unknown effect", lambda s: s["effects"].__setitem__("magic", 1), "state.effects.magic"),
    ("a fourth fence", _set("fences_left", [4, 3, 3]), "state.fences_left[0]"),
    ("a window outside the law window phase",
     _set("window", {"frames": [{"kind": "p1", "ask": [0]}], "resume": "order", "current": 0}), "state.window"),
]


@cites(P + "setup.store", P + "setup.buildings", P + "setup.law_spaces", P + "fence.build")
@pytest.mark.parametrize("what, change, field", HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_position_is_refused_naming_the_field(what: str, change: Any, field: str) -> None:
    game = _played(3, 5, 120)
    assert game.phase != "law_window"
    with pytest.raises(PositionError) as err:
        bgl.from_position("keythedral", _edit(game, change))
    assert err.value.field == field, err.value


@cites(P + "secret.screens")
def test_an_edited_position_plays_and_undoes_to_itself() -> None:
    game = _played(3, 5, 150)
    data = game.position()
    hand = data["state"]["cubes"][data["current"]]
    while hand.count("V") < 2:  # two wine behind the screen of the player to act, from the store
        data["state"]["store"][4] -= 1
        hand.append("V")
    hand.sort(key="STFWVIGA".index)
    edited = bgl.from_position("keythedral", data, mode="sandbox")
    assert edited.position() == data
    start = edited.position()
    for _ in range(6):
        if edited.is_over:
            break
        edited.apply(edited.legal_moves()[-1])
    assert edited.at(0).position() == start
    while edited.ply:
        edited.undo()
    assert edited.position() == start
