"""How a Keythedral view looks: the tile board as SVG, the Keythedral mat, Keytown and the players (HTML).

``render_html(view)`` draws whatever ``game.view(p)`` or ``game.full_view()`` returned and nothing more, so
hidden law cards and face-down tiles can never leak through the drawing. Pure Python.
"""
from __future__ import annotations

import math
from html import escape
from typing import Any, Sequence

from .data import CUBE_NAME, FIELD_COLOUR, FIELD_NAME, LETTER, parse_node
from .flow import FLOW
from .words import direction

Html = str
PLAYER_COLOURS = ("#d32f2f", "#1976d2", "#388e3c", "#fbc02d", "#7b1fa2")
FIELD_FILL = {"grey": "#9e9e9e", "brown": "#8d6e63", "green": "#81c784", "blue": "#64b5f6", "red": "#e57373"}
CUBE_FILL = {"S": "#212121", "T": "#795548", "F": "#43a047", "W": "#1e88e5", "V": "#c62828", "I": "#fafafa",
             "G": "#8e24aa", "A": "#fdd835"}
UNIT = 26.0  # pixels per doubled-coordinate step
EMPTY_RING = 2  # steps of empty places drawn around the laid tiles (where set-up and relocation may lay one)
SIDE = 2 * UNIT / (1 + math.sqrt(2))  # the edge of an octagon and of a square
# The map is drawn 1.5 times its units and fitted to the column, but never below the scale where its labels
# (LABEL units) are 11 px: past that the board scrolls sideways instead of shrinking.
SHOWN, LABEL, SMALLEST_PX = 1.5, 14, 11
CUBE_WORD = dict(zip(LETTER, CUBE_NAME))  # S: stone ... A: gold
CSS = """
.kt-board{font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#222;line-height:1.25}
.kt-head{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;margin-bottom:4px}
.kt-title{font-weight:bold;font-size:15px}
.kt-tag{display:inline-block;padding:1px 6px;border-radius:9px;background:#eceff1;font-size:11px}
.kt-turn{background:#ffd54f}
.kt-over{background:#c8e6c9}
.kt-row{display:flex;gap:4px;align-items:center;margin:2px 0}
.kt-tile{border:2px solid #616161;border-radius:4px;padding:1px 4px;font-size:11px;background:#fff8e1}
.kt-down{background:repeating-linear-gradient(45deg,#6d4c41,#6d4c41 3px,#8d6e63 3px,#8d6e63 6px);color:#fff}
.kt-marker{display:inline-block;min-width:14px;margin:0 2px;padding:0 3px;border:1px solid #555;border-radius:50%;
 text-align:center;background:#fff;font-size:11px}
.kt-marker.kt-chosen{background:#cfd8dc;text-decoration:line-through}
.kt-cube{display:inline-block;width:12px;height:12px;border:1px solid #555;margin:0 1px;vertical-align:middle}
.kt-map{overflow-x:auto;max-width:100%}
.kt-svg{display:block;max-width:100%;height:auto}
.kt-legend{font-size:12px;line-height:1.5;color:#333;margin:4px 0}
.kt-legend .kt-cube{margin-left:8px}
.kt-item,.kt-store,.kt-kind{white-space:nowrap}
.kt-sw{display:inline-block;width:14px;height:14px;border:1px solid #424242;margin:0 3px 0 8px;vertical-align:-2px}
.kt-players{display:flex;gap:8px;flex-wrap:wrap}
.kt-player{border:1px solid #bbb;border-radius:6px;padding:4px 6px;min-width:200px;flex:1}
.kt-current{border:2px solid #e65100;background:#fffde7}
.kt-final{border-collapse:collapse;margin-top:6px}
.kt-final td,.kt-final th{border:1px solid #bbb;padding:2px 6px}
.kt-winner{background:#c8e6c9;font-weight:bold}
"""


class BoardHtml(str):
    """The drawing as plain ``str`` (easy to test) that Jupyter also displays as HTML."""

    def _repr_html_(self) -> str:
        return str(self)


def render_html(view: dict[str, Any], names: Sequence[str] | None = None, winners: Sequence[int] = ()) -> BoardHtml:
    """Draw a view dict (``game.view(p)`` or ``game.full_view()``) as an HTML fragment with an SVG board."""
    names = list(names) if names is not None else [f"Player {p['seat'] + 1}" for p in view["players"]]
    parts = [f"<style>{CSS}</style>", '<div class="kt-board">', _header(view, names), board_svg(view, names),
             _legend(names), _mat(view), _keytown(view), _players(view, names), _final(view, names, winners), "</div>"]
    return BoardHtml("\n".join(p for p in parts if p))


def _header(view: dict[str, Any], names: Sequence[str]) -> Html:
    label = FLOW.phase(view["phase"]).label
    current = view["current_player"]
    turn = (f'<span class="kt-tag kt-turn">{escape(names[current])} to move</span>' if current is not None
            else '<span class="kt-tag kt-over">game over</span>')
    order = _markers(view["work_order"])
    extra = f'<span class="kt-tag">next field tile: {view["next_field"]}</span>' if view["next_field"] else ""
    return (f'<div class="kt-head"><span class="kt-title">Round {view["round"]} · {escape(label)}</span>{turn}'
            f'<span class="kt-tag">start player: {escape(names[view["start_player"]])}</span>'
            f'<span class="kt-tag">work order: {order}</span>{extra}</div>')


def _markers(chosen: Sequence[int]) -> Html:
    """The five work order markers, each a click target (``marker:k``); a chosen one is crossed and says so."""
    out = []
    for k in range(1, 6):
        taken = k in chosen
        out.append(f'<span class="kt-marker{" kt-chosen" if taken else ""}" data-target="marker:{k}" '
                   f'title="work order marker {k}{" (chosen)" if taken else ""}">{k}</span>')
    return "".join(out)


def _xy(node: tuple[int, int], left: float, top: float) -> tuple[float, float]:
    return (node[0] - left) * UNIT, (node[1] - top) * UNIT


def _polygon(cx: float, cy: float, radius: float, corners: int, turn: float) -> str:
    return " ".join(f"{cx + radius * math.cos(turn + 2 * math.pi * k / corners):.1f},"
                    f"{cy + radius * math.sin(turn + 2 * math.pi * k / corners):.1f}" for k in range(corners))


def board_svg(view: dict[str, Any], names: Sequence[str]) -> Html:
    """The laid tiles: octagonal fields (colour, worker), square sites (owner colour, number, house), fences."""
    found = [parse_node(f["at"]) for f in view["fields"]] + [parse_node(s["at"]) for s in view["sites"]]
    nodes = [n for n in found if n is not None] or [(0, 0)]
    left = min(n[0] for n in nodes) - 1.5 - EMPTY_RING
    top = min(n[1] for n in nodes) - 1.5 - EMPTY_RING
    width = (max(n[0] for n in nodes) + 1.5 + EMPTY_RING - left) * UNIT
    height = (max(n[1] for n in nodes) + 1.5 + EMPTY_RING - top) * UNIT
    least = width * SMALLEST_PX / LABEL
    out = [f'<div class="kt-map"><svg class="kt-svg" xmlns="http://www.w3.org/2000/svg" width="{width * SHOWN:.0f}" '
           f'height="{height * SHOWN:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" style="min-width:{least:.0f}px">']
    out += _empty_svg(view, nodes, left, top)
    out += _field_svg(view["fields"], left, top)
    out += _site_svg(view["sites"], names, left, top)
    out += _fence_svg(view["fences"], left, top)
    out += _open_edges(view, left, top)  # the edges between a cottage and a field beside it, where a fence may go
    out.append("</svg></div>")
    return "".join(out)


def _empty_svg(view: dict[str, Any], laid: list[tuple[int, int]], left: float, top: float) -> list[str]:
    """The empty places around the laid tiles, faint, each named by its coordinates (a field: odd-odd; a cottage
    site: even-even)."""
    taken, out = set(laid), []
    xs = range(min(n[0] for n in laid) - EMPTY_RING, max(n[0] for n in laid) + EMPTY_RING + 1)
    ys = range(min(n[1] for n in laid) - EMPTY_RING, max(n[1] for n in laid) + EMPTY_RING + 1)
    for node in ((x, y) for y in ys for x in xs if (x, y) not in taken and x % 2 == y % 2):
        x, y = _xy(node, left, top)
        what = "field" if node[0] % 2 else "site"
        radius = SIDE / (2 * math.sin(math.pi / 8)) if what == "field" else SIDE / math.sqrt(2)
        shape = _polygon(x, y, radius * 0.8, 8 if what == "field" else 4, math.pi / 8 if what == "field" else 0)
        out.append(f'<polygon class="kt-empty" data-target="{what}:{node[0]},{node[1]}" points="{shape}" '
                   f'fill="#fff" fill-opacity="0.01" stroke="#bdbdbd" stroke-dasharray="3 3">'
                   f'<title>an empty {"field" if what == "field" else "cottage site"} {direction(node)}</title></polygon>')
    return out


def _open_edges(view: dict[str, Any], left: float, top: float) -> list[str]:
    out = []
    fenced = {(f["site"], f["field"]) for f in view["fences"]}
    fields = {f["at"] for f in view["fields"]}
    for site in (s for s in view["sites"] if not s["keythedral"]):
        node = parse_node(site["at"])
        for dx, dy in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            field = f"{node[0] + dx},{node[1] + dy}"  # type: ignore[index]
            if field in fields and (site["at"], field) not in fenced:
                out.append(_edge(site["at"], field, left, top))
    return out


def _edge(site: str, field: str, left: float, top: float) -> str:
    sx, sy = _xy(parse_node(site), left, top)  # type: ignore[arg-type]
    fx, fy = _xy(parse_node(field), left, top)  # type: ignore[arg-type]
    mx, my = (sx + fx) / 2, (sy + fy) / 2
    dx, dy = (fy - sy) * 0.3, (sx - fx) * 0.3
    return (f'<line class="kt-edge" data-target="edge:{site}>{field}" x1="{mx - dx:.1f}" y1="{my - dy:.1f}" '
            f'x2="{mx + dx:.1f}" y2="{my + dy:.1f}" stroke="#9e9e9e" stroke-width="6" stroke-opacity="0.35" '
            f'stroke-linecap="round"><title>between the cottage site {_where(site)} and the field {_where(field)}: '
            f'no fence</title></line>')


def _where(at: str) -> str:
    """A place of the view ("3,-1") in words: how far and which way from the Keythedral."""
    node = parse_node(at)
    return direction(node) if node is not None else at


def _field_svg(fields: list[dict[str, Any]], left: float, top: float) -> list[str]:
    octagon_r = SIDE / (2 * math.sin(math.pi / 8))
    out = []
    for f in fields:
        x, y = _xy(parse_node(f["at"]), left, top)  # type: ignore[arg-type]
        out.append(f'<polygon class="kt-field" data-at="{f["at"]}" data-kind="{f["kind"]}" data-target="field:{f["at"]}" '
                   f'points="{_polygon(x, y, octagon_r, 8, math.pi / 8)}" fill="{FIELD_FILL[f["kind"]]}" '
                   f'stroke="#424242"><title>{_field_word(f["kind"])} {_where(f["at"])} (a number-{f["number"]} tile)</title></polygon>')
        if f["worker"] is not None:
            out.append(f'<circle class="kt-worker" data-owner="{f["worker"]}" cx="{x:.1f}" cy="{y:.1f}" r="7" '
                       f'fill="{PLAYER_COLOURS[f["worker"]]}" stroke="#fff" stroke-width="2"/>')
    return out


def _site_svg(sites: list[dict[str, Any]], names: Sequence[str], left: float, top: float) -> list[str]:
    out = []
    for s in sites:
        x, y = _xy(parse_node(s["at"]), left, top)  # type: ignore[arg-type]
        points = _polygon(x, y, SIDE / math.sqrt(2) * 1.0, 4, 0)
        if s["keythedral"]:
            out.append(f'<polygon class="kt-keythedral" points="{points}" fill="#6a1b9a" stroke="#311b92">'
                       '<title>the Keythedral</title></polygon>')
            continue
        colour = PLAYER_COLOURS[s["owner"]]
        what = "house" if s["house"] else "cottage"
        opacity = "1" if s["house"] else "0.55"
        out.append(f'<polygon class="kt-site kt-{what}" data-at="{s["at"]}" data-owner="{s["owner"]}" '
                   f'data-target="cottage:{s["owner"]}:{s["number"]}" '
                   f'data-number="{s["number"]}" points="{points}" fill="{colour}" fill-opacity="{opacity}" '
                   f'stroke="#212121"><title>{escape(names[s["owner"]])}\'s {what} {s["number"]}</title></polygon>'
                   f'<text x="{x:.1f}" y="{y + 4.5:.1f}" text-anchor="middle" font-size="{LABEL}" font-weight="bold">'
                   f'{s["number"]}{"H" if s["house"] else ""}</text>')
    return out


def _fence_svg(fences: list[dict[str, Any]], left: float, top: float) -> list[str]:
    out = []
    for fence in fences:
        sx, sy = _xy(parse_node(fence["site"]), left, top)  # type: ignore[arg-type]
        fx, fy = _xy(parse_node(fence["field"]), left, top)  # type: ignore[arg-type]
        mx, my = (sx + fx) / 2, (sy + fy) / 2
        dx, dy = (fy - sy) * 0.35, (sx - fx) * 0.35  # across the edge the site and field share
        out.append(f'<line class="kt-fence" data-site="{fence["site"]}" data-field="{fence["field"]}" '
                   f'data-target="edge:{fence["site"]}>{fence["field"]}" '
                   f'x1="{mx - dx:.1f}" y1="{my - dy:.1f}" x2="{mx + dx:.1f}" y2="{my + dy:.1f}" '
                   f'stroke="{PLAYER_COLOURS[fence["owner"]]}" stroke-width="5" stroke-linecap="round"/>')
    return out


def _cubes(counts: dict[str, int], seat: int) -> Html:
    """A seat's cubes, one square a cube (each a click target), with the count and name of each kind."""
    def square(k: str) -> str:
        return (f'<span class="kt-cube" data-target="cube:{seat}:{k}" title="{CUBE_WORD[k]}" '
                f'style="background:{CUBE_FILL[k]}"></span>')

    return " ".join(f'<span class="kt-kind">{square(k) * c} {c} {CUBE_WORD[k]}</span>'
                    for k, c in counts.items() if c) or "—"


def _field_word(kind: str) -> str:
    """A field by its rulebook name and what it yields: "quarry (grey, stone)"."""
    k = FIELD_COLOUR.index(kind)
    return f"{FIELD_NAME[k]} ({kind}, {CUBE_NAME[k]})"


def _cost_words(cost: str) -> str:
    """A building tile's price in words: "SSW" -> "2 stone, 1 water"."""
    return ", ".join(f"{cost.count(k)} {CUBE_WORD[k]}" for k in LETTER if k in cost)


def _legend(names: Sequence[str]) -> Html:
    """What each colour and mark of the map and the cubes stands for, from the game's own tables."""
    fields = " ".join(f'<span class="kt-item"><span class="kt-sw" style="background:{FIELD_FILL[c]}"></span>'
                      f"{_field_word(c)}</span>" for c in FIELD_COLOUR)
    cubes = " ".join(f'<span class="kt-item"><span class="kt-cube" style="background:{CUBE_FILL[k]}"></span>'
                     f"{k} {CUBE_WORD[k]}</span>" for k in LETTER)
    players = " ".join(f'<span class="kt-item"><span class="kt-sw" style="background:{PLAYER_COLOURS[s]}"></span>'
                       f"{escape(n)}</span>" for s, n in enumerate(names))
    return (f'<div class="kt-legend"><div><b>Fields</b> (each yields its cube): {fields}</div>'
            f"<div><b>Cubes:</b> {cubes}</div><div><b>Players:</b> {players}; a disc on a field: a worker; "
            "a square: a cottage with its number (pale) or a house (solid, H); a bar: a fence; "
            '<span class="kt-item"><span class="kt-sw" style="background:#6a1b9a"></span>the Keythedral</span>; '
            "dashed: an empty place where a tile may be laid.</div></div>")


def _mat(view: dict[str, Any]) -> Html:
    rows = []
    for row in view["mat"]:
        if row["tiles"] is None:
            tiles = "".join('<span class="kt-tile kt-down">?</span>' for _ in range(row["count"]))
        else:
            tiles = "".join(f'<span class="kt-tile" data-tile="{t["id"]}" data-target="tile:{t["id"]}">'
                            f'{t["id"]}: {_cost_words(t["cost"])}</span>'
                            for t in row["tiles"])
        rows.append(f'<div class="kt-row" data-stage="{row["stage"]}"><b>Stage {row["stage"]}</b> '
                    f'({row["points"]} points) {tiles or "—"}</div>')
    return '<h4>Keythedral mat</h4>' + "".join(rows)


def _keytown(view: dict[str, Any]) -> Html:
    shops = view["shops"]
    spaces = " ".join(f'<span class="kt-law" data-target="law:{k}">{k}: '
                      f'{"law card (face down)" if filled else "empty"}</span>'
                      for k, filled in enumerate(view["law_spaces"], 1))
    shop = {k: f'<span class="kt-shop" data-target="store:{k}">{label}: {shops[k]}</span>'
            for k, label in (("I", "the blacksmith's forge (ironwork)"), ("G", "the glassmaker's glassworks (stained "
                             "glass)"), ("A", "the goldsmith's workshop (gold)"))}
    return (f'<h4>Keytown</h4><div>{shop["I"]} · {shop["G"]} · {shop["A"]} · New-law spaces: {spaces} · '
            f'law stack: {view["law_stack"]}</div><div>Store: {_counts(view["store"])}</div>')


def _counts(counts: dict[str, int]) -> Html:
    return " · ".join(f'<span class="kt-store" data-target="trader:{k}"><span class="kt-cube" '
                      f'style="background:{CUBE_FILL[k]}"></span>{c} {CUBE_WORD[k]}</span>' for k, c in counts.items())


def _players(view: dict[str, Any], names: Sequence[str]) -> Html:
    panels = []
    for p in view["players"]:
        seat = p["seat"]
        laws = (", ".join(f'<span class="kt-lawcard" data-target="lawcard:{seat}:{law}">{law}</span>'
                          for law in p["laws"]) or "none") if p["laws"] is not None else f'{p["law_count"]} face down'
        if p["cubes"] is None:  # keythedral.secret.screens: only how many lie behind the screen
            cubes, seats = f'{p["cube_count"]} behind the screen', f'{p["seat_count"]} behind the screen'
        else:
            cubes, seats = _cubes(p["cubes"], seat), ", ".join(t["id"] for t in p["seats"]) or "—"
        current = " kt-current" if seat == view["current_player"] else ""
        panels.append(f'<div class="kt-player{current}" data-seat="{seat}" data-target="player:{seat}" '
                      f'style="border-left:6px solid {PLAYER_COLOURS[seat]}"><b>{escape(names[seat])}</b><br>'
                      f'Cubes: {cubes}<br>Seats: {seats}<br>Law cards: {laws}<br>'
                      f'Fences left: {p["fences_left"]}</div>')
    return f'<h4>Players</h4><div class="kt-players">{"".join(panels)}</div>'


def _final(view: dict[str, Any], names: Sequence[str], winners: Sequence[int]) -> Html:
    if not view["final"]:
        return ""
    rows = []
    for seat, line in enumerate(view["final"]):
        cls = ' class="kt-winner"' if seat in winners else ""
        rows.append(f"<tr{cls}><td>{escape(names[seat])}{' ★' if seat in winners else ''}</td><td>{line['seats']}"
                    f"</td><td>{line['cubes']}</td><td>{line['total']}</td></tr>")
    return ('<h4>Final scoring</h4><table class="kt-final"><tr><th>Player</th><th>Seats</th><th>Cubes</th>'
            f'<th>Total</th></tr>{"".join(rows)}</table>')


def render_text(v: dict[str, Any]) -> str:
    """A view in a few lines of text."""
    lines = [f"Keythedral, round {v['round']}, {v['phase']}"
             + (f", player {v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
    for row in v["mat"]:
        tiles = ", ".join(f"{t['id']} ({t['cost']})" for t in row["tiles"]) if row["tiles"] is not None else \
            f"{row['count']} face down"
        lines.append(f"  Stage {row['stage']} ({row['points']} points): {tiles or '-'}")
    for pl in v["players"]:
        if pl["cubes"] is None:
            cubes = f"{pl['cube_count']} behind the screen"
            seats = f"{pl['seat_count']} behind the screen"
        else:
            cubes = "".join(k * c for k, c in pl["cubes"].items()) or "-"
            seats = ", ".join(t["id"] for t in pl["seats"]) or "-"
        lines.append(f"  Player {pl['seat'] + 1}: cubes {cubes}; seats {seats}; {pl['law_count']} law card(s)")
    return "\n".join(lines)

