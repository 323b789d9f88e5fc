"""Guided lessons: a game's rules taught on its board, one step at a time.

A lesson (``Lesson``) is data: tasks, which wait for the student's move and say why a move does or does not reach
the goal in the game's own words, and narrations, which move the game on by itself one ply per Next. Each game keeps
its lessons in its ``lessons`` face (``LESSONS`` as JSON data, ``CHECKS`` the named goal checks); ``lessons(name)``
and ``lesson(name, id)`` hand them out, validated. ``LessonRun`` takes one, for a widget, the site or the classroom;
``walk`` plays every step with its solution. A teacher writes one with ``Lesson.new``, ``task``, ``narration`` and
``save``, and reads one back with ``load_lesson``. docs/lessons.md describes the format and the API.

>>> import boardgames_lab as bgl
>>> game = bgl.new_game("saint_petersburg", players=2, seed=7, names=["Anna", "Boris"])
>>> lesson = bgl.Lesson.new("saint_petersburg", "My first buy")
>>> task = lesson.task(game, goal="Buy the Gold Miner.", solutions=["buy gold_miner@U1"])
>>> run = bgl.LessonRun(lesson)
>>> run.attempt("take gold_miner@U1").outcome
'wrong'
>>> run.attempt("buy Gold Miner").outcome, run.finished
('solved', True)
"""
from .bank import lesson, lesson_summaries, lessons
from .data import lesson_from_dict, lesson_from_json, load_lesson
from .model import FORMAT, VERSION, Lesson, LessonError, Narration, Start, Step, Task
from .runner import REFUSED, SOLVED, UNREADABLE, WRONG, Feedback, LessonRun, StepRecord, Told
from .steps import checks_of
from .validate import validate
from .walk import WalkedStep, walk

__all__ = ["FORMAT", "REFUSED", "SOLVED", "UNREADABLE", "VERSION", "WRONG", "Feedback", "Lesson", "LessonError",
           "LessonRun", "Narration", "Start", "Step", "StepRecord", "Task", "Told", "WalkedStep", "checks_of",
           "lesson", "lesson_from_dict", "lesson_from_json", "lesson_summaries", "lessons", "load_lesson",
           "validate", "walk"]
