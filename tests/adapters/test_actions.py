"""The fixed action tables: every legal move of random games has a number, numbers read back as moves, and a
move keeps its number at every player count and from one version of the lab to the next (action_tables.json
records each game's fingerprint for each encoding version)."""
from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

import boardgames_lab as bgl
from boardgames_lab.adapters.actions import UnmappedMove, action_space, action_table, checked_action, whole_number
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets import GAME_PACKAGES

GAMES = GAME_PACKAGES
RECORD = Path(__file__).with_name("action_tables.json")
COUNTS = [(g, n) for g in GAMES for n in range(definition(g).info.min_players, definition(g).info.max_players + 1)]


@pytest.mark.parametrize("name,players", COUNTS)
def test_every_legal_move_of_random_games_has_an_action_that_reads_back(name: str, players: int) -> None:
    table = action_space(name, players)
    if not table.positional:
        assert len(set(table.moves)) == table.size and all(m.player == 0 for m in table.moves)
    for seed in range(2):
        game = bgl.new_game(name, players=players, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            for move in game.legal_moves():
                assert table.decode(table.encode(move, game.state), move.player, game.state) == move
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


@pytest.mark.parametrize("name", GAMES)
def test_the_numbering_is_the_one_recorded_for_the_games_encoding_version(name: str) -> None:
    """A renumbering (a move added, removed or moved in the table) fails here unless the game's actions face
    bumps ENCODING; the new version's fingerprint is then added to action_tables.json beside the old ones."""
    table = action_table(name)
    recorded = json.loads(RECORD.read_text(encoding="utf-8")).get(name, {})
    assert str(table.encoding) in recorded, (
        f"{name}: encoding {table.encoding} has no fingerprint in {RECORD.name}; record "
        f'"{table.encoding}": {{"fingerprint": "{table.fingerprint}", "moves": {table.size}}}')
    expected = recorded[str(table.encoding)]
    assert (table.fingerprint, table.size) == (expected["fingerprint"], expected["moves"]), (
        f"{name}: the action numbers changed under encoding {table.encoding}; bump ENCODING in its actions face "
        "and record the new fingerprint")


@pytest.mark.parametrize("name", GAMES)
def test_a_move_has_one_number_at_every_player_count(name: str) -> None:
    info = definition(name).info
    tables = [action_space(name, n) for n in range(info.min_players, info.max_players + 1)]
    assert all(t is tables[0] for t in tables)


def test_a_move_naming_a_seat_has_its_number_at_every_table_that_seat_sits_at() -> None:
    from boardgames_lab.rulesets.citadels.moves import Destroy
    numbers = {action_space("citadels", players).encode(Destroy(0, "temple", 1)) for players in (2, 3, 7)}
    assert len(numbers) == 1


def test_the_fingerprint_is_the_ordered_moves() -> None:
    from boardgames_lab.adapters.actions import ActionSpace
    table = action_table("saint_petersburg")
    moves = list(table.moves)
    swapped = [moves[1], moves[0], *moves[2:]]
    assert ActionSpace("saint_petersburg", 1, moves).fingerprint == table.fingerprint
    assert ActionSpace("saint_petersburg", 1, swapped).fingerprint != table.fingerprint
    assert ActionSpace("saint_petersburg", 1, moves[:-1]).fingerprint != table.fingerprint


def test_a_listed_move_and_an_equal_copy_get_one_number_and_the_listed_move_is_applied() -> None:
    from dataclasses import replace

    from boardgames_lab.adapters.actions import Turn
    game = bgl.new_game("citadels", players=4, seed=3)
    table = action_space("citadels", 4)
    listed = game.legal_moves()
    copies = [replace(m) for m in listed]  # equal values, other objects
    assert all(c is not m for c, m in zip(copies, listed))
    assert table.numbers(listed) == table.numbers(copies) == [table.encode(m) for m in copies]
    seat = game.to_act()[0]
    turn = Turn(table, seat, listed)
    assert turn.actions == sorted(table.numbers(listed))
    assert all(turn.move(table, a) is m for a, m in zip(table.numbers(listed), listed))
    unlisted = next(a for a in range(table.size) if a not in turn.numbers)
    assert turn.move(table, unlisted) == table.decode(unlisted, seat)


@pytest.mark.parametrize("name", [g for g in GAMES if not action_table(g).positional])
def test_every_seats_copy_of_a_move_has_the_number_of_seat_0s(name: str) -> None:
    """A move object met for the first time is numbered by value, whatever its seat (each seat's moves are keyed
    in whole when its first move is numbered): fresh copies, never numbered, read the table's numbers."""
    from dataclasses import replace
    table = action_table(name)
    for seat in range(definition(name).info.max_players):
        assert [table.encode(replace(m, player=seat)) for m in table.moves] == list(range(table.size))


def test_the_engines_premade_moves_are_numbered_when_the_table_is_built() -> None:
    """Saint Petersburg's actions face names the moves its fast generator makes at import (``premade``): in a
    fresh process, once the table is built, every move of random games' legal lists already holds its number, so
    numbering a list never looks a move up for the first time."""
    import subprocess
    import sys
    code = ("import random\n"
            "from boardgames_lab.adapters.actions import action_table\n"
            "from boardgames_lab.core.registry import definition\n"
            "d = definition('saint_petersburg'); table = action_table('saint_petersburg'); unnumbered = listed = 0\n"
            "for seed in range(6):\n"
            "    st, rng = d.new_state(4, seed, d.resolve_options({})), random.Random(seed)\n"
            "    while not d.is_over(st):\n"
            "        moves = d.legal_moves(st); listed += len(moves)\n"
            "        unnumbered += sum(getattr(m, '_action', None) is None for m in moves)\n"
            "        d.advance(st, rng.choice(moves))\n"
            "print(listed, unnumbered)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    listed, unnumbered = map(int, out.stdout.split())
    assert listed > 1000 and unnumbered == 0


@pytest.mark.parametrize("value,number", [(3, 3), (np.int64(3), 3), (np.uint8(0), 0), (np.uint64(2**63), 2**63),
                                          (True, None), (np.True_, None), (3.0, None), (np.float64(3), None),
                                          ("3", None), (None, None), (Fraction(3), None)])
def test_a_whole_number_is_an_int_or_numpy_integer_and_never_a_bool_or_float(value: object, number: int | None) -> None:
    """The environments' one judgement of integers (actions; seats; PettingZoo's player counts and seeds)."""
    got = whole_number(value)
    assert got == number and (got is None or type(got) is int)
    if number is None:
        with pytest.raises(ValueError, match=r"action must be an integer from 0 to 9, not "):
            checked_action(value, 10)
    elif number < 10:
        assert checked_action(value, 10) == number and type(checked_action(value, 10)) is int
    else:
        with pytest.raises(ValueError, match=rf"action must be from 0 to 9, not {number}"):
            checked_action(value, 10)
