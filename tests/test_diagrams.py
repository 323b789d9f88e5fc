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


# --- without `dot` (the browser site): the build-time SVG, restyled -------------------------------

from boardgames_lab import diagrams  # noqa: E402


def svg_graph(svg: str) -> tuple[set[str], set[tuple[str, str]]]:
    """Nodes and edges of dot's SVG, read from the <title> of each node and edge group."""
    nodes = set(re.findall(r'class="node">\s*<title>(\w+)</title>', svg))
    edges = set(re.findall(r'class="edge">\s*<title>(\w+)&#45;&gt;(\w+)</title>', svg))
    return nodes, edges


@pytest.fixture(scope="module")
def prerendered() -> dict:
    """What `make site` writes into the wheel (rendered here with the system `dot`)."""
    return diagrams.prerender()


@pytest.fixture
def no_dot(monkeypatch, prerendered):
    """As under Pyodide: no `dot` on PATH, the build-time SVG in the package."""
    monkeypatch.setattr(diagrams, "can_render", lambda fmt="svg": False)
    monkeypatch.setattr(diagrams, "_prerendered", lambda: prerendered)
    assert not diagrams.can_render()


@pytest.mark.parametrize("name", GAMES)
def test_fallback_has_the_declarations_nodes_and_edges(name: str, no_dot) -> None:
    flow = definition(name).flow
    assert svg_graph(phase_svg(name)) == ({p.name for p in flow.phases},
                                          {(e.source, e.target) for e in flow.edges})


def lit_in_svg(svg: str) -> list[str]:
    return [m.group("title") for m in diagrams._NODE.finditer(svg) if diagrams.LIT["fillcolor"] in m.group("body")]


NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def edge_ends_apart(a: str, b: str) -> float:
    """How far apart two drawings of one layout are: the largest coordinate difference.

    Fails unless everything but the numbers (shapes, colours, text, order) is the same."""
    assert NUMBER.sub("#", a) == NUMBER.sub("#", b)
    return max((abs(float(x) - float(y)) for x, y in zip(NUMBER.findall(a), NUMBER.findall(b))), default=0.0)


@pytest.mark.parametrize("name", GAMES)
def test_fallback_is_the_picture_the_renderer_draws(name: str, prerendered, monkeypatch) -> None:
    """Lighting a phase in the build-time SVG gives what the renderer draws for that phase.

    The nodes are byte for byte the same; Graphviz 16 ends the edges at the lit node's thicker border,
    so the ends of edges meeting it move by about the extra pen width (under 2pt)."""
    flow = definition(name).flow
    phases = [flow.phases[1].name, flow.terminal] + [p.name for p in flow.phases if p.automatic][:1]
    svg = prerendered["games"][name]["svg"]
    for phase in phases:
        lit = diagrams.light(svg, phase)
        drawn = phase_diagram(name, highlight=phase).pipe(format="svg", encoding="utf-8")
        assert [m.group(0) for m in diagrams._NODE.finditer(lit)] == [m.group(0) for m in diagrams._NODE.finditer(drawn)]
        assert edge_ends_apart(lit, drawn) < 2.0
        assert lit_in_svg(lit) == [phase]
    assert lit_in_svg(diagrams.light(svg, None)) == []


def test_fallback_lights_the_current_phase_in_the_notebook_display(no_dot) -> None:
    game = bgl.new_game("saint_petersburg", players=2, seed=1)
    while game.phase == "worker":
        game.apply("pass")
    shown = phase_diagram(game)._repr_mimebundle_()["image/svg+xml"]
    assert lit_in_svg(shown) == lit_in_svg(phase_svg(game)) == ["building"]
    assert lit_in_svg(phase_svg("saint_petersburg", highlight="worker")) == ["worker"]


def test_fallback_refuses_an_svg_drawn_from_another_declaration(monkeypatch, prerendered) -> None:
    stale = {"format": 1, "games": dict(prerendered["games"])}
    stale["games"]["village"] = dict(stale["games"]["village"], source_sha256="0" * 64)
    monkeypatch.setattr(diagrams, "can_render", lambda fmt="svg": False)
    monkeypatch.setattr(diagrams, "_prerendered", lambda: stale)
    with pytest.raises(graphviz.ExecutableNotFound, match="another flow declaration"):
        phase_svg("village")
    assert svg_graph(phase_svg("citadels"))[0]  # the others still draw


def test_without_dot_or_build_time_svg_the_error_says_how_to_get_one(monkeypatch) -> None:
    monkeypatch.setattr(diagrams, "can_render", lambda fmt="svg": False)
    monkeypatch.setattr(diagrams, "_prerendered", lambda: None)
    with pytest.raises(graphviz.ExecutableNotFound, match="make site"):
        phase_svg("saint_petersburg")
