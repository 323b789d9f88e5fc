"""Each game's own lessons: ``LESSONS`` of its ``lessons`` face, read and played through once, then handed out."""
from __future__ import annotations

import copy
from typing import Any

from ..core.registry import definition
from .data import lesson_from_dict
from .model import Lesson, LessonError
from .validate import validate

_READ: dict[str, list[Lesson]] = {}  # per game, its lessons once validated


def _bank(game: str) -> list[Lesson]:
    d = definition(game)
    name = d.info.name
    if name not in _READ:
        face = d.lessons
        found = []
        for data in getattr(face, "LESSONS", ()) if face is not None else ():
            lesson = lesson_from_dict(data)
            if lesson.game != name:
                raise LessonError(f"is {lesson.game!r}, but the lesson is kept with {name}", lesson.id, None, "game")
            validate(lesson)
            found.append(lesson)
        ids = [lesson.id for lesson in found]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise LessonError(f"two of {name}'s lessons have the id {twice[0]!r}", twice[0], None, "id")
        _READ[name] = found
    return _READ[name]


def lessons(game: str) -> list[Lesson]:
    """The lessons of ``game`` (its name in any case), in the order a class takes them; each a copy to keep."""
    return [copy.deepcopy(lesson) for lesson in _bank(game)]


def lesson(game: str, id: str) -> Lesson:
    """One lesson of ``game`` by its id (LessonError listing the ids if there is none)."""
    for found in _bank(game):
        if found.id == id:
            return copy.deepcopy(found)
    ids = ", ".join(found.id for found in _bank(game)) or "none"
    raise LessonError(f"{definition(game).info.name} has no lesson {id!r} (its lessons: {ids})", str(id))


def lesson_summaries(game: str) -> list[dict[str, Any]]:
    """Each lesson's id, title, summary and steps (kind and title), as JSON data: a site's or classroom's menu."""
    return [{"id": one.id, "title": one.title, "summary": one.summary,
             "steps": [{"kind": s.kind, "title": s.title} for s in one.steps]} for one in _bank(game)]


__all__ = ["lesson", "lesson_summaries", "lessons"]
