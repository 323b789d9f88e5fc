"""Phase diagrams are drawn from the flow declaration: same nodes, same edges, current phase lit."""
import re

import pytest

import boardgames_lab as bgl
from boardgames_lab.core.registry import definition

graphviz = pytest.importorskip("graphviz")
from boardgames_lab.diagrams import phase_diagram, phase_svg  # noqa: E402

GAMES = [g["name"] for g in bgl.games()]


def parse(source: str) -> tuple[set[str], set[tuple[str, str]]]:
    nodes = set(re.findall(r"^\s*(\w+) \[label=", source, re.M))
    edges = set(re.findall(r"^\s*(\w+) -> (\w+)", source, re.M))
    return nodes, edges


@pytest.mark.parametrize("name", GAMES)
def test_diagram_matches_the_declaration(name: str) -> None:
    flow = definition(name).flow
    nodes, edges = parse(phase_diagram(name).source)
    assert nodes == {p.name for p in flow.phases}
    assert edges == {(e.source, e.target) for e in flow.edges}
    for edge in flow.edges:
        if edge.rule:
            assert edge.rule.split(".", 1)[1] in phase_diagram(name).source


def lit_phases(game: bgl.Game) -> list[str]:
    """Node statements are one body entry each; the lit one carries the thick border."""
    return [item.split()[0] for item in phase_diagram(game).body if "penwidth=2.5" in item and "->" not in item]


def test_current_phase_is_lit_and_moves_with_the_game() -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    assert lit_phases(game) == ["worker"]
    while game.phase == "worker":
        game.apply("pass")
    assert game.phase == "building" and lit_phases(game) == ["building"]


def test_diagram_renders_to_svg() -> None:
    svg = phase_svg("saint_petersburg")
    assert svg.lstrip().startswith("<?xml") and "Observatory draw" in svg
