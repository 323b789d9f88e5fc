"""Every step of a lesson played as a student would, through ``LessonRun``: each task's illegal move, its wrong
move and every solution (or, for a goal given as a check, the first legal move that passes it), each
narration told to its end. ``boardgames-lab lessons NAME --walk`` prints it; the tests walk every game's lessons."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import Lesson, Narration, Task
from .runner import REFUSED, SOLVED, WRONG, Feedback, LessonRun, Told
from .steps import checks_of


@dataclass
class WalkedStep:
    """One step walked: what was tried (``tried``: (kind of try, move, Feedback or Told)) and what misbehaved."""

    number: int
    kind: str
    title: str
    words: str  # the task's goal or the narration's text
    tried: list[tuple[str, str, Feedback | Told]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def walk(lesson: Lesson) -> list[WalkedStep]:
    """Walk every step of ``lesson`` (see the module's words); a step that misbehaves lists its problems."""
    run = LessonRun(lesson)
    out = []
    for number, step in enumerate(lesson.steps, 1):
        run.goto(number)
        words = step.goal if isinstance(step, Task) else step.text
        walked = WalkedStep(number, step.kind, step.title, words)
        if isinstance(step, Task):
            _walk_task(run, lesson, step, walked)
        else:
            _walk_narration(run, step, walked)
        out.append(walked)
    return out


def _unchanged(run: LessonRun, before: dict[str, Any], what: str, walked: WalkedStep) -> None:
    if run.game.position() != before:
        walked.problems.append(f"the {what} move changed the position")


def _walk_task(run: LessonRun, lesson: Lesson, task: Task, walked: WalkedStep) -> None:
    before = run.game.position()
    if task.illegal:
        said = run.attempt(task.illegal)
        walked.tried.append(("illegal", task.illegal, said))
        if said.outcome != REFUSED:
            walked.problems.append(f"the illegal move {task.illegal!r} was {said.outcome}, not refused")
        elif not said.rule.startswith(lesson.game + "."):
            walked.problems.append(f"the illegal move {task.illegal!r} was refused under {said.rule}, not a rule "
                                   f"of {lesson.game}")
        _unchanged(run, before, "illegal", walked)
    if task.wrong:
        said = run.attempt(task.wrong)
        walked.tried.append(("wrong", task.wrong, said))
        if said.outcome != WRONG or not said.said or not said.reason:
            walked.problems.append(f"the wrong move {task.wrong!r} was {said.outcome}, not caught with words")
        _unchanged(run, before, "wrong", walked)
    for solution in task.solutions or _passing(run, lesson, task):
        run.retry()
        said = run.attempt(solution)
        walked.tried.append(("solution", solution, said))
        if said.outcome != SOLVED:
            walked.problems.append(f"the solution {solution!r} was {said.outcome}: {said.text}")
    if not walked.tried or walked.tried[-1][0] != "solution":
        walked.problems.append("no solution was walked")


def _passing(run: LessonRun, lesson: Lesson, task: Task) -> list[str]:
    """The first legal move of the task's seat that passes its check (a goal given as a check only)."""
    check = checks_of(lesson.game).get(task.check)
    game, seat = run.game, run.seat
    for move in game.legal_moves():
        after = game.clone()
        after.apply(move)
        if check is not None and seat is not None and check(after, seat):
            return [str(move)]
    return []


def _walk_narration(run: LessonRun, step: Narration, walked: WalkedStep) -> None:
    while run.can_next and not run.done:
        told = run.next()
        if told is None:
            break
        walked.tried.append(("ply", told.move or "", told))
        if not told.said:
            walked.problems.append(f"ply {len(walked.tried)} was told in no words")
    if not run.done:
        walked.problems.append(f"the narration stopped after {len(walked.tried)} of {len(step.moves)} moves")


__all__ = ["WalkedStep", "walk"]
