"""JSON text read strictly, for every text the package takes in (saved games, positions, share strings, the
classroom's messages): NaN and Infinity are not JSON, a key given twice in one object is refused (with the last
value winning, one text could say two things), and nesting too deep for the parser is an error like any other."""
from __future__ import annotations

import json
from typing import Any, Callable


MAX_DIGITS = 4300  # Python's own limit on converting digits; a longer number is refused here, in words


class _Twice(Exception):
    def __init__(self, key: str):
        self.key = key


def read_json(text: str | bytes, refuse: Callable[[str, str | None], Exception]) -> Any:
    """The value of ``text``; otherwise ``refuse(reason, key)`` is raised, ``key`` naming a key given twice."""
    try:
        return json.loads(text, parse_constant=_no_constant, object_pairs_hook=_unique_keys, parse_int=_whole)
    except _Twice as twice:
        key = twice.key[:40]
        raise refuse(f"field {key!r} appears twice", key) from None
    except (ValueError, RecursionError) as err:
        raise refuse(f"not valid JSON: {err}", None) from None


def _whole(text: str) -> int:
    """A JSON integer; one longer than MAX_DIGITS is refused in words, not with int()'s advice about the
    interpreter's settings. A shorter one is read, and the field it stands in refuses it by its range."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_DIGITS})")
    return int(text)


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not allowed")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _Twice(key)
        data[key] = value
    return data
