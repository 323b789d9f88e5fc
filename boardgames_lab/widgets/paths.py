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

from dataclasses import dataclass
from typing import Any

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


def click_path(game_name: str, move: Any) -> Path:
    """The clicks that name ``move`` on the table of ``game_name``: its board face's ``click_path``
    (rulesets/<game>/board.py), or one notation button for a game without one."""
    board = definition(game_name).board
    if board is None:
        return _act(move)
    return tuple(_t(id_, label) for id_, label in board.click_path(move))
