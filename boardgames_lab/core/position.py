"""Positions as data: a complete JSON snapshot of a game, and the checks that read one back.

A position holds everything on the table, hidden parts included, so it can be saved,
edited for teaching and restored. The envelope (game, players, options, the random
generator) is read here; each game reads its own ``state`` part with the readers below,
which name the field at fault and never coerce (``True`` is not 1, ``1.0`` is not 1).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Callable, Iterable, Sequence, TypeVar

from .errors import PositionError

POSITION_FORMAT = "boardgames_lab.position"
POSITION_VERSION = 1
T = TypeVar("T")
JSON_SCALARS = (str, int, float, bool, type(None))


def _name(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


class Reader:
    """Reads one JSON object of a position; every error names the path of the field."""

    def __init__(self, data: object, path: str, fields: Iterable[str] | None = None):
        if not isinstance(data, dict):
            raise PositionError(path, f"must be an object, not {_name(data)}")
        self.data: dict[str, Any] = data
        self.path = path
        if fields is not None:
            expected = list(fields)
            missing = [f for f in expected if f not in data]
            if missing:
                raise PositionError(self.at(missing[0]), f"is missing (fields missing: {missing})")
            extra = sorted(set(data) - set(expected), key=str)
            if extra:
                raise PositionError(self.at(str(extra[0])), f"is not a field here (expected {expected})")

    def at(self, key: str | int) -> str:
        return f"{self.path}[{key}]" if isinstance(key, int) else f"{self.path}.{key}" if self.path else key

    def raw(self, key: str) -> object:
        if key not in self.data:
            raise PositionError(self.at(key), "is missing")
        return self.data[key]

    def integer(self, key: str, low: int, high: int) -> int:
        return integer(self.raw(key), self.at(key), low, high)

    def boolean(self, key: str) -> bool:
        return boolean(self.raw(key), self.at(key))

    def text(self, key: str, choices: Sequence[str] | None = None) -> str:
        return text(self.raw(key), self.at(key), choices)

    def obj(self, key: str, fields: Iterable[str] | None = None) -> "Reader":
        return Reader(self.raw(key), self.at(key), fields)

    def items(self, key: str, item: Callable[[object, str], T], length: int | None = None,
             most: int | None = None) -> list[T]:
        return items(self.raw(key), self.at(key), item, length, most)


def integer(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int:
        raise PositionError(path, f"must be a whole number from {low} to {high}, not {_name(value)}")
    if not low <= value <= high:
        raise PositionError(path, f"must be from {low} to {high}, not {value}")
    return value


def boolean(value: object, path: str) -> bool:
    if type(value) is not bool:
        raise PositionError(path, f"must be true or false, not {_name(value)}")
    return value


def text(value: object, path: str, choices: Sequence[str] | None = None) -> str:
    if type(value) is not str:
        raise PositionError(path, f"must be text, not {_name(value)}")
    if choices is not None and value not in choices:
        shown = list(choices) if len(choices) <= 12 else f"one of {len(choices)} names such as {list(choices)[:5]}"
        raise PositionError(path, f"{value!r} is not one of {shown}")
    return value


def items(value: object, path: str, item: Callable[[object, str], T], length: int | None = None,
          most: int | None = None) -> list[T]:
    """A JSON array read item by item (``item(value, path)``), of an exact or a largest length."""
    if type(value) is not list:
        raise PositionError(path, f"must be a list, not {_name(value)}")
    if length is not None and len(value) != length:
        raise PositionError(path, f"must have {length} items, not {len(value)}")
    if most is not None and len(value) > most:
        raise PositionError(path, f"may have at most {most} items, not {len(value)}")
    return [item(v, f"{path}[{i}]") for i, v in enumerate(value)]


def ints(low: int, high: int) -> Callable[[object, str], int]:
    return lambda value, path: integer(value, path, low, high)


def names(choices: Sequence[str]) -> Callable[[object, str], str]:
    return lambda value, path: text(value, path, choices)


def conserved(path: str, what: str, found: Iterable[object], expected: Counter[Any] | dict[Any, int]) -> None:
    """Every card (cube, coin...) is somewhere, once: ``found`` must be exactly ``expected``."""
    have = Counter(found)
    want = Counter(expected)
    if have != want:
        extra = sorted(map(str, (have - want).elements()))
        lost = sorted(map(str, (want - have).elements()))
        parts = ([f"{len(extra)} too many ({', '.join(extra[:6])})"] if extra else []) + \
                ([f"{len(lost)} missing ({', '.join(lost[:6])})"] if lost else [])
        raise PositionError(path, f"the {what} do not add up: {'; '.join(parts)}")


def check_json(value: object, path: str = "position", depth: int = 0) -> None:
    """Only JSON's own types, so a position survives ``json.dumps`` unchanged."""
    if depth > 40:
        raise PositionError(path, "is nested too deeply")
    if isinstance(value, dict):
        for key, item in value.items():
            if type(key) is not str:
                raise PositionError(path, f"keys must be text, not {_name(key)}")
            check_json(item, f"{path}.{key}", depth + 1)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            check_json(item, f"{path}[{i}]", depth + 1)
    elif type(value) not in JSON_SCALARS or (type(value) is float and value != value):
        raise PositionError(path, f"must be JSON data, not {_name(value)}")


__all__ = ["POSITION_FORMAT", "POSITION_VERSION", "PositionError", "Reader", "boolean", "check_json",
           "conserved", "integer", "ints", "items", "names", "text"]
