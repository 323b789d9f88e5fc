"""The Lesson widget driven as board.js and the buttons drive it, without a browser: clicks on the board's targets go
to ``LessonRun.attempt``, a wrong move is answered and taken back, Hint/Retry/Next, a narration's Next plays a move
and lights its phase, and the progress counts the steps done.

Every game with lessons is covered: the lessons are read from ``bgl.lessons`` of each game.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

import boardgames_lab as bgl
from boardgames_lab.diagrams import LIT
from boardgames_lab.lessons import Narration, Task
from boardgames_lab.widgets import LessonWidget
from boardgames_lab.widgets.targets import Made

GAMES = [g["name"] for g in bgl.games()]
LESSONS = [(game, lesson.id) for game in GAMES for lesson in bgl.lessons(game)]
LIT_FILL = LIT["fillcolor"]


def words(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'").strip()


def click(lw: LessonWidget, target: str, seq: int = 1) -> None:
    """What board.js sends for a click on a target (or on a choice in the strip)."""
    lw.board.widget._handle_custom_msg({"event": "click", "target": target, "seq": seq}, [])


def click_move(lw: LessonWidget, notation: str) -> None:
    """Click the targets of a move, one by one; each must be live when it is clicked."""
    run = lw.run
    assert lw.board.map is not None, "the table takes no move"
    move = run.game.parse_move(notation, run.seat)
    for target in [t.id for t in lw.board.map.paths[move]]:
        assert target in lw.board.widget.targets, f"{target} is not live"
        # The board makes the move as soon as one legal move is left below the clicks: the rest of the path is
        # not clicked then.
        made = isinstance(lw.board.map.click(lw.board.prefix, target), Made)
        click(lw, target)
        if made:
            break


def sp() -> LessonWidget:
    return LessonWidget(bgl.lesson("saint_petersburg", "first_round"))


def to_first_task(lw: LessonWidget) -> Task:
    while not isinstance(lw.run.step, Task):
        lw.next_button.click()
    step = lw.run.step
    assert isinstance(step, Task)
    return step


def test_clicking_the_solution_solves_the_task() -> None:
    lw = sp()
    step = to_first_task(lw)
    ply = lw.run.game.ply
    assert lw.board.widget.live and lw.board.widget.targets
    click_move(lw, step.solutions[0])
    assert lw.run.done and lw.run.feedback is not None and lw.run.feedback.solved
    assert lw.run.game.ply == ply + 1  # the solving move stays on the board
    fb = words(lw.feedback_html.value)
    assert fb.startswith("Solved.") and step.success in fb and "Next goes on" in fb
    assert "bgl-fb-solved" in lw.feedback_html.value
    assert not lw.board.widget.live and lw.board.widget.targets == {}  # solved: the table takes no more moves
    assert not lw.next_button.disabled and lw.hint_button.disabled
    assert lw.errors.outputs == ()


def test_a_wrong_move_by_clicks_is_answered_and_taken_back() -> None:
    lw = sp()
    step = to_first_task(lw)
    before_html, before_ply = lw.board.widget.value, lw.run.game.ply
    click_move(lw, step.wrong)
    fb = words(lw.feedback_html.value)
    assert "bgl-fb-wrong" in lw.feedback_html.value
    assert fb.startswith("Not quite.") and step.miss in fb and "The move is taken back." in fb
    assert "Gold Miner" in fb  # the move said in the game's words
    assert lw.run.game.ply == before_ply and lw.board.widget.value == before_html  # the position is unchanged
    assert lw.board.widget.live and lw.board.widget.targets  # and the task still waits
    assert lw.next_button.disabled
    assert lw.run.records[lw.run.index].wrong == 1


def test_a_typed_illegal_move_is_refused_with_the_rule() -> None:
    lw = sp()
    step = to_first_task(lw)
    html = lw.board.widget.value
    lw.typed.value = step.illegal  # Enter in the box
    fb = lw.feedback_html.value
    assert "bgl-fb-refused" in fb and "saint_petersburg.action.play" in fb
    assert "Play from hand" in words(fb)  # the rulebook's words for the rule
    assert lw.board.widget.value == html and lw.typed.value == ""
    lw.typed.value = "fly to the moon"
    assert "bgl-fb-unreadable" in lw.feedback_html.value and "not a move" in words(lw.feedback_html.value)
    lw.typed.value = step.solutions[0]  # and typing the solution solves it
    assert lw.run.feedback is not None and lw.run.feedback.solved


def test_hint_retry_and_next() -> None:
    lw = sp()
    step = to_first_task(lw)
    number = lw.run.number
    assert lw.next_button.disabled  # a task waits for its move
    lw.hint_button.click()
    assert words(lw.hint_html.value) == f"Hint: {step.hint}"
    click_move(lw, step.solutions[0])
    assert lw.run.game.ply == 1 and lw.run.done
    lw.retry_button.click()  # the step again from its start: the move is gone, the hint too
    assert lw.run.game.ply == 0 and lw.board.widget.live and lw.feedback_html.value == "" and lw.hint_html.value == ""
    assert lw.run.number == number and not lw.next_button.disabled  # solved once, it stays done: Next may skip
    click_move(lw, step.solutions[0])
    lw.next_button.click()
    assert lw.run.number == number + 1
    lw.back_button.click()
    assert lw.run.number == number and lw.run.game.ply == 0


def test_next_on_a_narration_plays_one_move_each_and_lights_the_phase() -> None:
    lw = sp()
    step = to_first_task(lw)
    click_move(lw, step.solutions[0])
    lw.next_button.click()
    narration = lw.run.step
    assert isinstance(narration, Narration) and len(narration.moves) == 4
    assert narration.text in words(lw.step_html.value)
    assert lw.phases.layout.display == "" and LIT_FILL in lw.diagram.value  # the diagram, lit
    assert "Worker phase" in words(lw.phase_focus.value)
    assert not lw.board.widget.live  # a narration's table only shows
    for k in range(1, 5):
        assert lw.next_button.description == "Next move"
        ply = lw.run.game.ply
        lw.next_button.click()
        assert lw.run.game.ply == ply + 1 and len(lw.run.told) == k
        told = lw.run.told[-1]
        assert told.said in words(lw.told_html.value) and told.note in words(lw.told_html.value)
    assert lw.run.game.phase == "building"  # both passed: scoring, refill, then the building phase
    assert lw.diagram.value.count(LIT_FILL) >= 1 and "Building phase" in words(lw.phase_focus.value)
    assert "Phases: Worker scoring" in words(lw.told_html.value)  # the phases it went along, in words
    assert "Anna scores 6 rubles" in words(lw.told_html.value)  # what the last pass brought: the worker scoring
    assert "Boris buys Gold Miner for 4 rubles." not in words(lw.told_html.value)  # a change restating its move
    assert lw.next_button.description == "Next step" and lw.run.done


def test_progress_counts_the_steps_done() -> None:
    lw = sp()
    total = len(lw.run.lesson.steps)
    assert lw.progress.max == total
    assert f"Step 1 of {total}" in words(lw.head.value)
    seen = []
    while True:
        step = lw.run.step
        if isinstance(step, Task):
            click_move(lw, step.solutions[0] if step.solutions else _checked(lw, step))
        while lw.run.can_next and isinstance(step, Narration) and len(lw.run.told) < len(step.moves):
            lw.next_button.click()
        done, _ = lw.run.progress
        seen.append(done)
        assert lw.progress.value == done and f"Step {lw.run.number} of {total} · {done} of {total} done" \
            in words(lw.head.value)
        if not lw.run.can_next:
            break
        lw.next_button.click()
    assert seen == list(range(1, total + 1))
    assert "Lesson finished" in words(lw.message.value) and lw.next_button.disabled


def _checked(lw: LessonWidget, step: Task) -> str:
    """A move that meets a check-only task's goal: the first legal move of the seat that does (the walk's way)."""
    from boardgames_lab.lessons.steps import named_check
    check = named_check(lw.run.lesson, lw.run.number, step)
    assert check is not None and lw.run.seat is not None
    for move in lw.run.game.definition.seat_moves(lw.run.game.state, lw.run.seat):
        after = lw.run.game.clone()
        after.apply(move)
        if check(after, lw.run.seat):
            return str(move)
    raise AssertionError(f"no move meets {step.check}")


@pytest.mark.parametrize("game, lesson_id", LESSONS)
def test_every_lesson_is_taken_to_its_end_by_clicks(game: str, lesson_id: str) -> None:
    """Each task solved by clicking its targets (after its wrong move, taken back), each narration told to its end."""
    lw = LessonWidget(bgl.lesson(game, lesson_id))
    while True:
        step = lw.run.step
        if isinstance(step, Task):
            if step.wrong:
                html = lw.board.widget.value
                click_move(lw, step.wrong)
                assert "bgl-fb-wrong" in lw.feedback_html.value and lw.board.widget.value == html
            click_move(lw, step.solutions[0] if step.solutions else _checked(lw, step))
            assert "bgl-fb-solved" in lw.feedback_html.value
        else:
            while len(lw.run.told) < len(step.moves):
                lw.next_button.click()
        if not lw.run.can_next:
            break
        lw.next_button.click()
    assert lw.run.finished and lw.errors.outputs == ()


def test_a_narration_table_answers_a_click_in_the_lesson_s_words() -> None:
    lw = sp()
    assert isinstance(lw.run.step, Narration)
    lw.board.widget._handle_custom_msg({"event": "click", "target": "row:U1", "seq": 3}, [])
    answer: dict[str, Any] = lw.board.widget.answer
    assert answer["target"] == "row:U1" and "Next" in answer["html"] and answer["seq"] == 3
    lw.attempt("pass")  # no move on a narration: said, nothing changes
    assert "takes no move" in words(lw.message.value) and lw.run.game.ply == 0


def test_the_widget_sees_through_the_step_s_seat() -> None:
    lw = sp()
    assert "a spectator's eyes" in words(lw.seen.value)
    step = to_first_task(lw)
    assert step.seat == 0 and "Anna's eyes" in words(lw.seen.value)
    assert lw.board.widget.value == lw._table(lw.run.game, 0)  # view(0): Anna's hand and money, no one else's
    assert "bgl-lesson" in lw.widget._dom_classes and "bgl-viewer" not in lw.widget._dom_classes


def test_a_lesson_run_under_way_can_be_shown() -> None:
    run = bgl.LessonRun(bgl.lesson("saint_petersburg", "first_round"))
    run.next()
    lw = LessonWidget(run)
    assert lw.run is run and lw.run.number == 2 and "Step 2 of" in words(lw.head.value)
    assert repr(lw).startswith("LessonWidget('first_round', step 2 of")
    assert "application/vnd.jupyter.widget-view+json" in lw._repr_mimebundle_()


def test_a_position_set_up_on_the_board_becomes_a_lesson_step(tmp_path: Any) -> None:
    """A teacher sets a position up in sandbox mode (here the board's own edit, as Set up does), then turns the
    viewer's game into a task: its start is the position, and the step plays as any other."""
    from boardgames_lab.lessons import Lesson, LessonRun, load_lesson
    from boardgames_lab.widgets import GameViewer
    from boardgames_lab.widgets.setup import set_value
    viewer = GameViewer(bgl.new_game("saint_petersburg", players=2, seed=7, mode="sandbox", names=["Ada", "Ben"]))
    viewer.replace_game(set_value(viewer.game, "money.0", 3))  # Ada is left 3 rubles
    lesson = Lesson.new("saint_petersburg", "Short of money")
    lesson.task(viewer.game, goal="With 3 rubles, buy the one worker you can pay for.", solutions=["buy lumberjack@U3"],
                wrong="take gold_miner@U1", illegal="buy gold_miner@U1", hint="Read the prices.")
    lesson.save(tmp_path / "short.json")
    step = load_lesson(tmp_path / "short.json").steps[0]
    assert step.start.position is not None and step.start.position["state"]["money"][0] == 3
    run = LessonRun(lesson)
    refused = run.attempt("buy gold_miner@U1")
    assert refused.outcome == "refused" and refused.rule is not None and refused.rule.startswith("saint_petersburg.")
    assert run.attempt("buy lumberjack@U3").solved
