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

from .data import AREAS, CATEGORIES, COLOURS, CUBE_NAMES, MAP_LAYOUT, VILLAGE
from .flow import FLOW
from .travel import MAP

PLAYER_FILL = ("#d32f2f", "#fbc02d", "#1976d2", "#efe6c8")
CUBE_FILL = {"orange": "#ef6c00", "green": "#2e7d32", "brown": "#6d4c41", "pink": "#ec407a", "plague": "#111"}
COLOUR_LETTER = tuple(colour[0] for colour in COLOURS)  # a road's cost, one letter a cube: o, g, b, p
CSS = """
.vlg{font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#222}
.vlg-head{display:flex;flex-wrap:wrap;gap:4px 10px;align-items:baseline;margin-bottom:4px}
.vlg-board{display:flex;flex-wrap:wrap;gap:4px 6px;align-items:flex-start}
.vlg-board svg,.vlg-farms svg{flex:none}
.vlg-legend{font-size:12px;line-height:1.5;color:#333;margin:4px 0 6px 0}
.vlg-sw{display:inline-block;width:12px;height:12px;border:1px solid #333;margin:0 3px 0 8px;vertical-align:-2px}
.vlg-disc{border-radius:50%}
.vlg-item{white-space:nowrap}
.vlg-title{font-weight:bold;font-size:15px}
.vlg-tag{display:inline-block;padding:1px 6px;border-radius:9px;background:#eceff1;font-size:11px}
.vlg-turn{background:#ffd54f}
.vlg-farms{display:flex;flex-wrap:wrap;gap:6px}
.vlg table{border-collapse:collapse;margin-top:6px}.vlg td,.vlg th{border:1px solid #bbb;padding:2px 6px}
"""


# Every text is at least 11 px and every box is sized for its longest label at about 0.6 px per character per px
# of font size (tests/test_render_layout.py). The board is drawn in parts, each an SVG at its own size, that
# wrap like words: at 1024 px the notebook's column is about 590 px wide, so no part is wider than 510 px and
# none is ever scaled down (text stays the size it is drawn).
SMALL = 11
GAP = 4
FARM_WIDTH = 286  # two farmyards side by side in that column  # the margin around each part's boxes


def _text(x: float, y: float, s: str, size: int = SMALL, anchor: str = "start", weight: str = "normal") -> str:
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}">{escape(s)}</text>')


def _part(width: float, height: float, label: str, body: str) -> str:
    """One part of the board: an SVG of its natural size (the viewer never scales it)."""
    return (f'<svg class="vlg-part" xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
            f'viewBox="0 0 {width:.0f} {height:.0f}" role="img" aria-label="{escape(label)}">{body}</svg>')


def _villager(x: float, y: float, seat: int, generation: int, place: str = "") -> str:
    """A villager disc with its generation; ``place`` names it as a click target (``vil:seat:place:generation``)."""
    disc = (f'<circle cx="{x:.0f}" cy="{y:.0f}" r="9" fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>'
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
    """The seven action areas in two rows, with their influence cubes (up to 14 an area; the most seen is 4)."""
    out = []
    for i, name in enumerate(AREAS):
        x, y = GAP + i % 4 * 118, GAP + i // 4 * 60
        lit = view.get("acting_in") == name
        out.append(_box(x, y, 114, 56, name, "#e65100" if lit else "#555", target=f"area:{name}"))
        k = 0
        for colour, n in view["areas"][name].items():
            for _ in range(n):
                out.append(f'<rect x="{x + 6 + (k % 7) * 15}" y="{y + 22 + (k // 7) * 15}" width="12" height="12" '
                           f'fill="{CUBE_FILL[colour]}" stroke="#000" stroke-width="0.5">'
                           f"<title>{colour}</title></rect>")
                k += 1
    return _part(4 * 118 + GAP, 2 * 60 + GAP, "action areas", "".join(out))


def _column(x: float, y: float, title: str, pieces: list[tuple[int, int]], w: float = 76, place: str = "",
            target: str = "") -> str:
    out = [_box(x, y, w, 90, title, target=target)]
    for k, (seat, g) in enumerate(pieces):
        out.append(_villager(x + 14 + (k % 3) * 22, y + 32 + (k // 3) * 22, seat, g, place))
    return "".join(out)


def _council(where: dict[str, list[tuple[int, int]]]) -> str:
    out = [_column(GAP + s * 80, GAP, f"council {s + 1}", where.get(f"council{s + 1}", []),
                   place=f"council{s + 1}", target=f"privilege:{s + 1}") for s in range(4)]  # the stage's privilege
    return _part(4 * 80 + GAP, 90 + 2 * GAP, "council chamber", "".join(out))


def _church(view: dict[str, Any], where: dict[str, list[tuple[int, int]]]) -> str:
    out = [_column(GAP + s * 80, GAP, f"church {s + 1}", where.get(f"church{s + 1}", []), place=f"church{s + 1}")
           for s in range(4)]
    out.append(_column(GAP + 320, GAP, f"black bag +{view['black_bag_monks']} monks", where.get("bag", []), 150,
                       place="bag", target="bag"))
    return _part(320 + 150 + 2 * GAP, 90 + 2 * GAP, "church and black bag", "".join(out))


def _crafts(where: dict[str, list[tuple[int, int]]]) -> str:
    out = [_column(GAP + b * 96, GAP, name.replace("_", " "), where.get(name, []), 92, place=name,
                   target=f"building:{name}")
           for b, name in enumerate(("wagon_maker", "stables", "office", "smithy", "brewery"))]
    return _part(5 * 96 + GAP, 90 + 2 * GAP, "craft buildings", "".join(out))


def _market(view: dict[str, Any]) -> str:
    x0, y0 = GAP, GAP
    out = [_box(x0, y0, 322, 160, "market"), _text(x0 + 70, y0 + 14, f"face-down pile: {view['pile']}")]
    for row, (key, stroke) in enumerate((("stalls", "#1565c0"), ("queue", "#6d4c41"))):
        for k, tile in enumerate(view[key]):
            x, y = x0 + 6 + k * 63, y0 + 22 + row * 68
            look = f' data-target="stall:{k + 1}" stroke-width="3"' if key == "stalls" else \
                ' stroke-width="2" stroke-dasharray="5 3"'  # the queue: dashed, told apart not by colour alone
            out.append(f'<rect x="{x}" y="{y}" width="60" height="64" rx="4" fill="#fff" stroke="{stroke}"{look}/>')
            if tile:
                out.append(_text(x + 30, y + 14, f"{tile['prestige']} pts", SMALL, "middle", "bold"))
                for j, (good, n) in enumerate(tile["wants"].items()):
                    out.append(_text(x + 30, y + 28 + j * 12, f"{n} {good}", SMALL, "middle"))
    return _part(322 + 2 * GAP, 160 + 2 * GAP, "market", "".join(out))


def _travel(where: dict[str, list[tuple[int, int]]], view: dict[str, Any]) -> str:
    x0, y0, w, h = GAP, GAP, 500, 206
    out = [_box(x0, y0, w, h, "travel")]

    def at(node: str) -> tuple[float, float]:  # a margin of half the widest town label on each side
        px, py = MAP_LAYOUT[node]
        return x0 + 66 + (px + 1) / 2 * (w - 132), y0 + 42 + (py + 1) / 2 * (h - 84)

    for a, b, data in MAP.edges(data=True):
        (ax, ay), (bx, by) = at(a), at(b)
        out.append(f'<line x1="{ax:.0f}" y1="{ay:.0f}" x2="{bx:.0f}" y2="{by:.0f}" stroke="#999" stroke-width="2"/>')
        out.append(_text((ax + bx) / 2, (ay + by) / 2 + 4, _cost(data["cubes"]), SMALL, "middle", "bold"))
    visits = {town: [pl["seat"] for pl in view["players"] if town in pl["towns"]] for town in MAP.nodes}
    for node in MAP.nodes:
        x, y = at(node)
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="12" fill="{"#c8e6c9" if node == VILLAGE else "#fff"}" '
                   f'stroke="#333" data-target="town:{node.lower()}"/>')
        reward = MAP.nodes[node]["reward"] or ""
        below = MAP_LAYOUT[node][1] >= 0  # under the town: clear of the costs on the roads climbing to it
        out.append(_text(x, y + 32 if below else y - 17, f"{node} {reward}".strip(), SMALL, "middle"))
        for k, seat in enumerate(visits.get(node, [])):
            out.append(f'<rect x="{x - 14 + k * 9:.0f}" y="{y + 12:.0f}" width="8" height="8" '
                       f'fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>')
        for k, (seat, g) in enumerate(where.get(node.lower(), [])):
            out.append(_villager(x + 21 + k * 18, y, seat, g, node.lower()))
    return _part(w + 2 * GAP, h + 2 * GAP, "travel map", "".join(out))


def _cost(cubes: Sequence[int]) -> str:
    """A road's price in influence cubes, one letter a cube (the legend says which letter is which colour)."""
    return "".join(COLOUR_LETTER[c] for c in cubes)


def _chronicle(view: dict[str, Any], where: dict[str, list[tuple[int, int]]]) -> str:
    x0, y0 = GAP, GAP
    graves = view["graves"]
    out = [_box(x0, y0, 322, 136, "chronicle and graves"),
           _text(x0 + 200, y0 + 14, f"graves {graves['used']}/{graves['spaces']}")]
    spaces = view["chronicle"]["spaces_per_category"]
    for k, cat in enumerate(CATEGORIES):
        y = y0 + 34 + k * 20
        out.append(_text(x0 + 6, y + 4, f"{cat} ({view['chronicle']['used'][cat]}/{spaces})"))
        for j, (seat, g) in enumerate(where.get(f"chronicle_{cat}", [])):
            out.append(_villager(x0 + 110 + j * 20, y, seat, g, f"chronicle_{cat}"))
    return _part(322 + 2 * GAP, 136 + 2 * GAP, "chronicle and graves", "".join(out))


def board_svg(view: dict[str, Any]) -> str:
    """The village board, part by part, in an order that pairs parts to fill a row at 840 px."""
    where = _by_place(view)
    parts = (_areas(view), _council(where), _church(view, where), _market(view), _crafts(where),
             _chronicle(view, where), _travel(where, view))
    return f'<div class="vlg-board">{"".join(parts)}</div>'


def legend_html(names: Sequence[str]) -> str:
    """What each colour and letter on the board stands for, from the game's own tables."""
    def swatch(fill: str, words: str, round_: bool = False) -> str:
        return (f'<span class="vlg-item"><span class="vlg-sw{" vlg-disc" if round_ else ""}" '
                f'style="background:{fill}"></span>{words}</span>')

    cubes = " ".join(swatch(CUBE_FILL[c], c) for c in CUBE_NAMES)
    letters = ", ".join(f"{letter} = {colour}" for letter, colour in zip(COLOUR_LETTER, COLOURS))
    families = " ".join(swatch(PLAYER_FILL[s % 4], escape(n), True) for s, n in enumerate(names))
    return ('<div class="vlg-legend">'
            f"<div><b>Influence cubes:</b> {cubes}</div>"
            f"<div><b>Travel:</b> the letters on a road are the influence cubes it costs, one letter a cube "
            f"({letters}); a small square under a town: a family that has visited it.</div>"
            f"<div><b>Families:</b> {families}; a disc is a villager, its number the villager's generation.</div>"
            "<div><b>Market:</b> solid blue border: a customer to serve now; dashed brown: one waiting in the "
            "queue.</div><div><b>Farmyard:</b> the ring is the family's time track, the filled step where it "
            "stands.</div></div>")


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
    out = [f'<rect x="1" y="1" width="{FARM_WIDTH - 2}" height="198" rx="8" fill="#f1f8e9" '
           f'stroke="{"#e65100" if current else "#558b2f"}" stroke-width="{3 if current else 1}"/>',
           f'<circle cx="15" cy="13" r="7" fill="{PLAYER_FILL[seat % 4]}" stroke="#333"/>',
           _text(27, 17, f"{name}: {player['prestige']} prestige", 12, weight="bold")]
    farm = [v["generation"] for v in player["villagers"] if v["place"] == "farm"]
    for k, g in enumerate(farm):
        out.append(_villager(16 + k * 20, 36, seat, g, "farm"))
    unborn = sum(1 for v in player["villagers"] if v["place"] == "unborn")
    out.append(_text(8, 62, f"unborn {unborn}  grain {player['grain']}  coins {player['coins']}"))
    goods = [f"{n} {g}" for g, n in player["goods"].items() if n] or ["no goods"]
    for k, line in enumerate(_lines(goods, 40)[:2]):  # 40 characters fit the farm's width; eight goods need two lines
        out.append(_text(8, 78 + k * 14, line))
    for k, (colour, n) in enumerate(player["cubes"].items()):
        out.append(f'<rect x="{8 + k * 32}" y="103" width="12" height="12" fill="{CUBE_FILL[colour]}" stroke="#333" '
                   f'stroke-width="0.5"><title>{colour}</title></rect>' + _text(23 + k * 32, 114, str(n)))
    out.append(_text(8, 136, f"towns {len(player['towns'])}  customers {len(player['customers'])}"))
    cx, cy, r = FARM_WIDTH - 48, 150, 38  # the time track: a ring of ``lap`` steps, the bridge at the top
    for step in range(lap):
        a = 2 * math.pi * step / lap - math.pi / 2
        fill = "#5d4037" if step == player["lap_position"] else "#fff"
        out.append(f'<circle cx="{cx + r * math.cos(a):.0f}" cy="{cy + r * math.sin(a):.0f}" r="5" fill="{fill}" '
                   f'stroke="#333"/>')
    out.append(f'<rect x="{cx - 6}" y="{cy - r - 12}" width="12" height="6" fill="#795548"/>')
    out.append(_text(cx, cy + 4, f"time {player['time']}", SMALL, "middle"))
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{FARM_WIDTH}" height="200">{"".join(out)}</svg>'


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
            f'{board_svg(view)}{legend_html(names)}<div class="vlg-farms">{farms}</div>{final}</div>')


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
