"""How a Village view looks: an SVG of the village board and one of each farmyard, or a few lines of text
(presentation only).

``render_html(view)`` draws whatever ``game.view(p)`` or ``game.full_view()`` returned and nothing
more. The travel map is the graph the rules use, drawn at the fixed places of ``data.MAP_LAYOUT`` (no physics
layout at run time, so drawing needs nothing beyond the standard library and networkx).
"""
from __future__ import annotations

import math
from html import escape
from typing import Any, Sequence

from .data import AREAS, CATEGORIES, COLOURS, MAP_LAYOUT, VILLAGE
from .flow import FLOW
from .travel import MAP

PLAYER_FILL = ("#d32f2f", "#fbc02d", "#1976d2", "#efe6c8")
CUBE_FILL = {"orange": "#ef6c00", "green": "#2e7d32", "brown": "#6d4c41", "pink": "#ec407a", "plague": "#111"}
CSS = """
.vlg{font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#222}
.vlg-head{display:flex;gap:10px;align-items:baseline;margin-bottom:4px}
.vlg-title{font-weight:bold;font-size:15px}
.vlg-tag{display:inline-block;padding:1px 6px;border-radius:9px;background:#eceff1;font-size:11px}
.vlg-turn{background:#ffd54f}
.vlg-farms{display:flex;flex-wrap:wrap;gap:6px}
.vlg table{border-collapse:collapse;margin-top:6px}.vlg td,.vlg th{border:1px solid #bbb;padding:2px 6px}
"""


# Every text is at least 11 px (the smallest the viewer allows) and every box is sized for its longest label at
# about 0.6 px per character per px of font size (tests/test_render_layout.py). The board is 840 px wide: the
# viewer fits it to the table's width, about 850 px in a notebook at its default width, so 11 px stay 11 px.
SMALL = 11
WIDTH, HEIGHT = 840, 480


def _text(x: float, y: float, s: str, size: int = SMALL, anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(s)}</text>')


def _villager(x: float, y: float, seat: int, generation: int, place: str = "") -> str:
    """A villager disc with its generation; ``place`` names it as a click target (``vil:seat:place:generation``)."""
    disc = (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="8" fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>'
            + _text(x, y + 4, str(generation), SMALL, "middle", "bold"))
    return f'<g data-target="vil:{seat}:{place}:{generation}">{disc}</g>' if place else disc


def _by_place(view: dict[str, Any]) -> dict[str, list[tuple[int, int]]]:
    found: dict[str, list[tuple[int, int]]] = {}
    for pl in view["players"]:
        for v in pl["villagers"]:
            found.setdefault(v["place"], []).append((pl["seat"], v["generation"]))
    return found


def _box(x: float, y: float, w: float, h: float, title: str, stroke: str = "#555", fill: str = "#fafafa",
         target: str = "") -> str:
    where = f' data-target="{target}"' if target else ""
    return (f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{fill}" stroke="{stroke}"{where}/>'
            + _text(x + 5, y + 14, title, SMALL, weight="bold"))


def _areas(view: dict[str, Any]) -> str:
    out = []
    for i, name in enumerate(AREAS):
        x = 10 + i * 118
        lit = view.get("acting_in") == name
        out.append(_box(x, 10, 114, 56, name, "#e65100" if lit else "#555", target=f"area:{name}"))
        k = 0
        for colour, n in view["areas"][name].items():
            for _ in range(n):
                out.append(f'<rect x="{x + 6 + (k % 10) * 10}" y="{29 + (k // 10) * 10}" width="8" height="8" '
                           f'fill="{CUBE_FILL[colour]}" stroke="#000" stroke-width="0.5"/>')
                k += 1
    return "".join(out)


def _column(x: float, y: float, title: str, pieces: list[tuple[int, int]], w: float = 76, place: str = "",
            target: str = "") -> str:
    out = [_box(x, y, w, 90, title, target=target)]
    for k, (seat, g) in enumerate(pieces):
        out.append(_villager(x + 13 + (k % 3) * 20, y + 32 + (k // 3) * 20, seat, g, place))
    return "".join(out)


def _council_church_crafts(view: dict[str, Any], where: dict[str, list[tuple[int, int]]]) -> str:
    out = []
    for s in range(4):
        out.append(_column(10 + s * 80, 72, f"council {s + 1}", where.get(f"council{s + 1}", []),
                           place=f"council{s + 1}", target=f"privilege:{s + 1}"))  # the stage's privilege
    for s in range(4):
        out.append(_column(330 + s * 80, 72, f"church {s + 1}", where.get(f"church{s + 1}", []),
                           place=f"church{s + 1}"))
    out.append(_column(650, 72, f"black bag +{view['black_bag_monks']} monks", where.get("bag", []), 150,
                       place="bag", target="bag"))
    for b, name in enumerate(("wagon_maker", "stables", "office", "smithy", "brewery")):
        out.append(_column(10 + b * 100, 168, name.replace("_", " "), where.get(name, []), 96, place=name,
                           target=f"building:{name}"))
    return "".join(out)


def _market(view: dict[str, Any]) -> str:
    x0, y0 = 516, 168
    out = [_box(x0, y0, 322, 160, "market"), _text(x0 + 70, y0 + 14, f"face-down pile: {view['pile']}")]
    for row, (key, stroke) in enumerate((("stalls", "#1565c0"), ("queue", "#6d4c41"))):
        for k, tile in enumerate(view[key]):
            x, y = x0 + 6 + k * 63, y0 + 22 + row * 68
            stall = f' data-target="stall:{k + 1}"' if key == "stalls" else ""
            out.append(f'<rect x="{x}" y="{y}" width="60" height="64" rx="4" fill="#fff" stroke="{stroke}" '
                       f'stroke-width="2"{stall}/>')
            if tile:
                out.append(_text(x + 30, y + 14, f"{tile['prestige']} pts", SMALL, "middle", "bold"))
                for j, (good, n) in enumerate(tile["wants"].items()):
                    out.append(_text(x + 30, y + 28 + j * 12, f"{n} {good}", SMALL, "middle"))
    return "".join(out)


def _travel(where: dict[str, list[tuple[int, int]]], view: dict[str, Any]) -> str:
    x0, y0, w, h = 10, 264, 500, 206
    out = [_box(x0, y0, w, h, "travel")]

    def at(node: str) -> tuple[float, float]:  # a margin of half the widest town label on each side
        px, py = MAP_LAYOUT[node]
        return x0 + 66 + (px + 1) / 2 * (w - 132), y0 + 42 + (py + 1) / 2 * (h - 84)

    for a, b, data in MAP.edges(data=True):
        (ax, ay), (bx, by) = at(a), at(b)
        out.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#999" stroke-width="2"/>')
        cost = "".join(COLOURS[c][0] for c in data["cubes"])
        out.append(_text((ax + bx) / 2, (ay + by) / 2 + 4, cost, SMALL, "middle"))
    visits = {town: [pl["seat"] for pl in view["players"] if town in pl["towns"]] for town in MAP.nodes}
    for node in MAP.nodes:
        x, y = at(node)
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="12" fill="{"#c8e6c9" if node == VILLAGE else "#fff"}" '
                   f'stroke="#333" data-target="town:{node.lower()}"/>')
        reward = MAP.nodes[node]["reward"] or ""
        below = MAP_LAYOUT[node][1] >= 0  # under the town: clear of the costs on the roads climbing to it
        out.append(_text(x, y + 32 if below else y - 17, f"{node} {reward}".strip(), SMALL, "middle"))
        for k, seat in enumerate(visits.get(node, [])):
            out.append(f'<rect x="{x - 12 + k * 7:.0f}" y="{y + 13:.0f}" width="6" height="6" '
                       f'fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>')
        for k, (seat, g) in enumerate(where.get(node.lower(), [])):
            out.append(_villager(x + 21 + k * 18, y, seat, g, node.lower()))
    return "".join(out)


def _chronicle(view: dict[str, Any], where: dict[str, list[tuple[int, int]]]) -> str:
    x0, y0 = 516, 334
    graves = view["graves"]
    out = [_box(x0, y0, 322, 136, "chronicle and graves"),
           _text(x0 + 200, y0 + 14, f"graves {graves['used']}/{graves['spaces']}")]
    spaces = view["chronicle"]["spaces_per_category"]
    for k, cat in enumerate(CATEGORIES):
        y = y0 + 34 + k * 20
        out.append(_text(x0 + 6, y + 4, f"{cat} ({view['chronicle']['used'][cat]}/{spaces})"))
        for j, (seat, g) in enumerate(where.get(f"chronicle_{cat}", [])):
            out.append(_villager(x0 + 110 + j * 20, y, seat, g, f"chronicle_{cat}"))
    return "".join(out)


def board_svg(view: dict[str, Any]) -> str:
    where = _by_place(view)
    body = (_areas(view) + _council_church_crafts(view, where) + _market(view) + _travel(where, view)
            + _chronicle(view, where))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}">{body}</svg>')


def _lines(words: list[str], room: int) -> list[str]:
    """``words`` joined by commas into lines of at most ``room`` characters."""
    lines: list[str] = []
    for word in words:
        if lines and len(lines[-1]) + 2 + len(word) <= room:
            lines[-1] += ", " + word
        else:
            lines.append(word)
    return lines


def farm_svg(player: dict[str, Any], name: str, lap: int, current: bool) -> str:
    seat = player["seat"]
    out = [f'<rect x="1" y="1" width="298" height="198" rx="8" fill="#f1f8e9" '
           f'stroke="{"#e65100" if current else "#558b2f"}" stroke-width="{3 if current else 1}"/>',
           _text(8, 17, f"{name}: {player['prestige']} prestige", 12, weight="bold")]
    farm = [v["generation"] for v in player["villagers"] if v["place"] == "farm"]
    for k, g in enumerate(farm):
        out.append(_villager(16 + k * 20, 36, seat, g, "farm"))
    unborn = sum(1 for v in player["villagers"] if v["place"] == "unborn")
    out.append(_text(8, 62, f"unborn {unborn}  grain {player['grain']}  coins {player['coins']}"))
    goods = [f"{n} {g}" for g, n in player["goods"].items() if n] or ["no goods"]
    for k, line in enumerate(_lines(goods, 42)[:2]):  # 42 characters fit the farm's width; eight goods need two lines
        out.append(_text(8, 78 + k * 14, line))
    for k, (colour, n) in enumerate(player["cubes"].items()):
        out.append(f'<rect x="{8 + k * 32}" y="{104}" width="10" height="10" fill="{CUBE_FILL[colour]}"/>'
                   + _text(21 + k * 32, 114, str(n)))
    out.append(_text(8, 136, f"towns {len(player['towns'])}  customers {len(player['customers'])}"))
    cx, cy, r = 250, 150, 38  # the time track: a ring of ``lap`` steps, the bridge at the top
    for step in range(lap):
        a = 2 * math.pi * step / lap - math.pi / 2
        fill = "#5d4037" if step == player["lap_position"] else "#fff"
        out.append(f'<circle cx="{cx + r * math.cos(a):.0f}" cy="{cy + r * math.sin(a):.0f}" r="5" fill="{fill}" '
                   f'stroke="#333"/>')
    out.append(f'<rect x="{cx - 6}" y="{cy - r - 12}" width="12" height="6" fill="#795548"/>')
    out.append(_text(cx, cy + 4, f"time {player['time']}", SMALL, "middle"))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200">{"".join(out)}</svg>'


def render_html(view: dict[str, Any], names: Sequence[str] | None = None, winners: Sequence[int] = ()) -> str:
    players = view["players"]
    names = list(names) if names else [f"Player {p['seat'] + 1}" for p in players]
    current = view["current_player"]
    label = FLOW.phase(view["phase"]).label
    head = [f'<span class="vlg-title">Village, round {view["round"]}</span>', f'<span class="vlg-tag">{escape(label)}</span>']
    if current is not None:
        head.append(f'<span class="vlg-tag vlg-turn">{escape(names[current])} to move</span>')
    ring = view.get("ring")
    head.append(f'<span class="vlg-tag">starts: {escape(names[view["start_player"]])}'
                + (f"; ring: {escape(names[ring])}" if ring is not None else "") + "</span>")
    farms = "".join(farm_svg(p, names[p["seat"]], view["time_lap"], p["seat"] == current) for p in players)
    final = ""
    if view.get("final"):
        keys = ("prestige", "travel", "council", "church", "chronicle", "customers", "coins", "total")
        rows = "".join("<tr><td>" + escape(names[p]) + ("*" if p in winners else "") + "</td>"
                       + "".join(f"<td>{f[k]}</td>" for k in keys) + "</tr>" for p, f in enumerate(view["final"]))
        final = "<table><tr><th></th>" + "".join(f"<th>{k}</th>" for k in keys) + "</tr>" + rows + "</table>"
    return (f'<div class="vlg"><style>{CSS}</style><div class="vlg-head">{"".join(head)}</div>'
            f'{board_svg(view)}<div class="vlg-farms">{farms}</div>{final}</div>')


def render_text(v: dict[str, Any]) -> str:
    """A few lines of text from a view."""
    lines = [f"Village, round {v['round']}, {v['phase']}"
             + (f", player {v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
    for name, cubes in v["areas"].items():
        shown = ", ".join(f"{n} {c}" for c, n in cubes.items() if n)
        lines.append(f"  {name}: {shown or '-'}")
    for pl in v["players"]:
        lines.append(f"  Player {pl['seat'] + 1}: {pl['prestige']} prestige, {pl['coins']} coins, "
                     f"{pl['grain']} grain, time {pl['time']}")
    return "\n".join(lines)
