"""A lesson taken by clicks in a real JupyterLab, for each game that has lessons: the shortest lesson of each game,
from its first step to "Lesson finished", every task solved by clicking the board's targets (after its wrong move,
answered and taken back, and its illegal move typed and refused with the rule), every narration told one Next at a
time with the phase diagram lit. And each tutorial that has lessons opens on its first lesson.

The clicks of each move come from the same ``TargetMap`` the widget uses, computed here beside a ``LessonRun`` kept in
step with the page. Screenshots of a task step with the feedback after a wrong move, and of a narration step with
the lit diagram, go to the test's tmp dir and artifacts/ (lesson_<game>_wrong.png, lesson_<game>_narration.png).
"""
from __future__ import annotations

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from typing import Callable

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

import boardgames_lab as bgl
from boardgames_lab.lessons import Lesson, LessonRun, Narration, Task
from boardgames_lab.widgets.viewer import _renderer_for
from boardgames_lab.widgets.targets import Made, TargetMap
from tests.browser.viewer import ARTIFACTS, LIT_FILL, ROUND_TRIP

LESSON_TIMEOUT = 180  # s: each lesson, from Run All to its end


def _shortest(game: str) -> Lesson:
    """The lesson of ``game`` with the fewest steps and narrated moves: the quickest to click through."""
    return min(bgl.lessons(game), key=lambda one: (len(one.steps), sum(len(s.moves) for s in one.steps
                                                                      if isinstance(s, Narration))))


GAMES = [g["name"] for g in bgl.games() if bgl.lessons(g["name"])]
TAKEN = [pytest.param(game, _shortest(game).id, id=f"{game}-{_shortest(game).id}") for game in GAMES]


def lesson_notebook(folder: Path, game: str, lesson_id: str) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("import boardgames_lab as bgl\n"
                                          "from boardgames_lab.widgets import LessonWidget\n"
                                          f"LessonWidget(bgl.lesson({game!r}, {lesson_id!r}))")]
    path = f"lesson_{game}_{lesson_id}.ipynb"
    nbformat.write(nb, folder / path)
    return path


def click_move(widget: Locator, run: LessonRun, notation: str) -> None:
    """Click a move's targets one by one: on the table, or the strip's choices where the table has none."""
    assert run.seat is not None
    move = run.game.parse_move(notation, run.seat)
    tm = TargetMap(run.game, (run.seat,))
    prefix: tuple[str, ...] = ()
    for target in [t.id for t in tm.paths[move]]:
        on_table = widget.locator(f'.bgl-table [data-target="{target}"].bgl-live')
        choice = widget.locator(f'.bgl-strip button.bgl-option[data-option="{target}"]')
        expect(on_table.or_(choice).first).to_be_attached(timeout=ROUND_TRIP)
        (on_table if on_table.count() else choice).first.click()
        # The board makes the move as soon as one legal move is left below the clicks made.
        result = tm.click(prefix, target)
        if isinstance(result, Made):
            break
        prefix = result.prefix


class _Text(HTMLParser):
    """The words of an HTML string as Playwright's ``to_have_text`` reads an element: its text, less style and
    script."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skipping = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.skipping += tag in ("style", "script")

    def handle_endtag(self, tag: str) -> None:
        self.skipping -= tag in ("style", "script") and self.skipping > 0

    def handle_data(self, data: str) -> None:
        if not self.skipping:
            self.parts.append(data)


def table_text(run: LessonRun) -> str:
    """The words of the table the lesson widget draws for ``run``'s position, whitespace collapsed."""
    game = run.game
    parser = _Text()
    parser.feed(_renderer_for(game)(game.view(run.seat), game.names, game.winners()))
    parser.close()
    return re.sub(r"\s+", " ", "".join(parser.parts)).strip()


def expect_table(widget: Locator, run: LessonRun) -> None:
    """Wait for the page's table to show ``run``'s position: the step's words and its table are separate widgets,
    and either may reach the page first."""
    expect(widget.locator(".bgl-table")).to_have_text(table_text(run), timeout=ROUND_TRIP)


def shot(page: Page, widget: Locator, folder: Path, name: str) -> Path:
    page.set_viewport_size({"width": 1400, "height": 1600})
    widget.scroll_into_view_if_needed()
    path = folder / name
    widget.screenshot(path=str(path))
    assert path.stat().st_size > 10_000
    if folder.resolve() != ARTIFACTS.resolve():
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, ARTIFACTS / name)
    return path


def solve(page: Page, widget: Locator, run: LessonRun, step: Task, folder: Path, name: str, taken: set[str]) -> None:
    feedback = widget.locator(".bgl-lesson-fb")
    expect_table(widget, run)
    if step.wrong:
        click_move(widget, run, step.wrong)
        expect(feedback).to_have_class(re.compile(r"\bbgl-fb-wrong\b"), timeout=ROUND_TRIP)
        expect(feedback).to_contain_text("The move is taken back.")
        expect(widget.locator(".bgl-table .bgl-live, .bgl-strip button.bgl-option").first).to_be_attached(
            timeout=ROUND_TRIP)  # the targets are back, on the table or (a bid, a pass) in the strip
        expect_table(widget, run)  # the wrong move did not stay on the table
        run.attempt(step.wrong)
        if "wrong" not in taken:
            taken.add("wrong")
            shot(page, widget, folder, f"{name}_wrong.png")
    if step.illegal:
        box = widget.get_by_placeholder(re.compile("type a move"))
        box.fill(step.illegal)
        box.press("Enter")
        expect(feedback).to_have_class(re.compile(r"\bbgl-fb-refused\b"), timeout=ROUND_TRIP)
        expect(feedback).to_contain_text(re.compile(rf"rule {re.escape(run.lesson.game)}\.\S+"))
        run.attempt(step.illegal)
    if step.hint:
        widget.get_by_role("button", name="Hint").click()
        expect(widget.locator(".bgl-lesson-hint")).to_contain_text(step.hint, timeout=ROUND_TRIP)
    solution = step.solutions[0] if step.solutions else _checked(run, step)
    click_move(widget, run, solution)
    expect(feedback).to_have_class(re.compile(r"\bbgl-fb-solved\b"), timeout=ROUND_TRIP)
    assert run.attempt(solution).solved


def _checked(run: LessonRun, step: Task) -> str:
    """A move that meets a check-only task's goal (the first of the seat's legal moves that does)."""
    from boardgames_lab.lessons.steps import named_check
    check = named_check(run.lesson, run.number, step)
    assert check is not None and run.seat is not None
    for move in run.game.definition.seat_moves(run.game.state, run.seat):
        after = run.game.clone()
        after.apply(move)
        if check(after, run.seat):
            return str(move)
    raise AssertionError(f"no move of step {run.number} meets {step.check}")


def take_lesson(page: Page, widget: Locator, game: str, lesson_id: str, folder: Path, shots: str = "lesson") -> None:
    """Take the lesson shown in ``widget`` (at its step 1) to its end by clicks, checking each step's words; the
    screenshots are named ``<shots>_<game>_wrong.png`` and ``<shots>_<game>_narration.png``."""
    run = LessonRun(bgl.lesson(game, lesson_id))  # kept in step with the page: it knows which targets to click
    total = len(run.lesson.steps)
    count = widget.locator(".bgl-lesson-count")
    taken: set[str] = set()
    while True:
        step = run.step
        expect(count).to_contain_text(f"Step {run.number} of {total}", timeout=ROUND_TRIP)
        expect(widget.locator(".bgl-lesson-step")).to_contain_text(step.title)
        if isinstance(step, Task):
            expect(widget.locator(".bgl-lesson-goal")).to_contain_text(step.goal)
            solve(page, widget, run, step, folder, f"{shots}_{game}", taken)
        else:
            diagram = widget.locator(".bgl-lesson-diagram svg")
            expect(diagram.locator(f'[fill="{LIT_FILL}"]').first).to_be_visible(timeout=ROUND_TRIP)
            for _ in step.moves:
                widget.get_by_role("button", name="Next move").click()
                told = run.next()
                assert told is not None
                expect(widget.locator(".bgl-told > li").last).to_contain_text(told.said[:60], timeout=ROUND_TRIP)
                expect(widget.locator(".bgl-focus .bgl-now")).to_contain_text(
                    run.game.definition.flow.phase(run.game.phase).label)
                if "narration" not in taken and len(run.told) >= 2:
                    taken.add("narration")
                    shot(page, widget, folder, f"{shots}_{game}_narration.png")
        done, _ = run.progress
        expect(count).to_contain_text(f"{done} of {total} done", timeout=ROUND_TRIP)
        if not run.can_next:
            break
        widget.get_by_role("button", name="Next step").click()
        run.next()
    assert run.finished
    expect(widget.locator(".bgl-lesson-done")).to_contain_text(f"Lesson finished: all {total} steps done",
                                                               timeout=ROUND_TRIP)
    expect(widget.get_by_role("button", name="Next step")).to_be_disabled()


@pytest.mark.timeout(LESSON_TIMEOUT + 120)
@pytest.mark.parametrize("game, lesson_id", TAKEN)
def test_a_lesson_is_taken_to_its_end_by_clicks(game: str, lesson_id: str, page: Page, lab_url: str,
                                                open_and_run_all: Callable[..., Locator], served_notebooks: Path,
                                                tmp_path: Path) -> None:
    panel = open_and_run_all(page, lab_url, lesson_notebook(served_notebooks, game, lesson_id))
    take_lesson(page, panel.locator(".bgl-lesson").first, game, lesson_id, tmp_path)
    assert panel.locator(".jp-OutputArea-output", has_text="Traceback").count() == 0


@pytest.mark.parametrize("game", GAMES)
def test_the_tutorial_opens_on_its_first_lesson(game: str, page: Page, lab_url: str,
                                                open_and_run_all: Callable[..., Locator]) -> None:
    """The first output of the game's notebook is its first lesson at step 1, ready to take."""
    panel = open_and_run_all(page, lab_url, f"{game}.ipynb")
    first = bgl.lessons(game)[0]
    first_output = panel.locator(".jp-CodeCell .jp-OutputArea-output").first
    widget = first_output.locator(".bgl-lesson")
    expect(widget).to_be_visible()
    expect(widget.locator(".bgl-lesson-title")).to_have_text(first.title)
    expect(widget.locator(".bgl-lesson-count")).to_contain_text(f"Step 1 of {len(first.steps)}")
    expect(widget.locator(".bgl-boardw .bgl-table [data-target]").first).to_be_attached()
