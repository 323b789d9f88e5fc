"""Reading and writing whole positions: the envelope around a game's own ``state`` part.

``position_of`` writes what every game shares (the game, players, options, phase, the seat
to act, the random generator's state) around the game's fields; ``from_position`` checks all
of it, lets the game read its part, then checks the game's conservation laws, and refuses
with the field at fault before anything is built.
"""
from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, Iterable

from .definition import GameDefinition, S, State
from .errors import GameError, PositionError
from .jsontext import read_json
from .position import POSITION_FORMAT, POSITION_VERSION, Reader, check_json, integer

if TYPE_CHECKING:
    from .game import Game

ENVELOPE = ("format", "version", "game", "rules_version", "players", "options", "phase", "current", "rng",
            "state")


def position_of(d: GameDefinition[Any], state: State, players: int, options: dict[str, Any]) -> dict[str, Any]:
    return {"format": POSITION_FORMAT, "version": POSITION_VERSION, "game": d.info.name,
            "rules_version": d.info.rules_version, "players": players, "options": dict(options),
            "phase": state.phase, "current": state.current, "rng": state.rng.state,
            "state": copy.deepcopy(d.position(state))}


def read_state(d: GameDefinition[S], data: object) -> tuple[S, int, dict[str, Any]]:
    """The state a position describes, with its player count and options; PositionError if any field is wrong."""
    if isinstance(data, (str, bytes)):
        data = position_text(data)
    top = Reader(data, "", ENVELOPE)
    check_json(data, "position")
    top.text("format", (POSITION_FORMAT,))
    version = top.integer("version", 0, 10**6)
    if version != POSITION_VERSION:
        raise PositionError("version", f"this engine reads positions of version {POSITION_VERSION}, not {version}")
    top.text("game", (d.info.name,))
    rules_version = top.integer("rules_version", 0, 10**6)
    if rules_version != d.info.rules_version:
        raise PositionError("rules_version", f"written with rules version {rules_version}, "
                                             f"this engine plays version {d.info.rules_version}")
    players = top.integer("players", d.info.min_players, d.info.max_players)
    options = top.obj("options").data
    try:
        options = d.resolve_options(options)
        d.check_options(players, options)
    except GameError as err:
        raise PositionError("options", str(err)) from None
    playable = [p.name for p in d.flow.phases if p.moves or p.name == d.flow.terminal]
    phase = top.text("phase", playable)
    current = top.integer("current", 0, players - 1)
    rng = top.integer("rng", 0, 2**64 - 1)
    state = d.read_position(top.obj("state"), players, options, phase)
    state.phase, state.current, state.rng.state, state.ply = phase, current, rng, 0
    problems = d.invariants(state)
    if problems:
        raise PositionError("state", f"the position breaks a rule of the game: {problems[0]}")
    return state, players, options


def position_text(text: str | bytes) -> Any:
    """The JSON value of a position's text (PositionError if it is not strict JSON)."""
    return read_json(text, lambda reason, key: PositionError(
        "position", ("is " if key is None else "has ") + reason.replace("field ", "the key ", 1)))


def from_position(name: str, data: object, names: Iterable[str] | None = None, mode: str = "play",
                  chance: str = "auto", seed: int = 0) -> Game:
    """A game starting from a position (``game.position()``, edited or not); PositionError names a bad field.
    ``seed`` is the game's seed as it reports it (an edited game keeps its own); play from the position does not
    read it: the position carries its random state."""
    from .registry import definition
    return game_from_position(definition(name), data, names, mode, chance, seed)


def game_from_position(d: GameDefinition[Any], data: object, names: Iterable[str] | None = None,
                       mode: str = "play", chance: str = "auto", seed: int = 0) -> Game:
    from .game import Game
    state, players, options = read_state(d, data)
    game = Game(d, players, seed, options, mode=mode, names=names, start=state, chance=chance)
    # A game that is not over goes on only if the seat to act has a move (a draw made above included).
    if not game.is_over and not game.legal_moves():
        raise PositionError("current", f"seat {game.state.current} is to act in the {game.phase} phase but has "
                                       "no legal move, and the game is not over")
    return game


__all__ = ["from_position", "game_from_position", "position_of", "read_state"]
