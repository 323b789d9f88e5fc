"""The phase diagram's focus view: the current phase, where it can lead and on which guards (no Graphviz)."""
from __future__ import annotations

import re

import pytest

import boardgames_lab as bgl
from boardgames_lab.widgets import GameViewer
from boardgames_lab.widgets.phases import focus_html


@pytest.mark.parametrize("name", ["saint_petersburg", "citadels", "keythedral", "village"])
def test_the_focus_view_names_the_phase_each_edge_out_its_guard_and_rule(name: str) -> None:
    game = bgl.new_game(name, seed=1)
    flow = game.definition.flow
    html = focus_html(game)
    assert f"Now: {flow.phase(game.phase).label}".replace("'", "&#x27;") in html
    for edge in flow.edges_from(game.phase):
        assert flow.phase(edge.target).label.replace("'", "&#x27;") in html
        if edge.rule:
            assert f"<code>{edge.rule}</code>" in html
        if edge.guard_name:
            assert (edge.label or edge.guard_name.replace("_", " ")) in html
    assert min(int(px) for px in re.findall(r"font-size:(\d+)px", html)) >= 11


def test_the_focus_view_follows_the_game() -> None:
    v = GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1))
    assert "Now: Worker phase" in v.phase_focus.value
    while v.game.phase == "worker":
        v.apply("pass")
    assert f"Now: {v.game.definition.flow.phase(v.game.phase).label}" in v.phase_focus.value


def test_the_whole_diagram_zooms_to_its_actual_size() -> None:
    v = GameViewer(bgl.new_game("citadels", players=4, seed=1))
    v.diagram_zoom.value = "actual size"
    assert "bgl-actual" in v.diagram._dom_classes
    v.diagram_zoom.value = "fit"
    assert "bgl-actual" not in v.diagram._dom_classes
