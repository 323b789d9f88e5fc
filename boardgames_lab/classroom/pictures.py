"""What each connection is shown of a table: a seat's own picture, or the teacher's full one.

A seat's message is built from ``game.view(seat)``, its legal moves and ``game.log_for(seat)`` only.
"""
from __future__ import annotations

import json
from html import escape
from importlib import import_module
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from ..core.game import Game
from ..core.registry import definition
from .board import targets

if TYPE_CHECKING:
    from .tables import ClassTable


def seat_message(table: "ClassTable", seat: int, ended: bool) -> dict[str, Any]:
    """The ``state`` message of one seat, without its log."""
    game = table.game
    seats = game.to_act()
    view = game.view(seat)
    names = table.names()
    message: dict[str, Any] = {
        "type": "state", "table": table.id, "game": game.name, "seat": seat, "ply": game.ply,
        "phase": game.phase, "to_act": list(seats), "your_turn": seat in seats,
        "legal": [str(m) for m in game.definition.seat_moves(game.state, seat)] if seat in seats else [],
        "view": view, "html": render(game.name, view, names, game.winners()), "names": names,
        "paused": table.paused, "ended": ended, "over": game.is_over,
        "targets": targets(game, seat) if seat in seats and not (table.paused or ended) else []}
    if game.is_over:
        message["scores"] = game.scores()
        message["winners"] = game.winners()
    return message


def teacher_message(table: "ClassTable") -> dict[str, Any]:
    """The teacher's picture of a table: the full view, hidden parts included."""
    g = table.game
    view = g.full_view()
    return {"type": "teacher_state", "table": table.id, "ply": g.ply, "phase": g.phase, "to_act": list(g.to_act()),
            "full_view": view, "html": render(g.name, view, table.names(), g.winners()), "names": table.names()}


def seat_log(table: "ClassTable", seat: int) -> list[dict[str, Any]]:
    """``game.log_for(seat)``, read only for the moves since the last time (the engine's filter, on the new entries)."""
    game = table.game
    known = table._logs.get(seat)
    if known is not None and known[0] == game.ply:
        return known[1]
    if known is None or known[0] > game.ply:
        log = game.log_for(seat)
    else:  # log[i] is the entry of ply i; Game.log_for reads nothing but ``log``
        log = known[1] + Game.log_for(SimpleNamespace(log=game.log[known[0] + 1:]), seat)  # type: ignore[arg-type]
    table._logs[seat] = (game.ply, log)
    return log


def render(game: str, view: dict[str, Any], names: list[str], winners: list[int]) -> str:
    """The game's own drawing of a view (or the view as text where a game has none)."""
    try:
        module = import_module(f"boardgames_lab.rulesets.{definition(game).info.name}.render")
        return str(module.render_html(view, names, winners))
    except (ImportError, AttributeError):
        return f"<pre>{escape(json.dumps(view, indent=1))}</pre>"


__all__ = ["render", "seat_log", "seat_message", "teacher_message"]
