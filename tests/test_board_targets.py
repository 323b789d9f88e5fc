"""The clickable board's target map, without a browser: clicks make every legal move, and nothing else."""
from __future__ import annotations

import importlib
import random
import re
from typing import Any, Iterator

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.widgets.paths import click_path
from boardgames_lab.widgets.targets import Building, Made, NotOffered, Prefix, TargetMap

from tests.conftest import cites

GAMES = [(name, players) for name, counts in (("saint_petersburg", (2, 3, 4)), ("citadels", (2, 3, 4, 5, 6, 7)),
                                              ("keythedral", (2, 3, 4, 5)), ("village", (2, 3, 4)))
         for players in counts]
PLIES = 60  # random moves per seeded game; a map is checked at every position on the way


def positions(name: str, players: int, seed: int) -> Iterator[Game]:
    """A seeded random game, position by position."""
    game = bgl.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(PLIES):
        if game.is_over:
            return
        yield game
        game.apply(rng.choice(game.legal_moves()))


def made_by_clicking(tm: TargetMap, prefix: Prefix = ()) -> Iterator[Any]:
    """Every move some sequence of clicks makes (the whole tree, every option at every step)."""
    for target in tm.options(prefix):
        result = tm.click(prefix, target.id)
        if isinstance(result, Made):
            yield result.move
        else:
            assert result.options, f"a step with nothing left to click after {result.prefix}"
            yield from made_by_clicking(tm, result.prefix)


def click_through(tm: TargetMap, move: Any) -> Any:
    """Click a move's own path until a move is made; return it."""
    prefix: Prefix = ()
    for target in tm.paths[move]:
        result = tm.click(prefix, target.id)
        if isinstance(result, Made):
            return result.move
        prefix = result.prefix
    raise AssertionError(f"the clicks of {move} made no move")


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_clicks_make_every_legal_move_of_every_seat_and_nothing_else(name: str, players: int) -> None:
    for seed in (1, 2):
        for game in positions(name, players, seed):
            seats = [s for s in game.to_act() if s >= 0]
            maps = [TargetMap(game, [s]) for s in seats] + ([TargetMap(game, seats)] if len(seats) > 1 else [])
            for tm in maps:
                legal = [m for s in tm.seats for m in game.definition.seat_moves(game.state, s)]
                made = list(made_by_clicking(tm))
                assert sorted(map(repr, made)) == sorted(map(repr, legal)), f"{name} ply {game.ply}"
                for move in legal:
                    assert click_through(tm, move) == move


@pytest.mark.parametrize("name", ["saint_petersburg", "citadels", "keythedral", "village"])
def test_a_seat_that_may_not_act_has_no_live_target(name: str) -> None:
    game = bgl.new_game(name, players=3, seed=4)
    waiting = next(s for s in range(3) if s not in game.to_act())
    tm = TargetMap(game, [waiting])
    assert tm.options() == () and tm.paths == {}


def test_a_target_that_leads_nowhere_is_refused_and_nothing_changes() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    tm = TargetMap(game, game.to_act())
    ply = game.ply
    with pytest.raises(NotOffered):
        tm.click((), "row:no-such-slot")
    assert game.ply == ply


@cites("saint_petersburg.action.buy")
def test_a_card_in_the_row_builds_a_two_step_move_buy_or_take() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    tm = TargetMap(game, game.to_act())
    first = next(t for t in tm.options() if t.id.startswith("row:"))
    step = tm.click((), first.id)
    assert isinstance(step, Building)
    assert {t.id for t in step.options} == {"do:buy", "do:take"}
    made = tm.click(step.prefix, "do:buy")
    assert isinstance(made, Made) and made.move.kind == "buy" and made.move.slot == first.id[4:]
    preview = tm.preview(step.prefix, "do:buy")
    assert preview.startswith(game.describe(made.move)) and "Price: " in preview and made.move.slot not in preview
    assert tm.labels(step.prefix) == [first.label]


@pytest.mark.parametrize(("name", "players"), [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3),
                                               ("village", 3)])
def test_why_not_is_the_engines_refusal_of_the_nearest_move_the_target_names(name: str, players: int) -> None:
    """Walk seeded games; at each position every first click of an illegal candidate that no legal move
    shares is answered with that candidate's own refusal, word for word from ``explain``."""
    answered = 0
    for game in positions(name, players, 3):
        seat = game.to_act()[0]
        if seat < 0:
            continue
        tm = TargetMap(game, [seat])
        live = {t.id for t in tm.options()}
        kinds = [game.definition.kind_of[k] for k in game.definition.flow.phase(game.phase).moves]
        for move in [m for kind in kinds for m in kind.candidates(game.state, seat)]:
            first = click_path(name, move)[0].id
            if first in live:
                continue
            found = tm.why_not((), first, [seat])
            assert found is not None, f"{name}: no answer for {first}"
            nearest, why = found
            assert not why.legal and why == game.explain(nearest, player=seat)
            assert click_path(name, nearest)[0].id == first
            answered += 1
    assert answered, "the walk met no illegal target to ask about"


@cites("core.not_your_turn")
def test_why_not_out_of_turn_says_whose_turn_it_is() -> None:
    game = bgl.new_game("saint_petersburg", players=3, seed=1)
    waiting = next(s for s in range(3) if s not in game.to_act())
    found = TargetMap(game, [waiting]).why_not((), "row:U1", [waiting])
    assert found is not None and found[1].rule == "core.not_your_turn"


def test_the_target_map_imports_no_widget_library() -> None:
    import subprocess
    import sys
    code = ("import sys, boardgames_lab.widgets.targets; "
            "bad = [m for m in ('ipywidgets', 'anywidget', 'traitlets') if m in sys.modules]; "
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True)


def drawn_targets(game: Game, seat: int | None) -> set[str]:
    render = importlib.import_module(f"boardgames_lab.rulesets.{game.name}.render").render_html
    view = game.view(seat)
    return set(re.findall(r'data-target="([^"]+)"', render(view, game.names)))


@pytest.mark.parametrize(("name", "players"), [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3),
                                               ("village", 3)])
def test_every_target_a_move_names_is_drawn_on_the_table(name: str, players: int) -> None:
    """Only choices with no place on the table (``act:``, ``do:`` ... strip buttons) are not drawn by render.py."""
    board_kinds = {"row", "hand", "area", "deck", "drawn", "char", "city", "player", "field", "site", "edge",
                   "cottage", "tile", "store", "trader", "law", "lawcard", "cube", "vil", "stall", "town",
                   "building", "bag", "marker", "privilege"}
    for game in positions(name, players, 5):
        for seat in (s for s in game.to_act() if s >= 0):
            tm = TargetMap(game, [seat])
            drawn = drawn_targets(game, seat)
            for path in tm.paths.values():
                on_board = {t.id for t in path if t.id.split(":")[0] in board_kinds}
                assert on_board <= drawn, f"{name} ply {game.ply}: not drawn {on_board - drawn}"


@pytest.mark.parametrize(("name", "players"), [("saint_petersburg", 3), ("citadels", 4), ("keythedral", 3)])
def test_no_target_of_another_seats_secret_is_drawn(name: str, players: int) -> None:
    """A seat's table marks its own hand, law cards and cubes behind the screen, nobody else's."""
    secret = ("hand", "lawcard", "cube")
    for game in positions(name, players, 6):
        for seat in (*range(players), None):
            for target in drawn_targets(game, seat):
                kind, _, rest = target.partition(":")
                if kind in secret:
                    assert seat is not None and rest.split(":")[0] == str(seat), f"{name}: {target} in {seat}'s view"


@pytest.mark.parametrize(("name", "kind", "drawn_as"), [("keythedral", "order", "marker"),
                                                        ("village", "privilege", "privilege")])
def test_work_order_markers_and_council_privileges_are_drawn_targets(name: str, kind: str, drawn_as: str) -> None:
    """Keythedral's work order markers and Village's council privileges are clicked on the table, not in the strip."""
    met = 0
    for seed in (1, 2, 3):
        game = bgl.new_game(name, players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and game.ply < 400 and met < 6:
            seat = game.to_act()[0]
            if seat >= 0:
                moves = [m for m in game.definition.seat_moves(game.state, seat) if m.kind == kind]
                drawn = drawn_targets(game, seat) if moves else set()
                for move in moves:
                    if kind == "privilege" and not move.stage:
                        continue  # 'privilege none' takes nothing on the table
                    first = click_path(name, move)[0].id
                    assert first.startswith(drawn_as + ":") and first in drawn, f"{move}: {first}"
                    met += 1
            game.apply(rng.choice(game.legal_moves()))
    assert met, f"no {kind} move met in the seeded games"
