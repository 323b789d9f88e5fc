"""Which things on the table a move names, in the order a player clicks them (pure Python, no widgets).

``click_path(game_name, move)`` gives a move's clicks as ``Target(id, label)`` steps, from the game's board
face (``click_path`` in rulesets/<game>/board.py). A step's id is the ``data-target`` attribute the game's
``render.py`` puts on the thing drawn (``row:U3`` a card in a row, ``hand:0:market`` a card in seat 0's hand,
``site:2,2`` a cottage site...); ids the board does not draw (``do:buy``, ``pay:SSTV``, ``act:pass``) are
choices the viewer offers as buttons in its "building this move" strip. A move kind the board face does not
map, or a game without a board face, is one click on its notation (``act:<notation>``), so every move can
always be made by clicking.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from ..core.registry import definition


@dataclass(frozen=True)
class Target:
    """One clickable thing: its stable id and the words that name it (the strip and screen readers say these)."""

    id: str
    label: str


Path = tuple[Target, ...]


def _t(id_: str, label: str) -> Target:
    return Target(id_, label)


def _act(move: Any) -> Path:
    return (_t(f"act:{move}", str(move)),)


def click_path(game_name: str, move: Any, state: Any = None, names: Sequence[str] = ()) -> Path:
    """The clicks that name ``move`` on the table of ``game_name``: its board face's ``click_path``
    (rulesets/<game>/board.py), or one notation button for a game without one. With the position's ``state``
    the labels say the move in the game's words; seats in them (``{p0}``) are written with ``names``."""
    board = definition(game_name).board
    if board is None:
        return _act(move)
    steps = board.click_path(move, state) if _takes_state(board.click_path) else board.click_path(move)
    return tuple(_t(id_, _named(label, names)) for id_, label in steps)


@lru_cache(maxsize=None)
def _takes_state(face: Callable[..., Any]) -> bool:
    """Whether a board face's ``click_path`` takes the position as well as the move (a face written for
    ``click_path(move)`` alone still works)."""
    return len(inspect.signature(face).parameters) > 1


def _named(label: str, names: Sequence[str]) -> str:
    if "{p" not in label:
        return label
    return re.sub(r"\{p(\d+)\}", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                  else f"player {int(m.group(1)) + 1}", label)


def move_label(game: Any, move: Any) -> str:
    """A move in a few words for a button: the labels of its clicks on ``game``'s table ("Gold Miner in the upper
    row, first place · buy"), never its notation."""
    return " · ".join(t.label for t in click_path(game.name, move, game.state, game.names))
