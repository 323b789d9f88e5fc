"""Positions for rule tests, the same way for every game: read a game's position back as a state, and rebuild
a game with ``bgl.from_position`` after an edit, so every edit passes the position format's validation. Each
game's tests/<game>/position.py builds its own helpers on these."""
from __future__ import annotations

from typing import Any, Callable

import boardgames_lab as bgl
from boardgames_lab.core.game import Game
from boardgames_lab.core.positions import read_state


def state_of(game: Game) -> Any:
    """A copy of the game's state, read from its position (changing it changes nothing in the game)."""
    return read_state(game.definition, game.position())[0]


def rebuild(game: Game, data: dict[str, Any]) -> Game:
    """``game``'s like (names, mode, chance) from the position ``data``."""
    return bgl.from_position(game.name, data, names=game.names, mode=game.mode, chance=game.chance)


def edit_data(game: Game, change: Callable[[dict[str, Any]], Any], **envelope: Any) -> Game:
    """The game rebuilt after ``change`` edits its position data (and the envelope fields given are set)."""
    data = game.position()
    change(data)
    data.update(envelope)
    return rebuild(game, data)


def edit_state(game: Game, change: Callable[[Any], Any]) -> Game:
    """The game rebuilt after ``change`` edits a copy of its state (which may also set phase and current)."""
    data = game.position()
    st = read_state(game.definition, data)[0]
    change(st)
    data["state"] = game.definition.position(st)
    data["phase"], data["current"] = st.phase, st.current
    return rebuild(game, data)


def moves(game: Game) -> set[str]:
    """The legal moves' notation."""
    return {str(m) for m in game.legal_moves()}
