"""Every option combination of every game ends, or ``new_game`` refuses it with an OptionError naming the options
in conflict (``check_options`` on the definition, called wherever a game is set up or read)."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import HeuristicBot, Seat, decide
from boardgames_lab.core.errors import OptionError, PositionError, SaveFormatError
from boardgames_lab.core.registry import definition
from boardgames_lab.rulesets.village.data import is_dead
from boardgames_lab.testing import option_sets
from tests.conftest import cites

# Moves before a game counts as never ending: many times the longest game measured under each kind of play
# (random Saint Petersburg at most ~300 moves, Citadels ~1,000, Village ~1,500; heuristic Keythedral ~420).
CAP = {"saint_petersburg": 20_000, "citadels": 20_000, "village": 20_000, "keythedral": 10_000}
# Uniformly random Keythedral wastes its cubes and runs for 100,000 to 1,000,000 moves before the last tile
# goes (it does end: see conformance_moves); its combinations are played by heuristic bots in every seat.
BY_BOTS = {"keythedral"}
THE_SAMPLE = dict(time_lap=9, inn_brewery=True, marriage=True, setup_card=4, stalls=5, chronicle_spaces=4,
                  graves=10, council_advance_time="3-3-3", church_grain="0-1-2")


def _configurations(name: str) -> list[tuple[int, dict[str, Any]]]:
    """Every player count with every option combination; for Village (51,200 combinations per count) every
    pair of chronicle spaces and graves, which decide the end, with the other options drawn at random, and 20
    combinations drawn whole per player count."""
    d = definition(name)
    counts = range(d.info.min_players, d.info.max_players + 1)
    sets = option_sets(name)
    if name != "village":
        return [(n, opts) for n in counts for opts in sets]
    pick = random.Random(20)
    choices = {o.name: o.choices for o in d.info.options}
    found = [(n, {**pick.choice(sets), "chronicle_spaces": spaces, "graves": graves}) for n in counts
             for spaces in choices["chronicle_spaces"] for graves in choices["graves"]]
    return found + [(n, pick.choice(sets)) for n in counts for _ in range(20)]


def _plays_to_the_end(name: str, players: int, seed: int, options: dict[str, Any]) -> bool:
    d = definition(name)
    st = d.new_state(players, seed, d.resolve_options(options))
    chooser = random.Random(seed)
    bots = [HeuristicBot(seed=seed * 10 + p) for p in range(players)] if name in BY_BOTS else []
    for _ in range(CAP[name]):
        if d.is_over(st):
            return True
        legal = d.legal_moves(st)
        d.advance(st, decide(bots[st.current], Seat(d, st, st.current, legal)) if bots else chooser.choice(legal))
    return d.is_over(st)


def _village_room(players: int, options: dict[str, Any]) -> int:
    """Deaths that may pass before the end must come: one fewer than the chronicle's and the graves' spaces."""
    spaces = {2: 2, 3: 3, 4: 4}[players] if options["chronicle_spaces"] == "by_players" else options["chronicle_spaces"]
    graves = {2: 6, 3: 8, 4: 10}[players] if options["graves"] == "by_players" else options["graves"]
    return 5 * spaces + graves - 1


@cites("village.end.trigger")
@pytest.mark.parametrize("name", [g["name"] for g in bgl.games()])
def test_every_option_combination_ends_or_is_refused_naming_the_options_in_conflict(name: str) -> None:
    stuck, refused = [], []
    for i, (n, options) in enumerate(_configurations(name)):
        try:
            bgl.new_game(name, players=n, seed=i, **options)
        except OptionError as err:
            named = {o for o in options if f"'{o}'" in str(err)}
            assert len(named) >= 2, f"{name}, {n} players, {options}: the refusal names no conflict: {err}"
            refused.append((n, options))
            continue
        if not _plays_to_the_end(name, n, i, options):
            stuck.append((n, options, i))
    assert not stuck, f"{name}: no end within {CAP[name]} moves for {stuck[:3]}"
    if name != "village":
        assert not refused
        return
    # Village refuses exactly the chronicles and graveyards that room more deaths than the eleven villagers
    # of each player: two players, three spaces with 10 or 12 graves, four or five spaces with any; three
    # players, five spaces with 10 or 12 graves; four players, none.
    too_large = [(n, opts) for n, opts in _configurations(name) if _village_room(n, opts) > 11 * n]
    assert refused == too_large and {n for n, _ in refused} == {2, 3}
    assert len([1 for n, _ in refused if n == 2]) >= 12 and len([1 for n, _ in refused if n == 3]) >= 2


@cites("village.end.trigger")
def test_village_refuses_more_chronicle_spaces_and_graves_than_the_villagers_can_fill() -> None:
    message = r"options 'chronicle_spaces' \(4\) and 'graves' \(10\) conflict with 2 players: .*" \
              r"\(village\.end\.trigger\), but 2 players have 22 villagers.*may be at most 23"
    with pytest.raises(OptionError, match=message):
        bgl.new_game("village", players=2, seed=35406658, **THE_SAMPLE)
    for players, spaces, graves, refused in [(2, 3, 8, False), (2, 3, 10, True), (2, 2, 12, False),
                                            (3, 5, 8, False), (3, 5, 10, True), (4, 5, 12, False)]:
        try:
            bgl.new_game("village", players=players, seed=1, chronicle_spaces=spaces, graves=graves)
        except OptionError:
            assert refused, (players, spaces, graves)
        else:
            assert not refused, (players, spaces, graves)
    with pytest.raises(OptionError, match=r"with 3 players, 5 x chronicle_spaces \+ graves may be at most 34"):
        bgl.new_game("village", players=3, seed=1, chronicle_spaces=5, graves=12)
    with pytest.raises(OptionError, match="chronicle_spaces"):  # the engine's own set-up path checks them too
        definition("village").new_state(2, 1, definition("village").resolve_options(THE_SAMPLE))


@cites("village.end.trigger")
def test_a_save_or_position_with_the_conflicting_options_is_refused_naming_the_field() -> None:
    game = bgl.new_game("village", players=2, seed=3, chronicle_spaces=3, graves=8)
    save = json.loads(game.to_json())
    save["options"]["graves"] = 10
    with pytest.raises(SaveFormatError, match=r"field 'options': options 'chronicle_spaces' \(3\) and 'graves'"):
        bgl.load_game(json.dumps(save))
    position = game.position()
    position["options"]["graves"] = 10
    with pytest.raises(PositionError, match=r"field 'options': options 'chronicle_spaces' \(3\) and 'graves'"):
        bgl.from_position("village", position)


@cites("village.end.trigger")
def test_the_refused_sample_reaches_a_village_with_everyone_dead_and_no_end() -> None:
    """Why the refusal: set up past the check, the sample's random game buries every villager by ply 994 with
    room left in the chronicle and the graves, and then plays on without an end."""
    d = definition("village")
    st = d.create_state(2, 35406658, d.resolve_options(THE_SAMPLE))
    d.runner.start(st)
    chooser = random.Random(35406658)
    ply = 0
    while not all(is_dead(place) for places in st.places for place in places):
        d.advance(st, chooser.choice(d.legal_moves(st)))
        ply += 1
        assert ply < 5_000 and not d.is_over(st)
    assert sum(st.chronicle) < 20 and st.graves < 10
    for _ in range(3_000):
        d.advance(st, chooser.choice(d.legal_moves(st)))
    assert not d.is_over(st) and st.end_by < 0
