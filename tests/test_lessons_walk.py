"""Every step of every lesson of every game, walked through the public API as a student would: the solution
reaches the goal, the wrong legal move is caught with words and taken back, the illegal move is refused under a
rule of the game, and every narration is told to its end in words. A game's new lessons are walked here at once."""
from __future__ import annotations

import pytest

import boardgames_lab as bgl
from boardgames_lab.lessons import REFUSED, SOLVED, WRONG, LessonRun, Narration, Task, walk

WITH_LESSONS = [info["name"] for info in bgl.games() if bgl.lessons(info["name"])]
EVERY_LESSON = [pytest.param(game, one.id, id=f"{game}:{one.id}") for game in WITH_LESSONS
                for one in bgl.lessons(game)]


def test_saint_petersburg_has_lessons() -> None:
    assert "saint_petersburg" in WITH_LESSONS


@pytest.mark.parametrize("game,lesson_id", EVERY_LESSON)
def test_every_step_behaves(game: str, lesson_id: str) -> None:
    walked = walk(bgl.lesson(game, lesson_id))
    problems = [f"step {s.number} {s.title}: {p}" for s in walked for p in s.problems]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game,lesson_id", EVERY_LESSON)
def test_each_lesson_is_taken_to_its_end_by_its_solutions(game: str, lesson_id: str) -> None:
    lesson = bgl.lesson(game, lesson_id)
    run = LessonRun(lesson)
    assert run.progress == (0, len(lesson.steps)) or isinstance(lesson.steps[0], Narration)
    for number, step in enumerate(lesson.steps, 1):
        assert run.number == number
        if isinstance(step, Task):
            before = run.game.position()
            if step.illegal:
                said = run.attempt(step.illegal)
                assert said.outcome == REFUSED and said.rule.startswith(game + "."), said
                assert said.reason and said.reason in said.text and run.game.position() == before
            if step.wrong:
                said = run.attempt(step.wrong)
                assert said.outcome == WRONG and said.said and said.reason in said.text, said
                assert run.game.position() == before and not run.done
            # A goal given as a check only: the legal moves in turn, each missing one taken back, until one passes.
            for move in step.solutions[:1] or [str(m) for m in run.game.legal_moves()]:
                said = run.attempt(move)
                if said.outcome == SOLVED:
                    break
                assert said.outcome == WRONG and run.game.position() == before
            assert said.outcome == SOLVED and run.done, said
        while not run.done:
            told = run.next()
            assert told is not None and told.said and told.phase == run.game.phase
        if number < len(lesson.steps):
            assert run.next() is None
    assert run.finished and not run.can_next and run.progress == (len(lesson.steps), len(lesson.steps))
@pytest.mark.parametrize("game", WITH_LESSONS)
def test_a_game_has_the_four_kinds_of_lesson(game: str) -> None:
    found = bgl.lessons(game)
    assert len(found) >= 4
    steps = [step for one in found for step in one.steps]
    assert any(isinstance(s, Task) and s.puzzle for s in steps), "a decision puzzle"
    assert any(isinstance(s, Narration) and s.moves for s in steps), "a narration that moves the game on"
    assert {s.seat for s in steps if isinstance(s, Narration)} >= {0, 1}, "hidden information from two seats"
    for one in found:
        assert any(isinstance(s, Task) and s.illegal for s in one.steps), f"{one.id}: one illegal move walked"
        assert any(isinstance(s, Task) and s.wrong for s in one.steps), f"{one.id}: one wrong move walked"
