"""Lessons as JSON, both ways: every field read strictly (no unknown field, no coerced type), then the lesson played
through (``validate``) before it is handed out. A lesson is never unpickled or evaluated, only read as JSON.

The format (``Lesson.to_dict``)::

    {"format": "boardgames_lab.lesson", "version": 1, "id": "first_buy", "game": "<game>",
     "title": "...", "summary": "...",
     "steps": [
       {"kind": "task", "title": "...", "goal": "...",
        "start": {"seed": 7, "players": 2, "options": {}, "names": ["Anna", "Boris"], "moves": ["pass"]},
        "solutions": ["buy gold_miner@U1"], "check": "", "seat": 0, "hint": "...", "success": "...",
        "miss": "...", "wrong": "take gold_miner@U1", "illegal": "play market", "puzzle": false},
       {"kind": "narration", "title": "...", "text": "...", "start": {"position": {...}, "moves": []},
        "moves": ["pass", "pass"], "notes": ["...", "..."], "seat": null}]}
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

from ..core.jsontext import read_json
from .model import FORMAT, NARRATION, TASK, VERSION, Lesson, LessonError, Narration, Start, Step, Task

ID = re.compile(r"^[a-z0-9_]{1,64}$")
LESSON_FIELDS = {"format": False, "version": False, "id": True, "game": True, "title": True, "summary": False,
                 "steps": True}
START_FIELDS = {"seed", "players", "options", "names", "moves", "position"}
# Each kind's fields: name -> required?
TASK_FIELDS = {"kind": True, "title": True, "start": True, "goal": True, "solutions": False, "check": False,
               "seat": False, "hint": False, "success": False, "miss": False, "wrong": False, "illegal": False,
               "puzzle": False}
NARRATION_FIELDS = {"kind": True, "title": True, "start": True, "text": True, "moves": False, "notes": False,
                    "seat": False}


class _Fields:
    """One JSON object of a lesson; every error names the lesson, the step and the field."""

    def __init__(self, data: object, lesson: str, step: int | None, path: str, fields: dict[str, bool] | set[str]):
        self.lesson, self.step, self.path = lesson, step, path
        if not isinstance(data, dict):
            raise self.error("", f"must be an object, not {_kind(data)}")
        self.data: dict[str, Any] = data
        unknown = sorted(str(k) for k in data if k not in fields)
        if unknown:
            raise self.error(unknown[0], f"is not a field here (the fields are {', '.join(sorted(fields))})")
        required = [name for name in fields if isinstance(fields, dict) and fields[name] and name not in data]
        if required:
            raise self.error(required[0], "is missing")

    def error(self, name: str, reason: str) -> LessonError:
        where = ".".join(p for p in (self.path, name) if p)
        return LessonError(reason, self.lesson, self.step, where)

    def get(self, name: str, default: Any, check: Callable[[Any], bool], what: str) -> Any:
        if name not in self.data:
            return default
        value = self.data[name]
        if not check(value):
            raise self.error(name, f"must be {what}, not {_kind(value)}")
        return value

    def text(self, name: str, default: str = "") -> str:
        return str(self.get(name, default, lambda v: type(v) is str, "text"))

    def texts(self, name: str) -> tuple[str, ...]:
        value = self.get(name, [], lambda v: type(v) is list and all(type(x) is str for x in v), "a list of texts")
        return tuple(value)

    def seat(self, name: str) -> int | None:
        value = self.get(name, None, lambda v: v is None or (type(v) is int and 0 <= v < 16), "a seat number or null")
        return None if value is None else int(value)


def _kind(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text if len(text) <= 40 else text[:37] + '...'}"


def lesson_from_dict(data: object) -> Lesson:
    """The lesson ``data`` describes, read field by field (LessonError names the field at fault); not yet played
    through: ``load_lesson`` and ``lesson_from_json`` also validate it."""
    lesson_id = str(data["id"]) if isinstance(data, dict) and type(data.get("id")) is str else ""
    top = _Fields(data, lesson_id, None, "", LESSON_FIELDS)
    top.get("format", FORMAT, lambda v: v == FORMAT, repr(FORMAT))
    top.get("version", VERSION, lambda v: type(v) is int and v == VERSION, f"version {VERSION}")
    top.get("id", "", lambda v: type(v) is str and bool(ID.match(v)), "1 to 64 small letters, digits or underscores")
    game = top.text("game")
    steps = top.get("steps", [], lambda v: type(v) is list and bool(v), "a list of one step or more")
    return Lesson(id=lesson_id, game=game, title=top.text("title"), summary=top.text("summary"),
                  steps=[_step(item, lesson_id, i) for i, item in enumerate(steps, 1)])


def _step(data: object, lesson: str, number: int) -> Step:
    kind = data.get("kind") if isinstance(data, dict) else None
    if kind not in (TASK, NARRATION):
        raise LessonError(f"must be {TASK!r} or {NARRATION!r}, not {_kind(kind)}", lesson, number, "kind")
    f = _Fields(data, lesson, number, "", TASK_FIELDS if kind == TASK else NARRATION_FIELDS)
    start = _start(f.data["start"], lesson, number)
    if kind == NARRATION:
        return Narration(title=f.text("title"), start=start, text=f.text("text"), moves=f.texts("moves"),
                         notes=f.texts("notes"), seat=f.seat("seat"))
    return Task(title=f.text("title"), start=start, goal=f.text("goal"), solutions=f.texts("solutions"),
                check=f.text("check"), seat=f.seat("seat"), hint=f.text("hint"), success=f.text("success"),
                miss=f.text("miss"), wrong=f.text("wrong"), illegal=f.text("illegal"),
                puzzle=bool(f.get("puzzle", False, lambda v: type(v) is bool, "true or false")))


def _start(data: object, lesson: str, number: int) -> Start:
    f = _Fields(data, lesson, number, "start", START_FIELDS)
    names = f.get("names", None, lambda v: v is None or (type(v) is list and all(type(x) is str and x for x in v)),
                  "a list of names")
    moves = f.texts("moves")
    names = None if names is None else tuple(names)
    if "position" in f.data:
        given = sorted({"seed", "players", "options"} & set(f.data))
        if given:
            raise f.error(given[0], "is not given with a position (the position holds it)")
        position = f.get("position", None, lambda v: isinstance(v, dict), "a position object")
        return Start(position=position, names=names, moves=moves)
    seed = f.get("seed", 0, lambda v: type(v) is int and 0 <= v < 2**63, "a whole number from 0 to 2**63 - 1")
    players = f.get("players", None, lambda v: v is None or (type(v) is int and 1 <= v <= 16), "a player count")
    options = f.get("options", {}, lambda v: isinstance(v, dict), "an object of options")
    return Start(seed=seed, players=players, options=dict(options), names=names, moves=moves)


def lesson_from_json(text: str | bytes) -> Lesson:
    """The lesson a JSON text holds, read and validated (LessonError names the lesson, step and field)."""
    data = read_json(text, lambda reason, key: LessonError(f"the text is {reason}" if key is None
                                                           else f"the text's {reason}"))
    lesson = lesson_from_dict(data)
    from .validate import validate
    validate(lesson)
    return lesson


def load_lesson(path: str | Path) -> Lesson:
    """The lesson saved in the JSON file at ``path`` (``Lesson.save``), read and validated."""
    try:
        text = Path(path).read_bytes()
    except OSError as err:
        raise LessonError(f"cannot read {path}: {err.strerror}") from None
    return lesson_from_json(text)


__all__ = ["lesson_from_dict", "lesson_from_json", "load_lesson"]
