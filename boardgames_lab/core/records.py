"""Restoring a saved game: JSON only, validated in full before anything is built."""
from __future__ import annotations

import json
from typing import Any

from .errors import GameError, IllegalMove, SaveFormatError
from .game import PLAY, SANDBOX, SAVE_FORMAT, SAVE_VERSION, Game
from .registry import definition

MAX_TEXT = 2_000_000
MAX_MOVES = 20_000
_FIELDS = {"format": str, "version": int, "game": str, "rules_version": int, "players": int, "seed": int,
           "options": dict, "mode": str, "names": list, "moves": list, "redo": list}


def load_game(text: str | bytes) -> Game:
    """Restore a game saved with ``Game.to_json()``. A malformed or hostile save raises
    ``SaveFormatError`` naming the field at fault; nothing is half-loaded."""
    data = _parse(text)
    _check_fields(data)
    try:
        d = definition(data["game"])
    except KeyError as err:
        raise SaveFormatError(f"field 'game': {err}") from None
    if data["rules_version"] != d.info.rules_version:
        raise SaveFormatError(f"field 'rules_version': saved with rules version {data['rules_version']}, "
                              f"this engine plays version {d.info.rules_version}")
    try:
        game = Game(d, data["players"], data["seed"], data["options"], mode=data["mode"], names=data["names"])
    except (GameError, ValueError) as err:
        raise SaveFormatError(f"header: {err}") from None
    _replay(game, data["moves"], "moves")
    trial = game.clone()
    _replay(trial, data["redo"], "redo")  # the redo line must be playable from the saved position
    game._redo = list(reversed(trial.moves[game.ply:]))
    return game


def _parse(text: str | bytes) -> dict[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise SaveFormatError("a saved game is JSON text")
    if len(text) > MAX_TEXT:
        raise SaveFormatError(f"saved game is larger than {MAX_TEXT} characters")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        raise SaveFormatError(f"not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise SaveFormatError("a saved game is a JSON object")
    return data


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def _check_fields(data: dict[str, Any]) -> None:
    missing = sorted(set(_FIELDS) - set(data))
    extra = sorted(set(data) - set(_FIELDS))
    if missing or extra:
        raise SaveFormatError(f"fields missing: {missing}, unexpected: {extra}")
    for name, kind in _FIELDS.items():
        value = data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise SaveFormatError(f"field {name!r} must be {kind.__name__}, not {type(value).__name__}")
    if data["format"] != SAVE_FORMAT or data["version"] != SAVE_VERSION:
        raise SaveFormatError(f"fields 'format'/'version': expected {SAVE_FORMAT} version {SAVE_VERSION}")
    if data["mode"] not in (PLAY, SANDBOX):
        raise SaveFormatError(f"field 'mode' must be {PLAY!r} or {SANDBOX!r}")
    if not 0 <= data["seed"] < 2**63:
        raise SaveFormatError("field 'seed' must be from 0 to 2**63 - 1")
    for name in ("moves", "redo", "names"):
        items = data[name]
        if len(items) > MAX_MOVES or not all(isinstance(x, str) and len(x) < 200 for x in items):
            raise SaveFormatError(f"field {name!r} must be a list of short strings")
    for key, value in data["options"].items():
        if not isinstance(value, (str, int, float, bool)) and value is not None:
            raise SaveFormatError(f"field 'options': option {key!r} has a value of type {type(value).__name__}")


def _replay(game: Game, moves: list[str], field: str) -> None:
    for i, text in enumerate(moves):
        try:
            game.apply(text)
        except IllegalMove as err:
            raise SaveFormatError(f"field {field!r}, move {i} {text!r}: {err.reason} [{err.rule}]") from None
        except (GameError, ValueError) as err:
            raise SaveFormatError(f"field {field!r}, move {i} {text!r}: {err}") from None
