"""Property tests: whatever a user types or loads, the engine answers with its own errors and stays whole."""
from __future__ import annotations

import dataclasses
import json

from hypothesis import given, settings, strategies as st

import boardgames_lab as bgl
from boardgames_lab.rulesets.saint_petersburg.data import CARDS
from boardgames_lab.rulesets.saint_petersburg.moves import (DECKS, SLOTS, BuyCard, BuyDrawn, BuyPoints, DiscardDrawn,
                                                             Observe, Pass, PlayCard, TakeCard, TakeDrawn)
from tests.conftest import cites

GAME = bgl.new_game("saint_petersburg", players=3, seed=2)
CARD_IDS = [c.id for c in CARDS]

seats = st.integers(0, 3)
cards = st.sampled_from(CARD_IDS)
replaced = st.sampled_from(["", *CARD_IDS])
moves = st.one_of(
    st.builds(Pass, seats),
    st.builds(BuyPoints, seats, st.integers(0, 12)),
    st.builds(Observe, seats, st.sampled_from(DECKS)),
    st.builds(BuyCard, seats, cards, st.sampled_from(SLOTS), replaced),
    st.builds(TakeCard, seats, cards, st.sampled_from(SLOTS)),
    st.builds(PlayCard, seats, cards, replaced),
    st.builds(BuyDrawn, seats, cards, replaced),
    st.builds(TakeDrawn, seats, cards),
    st.builds(DiscardDrawn, seats, cards),
)


@given(moves)
def test_notation_round_trips_for_every_move_value(move: Pass) -> None:
    assert bgl.rulesets.saint_petersburg.parse(str(move), move.player) == move


@given(st.text(max_size=40))
def test_parse_move_raises_only_invalid_notation(text: str) -> None:
    try:
        GAME.parse_move(text)
    except bgl.InvalidNotation:
        pass


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 10_000), min_size=1, max_size=150), moves)
def test_random_play_keeps_invariants_and_explain_matches_legality(seed: int, picks: list[int], probe: Pass) -> None:
    game = bgl.new_game("saint_petersburg", players=2 + seed % 3, seed=seed)
    for pick in picks:
        if game.is_over:
            break
        legal = game.legal_moves()
        mine = dataclasses.replace(probe, player=game.current_player)
        assert bool(game.explain(probe)) == (probe in legal) and bool(game.explain(mine)) == (mine in legal)
        game.apply(legal[pick % len(legal)])
        bgl.from_position("saint_petersburg", game.position())  # the position reads back, its invariants hold


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                        max_size=4), max_leaves=20)


@given(st.dictionaries(st.sampled_from(["format", "version", "game", "rules_version", "players", "seed", "options",
                                        "mode", "names", "moves", "redo", "other"]), json_values))
def test_load_game_refuses_garbage_with_save_format_error(data: dict) -> None:  # type: ignore[type-arg]
    try:
        bgl.load_game(json.dumps(data))
    except bgl.SaveFormatError:
        pass


not_moves = st.one_of(st.integers(), st.floats(), st.booleans(), st.none(), st.lists(st.integers(), max_size=3),
                      st.dictionaries(st.text(max_size=4), st.integers(), max_size=2),
                      st.tuples(st.text(max_size=8), st.text(max_size=8)),
                      st.builds(lambda m: dataclasses.astuple(m), moves),
                      st.builds(lambda m, v: dataclasses.replace(m, player=v), moves,
                                st.one_of(st.floats(), st.none(), st.booleans(), st.text(max_size=3),
                                          st.lists(st.integers(), max_size=2), st.tuples(st.integers()))),
                      st.builds(lambda v: BuyPoints(0, v), st.one_of(st.floats(), st.none(), st.booleans(),
                                                                    st.text(max_size=3))),
                      st.builds(lambda v: BuyCard(0, "market", "U1", v), st.one_of(st.integers(), st.none(),
                                                                                 st.tuples(st.text(max_size=3)))))


@cites("core.not_a_move")
@given(not_moves)
def test_a_value_that_is_not_a_move_is_refused_with_illegal_move_and_changes_nothing(value: object) -> None:
    before = GAME.position()
    why = GAME.explain(value)
    assert not why and why.rule == "core.not_a_move" and why.reason
    try:
        GAME.apply(value)
    except bgl.IllegalMove as err:
        assert err.rule == "core.not_a_move"
    else:
        raise AssertionError(f"{value!r} was applied")
    assert GAME.position() == before
