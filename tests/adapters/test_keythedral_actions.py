"""Keythedral's compact numbering (rulesets/keythedral/actions.py): blocks per move kind, places named from the
laid fields and Substitution payments counted among the open ones. In every position the legal moves and the
numbers that name a move are one to one, whatever the table size and with law cards in hand."""
from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any, Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.adapters.actions import NoMoveHere, UnmappedMove, action_space, action_table
from boardgames_lab.rulesets.keythedral import actions as face
from boardgames_lab.rulesets.keythedral.data import STAGE_FULL_ASSUMED
from boardgames_lab.rulesets.keythedral.moves import BuyTile, Pass, PlaceWorker, PlayLaw

TABLE = action_table("keythedral")


def positions(players: int, seed: int, steps: int) -> Iterator[Any]:
    """The positions of a random game that plays law cards and Substitution purchases whenever it can, half the
    time (so that cards are held, played and answered, and Substitution's payments are open)."""
    game = bgl.new_game("keythedral", players=players, seed=seed)
    rng = random.Random(seed * 7 + players)
    for _ in range(steps):
        if game.is_over:
            return
        yield game
        moves = game.legal_moves()
        special = [m for m in moves if m.kind in ("play", "law") or (m.kind == "buy" and m.paid)]
        move = rng.choice(special) if special and rng.random() < 0.5 else rng.choice(moves)
        game.apply(move, player=move.player)


def seat_moves(game: Any) -> Iterator[tuple[int, list[Any]]]:
    legal = game.legal_moves()
    for seat in sorted({m.player for m in legal}):
        yield seat, [m for m in legal if m.player == seat]


def test_the_table_is_a_few_thousand_numbers_in_blocks() -> None:
    assert TABLE.positional and TABLE.encoding == face.ENCODING == 3
    assert TABLE.size == len(face.labels()) == 3789
    assert len(set(face.labels())) == TABLE.size  # every number has its own name, hashed by the fingerprint
    assert sorted(face.BASE.values()) == list(face.BASE.values())
    assert not {move.kind for move in face.FIXED} & face.PLACES  # a kind read in the position has no fixed number


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_legal_moves_and_their_numbers_are_one_to_one_and_read_back(players: int) -> None:
    plays = buys = 0
    for seed in range(3):
        for game in positions(players, seed, 700):
            for seat, legal in seat_moves(game):
                numbers = TABLE.numbers(legal, game.state)
                assert len(set(numbers)) == len(numbers), legal
                assert all(0 <= n < TABLE.size for n in numbers)
                assert [TABLE.decode(n, seat, game.state) for n in numbers] == legal
                plays += sum(m.kind == "play" for m in legal)
                buys += sum(m.kind == "buy" and bool(m.paid) for m in legal)
    assert plays and (players == 2 or buys)  # law cards were held and Substitution was open


def test_a_list_is_numbered_as_each_move_is_read_afresh_in_every_layout() -> None:
    """The whole-list route reads the numbers the moves keep (a fixed one for good, a place's while its layout is
    read): it answers what reading each move on its own answers, for the engine's moves and for equal copies of
    them, through set-up's changing layouts and from one game to the next."""
    lists = 0
    for players, seed in ((2, 0), (4, 1), (4, 2), (5, 3)):
        for game in positions(players, seed, 300):
            for _, legal in seat_moves(game):
                listed = face.numbers(legal, game.state)  # first: the position's layout is not yet read
                one_by_one = [face.Numbering(game.state).number(replace(move)) for move in legal]
                copies = [replace(move) for move in legal]  # equal moves, other objects, not yet numbered
                assert listed == face.numbers(copies, game.state) == one_by_one
                lists += 1
    assert lists > 800


def test_a_place_kept_on_a_move_is_forgotten_when_another_layout_is_read() -> None:
    """Two games played in turns share the engine's move objects, not their laid fields: each list is numbered as
    reading each move on its own numbers it, though the list read before was the other game's."""
    lists = places = 0
    for pair in zip(positions(4, 1, 300), positions(4, 2, 300)):
        for game in pair:
            for _, legal in seat_moves(game):
                listed = face.numbers(legal, game.state)
                assert listed == [face.Numbering(game.state).number(replace(move)) for move in legal]
                lists += 1
                places += sum(move.kind in face.PLACES for move in legal)
    assert lists > 400 and places > 1000


def test_a_list_with_a_move_that_has_no_number_here_is_refused_naming_it() -> None:
    game = bgl.new_game("keythedral", players=3, seed=4)
    stray = [Pass(0), PlaceWorker(0, (99, 99))]  # no field lies there
    assert face.numbers(stray, game.state) is None
    with pytest.raises(UnmappedMove, match=r"PlaceWorker.*99, 99"):
        TABLE.numbers(stray, game.state)
    assert TABLE.numbers([Pass(0)], game.state) == [face.FIXED[Pass(0)]]


def test_every_number_names_a_legal_move_exactly_where_the_mask_has_it() -> None:
    """A sweep of all numbers in positions of every table size: a number decodes to nothing, to a move the
    game refuses, or to the one legal move it is the number of."""
    checked = 0
    for players in (2, 3, 5):
        for k, game in enumerate(positions(players, 11, 500)):
            if k % 25:
                continue
            numbering = face.Numbering(game.state)
            for seat, legal in seat_moves(game):
                mask = dict(zip(TABLE.numbers(legal, game.state), legal))
                named = {n: numbering.move(seat, n) for n in range(TABLE.size)}
                legal_named = {n: move for n, move in named.items() if move in legal}
                assert legal_named == mask
                assert all(numbering.number(move) == n for n, move in named.items() if move is not None)
                checked += 1
    assert checked > 40


def test_the_substitution_cap_holds_in_every_position() -> None:
    assert face.SUBSTITUTION_CAP == face.substitution_cap() == 891
    most = 0
    for players in (3, 5):
        for seed in range(3):
            for game in positions(players, seed, 900):
                st = game.state
                if st.stage < 5:
                    assert len(st.rows[st.stage]) <= STAGE_FULL_ASSUMED[st.stage]
                most = max(most, len(face.Numbering(st).purchases()[0]))
    assert 0 < most <= face.SUBSTITUTION_CAP


def test_a_move_keeps_its_number_at_every_table_size() -> None:
    fixed = [BuyTile(0, "1-A"), BuyTile(3, "2-C", "+T"), PlayLaw(1, "start_order", "2"), PlayLaw(0, "substitution")]
    for move in fixed:
        assert len({action_space("keythedral", n).encode(move) for n in (2, 3, 4, 5)}) == 1
    # A positional number follows one rule at every size: the same position read at two table sizes' tables.
    game = bgl.new_game("keythedral", players=3, seed=2)
    legal = game.legal_moves()
    assert action_space("keythedral", 2).numbers(legal, game.state) == action_space("keythedral", 5).numbers(
        legal, game.state)


def test_places_are_named_from_the_laid_fields_in_coordinate_order() -> None:
    game = next(g for g in positions(3, 1, 400) if g.legal_moves()[0].kind == "worker")
    fields = sorted(game.state.fields)
    for move in game.legal_moves():
        assert TABLE.encode(move, game.state) == face.BASE["worker"] + fields.index(move.field)
    assert [f["at"] for f in game.view(0)["fields"]] == [f"{x},{y}" for x, y in fields]  # the features' slots


def test_a_number_that_names_no_move_here_is_refused_and_needs_the_position() -> None:
    game = bgl.new_game("keythedral", players=4, seed=3)
    row = face.Numbering(game.state).purchases()[0]  # the face-up row's purchases: a number past them names none
    with pytest.raises(NoMoveHere, match="names no move"):
        TABLE.decode(face.BASE["substitution"] + len(row), 0, game.state)
    with pytest.raises(ValueError, match="pass the game's state"):
        TABLE.decode(face.BASE["worker"], 0)
    with pytest.raises(ValueError, match="pass the game's state"):
        TABLE.encode(game.legal_moves()[0])


def test_both_adapters_refuse_a_number_outside_the_mask_and_change_nothing() -> None:
    """A number naming no move here raises NoMoveHere; one naming a move of another phase (paying a bid while
    fields are laid) raises IllegalMove, not an error of the log's wording, and the history stays as it was."""
    pytest.importorskip("pettingzoo")
    pyspiel = pytest.importorskip("pyspiel")
    import boardgames_lab.adapters.openspiel as bos
    from boardgames_lab.adapters.pettingzoo import env
    from boardgames_lab.core.errors import IllegalMove
    give = next(a for a in range(TABLE.size) if TABLE.label(a).startswith("give"))
    e = env("keythedral", players=2)
    e.reset(seed=0)
    nowhere = next(a for a in range(TABLE.size) if not e.last()[0]["action_mask"][a]
                   and TABLE.label(a).startswith("field"))
    for action, error in ((nowhere, NoMoveHere), (give, IllegalMove)):
        before = e.game.to_json()
        with pytest.raises(error):
            e.step(action)
        assert e.game.to_json() == before
    state = pyspiel.load_game(bos.PREFIX + "keythedral", {"players": 2}).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    before = state.serialize()
    for action, error in ((nowhere, NoMoveHere), (give, IllegalMove)):
        with pytest.raises(error):
            state.apply_action(action)
    assert state.serialize() == before


def test_openspiel_reads_each_action_in_the_state_it_is_played_in() -> None:
    """Two copies of one game: one asks the information state at every step (its record notes each number as
    played), the other only at the end (its record numbers the past moves again in their own positions). They
    agree, and a serialised state, rebuilt from its position, lists the same legal actions."""
    pyspiel = pytest.importorskip("pyspiel")
    import boardgames_lab.adapters.openspiel as bos
    game = pyspiel.load_game(bos.PREFIX + "keythedral", {"players": 3, "seed": 4})
    watched, blind = game.new_initial_state(), game.new_initial_state()
    rng = random.Random(4)
    positional = 0
    for _ in range(260):
        if watched.is_terminal():
            break
        if watched.is_chance_node():
            action = rng.choice([a for a, _ in watched.chance_outcomes()])
        else:
            watched.information_state_tensor(watched.current_player())
            action = rng.choice(watched.legal_actions())
            move = watched.live.turn.move(TABLE, action)
            positional += TABLE.fixed(move) is None
            assert watched.action_to_string(watched.current_player(), action).endswith(str(move))
        watched.apply_action(action)
        blind.apply_action(action)
    assert positional > 20
    for player in range(3):
        assert watched.information_state_tensor(player) == blind.information_state_tensor(player)
    back = game.deserialize_state(watched.serialize())
    assert back.legal_actions() == watched.legal_actions()
    position = json.dumps(watched.game.position())
    live = watched.live
    for rebuilt in (bos._replayed(str(game), live.actions), bos._restored(str(game), position, live.moves,
                                                                           live.synced().copy())):
        assert rebuilt.game.position() == watched.game.position()
        assert TABLE.actions(rebuilt.game.legal_moves(), rebuilt.game.state) == sorted(
            TABLE.numbers(watched.game.legal_moves(), watched.game.state))
