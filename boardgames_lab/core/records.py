"""Saving and restoring a game: JSON only, validated in full before anything is built.

A record is the game's header (game, rules version, players, seed, options, names), the
position it started from when that was not its seed's set-up, and its moves as
``[seat, notation]`` pairs. Version 1 records (moves as notation only, always from the
seed) still load.
"""
from __future__ import annotations

from typing import Any

from .errors import GameError, IllegalMove, PositionError, SaveFormatError
from .definition import GameDefinition
from .game import PLAY, SANDBOX, Game
from .jsontext import read_json
from .registry import definition, games

SAVE_FORMAT = "boardgames_lab.game"
SAVE_VERSION = 2
# A save holds every move of a game, however long: legal games have no length a limit on moves could name
# (uniformly random Keythedral runs to a million moves, about 18 bytes each in a save). What bounds hostile
# input is the size of the text: 64 MiB holds some 3.5 million moves; load_game(text, max_bytes=...) reads more.
MAX_BYTES = 64 * 1024 * 1024
MAX_NAMES = 100  # a seat's name per player: far more than any game seats
_V1 = {"format": str, "version": int, "game": str, "rules_version": int, "players": int, "seed": int,
       "options": dict, "mode": str, "names": list, "moves": list, "redo": list}
_V2 = {**_V1, "start": (dict, type(None)), "chance": str}


def record_of(game: Game) -> dict[str, Any]:
    d = game.definition
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "game": game.name,
            "rules_version": d.info.rules_version, "players": game.num_players, "seed": game.seed,
            "options": dict(game.options), "mode": game.mode, "names": list(game.names),
            "start": game.start_position(), "chance": game.chance,
            "moves": [[game._seat_at(ply), str(m)] for ply, m in enumerate(game._moves)],
            "redo": [[_redo_seat(game, m), str(m)] for m in reversed(game._redo)]}


def _redo_seat(game: Game, move: Any) -> int:
    player = getattr(move, "player", None)
    return player if type(player) is int else -2  # a move without a seat: the seat to act when it is replayed


def load_game(text: str | bytes, max_bytes: int | None = None) -> Game:
    """Restore a game saved with ``Game.to_json()``. A malformed or hostile save raises
    ``SaveFormatError`` naming the field at fault; nothing is half-loaded. ``max_bytes``: the largest text
    read, in UTF-8 bytes (default ``MAX_BYTES``, 64 MiB)."""
    data = _parse(text, MAX_BYTES if max_bytes is None else max_bytes)
    version = data.get("version")
    if type(version) is not int or version not in (1, SAVE_VERSION):
        raise SaveFormatError(f"field 'version': this engine reads versions 1 and {SAVE_VERSION}, not {version!r}")
    _check_fields(data, _V2 if version == SAVE_VERSION else _V1)
    try:
        d = definition(data["game"])
    except KeyError as err:
        raise SaveFormatError(f"field 'game': {err}") from None
    _check_game_field(d, data)  # before the version: a changed game is the game's fault, not the version's
    if data["rules_version"] != d.info.rules_version:
        raise SaveFormatError(f"field 'rules_version': saved with rules version {data['rules_version']}, "
                              f"this engine plays version {d.info.rules_version}")
    _check_header(d, data)
    start = None
    if data.get("start") is not None:
        from .positions import read_state
        try:
            start, players, options = read_state(d, data["start"])
        except PositionError as err:
            raise SaveFormatError(f"field 'start': {err}") from None
        if players != data["players"] or options != d.resolve_options(data["options"]):
            raise SaveFormatError("field 'start': the position's players or options differ from the save's")
    chance = data.get("chance", "auto")
    if chance not in ("auto", "explicit"):
        raise SaveFormatError("field 'chance' must be 'auto' or 'explicit'")
    try:
        game = Game(d, data["players"], data["seed"], data["options"], mode=data["mode"], names=data["names"],
                    start=start, chance=chance)
    except (GameError, ValueError) as err:  # every field was checked above; this is a last guard
        raise SaveFormatError(f"header: {err}") from None
    _replay(game, data["moves"], "moves")
    trial = game.clone()
    _replay(trial, data["redo"], "redo")  # the redo line must be playable from the saved position
    game._redo = list(reversed(trial.moves[game.ply:]))
    return game


def _parse(text: str | bytes, max_bytes: int) -> dict[str, Any]:
    if not isinstance(text, (str, bytes)):
        raise SaveFormatError("a saved game is JSON text")
    # A character is at least one byte: a text with more characters than the limit need not be encoded.
    too_large = len(text) > max_bytes or (isinstance(text, str)
                                          and len(text.encode("utf-8", "surrogatepass")) > max_bytes)
    if too_large:
        raise SaveFormatError(f"the saved game's text is larger than {max_bytes} bytes, the most load_game reads "
                              f"(load_game(text, max_bytes=...) reads a larger save)")
    data = read_json(text, lambda reason, key: SaveFormatError(reason))
    if not isinstance(data, dict):
        raise SaveFormatError("a saved game is a JSON object")
    return data




def _check_fields(data: dict[str, Any], fields: dict[str, Any]) -> None:
    missing = [name for name in fields if name not in data]
    extra = sorted(set(data) - set(fields))
    if missing:
        raise SaveFormatError(f"field {missing[0]!r} is missing (fields missing: {missing})")
    if extra:
        raise SaveFormatError(f"field {extra[0]!r} is not a field of a saved game (unexpected: {extra})")
    for name, kind in fields.items():
        value = data[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            wanted = " or ".join(k.__name__ for k in kind) if isinstance(kind, tuple) else kind.__name__
            raise SaveFormatError(f"field {name!r} must be {wanted}, not {type(value).__name__}")
    if data["format"] != SAVE_FORMAT:
        raise SaveFormatError(f"field 'format': expected {SAVE_FORMAT!r}, not {data['format']!r}")
    if data["version"] not in (1, SAVE_VERSION):
        raise SaveFormatError(f"field 'version': this engine reads versions 1 and {SAVE_VERSION}, "
                              f"not {data['version']}")
    if data["mode"] not in (PLAY, SANDBOX):
        raise SaveFormatError(f"field 'mode' must be {PLAY!r} or {SANDBOX!r}")
    if not 0 <= data["seed"] < 2**63:
        raise SaveFormatError("field 'seed' must be from 0 to 2**63 - 1")
    if len(data["names"]) > MAX_NAMES:
        raise SaveFormatError(f"field 'names' has more than {MAX_NAMES} items")
    for name in ("moves", "redo", "names"):
        items = data[name]
        for i, item in enumerate(items):
            if data["version"] >= 2 and name != "names":
                if not (isinstance(item, list) and len(item) == 2 and type(item[0]) is int):
                    raise SaveFormatError(f"field {name!r}, item {i}: must be a [seat, notation] pair")
                item = item[1]
            if not isinstance(item, str) or len(item) >= 200:
                raise SaveFormatError(f"field {name!r}, item {i}: must be a short string, not "
                                      f"{type(item).__name__ if not isinstance(item, str) else 'a long one'}")
    for key, value in data["options"].items():
        if not isinstance(value, (str, int, float, bool)) and value is not None:
            raise SaveFormatError(f"field 'options': option {key!r} has a value of type {type(value).__name__}")


def _check_game_field(d: GameDefinition[Any], data: dict[str, Any]) -> None:
    """Options that are exactly another game's mean the field 'game' was changed."""
    if set(data["options"]) - {o.name for o in d.info.options}:
        owner = next((g["name"] for g in games() if g["name"] != d.info.name
                      and set(data["options"]) == {o["name"] for o in g["options"]}), None)
        if owner is not None:
            raise SaveFormatError(f"field 'game': the save names {d.info.name}, but its options "
                                  f"{sorted(data['options'])} are those of {owner}")


def _check_header(d: GameDefinition[Any], data: dict[str, Any]) -> None:
    """Blame the field at fault: the player count, the names or an option."""
    names = data["names"]
    known = {o.name for o in d.info.options}
    foreign = set(data["options"]) - known
    if foreign:
        raise SaveFormatError(f"field 'options': {d.info.name} has no option {sorted(foreign)[0]!r}; "
                              f"its options are {sorted(known)}")
    try:
        d.check_players(data["players"])
    except GameError as err:
        raise SaveFormatError(f"field 'players': {err}") from None
    if len(names) != data["players"]:
        raise SaveFormatError(f"field 'players': the save says {data['players']} players but names {len(names)}")
    if not all(names):
        raise SaveFormatError("field 'names': a player's name is empty")
    try:
        d.check_options(data["players"], d.resolve_options(data["options"]))
    except GameError as err:
        raise SaveFormatError(f"field 'options': {err}") from None


def _replay(game: Game, moves: list[Any], field: str) -> None:
    for i, item in enumerate(moves):
        seat, text = item if isinstance(item, list) else (None, item)
        try:
            game.apply(text, player=None if seat == -2 else seat)
        except IllegalMove as err:
            raise SaveFormatError(f"field {field!r}, move {i} {text!r}: {err.reason} [{err.rule}]") from None
        except (GameError, ValueError) as err:
            raise SaveFormatError(f"field {field!r}, move {i} {text!r}: {err}") from None
        except (KeyError, TypeError, IndexError, AttributeError) as err:  # a rule-code bug: still the save's move
            raise SaveFormatError(f"field {field!r}, move {i} {text!r}: could not be checked "
                                  f"({type(err).__name__}: {err})") from None
