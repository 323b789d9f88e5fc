"""How a Citadels view looks: one self-contained HTML fragment, or a few lines of text (presentation only).

``render_html(view)`` draws whatever ``game.view(p)`` or ``game.full_view()`` returned and nothing
more, so hidden values cannot leak through the drawing: where the view says ``None`` the board
shows card backs. Pure Python: no ipywidgets, no graphviz.
"""
from __future__ import annotations

from html import escape
from typing import Any, Sequence

from .data import CARD_INDEX, CARDS, CHARACTERS, COLOURS

Html = str
COLOUR_CSS = {"yellow": "#fff59d", "blue": "#90caf9", "green": "#a5d6a7", "red": "#ef9a9a", "violet": "#ce93d8",
              "none": "#eeeeee"}
CSS = """
.bgl-cit{font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#222;line-height:1.25}
.bgl-cit h4{margin:6px 0 4px 0;font-size:13px}
.bgl-cit .head{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;margin-bottom:4px}
.bgl-cit .title{font-weight:bold;font-size:15px}
.bgl-cit .tag{display:inline-block;padding:1px 6px;border-radius:9px;background:#eceff1;font-size:11px}
.bgl-cit .turn{background:#ffd54f}
.bgl-cit .over{background:#c8e6c9}
.bgl-cit .chars{display:flex;gap:4px;flex-wrap:wrap;margin:4px 0}
.bgl-cit .char{border:2px solid #555;border-radius:6px;padding:2px 5px;min-width:70px;background:#f5f5f5;font-size:11px}
.bgl-cit .char.now{border-color:#e65100;background:#fff3e0}
.bgl-cit .char.dead{background:#ffcdd2;text-decoration:line-through}
.bgl-cit .char.rob{box-shadow:inset 0 0 0 2px #6d4c41}
.bgl-cit .char.done{opacity:.6}
.bgl-cit .players{display:flex;gap:8px;flex-wrap:wrap}
.bgl-cit .player{border:1px solid #bbb;border-radius:6px;padding:4px 6px;min-width:230px;flex:1}
.bgl-cit .player.current{border:2px solid #e65100;background:#fffde7}
.bgl-cit .card{display:inline-block;border:1px solid #777;border-radius:4px;padding:0 4px;margin:1px;font-size:11px}
.bgl-cit .back{display:inline-block;width:14px;height:20px;margin:1px;border-radius:3px;vertical-align:middle;
 background:repeating-linear-gradient(45deg,#37474f,#37474f 3px,#78909c 3px,#78909c 6px)}
.bgl-cit .legend{font-size:12px;color:#444;margin:4px 0}
.bgl-cit .legend .card{margin-left:6px}
.bgl-cit .final{border-collapse:collapse;margin-top:6px}
.bgl-cit .final th,.bgl-cit .final td{border:1px solid #bbb;padding:2px 6px;text-align:right}
.bgl-cit .final td:first-child{text-align:left}
.bgl-cit .winner{background:#c8e6c9;font-weight:bold}
"""
FINAL_COLUMNS = (("buildings", "Buildings"), ("five_colours", "Five colours"), ("eight", "Eight"),
                 ("action_cards", "Action cards"), ("total", "Total"), ("gold", "Gold"))


class BoardHtml(str):
    """The drawing as plain ``str`` (easy to test) that Jupyter also displays as HTML."""

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(f"<Citadels board: {len(self)} characters of HTML>")


def render_html(view: dict[str, Any], names: Sequence[str] | None = None,
                winners: Sequence[int] = ()) -> BoardHtml:
    """Draw a view dict (``game.view(p)`` or ``game.full_view()``) as an HTML fragment."""
    names = list(names) if names is not None else [f"Player {p['seat'] + 1}" for p in view["players"]]
    parts = [f"<style>{CSS}</style>", '<div class="bgl-cit">', _header(view, names), _characters(view, names),
             _middle(view), _legend(view), _players(view, names), _final(view, names, winners), "</div>"]
    return BoardHtml("".join(parts))


def _card(cid: str, target: str = "") -> Html:
    c = CARDS[CARD_INDEX[cid]]
    colour = COLOURS[c.colour]
    worth = "" if c.action else f" {c.cost}" + (f"/{c.points}" if c.points != c.cost else "")
    where = f' data-target="{escape(target)}{cid}"' if target else ""
    return (f'<span class="card"{where} style="background:{COLOUR_CSS[colour]}" title="{escape(colour)}">'
            f"{escape(c.name)}{worth}</span>")


def _legend(view: dict[str, Any]) -> Html:
    """Which character each district colour pays, and what the numbers on a card mean."""
    shown = {COLOURS[CARDS[CARD_INDEX[c]].colour] for pl in view["players"] for c in (pl["hand"] or []) + pl["city"]}
    keys = [c for c in COLOURS if c != "none" or c in shown]  # "none": the action cards, only when some are out
    paid = {COLOURS[ch.colour]: ch.name for ch in CHARACTERS}
    swatches = "; ".join(f'<span class="card" style="background:{COLOUR_CSS[c]}">{c}</span> '
                         + (f"pays the {paid[c]}" if c in paid else "an action card" if c == "none" else
                            "pays no character, has its own ability")
                       for c in keys)
    return (f'<div class="legend">District colours: {swatches}. On a card: its cost in gold, then its points '
            "where they differ (4/5: costs 4, scores 5).</div>")


def _cards(cids: Sequence[str] | None, count: int, target: str = "") -> Html:
    """Cards face up (``target``: the prefix of each card's click target) or, hidden, their backs."""
    if cids is None:
        return '<span class="back"></span>' * count if count else "-"
    return "".join(_card(c, target) for c in cids) or "-"


def _header(view: dict[str, Any], names: Sequence[str]) -> Html:
    tags = [f'<span class="title">Citadels</span>', f'<span class="tag">round {view["round"]}</span>',
            f'<span class="tag">{escape(view["phase"].replace("_", " "))}</span>',
            f'<span class="tag">crown: {escape(names[view["crown"]])}</span>',
            f'<span class="tag">deck {view["deck"]}</span>']
    if view["current_player"] is not None:
        tags.append(f'<span class="tag turn">{escape(names[view["current_player"]])} to decide</span>')
    else:
        tags.append('<span class="tag over">game over</span>')
    persp = view.get("perspective")
    who = "teacher (everything)" if persp == "teacher" else ("spectator" if persp is None else names[persp])
    tags.append(f'<span class="tag">seen by {escape(who)}</span>')
    return '<div class="head">' + "".join(tags) + "</div>"


def _characters(view: dict[str, Any], names: Sequence[str]) -> Html:
    cells = []
    for ch in view["characters"]:
        cls = ["char"]
        marks = []
        if ch["current"]:
            cls.append("now")
            marks.append("called")
        elif ch["called"]:
            cls.append("done")
        if ch["murdered"]:
            cls.append("dead")
            marks.append("murdered")
        if ch["robbed"]:
            cls.append("rob")
            marks.append("robbed")
        where = ch["where"]
        if where and where[0] == "p" and where[1:].isdigit():
            where = names[int(where[1:]) - 1]
        holder = escape(where) if where else "?"
        state = "revealed" if ch["revealed"] else ("silent" if ch["silent"] else "")
        cells.append(f'<div class="{" ".join(cls)}" data-target="char:{ch["id"]}"><b>{ch["rank"]} {escape(ch["name"])}</b><br>{holder}'
                     f'{"<br>" + state if state else ""}{"<br>" + ", ".join(marks) if marks else ""}</div>')
    return "<h4>Characters</h4>" + '<div class="chars">' + "".join(cells) + "</div>"


def _middle(view: dict[str, Any]) -> Html:
    rows = []
    if view["phase"] == "draft":
        rows.append(f"<div>Passing: {_chars(view['pool'], view['pool_size'])}</div>")
    if view["face_up"]:
        rows.append("<div>Face up: " + ", ".join(escape(c) for c in view["face_up"]) + "</div>")
    rows.append(f"<div>Face down: {view['face_down']} character card(s)</div>")
    if view["drawn_size"]:
        rows.append(f"<div>Drawn: {_cards(view['drawn'], view['drawn_size'], 'drawn:')}</div>")
    if view["window"]:
        rows.append(f"<div>Open question: {escape(view['window'])} (every player is asked in turn)</div>")
    top = view["discard"][-6:]
    rows.append(f"<div class=\"cit-discard\">Discard pile ({len(view['discard'])}): {_cards(top, len(top))}</div>")
    return "".join(rows)


def _chars(ids: Sequence[str] | None, count: int) -> Html:
    if ids is None:
        return '<span class="back"></span>' * count
    return ", ".join(escape(c) for c in ids)


def _players(view: dict[str, Any], names: Sequence[str]) -> Html:
    boxes = []
    for pl in view["players"]:
        seat = pl["seat"]
        cls = "player current" if view["current_player"] == seat else "player"
        crown = " &#9813;" if pl["crown"] else ""
        chars = ", ".join(pl["characters"]) if pl["characters"] else ""
        hidden = pl["character_count"] - len(pl["characters"])
        chars += ('<span class="back"></span>' * hidden) if hidden > 0 else ""
        booths = f"<div>Ticket Booths: {pl['booths']}</div>" if pl["booths"] else ""
        boxes.append(f'<div class="{cls}" data-target="player:{seat}"><b>{escape(names[seat])}</b>{crown} &middot; {pl["gold"]} gold'
                     f"<div>Characters: {chars or '-'}</div>"
                     f"<div>City ({len(pl['city'])}): {_cards(pl['city'], len(pl['city']), f'city:{seat}:')}</div>"
                     f"<div>Hand ({pl['hand_size']}): {_cards(pl['hand'], pl['hand_size'], f'hand:{seat}:')}</div>"
                     f"{booths}</div>")
    return "<h4>Players</h4>" + '<div class="players">' + "".join(boxes) + "</div>"


def _final(view: dict[str, Any], names: Sequence[str], winners: Sequence[int]) -> Html:
    final = view.get("final")
    if not final:
        return ""
    head = "<tr><th>Player</th>" + "".join(f"<th>{label}</th>" for _, label in FINAL_COLUMNS) + "</tr>"
    rows = []
    for seat, row in enumerate(final):
        cls = ' class="winner"' if seat in winners else ""
        rows.append(f"<tr{cls}><td>{escape(names[seat])}</td>"
                    + "".join(f"<td>{row[key]}</td>" for key, _ in FINAL_COLUMNS) + "</tr>")
    return '<table class="final">' + head + "".join(rows) + "</table>"


def render_text(v: dict[str, Any]) -> str:
    lines = [f"Citadels, round {v['round']}, {v['phase']}"
             + (f", p{v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
    for pl in v["players"]:
        hand = f"{pl['hand_size']} cards" if pl["hand"] is None else ", ".join(pl["hand"]) or "no cards"
        lines.append(f"  p{pl['seat'] + 1}{' (crown)' if pl['crown'] else ''}: {pl['gold']} gold, hand {hand}; "
                     "city " + (", ".join(pl["city"]) or "-"))
    return "\n".join(lines)
