"""The Village drawing: well-formed SVG of the board and every farmyard, built from the view only."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import RandomBot, bot_move
from boardgames_lab.rulesets.village.render import board_svg, farm_svg, render_html
from boardgames_lab.rulesets.village.travel import MAP
from tests.village.position import state


def played(plies: int, players: int = 3) -> bgl.Game:
    game, bot = bgl.new_game("village", players=players, seed=4), RandomBot(seed=4)
    while game.ply < plies and not game.is_over:
        game.apply(bot_move(game, bot))
    return game


@pytest.mark.parametrize("plies", [0, 150, 100_000])
def test_board_and_farmyards_are_well_formed_svg(plies: int) -> None:
    game = played(plies)
    view = game.view(0)
    root = ET.fromstring(board_svg(view))
    labels = {t.text for t in root.iter("{http://www.w3.org/2000/svg}text")}
    assert {"harvest", "church 4", "travel", "chronicle and graves"} <= labels
    assert all(any(str(t.text).startswith(town) for t in root.iter("{http://www.w3.org/2000/svg}text"))
               for town in MAP.nodes)  # every node of the travel graph is drawn
    for p in view["players"]:
        ET.fromstring(farm_svg(p, "x", view["time_lap"], False))
    html = render_html(view, game.names, game.winners())
    # The board is seven drawings, each at its own size (they wrap on a narrow screen), then a farmyard a player.
    assert board_svg(view).count("<svg") == 7
    assert html.count("<svg") == 7 + game.num_players
    if game.is_over:
        assert "<table>" in html


def test_drawing_never_shows_the_pile_order() -> None:
    game = played(40)
    html = render_html(game.view(1), game.names)
    teacher = game.full_view()
    assert "pile_order" in teacher and "pile_order" not in html
    assert f"face-down pile: {len(state(game).pile)}" in html


def test_viewer_uses_the_village_drawing() -> None:
    pytest.importorskip("ipywidgets")
    from boardgames_lab.widgets import GameViewer
    viewer = GameViewer(played(30))
    assert "Village, round" in viewer.board_html.value


NO_NUMPY = """
import sys
sys.modules["numpy"] = None  # any import of numpy now fails, as in a lab installed without it
import boardgames_lab as bgl
from boardgames_lab.bots import RandomBot, bot_move
from boardgames_lab.rulesets.village.render import render_html
game, bot = bgl.new_game("village", players=4, seed=2), RandomBot(seed=2)
while game.ply < 120 and not game.is_over:
    game.apply(bot_move(game, bot))
html = render_html(game.view(0), game.names)
assert html.count("<svg") == 7 + 4, html[:200]
try:
    import ipywidgets  # noqa: F401
except ImportError:
    pass
else:
    from boardgames_lab.widgets import GameViewer
    assert "Village, round" in GameViewer(game).board_html.value
assert "numpy" not in {name for name, module in sys.modules.items() if module is not None}
print("drawn")
"""


def test_drawing_needs_no_numpy() -> None:
    """The travel map is laid out as data (data.MAP_LAYOUT), so the viewer runs where numpy is not installed."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-c", NO_NUMPY], capture_output=True, text=True, env=env, cwd=root,
                          timeout=300)
    assert done.returncode == 0 and "drawn" in done.stdout, done.stderr[-2000:]


def test_every_place_of_the_map_has_a_fixed_position() -> None:
    from boardgames_lab.rulesets.village.data import MAP_LAYOUT
    assert set(MAP_LAYOUT) == set(MAP.nodes)
    assert all(-1 <= x <= 1 and -1 <= y <= 1 for x, y in MAP_LAYOUT.values())
    assert len(set(MAP_LAYOUT.values())) == len(MAP_LAYOUT)  # no two places drawn on top of each other
