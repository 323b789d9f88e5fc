"""The student page's clickable board: the seat's targets and "why not?" answers, from the widget's TargetMap.

The page draws the game's own HTML (``render.render_html``), whose things carry ``data-target`` ids. It is sent
each legal move of the seat with the clicks that name it (``widgets/targets.py``: distinct paths, so a sequence of
clicks makes exactly one move) and the move in the game's words; the page only walks those paths. A click on a
thing no path offers asks the server "why not?", answered by the engine's refusal of the nearest move naming it.
Nothing here reads more than the seat may: its own legal moves and ``game.explain`` for its own seat.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..core.errors import GameError
from ..core.game import Game
from ..widgets.targets import TargetMap, move_words
from .protocol import MAX_CLICKS, ProtocolError


def targets(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """Each legal move of ``seat`` (none when it may not act): ``move`` (notation), ``path`` (its clicks, each
    ``[id, label]``) and ``said`` (the move in the game's words, its price term by term where the game gives one)."""
    if seat is None or game.is_over or seat not in game.to_act():
        return []
    found = TargetMap(game, [seat])
    return [{"move": str(move), "path": [[t.id, t.label] for t in path], "said": move_words(game, move, detail=True)}
            for move, path in found.paths.items()]


def why_not(game: Game, seat: int | None, prefix: Sequence[str], target: str) -> dict[str, Any]:
    """The ``explanation`` message for a thing touched that no move of ``seat`` offers after the clicks ``prefix``:
    the nearest move naming it in words and the rule refusing it (``move`` None where no move of the seat names it)."""
    if seat is None:
        raise ProtocolError("bad_field", "this step is watched, not played: nothing here is to be clicked", "target")
    if len(prefix) > MAX_CLICKS:
        raise ProtocolError("bad_field", f"field 'prefix' may hold at most {MAX_CLICKS} clicks", "prefix")
    found = TargetMap(game, [seat]).why_not(tuple(prefix), target, [seat])
    message: dict[str, Any] = {"type": "explanation", "target": target, "legal": False}
    if found is None:
        message.update(move=None, said="", rule="", remedy="",
                       reason=f"no move of {game.names[seat]} uses this in this position")
        return message
    move, why = found
    try:
        said = game.describe(move)
    except GameError:  # a move the words cannot tell here is shown as its notation
        said = str(move)
    message.update(move=str(move), said=said, rule=why.rule, reason=why.reason, remedy=why.remedy)
    return message


__all__ = ["targets", "why_not"]
