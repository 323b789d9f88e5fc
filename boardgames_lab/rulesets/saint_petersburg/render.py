"""How a Saint Petersburg view looks: one self-contained HTML fragment, or a few lines of text (presentation only).

``render_html(view)`` draws whatever ``game.view(p)`` or ``game.full_view()`` returned and
nothing more, so a hidden value can never leak through the drawing: where the view says
``None`` the board shows "?" or face-down card backs. Pure Python: no ipywidgets, no graphviz.
"""
from __future__ import annotations

from html import escape
from typing import Any, Sequence

from .data import CARD_INDEX, CARDS, GROUPS
from .flow import FLOW

Html = str
CSS = """
.bgl-board{font-family:Helvetica,Arial,sans-serif;font-size:13px;color:#222;line-height:1.25}
.bgl-board h4{margin:6px 0 4px 0;font-size:13px}
.bgl-head{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:baseline;margin-bottom:4px}
.bgl-title{font-weight:bold;font-size:15px}
.bgl-tag{display:inline-block;padding:1px 6px;border-radius:9px;background:#eceff1;font-size:11px}
.bgl-turn{background:#ffd54f}
.bgl-over{background:#c8e6c9}
.bgl-warn{background:#ffccbc}
.bgl-row{display:flex;flex-wrap:wrap;gap:5px;margin:2px 0 6px 0;align-items:stretch}
.bgl-rowlabel{width:44px;font-size:11px;color:#555;align-self:center}
.bgl-card{box-sizing:border-box;width:86px;min-height:78px;border:2px solid #999;border-radius:6px;padding:3px 4px;
 display:flex;flex-direction:column;justify-content:space-between}
.bgl-empty{border:2px dashed #ccc;background:#fafafa;color:#bbb;text-align:center}
.bgl-worker{background:#e8f5e9;border-color:#2e7d32}
.bgl-building{background:#e3f2fd;border-color:#1565c0}
.bgl-aristocrat{background:#fff3e0;border-color:#ef6c00}
.bgl-trading{border-style:double;border-width:5px;box-shadow:inset 0 0 0 1px #6a1b9a}
.bgl-slot{font-size:11px;color:#666}
.bgl-legend{font-size:12px;color:#444;margin:-2px 0 4px 0}
.bgl-legend .bgl-chip{margin-left:6px}
.bgl-name{font-weight:bold;font-size:12px}
.bgl-cost,.bgl-pay{font-size:11px}
.bgl-pay{font-weight:bold}
.bgl-decks{display:flex;gap:8px;flex-wrap:wrap;margin:4px 0}
.bgl-deck{border:1px solid #999;border-radius:4px;padding:2px 6px;background:#f5f5f5}
.bgl-players{display:flex;gap:8px;flex-wrap:wrap}
.bgl-player{border:1px solid #bbb;border-radius:6px;padding:4px 6px;min-width:230px;flex:1}
.bgl-current{border:2px solid #e65100;background:#fffde7}
.bgl-chip{display:inline-block;border:2px solid #999;border-radius:4px;padding:0 4px;margin:1px;font-size:11px}
.bgl-back{display:inline-block;width:14px;height:20px;margin:1px;border-radius:3px;vertical-align:middle;
 background:repeating-linear-gradient(45deg,#5d4037,#5d4037 3px,#8d6e63 3px,#8d6e63 6px)}
.bgl-hidden{color:#888;font-weight:bold}
.bgl-group{margin:2px 0}
.bgl-final{border-collapse:collapse;margin-top:6px}
.bgl-final th,.bgl-final td{border:1px solid #bbb;padding:2px 6px;text-align:right}
.bgl-final th:first-child,.bgl-final td:first-child{text-align:left}
.bgl-winner{background:#c8e6c9;font-weight:bold}
"""
FINAL_COLUMNS = (("track", "Track"), ("aristocrats", "Aristocrats"), ("variety", "Variety points"),
                 ("rubles", "Ruble points"), ("hand_penalty", "Hand penalty"), ("total", "Total"),
                 ("money", "Rubles left"))


class BoardHtml(str):
    """The drawing as plain ``str`` (easy to test) that Jupyter also displays as HTML."""

    def _repr_html_(self) -> str:
        return str(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """IPython's plain-text form: a label, not pages of markup."""
        printer.text(f"<Saint Petersburg board: {len(self)} characters of HTML>")


def render_html(view: dict[str, Any], names: Sequence[str] | None = None,
                winners: Sequence[int] = ()) -> BoardHtml:
    """Draw a view dict (``game.view(p)`` or ``game.full_view()``) as an HTML fragment.

    ``names`` are the players' names (default "Player 1", ...); ``winners`` (seats) are marked in the
    final-scoring table. The result is a ``str`` that notebooks display as HTML.
    """
    names = list(names) if names is not None else [f"Player {p['seat'] + 1}" for p in view["players"]]
    parts = [f"<style>{CSS}</style>", '<div class="bgl-board">', _header(view, names), _decks(view),
             _row("Upper", view["upper"]), _row("Lower", view["lower"]), _legend(view, names), _drawn(view),
             _players(view, names), _final(view, names, winners), "</div>"]
    return BoardHtml("\n".join(p for p in parts if p))


# --- the table --------------------------------------------------------------------------------

def _perspective(view: dict[str, Any], names: Sequence[str]) -> str:
    who = view.get("perspective")
    if who == "teacher":
        return "Teacher view: everything, hidden or not"
    if who is None:
        return "Spectator view: public information only"
    return f"Seen by {escape(names[who])}"


def _header(view: dict[str, Any], names: Sequence[str]) -> Html:
    label = FLOW.phase(view["phase"]).label
    current = view["current_player"]
    turn = (f'<span class="bgl-tag bgl-turn">{escape(names[current])} to move</span>' if current is not None
            else '<span class="bgl-tag bgl-over">game over</span>')
    notes = '<span class="bgl-tag bgl-warn">last round: a deck ran out</span>' if view["end_triggered"] else ""
    if current is not None and view["passes_in_a_row"]:  # the phase ends when everybody has passed in a row
        notes += f'<span class="bgl-tag">passes in a row: {view["passes_in_a_row"]}</span>'
    markers = " ".join(f'<span class="bgl-tag">{m} marker: {escape(names[holder])}</span>'
                       for m, holder in view["markers"].items())
    return (f'<div class="bgl-head"><span class="bgl-title">Round {view["round"]} · {escape(label)}</span>'
            f'{turn}{notes}<span class="bgl-tag">{_perspective(view, names)}</span></div>'
            f'<div class="bgl-head">Start markers: {markers}</div>')


def _decks(view: dict[str, Any]) -> Html:
    order = view.get("deck_order") or {}  # only the teacher's view knows what lies on top
    cells = []
    for deck, count in view["decks"].items():
        top = order.get(deck) or []
        peek = f" · next: {escape(_card_name(top[0]))}" if top else ""
        cells.append(f'<span class="bgl-deck" data-deck="{deck}" data-target="deck:{deck}">{deck}: <b>{count}</b>{peek}</span>')
    extra = f'<span class="bgl-deck">out of the game: {view["removed"]}</span>'
    return f'<div class="bgl-decks">Decks: {"".join(cells)}{extra}</div>'


def _row(label: str, row: list[dict[str, Any] | None]) -> Html:
    cells = [_card(c) if c else '<div class="bgl-card bgl-empty">empty</div>' for c in row]
    return f'<div class="bgl-row" data-row="{label.lower()}"><span class="bgl-rowlabel">{label} row</span>{"".join(cells)}</div>'


def _card(c: dict[str, Any]) -> Html:
    pay = "—" if c["cost_for_current"] is None else str(c["cost_for_current"])
    classes = f"bgl-card bgl-{c['group']}" + (" bgl-trading" if c["trading"] else "")
    kind = f"trading card ({c['group']})" if c["trading"] else f"{c['group']} card"
    tip = f"{c['name']}: {kind}; printed cost {c['cost']}; the player to move would pay {pay}"
    return (f'<div class="{classes}" data-slot="{c["slot"]}" data-card="{c["card"]}" data-target="row:{c["slot"]}" '
            f'title="{escape(tip)}">'
            f'<span class="bgl-slot">{c["slot"]}</span><span class="bgl-name">{escape(c["name"])}</span>'
            f'<span class="bgl-cost">cost {c["cost"]}</span><span class="bgl-pay">pay {pay}</span></div>')


def _legend(view: dict[str, Any], names: Sequence[str]) -> Html:
    """The colour of each kind of card, the trading cards' double border, and what cost and pay mean."""
    kinds = "".join(f'<span class="bgl-chip bgl-{group}">{group} card</span>' for group in GROUPS)
    trading = '<span class="bgl-chip bgl-worker bgl-trading">trading card</span>'
    line = (f"<div>Card colours: {kinds}; double border: {trading} (bought by replacing one of "
            "your cards of its colour)</div>")
    current = view["current_player"]
    if current is not None:
        line += (f"<div>cost: the printed price · pay: what {escape(names[current])} would pay now, after all "
                 "discounts (—: a trading card with none of their cards to replace)</div>")
    return f'<div class="bgl-legend">{line}</div>'



def _drawn(view: dict[str, Any]) -> Html:
    if not view["drawn"]:
        return ""
    return f'<div class="bgl-head">Drawn with the Observatory: {_chip(view["drawn"], target="drawn")}</div>'


# --- the players ------------------------------------------------------------------------------

def _players(view: dict[str, Any], names: Sequence[str]) -> Html:
    panels = [_player(p, names[p["seat"]], p["seat"] == view["current_player"]) for p in view["players"]]
    return f'<h4>Players</h4><div class="bgl-players">{"".join(panels)}</div>'


def _player(p: dict[str, Any], name: str, current: bool) -> Html:
    money = _secret(p["money"], "bgl-money")
    markers = "".join(f'<span class="bgl-tag">{m}</span>' for m in p["markers"])
    used = f' · {p["observatories_used"]} Observatory turned over' if p["observatories_used"] else ""
    return (f'<div class="bgl-player{" bgl-current" if current else ""}" data-seat="{p["seat"]}">'
            f'<b>{escape(name)}</b> {markers}{" ▶ to move" if current else ""}<br>'
            f'Points: <b class="bgl-points">{p["points"]}</b> · Rubles: {money}{used}<br>'
            f'{_hand(p)}{_area(p["area"], p["seat"])}</div>')


def _secret(value: Any, cls: str) -> Html:
    if value is None:
        return f'<b class="{cls} bgl-hidden" title="hidden from this view">?</b>'
    return f'<b class="{cls}">{escape(str(value))}</b>'


def _hand(p: dict[str, Any]) -> Html:
    size, limit = p["hand_size"], p["hand_limit"]
    if p["hand"] is None:  # hidden: only the number of cards is public
        cards = "".join('<span class="bgl-back"></span>' for _ in range(size))
        inner = f'{cards} <span class="bgl-hidden">{size} face down</span>' if size else "empty"
    else:
        inner = "".join(_chip(c, target=f"hand:{p['seat']}:{c}") for c in p["hand"]) or "empty"
    return f'<div class="bgl-hand" data-size="{size}">Hand ({size}/{limit}): {inner}</div>'


def _area(area: list[str], seat: int) -> Html:
    groups = []
    for group in GROUPS:
        ids = [c for c in area if GROUPS[CARDS[CARD_INDEX[c]].group] == group]
        counts = {c: ids.count(c) for c in ids}  # dict keeps the order of acquisition
        chips = "".join(_chip(c, n, f"area:{seat}:{c}") for c, n in counts.items())
        groups.append(f'<div class="bgl-group">{group}s: {chips or "—"}</div>')
    return f'<div class="bgl-area">{"".join(groups)}</div>'


def _chip(card_id: str, count: int = 1, target: str = "") -> Html:
    c = CARDS[CARD_INDEX[card_id]]
    classes = f"bgl-chip bgl-{GROUPS[c.group]}" + (" bgl-trading" if c.is_trading else "")
    times = f" ×{count}" if count > 1 else ""
    where = f' data-target="{escape(target)}"' if target else ""
    return f'<span class="{classes}" data-card="{c.id}"{where}>{escape(c.name)}{times}</span>'


def _card_name(card_id: str) -> str:
    return CARDS[CARD_INDEX[card_id]].name


# --- the end ----------------------------------------------------------------------------------

def _final(view: dict[str, Any], names: Sequence[str], winners: Sequence[int]) -> Html:
    if not view["final"]:
        return ""
    head = "".join(f"<th>{label}</th>" for _, label in FINAL_COLUMNS)
    rows = []
    for seat, line in enumerate(view["final"]):
        cls = ' class="bgl-winner"' if seat in winners else ""
        cells = "".join(f"<td>{line[key]}</td>" for key, _ in FINAL_COLUMNS)
        rows.append(f"<tr{cls}><td>{escape(names[seat])}{' ★' if seat in winners else ''}</td>{cells}</tr>")
    return (f'<h4>Final scoring</h4><table class="bgl-final"><tr><th>Player</th>{head}</tr>'
            f'{"".join(rows)}</table>')


def render_text(v: dict[str, Any]) -> str:
    """A view in a few lines of text."""
    lines = [f"Saint Petersburg, round {v['round']}, {v['phase']} phase"
             + (f", player {v['current_player'] + 1} to move" if v["current_player"] is not None else "")]
    for label, row in (("Upper", v["upper"]), ("Lower", v["lower"])):
        cells = [f"{c['slot']} {c['name']} ({c['cost']})" for c in row if c]
        lines.append(f"  {label}: " + (", ".join(cells) or "-"))
    lines.append("  Decks: " + ", ".join(f"{k} {n}" for k, n in v["decks"].items()))
    for pl in v["players"]:
        money = "?" if pl["money"] is None else pl["money"]
        lines.append(f"  Player {pl['seat'] + 1}: {pl['points']} points, {money} rubles, "
                     f"{pl['hand_size']} in hand; " + (", ".join(pl["area"]) or "no cards"))
    return "\n".join(lines)
