"""Phase diagrams drawn from the same ``Flow`` declaration the engine runs.

Needs the ``graphviz`` Python package and ``graphviz-pure`` (both in the ``lab`` extra): the DOT
source is built here with ``graphviz`` and laid out by the ``graphviz-pure`` executable, a port of
Graphviz 16.1 shipped as platform wheels, so nothing outside Python is installed and every platform
draws the same bytes. Where that wheel is missing, Graphviz's ``dot`` on PATH draws instead (and it
alone writes vector PDF). Without either (in the browser, under Pyodide) ``phase_svg`` and the
notebook display of ``phase_diagram`` use the SVG that ``make site`` rendered into the package data
(``phase_diagrams.json``, see ``prerender``), and light the current phase by restyling that phase's
node in the SVG: the same picture, no layout engine needed.
"""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import zlib
from functools import lru_cache
from importlib import metadata, resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core import turns
from .core.flow import Flow
from .core.game import Game
from .core.registry import definition, games

if TYPE_CHECKING:
    import graphviz

# The current phase: these colours over the node's own style, made bold (so its shape stays).
LIT = {"fillcolor": "#ffd54f", "color": "#e65100", "penwidth": "2.5"}
DECISION = {"shape": "box", "style": "rounded,filled", "fillcolor": "#e3f2fd", "color": "#1565c0"}
AUTOMATIC = {"shape": "box", "style": "filled", "fillcolor": "#f5f5f5", "color": "#757575", "fontsize": "11"}
TERMINAL = {"shape": "doubleoctagon", "style": "filled", "fillcolor": "#c8e6c9", "color": "#2e7d32"}
# Package data written at build time by prerender(); absent in a source checkout.
PRERENDERED = "phase_diagrams.json"
# The wheel that lays diagrams out, its executable, and the formats it writes (no PDF: see render).
RENDERER = "graphviz-pure"
RENDERER_FORMATS = frozenset({"svg", "png", "jpeg", "jpg", "jpe", "dot", "gv", "xdot", "canon", "json", "plain"})
PDF_DPI = 300  # a PDF drawn without dot holds the PNG at this resolution
NO_WINDOW = getattr(subprocess, "CREATE_NO_WINDOW", 0)  # Windows: no console flashing up at each drawing
INSTALL = "pip install graphviz-pure==0.2.2 (the lab extra has it), then restart the kernel if in a notebook"


def node_label(flow: Flow, name: str) -> str:
    phase = flow.phase(name)
    lines = [phase.label]
    if phase.moves:
        lines.append("moves: " + ", ".join(phase.moves))
        lines.append("turn: " + turns.describe(phase.turn_name))
    if phase.enter_name:
        lines.append("on enter: " + phase.enter_name.replace("_", " "))
    return "\n".join(lines)


def edge_label(guard: str | None, hook: str | None, rule: str | None, label: str) -> str:
    parts = []
    if guard:
        parts.append(f"[{label or guard.replace('_', ' ')}]")
    if hook:
        parts.append("/ " + hook.replace("_", " "))
    if rule:
        parts.append(rule.split(".", 1)[1])
    return "\n".join(parts)


def _game_and_name(game_or_name: Game | str) -> tuple[Game | None, str]:
    if isinstance(game_or_name, Game):
        return game_or_name, game_or_name.definition.info.name
    return None, definition(str(game_or_name)).info.name


def phase_diagram(game_or_name: Game | str, rankdir: str = "TB",
                  highlight: str | None = None) -> "graphviz.Digraph":
    """The game's phase machine as a ``graphviz.Digraph``.

    The phase ``highlight`` is lit; by default, with a game, its current phase. Displayed in a
    notebook, it renders with ``render``, or without a renderer from the build-time SVG (``phase_svg``).
    """
    game, name = _game_and_name(game_or_name)
    d = definition(name)
    flow = d.flow
    current = highlight if highlight is not None else game.phase if game is not None else None
    dot = _phase_digraph_class()(d.info.name, graph_attr={"rankdir": rankdir, "fontname": "Helvetica",
                                                          "label": f"{d.info.title}: phases", "labelloc": "t"},
                                 node_attr={"fontname": "Helvetica", "fontsize": "12"},
                                 edge_attr={"fontname": "Helvetica", "fontsize": "9", "color": "#555555"})
    dot.game_name, dot.lit = name, current
    for phase in flow.phases:
        style: dict[str, Any] = dict(TERMINAL if phase.name == flow.terminal else
                                     AUTOMATIC if phase.automatic else DECISION)
        if phase.name == current:
            style.update(LIT, style=style["style"] + ",bold")
        tooltip = "; ".join(phase.rules) or phase.name
        dot.node(phase.name, node_label(flow, phase.name), tooltip=tooltip, **style)
    for edge in flow.edges:
        dot.edge(edge.source, edge.target, label=edge_label(edge.guard_name, edge.hook_name, edge.rule, edge.label),
                 tooltip=edge.rule or "")
    return dot


@lru_cache(maxsize=1)
def _phase_digraph_class() -> type:
    class PhaseDiagram(digraph_class()):  # type: ignore[misc]
        """A ``Diagram`` whose notebook display falls back to the build-time SVG with no renderer."""

        game_name: str = ""
        lit: str | None = None

        def _repr_image_svg_xml(self) -> str:
            if can_render("svg") or self.graph_attr.get("rankdir") != "TB":
                return str(super()._repr_image_svg_xml())
            return phase_svg(self.game_name, highlight=self.lit)

    return PhaseDiagram


@lru_cache(maxsize=1)
def digraph_class() -> type:
    """``Diagram``: a ``graphviz.Digraph`` that renders (``pipe``, notebook display) with ``render``."""
    import graphviz

    class Diagram(graphviz.Digraph):
        """A ``graphviz.Digraph`` drawn by the graphviz-pure wheel, or by ``dot`` where that is missing."""

        def pipe(self, format: str | None = None, renderer: str | None = None,
                 formatter: str | None = None, neato_no_op: bool | int | None = None, quiet: bool = False, *,
                 engine: str | None = None, encoding: str | None = None) -> bytes | str:
            if renderer is not None or formatter is not None or neato_no_op:  # options only dot itself has
                return super().pipe(format, renderer, formatter, neato_no_op, quiet,
                                    engine=engine, encoding=encoding)
            data = render(self.source, format or self.format, engine=engine or self.engine)
            return data.decode(encoding) if encoding else data

    return Diagram


@lru_cache(maxsize=1)
def bundled_renderer() -> str | None:
    """Path of the ``graphviz-pure`` executable, read from its installed package's file list.

    Not looked up on PATH: a notebook kernel's PATH need not hold its environment's ``bin/``
    (``Scripts\\`` on Windows)."""
    try:
        dist = metadata.distribution(RENDERER)
    except metadata.PackageNotFoundError:
        return None
    for file in dist.files or ():
        if file.name in (RENDERER, RENDERER + ".exe"):
            path = Path(str(dist.locate_file(file))).resolve()
            if path.is_file() and os.access(path, os.X_OK):
                return str(path)
    return None


def system_dot() -> str | None:
    """Graphviz's ``dot`` on PATH, if any (never under Pyodide)."""
    return shutil.which("dot")


def can_render(fmt: str = "svg") -> bool:
    """Whether ``render`` can draw ``fmt`` here (else the notebook falls back to the build-time SVG)."""
    return system_dot() is not None or (bundled_renderer() is not None
                                        and (fmt in RENDERER_FORMATS or fmt == "pdf"))


def render(source: str, fmt: str, engine: str = "dot") -> bytes:
    """DOT ``source`` drawn as ``fmt`` ("svg", "png", "pdf", ...).

    The graphviz-pure wheel draws whenever it is installed: the same bytes on every platform, and
    the same picture as Graphviz 16.1's ``dot``. Graphviz's ``dot`` on PATH draws where the wheel is
    missing, and draws PDF, which the wheel does not write; without ``dot`` a PDF holds the wheel's
    PNG at ``PDF_DPI``. Raises ``NoDiagram`` (naming what to install) when nothing can draw ``fmt``,
    and ``graphviz.CalledProcessError`` when the renderer rejects the source.
    """
    bundled, dot = bundled_renderer(), system_dot()
    if bundled is not None and fmt in RENDERER_FORMATS:
        return _run([bundled, f"-K{engine}", f"-T{fmt}"], source)
    if dot is not None:
        return _run([dot, f"-K{engine}", f"-T{fmt}"], source)
    if bundled is not None and fmt == "pdf":
        return _pdf(_run([bundled, f"-K{engine}", "-Tpng", f"-Gdpi={PDF_DPI}"], source))
    if bundled is not None:
        raise _no_diagram(f"{RENDERER} does not write {fmt!r} (it writes {', '.join(sorted(RENDERER_FORMATS))}, "
                          "and PDF here); Graphviz's dot on PATH would")
    raise _no_diagram(f"drawing a diagram needs {RENDERER}, a Graphviz with nothing to install outside "
                      f"Python: {INSTALL}")


def _run(cmd: list[str], source: str) -> bytes:
    import graphviz

    try:
        done = subprocess.run(cmd, input=source.encode("utf-8"), capture_output=True, check=False,
                              creationflags=NO_WINDOW)
    except OSError as err:  # e.g. a renderer built for another machine
        raise _no_diagram(f"could not run {cmd[0]} ({err.strerror or err}); reinstall it: {INSTALL}") from None
    if done.returncode != 0:
        raise graphviz.CalledProcessError(done.returncode, cmd, output=done.stdout, stderr=done.stderr)
    return done.stdout


def _pdf(png: bytes) -> bytes:
    """A one-page PDF holding ``png`` (drawn at ``PDF_DPI``) at its drawn size, on white.

    Written here rather than by Pillow's PDF writer, which stores colour pictures as JPEG: lines and
    letters stay sharp (Flate, lossless), and the same picture gives the same bytes (no dates)."""
    try:
        from PIL import Image
    except ImportError:
        raise _no_diagram("a PDF drawn without Graphviz's dot needs Pillow: pip install pillow==13.0.0 "
                          "(the lab extra has it), or write .svg or .png") from None
    with Image.open(io.BytesIO(png)) as image:
        rgba = image.convert("RGBA")
    page = Image.new("RGB", rgba.size, "white")
    page.paste(rgba, mask=rgba.getchannel("A"))
    (w, h), scale = page.size, 72 / PDF_DPI
    pixels = zlib.compress(page.tobytes(), 6)
    draw = f"q {w * scale:.2f} 0 0 {h * scale:.2f} 0 0 cm /D Do Q".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w * scale:.2f} {h * scale:.2f}] "
        "/Resources << /XObject << /D 4 0 R >> >> /Contents 5 0 R >>".encode(),
        f"<< /Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceRGB "
        f"/BitsPerComponent 8 /Filter /FlateDecode /Length {len(pixels)} >>\nstream\n".encode()
        + pixels + b"\nendstream",
        f"<< /Length {len(draw)} >>\nstream\n".encode() + draw + b"\nendstream",
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return bytes(out)


def phase_svg(game_or_name: Game | str, highlight: str | None = None) -> str:
    """The phase diagram as SVG text, with ``highlight`` (default: a game's current phase) lit.

    Works with or without a renderer: without one, the build-time SVG is restyled (``light``). Raises
    ``NoDiagram`` (a ``graphviz.ExecutableNotFound``) when there is neither renderer nor build-time SVG.
    """
    game, name = _game_and_name(game_or_name)
    current = highlight if highlight is not None else game.phase if game is not None else None
    if can_render("svg"):
        return phase_diagram(name, highlight=current).pipe(format="svg", encoding="utf-8")
    return light(prerendered_svg(name), current)


def source_digest(name: str) -> str:
    """Fingerprint of the unlit diagram's DOT source: ties a build-time SVG to the declaration."""
    return hashlib.sha256(phase_diagram(name).source.encode()).hexdigest()


def prerender() -> dict[str, Any]:
    """Every game's unlit diagram rendered (``render``), as written to ``PRERENDERED`` at build time."""
    return {"format": 1, "games": {
        name: {"source_sha256": source_digest(name),
               "svg": phase_diagram(name).pipe(format="svg", encoding="utf-8")}
        for name in (g["name"] for g in games())}}


@lru_cache(maxsize=1)
def _no_diagram_class() -> type:
    import graphviz

    class NoDiagram(graphviz.ExecutableNotFound):
        """Nothing to draw this diagram with, nor a build-time SVG (caught where ``dot`` missing is)."""

        def __init__(self, message: str) -> None:
            RuntimeError.__init__(self, message)

    return NoDiagram


def _no_diagram(why: str) -> Exception:
    return _no_diagram_class()(why)


@lru_cache(maxsize=1)
def _prerendered() -> dict[str, Any] | None:
    try:
        text = resources.files(__package__).joinpath(PRERENDERED).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    return json.loads(text)


def prerendered_svg(name: str) -> str:
    """The build-time SVG of ``name``'s unlit diagram, checked against the current declaration."""
    data = _prerendered()
    if data is None:
        raise _no_diagram(f"the phase diagram needs {RENDERER}: {INSTALL} (or the SVG that `make site` "
                          f"renders into the package: {PRERENDERED} is not in this install)")
    entry = data["games"].get(name)
    if entry is None or entry["source_sha256"] != source_digest(name):
        raise _no_diagram(f"the build-time phase diagram of {name!r} is missing or was drawn from another "
                          f"flow declaration: rebuild with `make site`, or {INSTALL}")
    return str(entry["svg"])


# One node of Graphviz's SVG: its <g class="node"> up to the next node, edge or cluster group.
_NODE = re.compile(r'(?P<head><g id="node\d+" class="node">\s*<title>(?P<title>[^<]*)</title>)'
                   r'(?P<body>.*?)(?=<g id="(?:node|edge|clust)\d+"|</svg>)', re.S)
_SHAPE = re.compile(r"<(?:path|polygon|ellipse)\b[^>]*>")


def light(svg: str, phase: str | None) -> str:
    """``svg`` (the rendering of an unlit diagram) with node ``phase`` restyled as ``LIT``."""
    if phase is None:
        return svg

    def restyle(shape: re.Match[str]) -> str:
        tag = re.sub(r' stroke-width="[^"]*"', "", shape.group(0))
        tag = re.sub(r' fill="(?!none")[^"]*"', f' fill="{LIT["fillcolor"]}"', tag)
        return re.sub(r' stroke="[^"]*"', f' stroke="{LIT["color"]}" stroke-width="{LIT["penwidth"]}"', tag)

    def node(m: re.Match[str]) -> str:
        if m.group("title") != phase:
            return m.group(0)
        return m.group("head") + _SHAPE.sub(restyle, m.group("body"))

    if f"<title>{phase}</title>" not in svg:
        raise _no_diagram(f"the build-time phase diagram has no phase {phase!r}")
    return _NODE.sub(node, svg)
