"""The Game API's history: keyframes and replay restore the positions the moves reached, the log told when
read is the log told move by move, and a move listed as legal is taken without a second check but only as
that very value."""
from __future__ import annotations

import dataclasses
import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.game import KEYFRAME_EVERY, KEYFRAME_SPAN
from boardgames_lab.core.moves import CHANCE
from tests.conftest import cites


def random_line(game: bgl.Game, plies: int, seed: int) -> list[object]:
    """Play up to ``plies`` random moves (chance outcomes too, in explicit mode); the snapshot after each ply."""
    rng, d = random.Random(seed), game.definition
    seen = [d.snapshot(game.state)]
    while not game.is_over and game.ply < plies:
        if game.to_act() == (CHANCE,):
            outcomes = game.chance_outcomes()
            game.apply(outcomes[int(rng.random() * len(outcomes))][0], player=CHANCE)
        else:
            legal = game.legal_moves()
            game.apply(legal[int(rng.random() * len(legal))])
        seen.append(d.snapshot(game.state))
    return seen


@pytest.mark.parametrize(("name", "players", "chance"), [("saint_petersburg", 3, "auto"), ("citadels", 5, "auto"),
                                                         ("village", 2, "explicit"), ("keythedral", 4, "auto")])
def test_undo_goto_and_at_restore_the_positions_the_moves_reached(name: str, players: int, chance: str) -> None:
    game = bgl.new_game(name, players=players, seed=7, mode="sandbox", chance=chance)
    seen = random_line(game, 3 * KEYFRAME_EVERY + 5, 7)
    d, end = game.definition, game.ply
    assert end > 2 * KEYFRAME_EVERY + 1
    for ply in (0, 1, KEYFRAME_EVERY - 1, KEYFRAME_EVERY, KEYFRAME_EVERY + 1, 2 * KEYFRAME_EVERY + 1, end - 1, end):
        assert d.snapshot(game.at(ply).state) == seen[ply]
    for _ in range(KEYFRAME_EVERY + 3):
        game.undo()
        assert d.snapshot(game.state) == seen[game.ply]
    game.goto(KEYFRAME_EVERY - 2)
    assert d.snapshot(game.state) == seen[KEYFRAME_EVERY - 2]
    while game.can_redo():
        game.redo()
        assert d.snapshot(game.state) == seen[game.ply]
    assert game.ply == end


@pytest.mark.parametrize(("name", "players", "chance"), [("saint_petersburg", 4, "auto"), ("citadels", 6, "explicit"),
                                                         ("village", 3, "auto"), ("keythedral", 3, "explicit")])
def test_the_log_told_when_read_is_the_log_told_move_by_move(name: str, players: int, chance: str) -> None:
    names = ["Ada", "{p0}", "Cy", "Di", "Ed", "Flo"][:players]
    read_late = bgl.new_game(name, players=players, seed=11, names=names, chance=chance, mode="sandbox")
    read_each = bgl.new_game(name, players=players, seed=11, names=names, chance=chance, mode="sandbox")
    random_line(read_late, 2 * KEYFRAME_EVERY + 9, 3)
    for move in read_late.moves:
        read_each.apply(move)
        read_each.log  # told one move at a time
    assert read_late.log == read_each.log and len(read_late.log) == read_late.ply + 1
    for player in (None, *range(players)):
        assert read_late.log_for(player) == read_each.log_for(player)
    assert read_late.chance_record() == read_each.chance_record()
    assert read_late.to_json() == read_each.to_json()
    # After undo and another line, the log is that of a game that played the new line alone.
    read_each.goto(KEYFRAME_EVERY + 3)
    random_line(read_each, read_each.ply + 6, 5)
    alone = bgl.new_game(name, players=players, seed=11, names=names, chance=chance, mode="sandbox")
    for move in read_each.moves:
        alone.apply(move)
    assert read_each.log == alone.log and read_each.chance_record() == alone.chance_record()


def test_a_long_game_keeps_few_keyframes_and_still_returns_to_every_position() -> None:
    """Keythedral played at random seldom ends: past KEYFRAME_SPAN moves the older keyframes are thinned to one a
    span, positions put in whole stay, and every ply is still restored exactly."""
    game = bgl.new_game("keythedral", players=4, seed=3, mode="sandbox")
    seen = random_line(game, KEYFRAME_SPAN + 9 * KEYFRAME_EVERY, 4)  # put in where a keyframe falls
    d = game.definition
    game.state = put = d.clone_state(game.state)  # a position put in whole, then the game goes on past a span
    row = next(r for r in put.rows if len(set(r)) > 1)
    row.reverse()  # other building tiles to come: only its keyframe restores the moves after it
    seen[-1] = d.snapshot(put)
    pinned = game.ply
    seen += random_line(game, 3 * KEYFRAME_SPAN + 40, 5)[1:]
    end = game.ply
    assert end == 3 * KEYFRAME_SPAN + 40
    plies = game._key_plies
    assert pinned in plies and 0 in plies
    assert len(plies) <= KEYFRAME_SPAN // KEYFRAME_EVERY + 3 + 2 and len(plies) < end // KEYFRAME_EVERY // 2
    assert all(p % KEYFRAME_SPAN == 0 or p == pinned or p > end - KEYFRAME_SPAN for p in plies)
    for ply in (1, 513, KEYFRAME_SPAN - 1, KEYFRAME_SPAN + 33, pinned - 1, pinned, pinned + 7, 2 * KEYFRAME_SPAN + 5,
                end - KEYFRAME_SPAN - 1, end - 40, end):
        assert d.snapshot(game.at(ply).state) == seen[ply], ply
    game.goto(700)  # back past thinned keyframes, then forward again: the same positions
    while game.can_redo() and game.ply < 900:
        game.redo()
        assert d.snapshot(game.state) == seen[game.ply]


@cites("core.not_a_move", "core.not_your_turn")
def test_a_listed_move_is_taken_only_as_that_value_and_for_its_own_seat() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=2)
    while game.current_player != 1:
        game.apply(game.legal_moves()[0])
    legal = game.legal_moves()
    move = legal[-1]
    assert move.player == 1
    lookalike = dataclasses.replace(move, player=True)  # equal to the listed move, as True == 1
    assert lookalike == move
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(lookalike)
    assert err.value.rule == "core.not_a_move"
    with pytest.raises(bgl.IllegalMove) as err:
        game.apply(move, player=0)
    assert err.value.rule == "core.not_your_turn"
    assert game.legal_moves() is legal
    game.apply(dataclasses.replace(move))  # an equal value of the right types is legal as the listed one
    assert game.moves[-1] == move


def test_a_position_put_in_whole_is_where_the_history_after_it_starts() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=5, mode="sandbox")
    random_line(game, KEYFRAME_EVERY + 4, 1)
    game.log  # told up to here: the log of the moves after the change is told from the changed position
    d = game.definition
    changed = d.clone_state(game.state)
    game.state = changed
    changed.money[0] += 7  # changed after it was put in: still the position the next move is made from
    changed.decks = [deck[::-1] for deck in changed.decks]  # and other cards to come
    start = game.position()
    seen = random_line(game, game.ply + 10, 2)
    for back in range(1, 11):
        assert d.snapshot(game.at(game.ply - back).state) == seen[-1 - back]
    from_there = bgl.from_position("saint_petersburg", start, mode="sandbox")
    for move in game.moves[-10:]:
        from_there.apply(move)
    told = [{**e, "ply": None} for e in game.log[-10:]]
    assert told == [{**e, "ply": None} for e in from_there.log[1:]] and any(e["chance"] for e in told)
