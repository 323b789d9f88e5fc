"""The fixed action tables: every legal move of random games has a number, and numbers read back as moves."""
from __future__ import annotations

import random

import pytest

import boardgames_lab as bgl
from boardgames_lab.adapters.actions import UnmappedMove, action_space
from boardgames_lab.core.registry import definition

GAMES = ("saint_petersburg", "citadels", "keythedral", "village")
COUNTS = [(g, n) for g in GAMES for n in range(definition(g).info.min_players, definition(g).info.max_players + 1)]


@pytest.mark.parametrize("name,players", COUNTS)
def test_every_legal_move_of_random_games_has_an_action_that_reads_back(name: str, players: int) -> None:
    table = action_space(name, players)
    assert len(set(table.moves)) == table.size and all(m.player == 0 for m in table.moves)
    for seed in range(2):
        game = bgl.new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            for move in game.legal_moves():
                assert table.decode(table.encode(move), move.player) == move
            move = rng.choice(game.legal_moves())
            game.apply(move, player=move.player)


def test_a_move_outside_the_table_is_named_in_the_error() -> None:
    from boardgames_lab.rulesets.saint_petersburg.moves import BuyPoints
    with pytest.raises(UnmappedMove, match="BuyPoints"):
        action_space("saint_petersburg", 2).encode(BuyPoints(1, 99))
    with pytest.raises(ValueError, match="action must be from 0"):
        action_space("saint_petersburg", 2).decode(10**6, 0)


def test_the_engine_imports_no_adapter_framework() -> None:
    import subprocess
    import sys
    code = ("import sys, boardgames_lab as b, boardgames_lab.testing, boardgames_lab.bots\n"
            "g = b.new_game('citadels', players=3, seed=1); g.apply(g.legal_moves()[0]); g.view(0)\n"
            "print(','.join(m for m in sys.modules if m.split('.')[0] in "
            "('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') or m.startswith('boardgames_lab.adapters')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
