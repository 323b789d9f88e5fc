"""Phase diagrams drawn from the same ``Flow`` declaration the engine runs.

Needs the ``graphviz`` Python package (the ``lab`` extra) and Graphviz's ``dot``
to render; building the ``Digraph`` itself needs no ``dot``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import turns
from .core.flow import Flow
from .core.game import Game
from .core.registry import definition

if TYPE_CHECKING:
    import graphviz

LIT = {"style": "filled,bold", "fillcolor": "#ffd54f", "color": "#e65100", "penwidth": "2.5"}
DECISION = {"shape": "box", "style": "rounded,filled", "fillcolor": "#e3f2fd", "color": "#1565c0"}
AUTOMATIC = {"shape": "box", "style": "filled", "fillcolor": "#f5f5f5", "color": "#757575", "fontsize": "11"}
TERMINAL = {"shape": "doubleoctagon", "style": "filled", "fillcolor": "#c8e6c9", "color": "#2e7d32"}


def node_label(flow: Flow, name: str) -> str:
    phase = flow.phase(name)
    lines = [phase.label]
    if phase.moves:
        lines.append("moves: " + ", ".join(phase.moves))
        lines.append("turn: " + turns.describe(phase.turn))
    if phase.on_enter:
        lines.append("on enter: " + phase.on_enter.replace("_", " "))
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


def phase_diagram(game_or_name: Game | str, rankdir: str = "TB") -> "graphviz.Digraph":
    """The game's phase machine as a ``graphviz.Digraph``; with a game, its current phase is lit."""
    import graphviz

    game = game_or_name if isinstance(game_or_name, Game) else None
    d = game.definition if game is not None else definition(str(game_or_name))
    flow = d.flow
    current = game.phase if game is not None else None
    dot = graphviz.Digraph(d.info.name, graph_attr={"rankdir": rankdir, "fontname": "Helvetica",
                                                    "label": f"{d.info.title}: phases", "labelloc": "t"},
                           node_attr={"fontname": "Helvetica", "fontsize": "12"},
                           edge_attr={"fontname": "Helvetica", "fontsize": "9", "color": "#555555"})
    for phase in flow.phases:
        style: dict[str, Any] = dict(TERMINAL if phase.name == flow.terminal else
                                     AUTOMATIC if phase.automatic else DECISION)
        if phase.name == current:
            style.update(LIT)
        tooltip = "; ".join(phase.rules) or phase.name
        dot.node(phase.name, node_label(flow, phase.name), tooltip=tooltip, **style)
    for edge in flow.edges:
        dot.edge(edge.source, edge.target, label=edge_label(edge.guard, edge.hook, edge.rule, edge.label),
                 tooltip=edge.rule or "")
    return dot


def phase_svg(game_or_name: Game | str) -> str:
    """The phase diagram rendered to SVG text (needs Graphviz's ``dot``)."""
    return phase_diagram(game_or_name).pipe(format="svg", encoding="utf-8")
