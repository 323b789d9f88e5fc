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


# --- no system Graphviz: the graphviz-pure wheel draws, found from its package files ------------

import os  # noqa: E402
import shutil  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import xml.etree.ElementTree as ET  # noqa: E402
from pathlib import Path  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = Path(os.environ.get("BGL_NOTEBOOKS_DIR", REPO / "notebooks"))
SVG_NS = "{http://www.w3.org/2000/svg}"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def path_without_dot(tmp_path: Path) -> str:
    """A PATH holding only an empty folder: no `dot`, not even the environment's own bin/."""
    empty = tmp_path / "bin"
    empty.mkdir()
    assert shutil.which("dot", path=str(empty)) is None
    return str(empty)


def no_dot_env(path: str) -> dict[str, str]:
    """This environment with PATH stripped to ``path``, importing this checkout of the package."""
    return {**os.environ, "PATH": path, "PYTHONPATH": str(REPO)}


def svg_titles_and_texts(svg: bytes | str) -> tuple[set[str], str]:
    """The node titles and all the text of a well-formed SVG (fails if it is not one)."""
    root = ET.fromstring(svg.encode() if isinstance(svg, str) else svg)
    assert root.tag == f"{SVG_NS}svg"
    titles = {g.findtext(f"{SVG_NS}title") for g in root.iter(f"{SVG_NS}g") if g.get("class") == "node"}
    return {t for t in titles if t}, " ".join(t.text or "" for t in root.iter(f"{SVG_NS}text"))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC and data[12:16] == b"IHDR"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def test_the_renderer_is_found_from_its_package_files_not_from_path(monkeypatch, path_without_dot) -> None:
    monkeypatch.setenv("PATH", path_without_dot)
    diagrams.bundled_renderer.cache_clear()
    try:
        found = diagrams.bundled_renderer()
    finally:
        diagrams.bundled_renderer.cache_clear()
    assert found is not None and Path(found).name in ("graphviz-pure", "graphviz-pure.exe")
    assert Path(found).is_relative_to(Path(sys.prefix).resolve())  # this environment's own copy
    assert diagrams.system_dot() is None and diagrams.can_render("svg") and diagrams.can_render("pdf")
    assert b"graphviz-pure" in diagrams.render("digraph { a -> b }", "svg")


def run_cli(*args: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "boardgames_lab.cli", *args], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)


def svg_size_pt(svg: bytes) -> tuple[float, float]:
    root = ET.fromstring(svg)
    return float(root.get("width", "0").removesuffix("pt")), float(root.get("height", "0").removesuffix("pt"))


@pytest.mark.parametrize("name", GAMES)
def test_the_command_draws_svg_and_png_without_dot(name: str, tmp_path: Path, path_without_dot: str) -> None:
    """`boardgames-lab diagram` with no `dot` anywhere on PATH: every phase is in the SVG, and the PNG
    has the SVG's size (the same layout, at 96 dpi)."""
    flow = definition(name).flow
    env = no_dot_env(path_without_dot)
    for fmt in ("svg", "png"):
        done = run_cli("diagram", name, "-o", f"phases.{fmt}", env=env, cwd=tmp_path)
        assert done.returncode == 0 and done.stdout == f"wrote phases.{fmt}\n", done.stderr
    svg = (tmp_path / "phases.svg").read_bytes()
    titles, text = svg_titles_and_texts(svg)
    assert titles == {p.name for p in flow.phases}
    assert all(p.label in text for p in flow.phases) and f"{definition(name).info.title}: phases" in text
    assert b"(graphviz-pure)" in svg  # drawn by the wheel, not by a dot found some other way
    width_pt, height_pt = svg_size_pt(svg)
    width, height = png_size((tmp_path / "phases.png").read_bytes())
    assert abs(width - width_pt * 96 / 72) <= 2 and abs(height - height_pt * 96 / 72) <= 2


def test_the_command_writes_a_pdf_without_dot(tmp_path: Path, path_without_dot: str) -> None:
    """Without dot the PDF holds the wheel's 300 dpi picture, losslessly, on a page of the diagram's size."""
    import zlib

    done = run_cli("diagram", "saint_petersburg", "-o", "phases.pdf", env=no_dot_env(path_without_dot), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    pdf = (tmp_path / "phases.pdf").read_bytes()
    assert pdf.startswith(b"%PDF-1.4\n") and pdf.endswith(b"%%EOF\n") and b"/Count 1" in pdf
    xref = int(pdf.rsplit(b"startxref\n", 1)[1].split()[0])
    offsets = [int(line[:10]) for line in pdf[xref:].split(b"\n")[3:8]]
    assert [pdf[o:].split(b"\n", 1)[0] for o in offsets] == [f"{n} 0 obj".encode() for n in range(1, 6)]
    box = re.search(rb"/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]", pdf)
    image = re.search(rb"/Width (\d+) /Height (\d+) .*?/Length (\d+) >>\nstream\n", pdf)
    assert box and image
    width_pt, height_pt = svg_size_pt(phase_diagram("saint_petersburg").pipe(format="svg"))
    assert abs(float(box[1]) - width_pt) <= 1 and abs(float(box[2]) - height_pt) <= 1
    width, height, length = (int(g) for g in image.groups())
    assert (width, height) == (round(float(box[1]) * 300 / 72), round(float(box[2]) * 300 / 72))
    pixels = zlib.decompress(pdf[image.end():image.end() + length])
    assert len(pixels) == width * height * 3 and pixels.count(b"\xff") < len(pixels)  # not a blank page


def test_with_nothing_to_draw_the_command_says_what_to_install(tmp_path: Path, path_without_dot: str) -> None:
    """No wheel and no `dot`: one line naming the package, no traceback, no file."""
    script = ("import sys; from boardgames_lab import diagrams, cli; diagrams.bundled_renderer = lambda: None; "
              "sys.exit(cli.main(sys.argv[1:]))")
    for out in ("phases.svg", "phases.png", "phases.pdf"):
        done = subprocess.run([sys.executable, "-c", script, "diagram", "saint_petersburg", "-o", out],
                              env=no_dot_env(path_without_dot), cwd=tmp_path, capture_output=True, text=True,
                              timeout=120, stdin=subprocess.DEVNULL)
        assert done.returncode == 1 and "Traceback" not in done.stderr
        assert "graphviz-pure" in done.stderr and "pip install" in done.stderr
        assert not (tmp_path / out).exists()


def test_a_format_the_wheel_lacks_is_refused_in_words_without_dot(monkeypatch, path_without_dot) -> None:
    monkeypatch.setenv("PATH", path_without_dot)
    assert not diagrams.can_render("ps")
    with pytest.raises(graphviz.ExecutableNotFound, match="does not write 'ps'"):
        phase_diagram("village").pipe(format="ps")


def test_a_source_the_renderer_rejects_raises_its_words() -> None:
    with pytest.raises(graphviz.CalledProcessError) as err:
        diagrams.render("digraph { a -> }", "svg")
    assert err.value.stderr


def test_the_decision_trees_are_drawn_without_dot(monkeypatch, path_without_dot) -> None:
    """The game theory notebook's trees (``decisions.to_graphviz``) go through the same renderer."""
    from boardgames_lab.analysis import decisions as dec

    leaves = [dec.Node("leaf", payoffs=[1.0, -1.0], over=True), dec.Node("leaf", payoffs=[-2.0, 2.0], over=True)]
    root = dec.Node("decision", seat=0, infoset="s0", edges=[("raise 1", None, leaves[0]), ("swap", None, leaves[1])])
    tree = dec.Tree("duel", 2, root, {"s0": (0, ("raise 1", "swap"))}, {"s0": [root]}, "final scores")
    monkeypatch.setenv("PATH", path_without_dot)
    svg = dec.to_graphviz(tree)._repr_mimebundle_()["image/svg+xml"]
    titles, text = svg_titles_and_texts(svg)
    assert titles == {"n0", "n1", "n2"} and "seat 0 [s0]" in text and "(+1.00, -1.00) end" in text


def diagram_outputs(nb: dict) -> tuple[list[str], list[str]]:
    """The SVG the notebook showed for its ``phase_diagram(...)`` cells, and its viewers' diagrams."""
    shown = [out["data"]["image/svg+xml"] for cell in nb["cells"] if cell["cell_type"] == "code"
             and "phase_diagram(" in cell["source"] for out in cell.get("outputs", [])
             if "image/svg+xml" in out.get("data", {})]
    state = nb["metadata"].get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    viewers = [m["state"]["value"] for m in state.values()
               if m.get("model_name") == "HTMLModel" and 'class="bgl-diagram"' in m["state"].get("value", "")]
    return shown, viewers


TUTORIALS = ["saint_petersburg", "citadels", "keythedral", "village"]


@pytest.mark.slow
@pytest.mark.parametrize("game", TUTORIALS)
def test_the_tutorial_runs_and_shows_its_diagrams_without_dot(game: str, tmp_path: Path, monkeypatch,
                                                             path_without_dot: str) -> None:
    """Each game's tutorial, run top to bottom by a kernel whose PATH has no `dot`, shows its phase
    diagram and its viewer's diagram as drawings of every phase."""
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    work = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, work)  # what a notebook writes lands in the copy
    for key, value in no_dot_env(path_without_dot).items():
        monkeypatch.setenv(key, value)
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.setenv("MPLCONFIGDIR", str(tmp_path / "mpl"))
    nb = nbformat.read(work / f"{game}.ipynb", as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(work)}}).execute()
    shown, viewers = diagram_outputs(nb)
    assert shown and viewers, "the tutorial shows its phase diagram and a viewer"
    assert all("(graphviz-pure)" in svg for svg in shown)
    phases = {p.name for p in definition(game).flow.phases}
    for svg in shown + viewers:
        assert svg_titles_and_texts(svg[svg.find("<svg"):svg.rfind("</svg>") + 6])[0] == phases
