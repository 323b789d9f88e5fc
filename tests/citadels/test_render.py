"""Citadels board drawing and viewer: only what the perspective may see is drawn."""
from __future__ import annotations

import random

import boardgames_lab as bgl
from boardgames_lab.rulesets.citadels.render import render_html
from boardgames_lab.widgets.viewer import GameViewer


def test_draft_pool_is_drawn_only_for_its_holder() -> None:
    game = bgl.new_game("citadels", players=4, seed=4)
    pool = game.view(0)["pool"]
    mine = render_html(game.view(0), game.names)
    theirs = render_html(game.view(1), game.names)
    assert "Passing: " + ", ".join(pool) in mine
    assert ", ".join(pool) not in theirs and 'class="back"' in theirs


def test_hidden_hands_are_card_backs_and_the_final_table_marks_winners() -> None:
    game = bgl.new_game("citadels", players=3, seed=8)
    chooser = random.Random(8)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_moves()))
    html = render_html(game.view(0), game.names, game.winners())
    assert 'class="final"' in html and 'class="winner"' in html
    game = bgl.new_game("citadels", players=3, seed=8)
    spectator = render_html(game.view(None), game.names)
    assert spectator.count('class="back"') >= 12  # three hands of four, face down


def test_viewer_builds_for_citadels() -> None:
    game = bgl.new_game("citadels", players=4, seed=2)
    viewer = GameViewer(game)
    assert "Citadels" in viewer.board_html.value and "Characters" in viewer.board_html.value
    viewer.apply(str(game.legal_moves()[0]))
    assert viewer.game.ply == 1
