"""Each tutorial's game can be played from its start to its end by clicking the board alone.

For every tutorial notebook that shows a ``GameViewer``, the test takes the very game it builds (the
``bgl.new_game(...)`` call inside ``GameViewer(...)``, read from the notebook, so the same options and seed),
and drives the board widget's Python message handler with the messages board.js sends (``{"event": "click",
"target": id}``): from the perspective of the seat to act, one of its live targets at a time, chosen with a
seeded ``random.Random``. No move button, typed notation or bot move is used: if a position ever left the seat
to act without a live target, or a draw that needed someone to click it, the test fails there.

Keythedral ends only when the last building tile is bought, which random clicks almost never reach, so there half
of the moves are the heuristic bot's choice, still made by clicking its targets one by one (each must be live).
"""
from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import nbformat
import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import bot_move, make_bot
from boardgames_lab.widgets import GameViewer

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TUTORIALS = ("saint_petersburg", "citadels", "keythedral", "village")
GUIDED = {"keythedral": 0.5}  # the share of moves chosen by the heuristic bot (then clicked)
MAX_CLICKS = 20_000


def tutorial_game(name: str) -> bgl.Game:
    """The game the tutorial's viewer shows: its ``GameViewer(bgl.new_game(...))`` call, arguments as written."""
    nb = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "code" or "GameViewer(" not in cell.source:
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "GameViewer" and node.args:
                call = node.args[0]
                if isinstance(call, ast.Call) and getattr(call.func, "attr", "") == "new_game":
                    args = [ast.literal_eval(a) for a in call.args]
                    kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
                    return bgl.new_game(*args, **kwargs)
    raise AssertionError(f"{name}.ipynb shows no GameViewer(bgl.new_game(...))")


def click(viewer: GameViewer, target: str, seq: int) -> None:
    viewer.board.widget._handle_custom_msg({"event": "click", "target": target, "seq": seq}, [])


def live(viewer: GameViewer) -> list[str]:
    return sorted(viewer.board.widget.targets)


def play_by_clicks(name: str, seed: int = 0) -> tuple[GameViewer, int]:
    """Play the tutorial's game to its end by clicks; returns the viewer and the number of clicks."""
    viewer = GameViewer(tutorial_game(name))
    game = viewer.game
    rng = random.Random(seed)
    bot = make_bot("heuristic", seed=seed) if name in GUIDED else None
    clicks = 0
    while not game.is_over:
        acting = game.to_act()
        assert all(s >= 0 for s in acting), f"{name} ply {game.ply}: a draw waits for a click the board lacks"
        seat = rng.choice(acting)
        if viewer.viewpoint != seat:
            viewer.set_perspective(seat)
        assert live(viewer), f"{name} ply {game.ply}: {game.names[seat]} is to act with nothing live on the board"
        ply = game.ply
        path = None
        if bot is not None and rng.random() < GUIDED[name]:
            move = bot_move(game, bot, player=seat)
            path = [t.id for t in viewer.board.map.paths[move]]
        while game.ply == ply:
            options = live(viewer)
            target = path.pop(0) if path else rng.choice(options)
            assert target in options, f"{name} ply {ply}: {target} is not live"
            clicks += 1
            click(viewer, target, clicks)
            assert clicks < MAX_CLICKS, f"{name}: no end after {clicks} clicks (ply {game.ply})"
        assert game.ply == ply + 1 and game.moves[-1] is not None
    return viewer, clicks


@pytest.mark.slow
@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_game_is_played_to_its_end_by_clicking_the_board_alone(name: str) -> None:
    viewer, clicks = play_by_clicks(name)
    game = viewer.game
    assert game.is_over and game.winners()
    assert clicks >= game.ply  # every move was made by clicks: at least one each, and nothing else moved
    assert "Played" in viewer.message.value


def test_the_tutorial_game_is_the_one_the_notebook_shows() -> None:
    game = tutorial_game("citadels")
    assert (game.name, game.num_players, game.seed) == ("citadels", 4, 21)


def test_the_same_seed_clicks_the_same_game() -> None:
    first, _ = play_by_clicks("saint_petersburg", seed=3)
    again, _ = play_by_clicks("saint_petersburg", seed=3)
    assert [str(m) for m in first.game.moves] == [str(m) for m in again.game.moves]
