"""Pictures of a Kuhn poker view: a few lines of text, or HTML whose ``data-target`` ids board.py clicks."""
from html import escape
from typing import Any, Sequence

from .data import NAMES

BOX = 'style="display:inline-block;border:2px solid #999;border-radius:6px;padding:6px 10px;margin:3px"'


def render_text(v: dict[str, Any]) -> str:
    seats = [f"  Player {p + 1}: {NAMES[card]}, {v['stakes'][p]} in the pot" for p, card in enumerate(v["cards"])]
    return "\n".join([f"Kuhn poker, {v['phase']}: pot {v['pot']}, betting {', '.join(v['history']) or '-'}", *seats])


def render_html(v: dict[str, Any], names: Sequence[str], winners: Sequence[int] = ()) -> str:
    seats = "".join(f'<div class="bgl-player" data-seat="{p}"><b>{escape(names[p])}{" ★" if p in winners else ""}'
                    f'</b> <span data-target="card:{p}" {BOX}>{NAMES[card]}</span> {v["stakes"][p]} in the pot'
                    f'{" (to act)" if v["to_act"] == p else ""}</div>' for p, card in enumerate(v["cards"]))
    return (f'<div class="bgl-board">{seats}<div data-target="pot" {BOX}>Pot: {v["pot"]} chips</div>'
            f'<div>Betting: {", ".join(v["history"]) or "none yet"}</div></div>')
