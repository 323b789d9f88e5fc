"""Phase diagrams drawn from the same ``Flow`` declaration the engine runs.

Needs the ``graphviz`` Python package (the ``lab`` extra). With Graphviz's ``dot`` on PATH the
diagram is rendered on demand. Without it (in the browser, under Pyodide) ``phase_svg`` and the
notebook display of ``phase_diagram`` use the SVG that ``make site`` rendered with ``dot`` into the
package data (``phase_diagrams.json``, see ``prerender``), and light the current phase by restyling
that phase's node in the SVG: the same picture, no layout engine needed.
"""
from __future__ import annotations

import hashlib
import json
import re
import shutil
from functools import lru_cache
from importlib import resources
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
    notebook, it renders with ``dot``, or without ``dot`` from the build-time SVG (``phase_svg``).
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
    import graphviz

    class PhaseDiagram(graphviz.Digraph):
        """A ``Digraph`` whose notebook display falls back to the build-time SVG when ``dot`` is absent."""

        game_name: str = ""
        lit: str | None = None

        def _repr_image_svg_xml(self) -> str:
            if has_dot() or self.graph_attr.get("rankdir") != "TB":
                return super()._repr_image_svg_xml()
            return phase_svg(self.game_name, highlight=self.lit)

    return PhaseDiagram


def has_dot() -> bool:
    """Whether Graphviz's ``dot`` is on PATH (it never is under Pyodide)."""
    return shutil.which("dot") is not None


def phase_svg(game_or_name: Game | str, highlight: str | None = None) -> str:
    """The phase diagram as SVG text, with ``highlight`` (default: a game's current phase) lit.

    Works with or without ``dot``: without it, the build-time SVG is restyled (``light``). Raises
    ``NoDiagram`` (a ``graphviz.ExecutableNotFound``) when there is neither ``dot`` nor build-time SVG.
    """
    game, name = _game_and_name(game_or_name)
    current = highlight if highlight is not None else game.phase if game is not None else None
    if has_dot():
        return phase_diagram(name, highlight=current).pipe(format="svg", encoding="utf-8")
    return light(prerendered_svg(name), current)


def source_digest(name: str) -> str:
    """Fingerprint of the unlit diagram's DOT source: ties a build-time SVG to the declaration."""
    return hashlib.sha256(phase_diagram(name).source.encode()).hexdigest()


def prerender() -> dict[str, Any]:
    """Every game's unlit diagram rendered with ``dot``, as written to ``PRERENDERED`` at build time."""
    return {"format": 1, "games": {
        name: {"source_sha256": source_digest(name),
               "svg": phase_diagram(name).pipe(format="svg", encoding="utf-8")}
        for name in (g["name"] for g in games())}}


@lru_cache(maxsize=1)
def _no_diagram_class() -> type:
    import graphviz

    class NoDiagram(graphviz.ExecutableNotFound):
        """Neither ``dot`` nor a build-time SVG for this diagram (caught where ``dot`` missing is)."""

        def __init__(self, message: str) -> None:
            RuntimeError.__init__(self, message)

    return NoDiagram


def _no_diagram(why: str) -> Exception:
    return _no_diagram_class()(why)  # type: ignore[no-any-return]


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
        raise _no_diagram("the phase diagram needs Graphviz's dot, or the SVG that `make site` renders "
                          f"into the package ({PRERENDERED} is not in this install)")
    entry = data["games"].get(name)
    if entry is None or entry["source_sha256"] != source_digest(name):
        raise _no_diagram(f"the build-time phase diagram of {name!r} is missing or was drawn from another "
                          "flow declaration: rebuild with `make site`, or install Graphviz's dot")
    return str(entry["svg"])


# One node of dot's SVG: its <g class="node"> up to the next node, edge or cluster group.
_NODE = re.compile(r'(?P<head><g id="node\d+" class="node">\s*<title>(?P<title>[^<]*)</title>)'
                   r'(?P<body>.*?)(?=<g id="(?:node|edge|clust)\d+"|</svg>)', re.S)
_SHAPE = re.compile(r"<(?:path|polygon|ellipse)\b[^>]*>")


def light(svg: str, phase: str | None) -> str:
    """``svg`` (dot's rendering of an unlit diagram) with node ``phase`` restyled as ``LIT``."""
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
