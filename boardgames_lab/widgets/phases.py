"""The phase diagram's focus view: the current phase, the phases it can lead to and the guards on those edges.

Built from the same ``Flow`` declaration the engine runs (``game.definition.flow``), as plain HTML text that
wraps to any width, so it is readable at viewer size without Graphviz. The whole diagram stays
``diagrams.phase_svg``'s. Pure Python (no widget import).
"""
from __future__ import annotations

from html import escape

from ..core import turns
from ..core.flow import Edge, Flow
from ..core.game import Game

CSS = """<style>
.bgl-focus{font-family:Helvetica,Arial,sans-serif;font-size:12px;line-height:1.4;border:1px solid #cfd8dc;
 border-radius:4px;padding:4px 8px;background:#fff}
.bgl-focus .bgl-now{border:2px solid #E69F00;background:#fff8e1;border-radius:4px;padding:3px 6px;margin:2px 0 4px 0}
.bgl-focus ul{margin:2px 0 2px 0;padding-left:18px}
.bgl-focus .bgl-guard{color:#004d80}
.bgl-focus .bgl-then{color:#455a64}
.bgl-focus code{font-size:11px}
</style>"""
DEPTH = 3  # automatic phases followed this far: they pass straight through, so their way out belongs here


def focus_html(game: Game) -> str:
    """The current phase and where it can lead, with the guard and rule of each edge."""
    flow = game.definition.flow
    phase = flow.phase(game.phase)
    off_phases, off_kinds = _off(game)
    lines = [f"<b>Now: {escape(phase.label)}</b>"]
    moves = [m for m in phase.moves if m not in off_kinds]
    if moves:
        lines.append(f"moves: {escape(', '.join(moves))} · turn: {escape(turns.describe(phase.turn_name))}")
    if phase.note:
        lines.append(f"<i>{escape(phase.note)}</i>")
    now = '<div class="bgl-now">' + "<br>".join(lines) + "</div>"
    out = flow.edges_from(phase.name)
    nexts = _edges(flow, out, DEPTH, off_phases) if out else "<p>The game is over.</p>"
    sources = sorted({e.source for e in flow.edges if e.target == phase.name and e.source != phase.name
                      and e.source not in off_phases})
    came = ", ".join(escape(flow.phase(s).label) for s in sources)
    back = f'<div class="bgl-then">Reached from: {came}</div>' if came else ""
    return f'{CSS}<div class="bgl-focus">{now}<b>Leads to</b>{nexts}{back}</div>'


def _off(game: Game) -> tuple[frozenset[str], frozenset[str]]:
    """The phases and move kinds of variants this game plays without (its ``words`` face's ``off_phases`` and
    ``off_kinds``): the panel names only what the game can reach."""
    words = game.definition.words
    phases, kinds = getattr(words, "off_phases", None), getattr(words, "off_kinds", None)
    return (frozenset(phases(game.options)) if phases else frozenset(),
            frozenset(kinds(game.options)) if kinds else frozenset())


def _edges(flow: Flow, edges: tuple[Edge, ...], depth: int, off: frozenset[str] = frozenset()) -> str:
    items = []
    for edge in edges:
        if edge.target in off:
            continue
        target = flow.phase(edge.target)
        stay = " (stays)" if edge.target == edge.source else ""
        text = f"<b>{escape(target.label)}</b>{stay} {_guard(edge)}"
        if target.automatic and target.name != flow.terminal and depth > 1 and edge.target != edge.source:
            text += f'<div class="bgl-then">passes straight on:{_edges(flow, flow.edges_from(target.name), depth - 1, off)}</div>'
        items.append(f"<li>{text}</li>")
    return "<ul>" + "".join(items) + "</ul>"


def _guard(edge: Edge) -> str:
    when = edge.label or (edge.guard_name.replace("_", " ") if edge.guard_name else "")
    parts = [f'<span class="bgl-guard">when {escape(when)}</span>' if when else
             '<span class="bgl-guard">otherwise</span>']
    if edge.hook_name:
        parts.append(f"then {escape(edge.hook_name.replace('_', ' '))}")
    if edge.rule:
        parts.append(f"<code>{escape(edge.rule)}</code>")
    return " · ".join(parts)
