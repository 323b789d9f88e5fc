"""The Village drawing: well-formed SVG of the board and every farmyard, built from the view only."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import boardgames_lab as bgl
from boardgames_lab.bots import RandomBot, bot_move
from boardgames_lab.rulesets.village.render import board_svg, farm_svg, render_html
from boardgames_lab.rulesets.village.travel import MAP


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
    assert html.count("<svg") == 1 + game.num_players
    if game.is_over:
        assert "<table>" in html


def test_drawing_never_shows_the_pile_order() -> None:
    game = played(40)
    html = render_html(game.view(1), game.names)
    teacher = game.full_view()
    assert "pile_order" in teacher and "pile_order" not in html
    assert f"face-down pile: {len(game.state.pile)}" in html


def test_viewer_uses_the_village_drawing() -> None:
    pytest.importorskip("ipywidgets")
    from boardgames_lab.widgets import GameViewer
    viewer = GameViewer(played(30))
    assert "Village, round" in viewer.board_html.value
