"""Play mode's undo policy is found when asked, by making the moves again: it agrees at every ply with a
look at each move as it is made (does it reveal, is it chance's, did it draw), however the questions and the
moves interleave, across clones, undone moves and a position put in whole."""
from __future__ import annotations

import random
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.errors import UndoBlocked
from boardgames_lab.core.moves import CHANCE


def walls_of(game: bgl.Game, line: list[Any], start: Any) -> list[bool]:
    """Each move of ``line`` from ``start``: did it reveal information, belong to chance or draw at random?"""
    d = game.definition
    state, walls = d.clone_state(start), []
    for move in line:
        wall = d.seat_of(state, move) == CHANCE or d.reveals(state, move)
        draws: list[dict[str, Any]] = []
        state.rng.record = draws
        d.advance(state, move)
        state.rng.record = None
        walls.append(bool(wall or draws))
    return walls


def play(game: bgl.Game, rng: random.Random) -> None:
    if game.to_act() == (CHANCE,):
        outcomes = game.chance_outcomes()
        game.apply(outcomes[rng.randrange(len(outcomes))][0], player=CHANCE)
    else:
        legal = game.legal_moves()
        game.apply(legal[rng.randrange(len(legal))])


def allowed(walls: list[bool], ply: int) -> bool:
    """May play mode go back to ``ply``?"""
    return not any(walls[ply:])


@pytest.mark.parametrize(("name", "players", "chance"), [("saint_petersburg", 3, "auto"), ("citadels", 5, "auto"),
                                                         ("village", 2, "explicit"), ("keythedral", 4, "auto")])
def test_undo_policy_agrees_with_each_move_looked_at_as_made(name: str, players: int, chance: str) -> None:
    game = bgl.new_game(name, players=players, seed=4, chance=chance)
    start = game.definition.clone_state(game.state)
    rng = random.Random(4)
    for step in range(150):
        if game.is_over:
            break
        play(game, rng)
        if rng.random() < 0.3:  # asked now and then: the moves between are looked at together
            walls = walls_of(game, list(game.moves), start)
            assert game.can_undo() == (not walls[-1]), game.ply
            back = rng.randrange(game.ply + 1)
            other = game.clone()
            if allowed(walls, back):
                other.goto(back)
                assert other.ply == back
            else:
                with pytest.raises(UndoBlocked):
                    other.goto(back)
            if game.can_undo() and rng.random() < 0.5:
                game.undo()
                assert game.can_undo() == (game.ply > 0 and not walls[game.ply - 1])


def test_a_position_put_in_whole_is_where_the_moves_after_it_are_looked_at_from() -> None:
    game, other = (bgl.new_game("citadels", players=4, seed=seed) for seed in (9, 10))
    rng = random.Random(9)
    for _ in range(30):
        play(game, rng)
    assert isinstance(game.can_undo(), bool)  # looked at up to here; the next moves are looked at from here
    for _ in range(10):
        play(game, rng)
        play(other, rng)
    for _ in range(30):
        play(other, rng)
    d = game.definition
    game.state = d.clone_state(other.state)  # another game's position: the moves after it are made from it
    put, ply = d.clone_state(game.state), game.ply
    for _ in range(30):
        play(game, rng)
    walls = walls_of(game, list(game.moves[ply:]), put)
    assert game.can_undo() == (not walls[-1])
    back = next(p for p in range(game.ply, ply - 1, -1) if p == ply or walls[p - ply - 1])
    game.clone().goto(back)  # back to the last wall, or to the position put in
