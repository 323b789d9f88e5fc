"""A words face's ``PLAIN`` kinds read the move alone: each such move is told in the same words in every position
(the PettingZoo environment says it once and keeps the sentence), and every kind it names is one of the game's."""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest

from boardgames_lab.core.moves import CHANCE, Move
from boardgames_lab.core.registry import definition
from boardgames_lab.pettingzoo import env

GAMES = ("saint_petersburg", "citadels", "keythedral", "village")


def _kinds(cls: type) -> set[str]:
    out = {cls.kind} if getattr(cls, "kind", "") else set()
    for sub in cls.__subclasses__():
        out |= _kinds(sub)
    return out


@pytest.mark.parametrize("name", GAMES)
def test_plain_moves_read_the_same_in_every_position(name: str) -> None:
    d = definition(name)
    plain: frozenset[str] = d.words.PLAIN
    assert plain and plain <= _kinds(Move), sorted(plain - _kinds(Move))
    said: dict[Any, set[str]] = defaultdict(set)
    told = 0  # plain moves told, in all positions
    rng = random.Random(7)
    for players in range(d.info.min_players, d.info.max_players + 1):
        for seed in range(2):
            st = d.create_state(players, seed, d.resolve_options({}))
            st.explicit_chance = False
            d.runner.start(st)
            for _ in range(400):
                if d.is_over(st):
                    break
                seats = [s for s in d.to_act(st) if s != CHANCE]
                listed = [m for s in seats for m in d.seat_moves(st, s)]
                for move in listed:
                    if move.kind in plain:
                        said[move].add(d.words.describe(st, move))
                        told += 1
                d.advance(st, rng.choice(listed))
                st.ply += 1
    assert len({m.kind for m in said}) >= min(3, len(plain))  # the test meets several plain kinds
    assert told >= 200
    differing = {repr(m): texts for m, texts in said.items() if len(texts) > 1}
    assert not differing, differing


@pytest.mark.parametrize("name", GAMES)
def test_the_environment_tells_plain_moves_as_the_log_does(name: str) -> None:
    e = env(name, players=3)
    e.reset(seed=5)
    rng = random.Random(5)
    for _ in range(300):
        if not e.agents or all(e.terminations.values()):
            break
        turn = e.turn()
        assert turn is not None
        e.step(rng.choice(turn.numbers))
        game = e.game
        assert game is not None
        assert e._said is not None and e._said[1] == game.log[-1]["text"]
    assert e._plain_said  # plain moves were said from the kept sentences
