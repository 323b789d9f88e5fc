"""How a Village view looks: an SVG of the village board and one of each farmyard (presentation only).

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


def _text(x: float, y: float, s: str, size: int = 11, anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(s)}</text>')


def _villager(x: float, y: float, seat: int, generation: int, place: str = "") -> str:
    """A villager disc with its generation; ``place`` names it as a click target (``vil:seat:place:generation``)."""
    disc = (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="8" fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>'
            + _text(x, y + 4, str(generation), 9, "middle", "bold"))
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
            + _text(x + 5, y + 13, title, 11, weight="bold"))


def _areas(view: dict[str, Any]) -> str:
    out = []
    for i, name in enumerate(AREAS):
        x = 10 + i * 104
        lit = view.get("acting_in") == name
        out.append(_box(x, 10, 98, 50, name, "#e65100" if lit else "#555", target=f"area:{name}"))
        k = 0
        for colour, n in view["areas"][name].items():
            for _ in range(n):
                out.append(f'<rect x="{x + 6 + (k % 9) * 10}" y="{28 + (k // 9) * 10}" width="8" height="8" '
                           f'fill="{CUBE_FILL[colour]}" stroke="#000" stroke-width="0.5"/>')
                k += 1
    return "".join(out)


def _column(x: float, y: float, title: str, pieces: list[tuple[int, int]], w: float = 60, place: str = "",
            target: str = "") -> str:
    out = [_box(x, y, w, 84, title, target=target)]
    for k, (seat, g) in enumerate(pieces):
        out.append(_villager(x + 12 + (k % 3) * 18, y + 30 + (k // 3) * 18, seat, g, place))
    return "".join(out)


def _council_church_crafts(view: dict[str, Any], where: dict[str, list[tuple[int, int]]]) -> str:
    out = []
    for s in range(4):
        out.append(_column(10 + s * 64, 70, f"council {s + 1}", where.get(f"council{s + 1}", []),
                           place=f"council{s + 1}", target=f"privilege:{s + 1}"))  # the stage's privilege
    for s in range(4):
        out.append(_column(270 + s * 64, 70, f"church {s + 1}", where.get(f"church{s + 1}", []),
                           place=f"church{s + 1}"))
    bag = where.get("bag", [])
    out.append(_column(530, 70, "black bag", bag, 80, place="bag", target="bag"))
    out.append(_text(535, 150, f"+ {view['black_bag_monks']} monks", 10))
    for b, name in enumerate(("wagon_maker", "stables", "office", "smithy", "brewery")):
        out.append(_column(10 + b * 84, 160, name.replace("_", " "), where.get(name, []), 80, place=name,
                           target=f"building:{name}"))
    return "".join(out)


def _market(view: dict[str, Any]) -> str:
    out = [_box(430, 160, 300, 150, "market")]
    for row, (key, stroke) in enumerate((("stalls", "#1565c0"), ("queue", "#6d4c41"))):
        for k, tile in enumerate(view[key]):
            x, y = 436 + k * 58, 180 + row * 64
            stall = f' data-target="stall:{k + 1}"' if key == "stalls" else ""
            out.append(f'<rect x="{x}" y="{y}" width="54" height="58" rx="4" fill="#fff" stroke="{stroke}" '
                       f'stroke-width="2"{stall}/>')
            if tile:
                out.append(_text(x + 27, y + 12, f"{tile['prestige']} pts", 10, "middle", "bold"))
                for j, (good, n) in enumerate(tile["wants"].items()):
                    out.append(_text(x + 27, y + 25 + j * 11, f"{n} {good}", 9, "middle"))
    out.append(_text(560, 173, f"face-down pile: {view['pile']}", 10))
    return "".join(out)


def _travel(where: dict[str, list[tuple[int, int]]], view: dict[str, Any]) -> str:
    x0, y0, w, h = 10, 250, 410, 200
    out = [_box(x0, y0, w, h, "travel")]

    def at(node: str) -> tuple[float, float]:
        px, py = MAP_LAYOUT[node]
        return x0 + 30 + (px + 1) / 2 * (w - 60), y0 + 30 + (py + 1) / 2 * (h - 50)

    for a, b, data in MAP.edges(data=True):
        (ax, ay), (bx, by) = at(a), at(b)
        out.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#999" stroke-width="2"/>')
        cost = "".join(COLOURS[c][0] for c in data["cubes"])
        out.append(_text((ax + bx) / 2, (ay + by) / 2 - 2, cost, 9, "middle"))
    visits = {town: [pl["seat"] for pl in view["players"] if town in pl["towns"]] for town in MAP.nodes}
    for node in MAP.nodes:
        x, y = at(node)
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="12" fill="{"#c8e6c9" if node == VILLAGE else "#fff"}" '
                   f'stroke="#333" data-target="town:{node.lower()}"/>')
        reward = MAP.nodes[node]["reward"] or ""
        out.append(_text(x, y - 15, f"{node} {reward}".strip(), 9, "middle"))
        for k, seat in enumerate(visits.get(node, [])):
            out.append(f'<rect x="{x - 12 + k * 7:.0f}" y="{y + 13:.0f}" width="6" height="6" '
                       f'fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>')
        for k, (seat, g) in enumerate(where.get(node.lower(), [])):
            out.append(_villager(x + 18 + k * 12, y, seat, g, node.lower()))
    return "".join(out)


def _chronicle(view: dict[str, Any], where: dict[str, list[tuple[int, int]]]) -> str:
    out = [_box(430, 320, 300, 130, "chronicle and graves")]
    spaces = view["chronicle"]["spaces_per_category"]
    for k, cat in enumerate(CATEGORIES):
        y = 345 + k * 18
        out.append(_text(436, y + 4, f"{cat} ({view['chronicle']['used'][cat]}/{spaces})", 10))
        for j, (seat, g) in enumerate(where.get(f"chronicle_{cat}", [])):
            out.append(_villager(530 + j * 18, y, seat, g, f"chronicle_{cat}"))
    graves = view["graves"]
    out.append(_text(640, 345, f"graves {graves['used']}/{graves['spaces']}", 10))
    return "".join(out)


def board_svg(view: dict[str, Any]) -> str:
    where = _by_place(view)
    body = (_areas(view) + _council_church_crafts(view, where) + _market(view) + _travel(where, view)
            + _chronicle(view, where))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="740" height="460" viewBox="0 0 740 460">{body}</svg>'


def farm_svg(player: dict[str, Any], name: str, lap: int, current: bool) -> str:
    seat = player["seat"]
    out = [f'<rect x="1" y="1" width="238" height="178" rx="8" fill="#f1f8e9" '
           f'stroke="{"#e65100" if current else "#558b2f"}" stroke-width="{3 if current else 1}"/>',
           _text(8, 16, f"{name}: {player['prestige']} prestige", 12, weight="bold")]
    farm = [v["generation"] for v in player["villagers"] if v["place"] == "farm"]
    for k, g in enumerate(farm):
        out.append(_villager(16 + k * 19, 34, seat, g, "farm"))
    unborn = sum(1 for v in player["villagers"] if v["place"] == "unborn")
    out.append(_text(8, 60, f"unborn {unborn}  grain {player['grain']}  coins {player['coins']}", 10))
    goods = ", ".join(f"{n} {g}" for g, n in player["goods"].items() if n) or "no goods"
    out.append(_text(8, 74, goods, 10))
    for k, (colour, n) in enumerate(player["cubes"].items()):
        out.append(f'<rect x="{8 + k * 30}" y="82" width="10" height="10" fill="{CUBE_FILL[colour]}"/>'
                   + _text(21 + k * 30, 91, str(n), 10))
    cx, cy, r = 180, 130, 38  # the time track: a ring of ``lap`` steps, the bridge at the top
    for step in range(lap):
        a = 2 * math.pi * step / lap - math.pi / 2
        fill = "#5d4037" if step == player["lap_position"] else "#fff"
        out.append(f'<circle cx="{cx + r * math.cos(a):.0f}" cy="{cy + r * math.sin(a):.0f}" r="5" fill="{fill}" '
                   f'stroke="#333"/>')
    out.append(f'<rect x="{cx - 6}" y="{cy - r - 12}" width="12" height="6" fill="#795548"/>')
    out.append(_text(cx, cy + 4, f"time {player['time']}", 10, "middle"))
    out.append(_text(8, 112, f"towns {len(player['towns'])}  customers {len(player['customers'])}", 10))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180">{"".join(out)}</svg>'


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
