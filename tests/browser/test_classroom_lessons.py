"""A lesson in the classroom, in real browsers: the teacher assigns Saint Petersburg's first lesson from the teacher
page; a student on a phone-sized page (390 x 844, touch) reads the first step, touches a thing no move uses and is
told why not beside it, clicks a wrong move on the board and is told why it misses the goal, then clicks the
solution and is told it is solved; the teacher page shows where the student is, live. The server is then killed
and started again: the student page comes back at the same step. Nothing on the student page runs off the right
edge of the phone's screen, in the lesson and at the table. Screenshots go to artifacts/.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

import boardgames_lab as bgl
from boardgames_lab.widgets.paths import click_path
from tests.browser.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS

pytest.importorskip("starlette")
pytest.importorskip("websockets")
from tests.browser.test_classroom import Server  # noqa: E402

PHONE = {"width": 390, "height": 844}
WAIT = 30_000  # ms a page may take to show a change (never part of what is checked)
# Every element's right edge, in CSS pixels, past the screen's width (a phone scrolls sideways at none of them).
OFF_RIGHT = """() => [...document.querySelectorAll('body *')].filter(e => {
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 && r.right > window.innerWidth + 0.5 && !e.closest('[hidden]');
}).map(e => `${e.tagName}.${e.className} ${Math.round(e.getBoundingClientRect().right)}`)"""


def _clicks(page, game: bgl.Game, move: str) -> None:  # type: ignore[no-untyped-def]
    """Make ``move`` by clicks: each thing on the board, or the choice in the strip where it is not drawn."""
    for target in click_path(game.name, game.parse_move(move)):
        on_board = page.locator(f'#board [data-target="{target.id}"]')
        if on_board.count():
            on_board.first.click()
        else:
            page.locator(f'#strip button[data-target="{target.id}"]').click()


def test_the_teacher_assigns_a_lesson_and_a_student_on_a_phone_solves_its_first_task_by_clicks(tmp_path: Path) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}")
    from playwright.sync_api import expect, sync_playwright

    from boardgames_lab.classroom.room import Room
    lesson = bgl.lesson("saint_petersburg", "first_round")
    task = lesson.steps[1]
    run = bgl.LessonRun(lesson)
    run.next()
    room = Room(str(tmp_path / "class.sqlite3"))
    table = room.add_table("saint_petersburg", players=2, seed=5)
    first = table.game.to_act()[0]  # Ann takes the seat that acts first: the table offers her moves
    student = f"/play?session={room.session}&table={table.id}&token={table.seats[first].token}"
    teacher_token = room.teacher_token
    room.close()
    srv = Server(tmp_path / "class.sqlite3", tmp_path)
    srv.start()
    base = f"http://127.0.0.1:{srv.port}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            try:
                teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                teacher.set_default_timeout(WAIT)
                teacher.goto(f"{base}/teacher#token={teacher_token}")
                card = teacher.locator('section[data-table="t1"]')
                phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True).new_page()
                phone.set_default_timeout(WAIT)
                phone.goto(base + student)
                phone.fill("#name", "Ann")
                phone.click("#name-form button")
                expect(phone.locator("#title")).to_contain_text("you are Ann")
                expect(phone.locator("#strip")).to_contain_text("Click a thing outlined")
                assert phone.evaluate(OFF_RIGHT) == [], "the table runs off a phone's screen"
                phone.screenshot(path=str(ARTIFACTS / "classroom_phone_table.png"), full_page=True)

                card.locator("select.lesson").select_option("first_round")
                card.locator("button.assign").click()
                expect(teacher.locator("#answer")).to_contain_text("assign lesson")
                expect(phone.locator("body")).to_have_attribute("data-mode", "lesson")
                expect(phone.locator("#lesson-title")).to_contain_text(lesson.title)
                expect(phone.locator("#lesson-count")).to_contain_text(f"step 1 of {len(lesson.steps)}")
                expect(card.locator(".lesson-line")).to_contain_text("Ann: step 1 of")
                phone.locator("#next").click()
                expect(phone.locator("body")).to_have_attribute("data-step", "2")
                expect(phone.locator("#lesson-text")).to_contain_text(task.goal)
                expect(phone.locator("#board [data-target].live").first).to_be_visible()

                # A thing no move uses now: why not, beside it, in the rules' words.
                phone.locator('#board [data-target="deck:workers"]').click()
                expect(phone.locator("#bubble")).to_contain_text("Why not?")
                expect(phone.locator("#bubble")).not_to_contain_text("Asking")
                # A wrong move by clicks: what it did and why it misses the goal; the board is as it was.
                _clicks(phone, run.game, task.wrong)
                expect(phone.locator("#lesson-feedback")).to_have_attribute("data-outcome", "wrong")
                expect(phone.locator("#lesson-feedback")).to_contain_text(run.game.describe(task.wrong).split(";")[0])
                expect(card.locator(".lesson-line")).to_contain_text("wrong 1")
                assert phone.evaluate(OFF_RIGHT) == [], "the lesson runs off a phone's screen"
                phone.screenshot(path=str(ARTIFACTS / "classroom_phone_lesson_wrong.png"), full_page=True)
                _clicks(phone, run.game, task.solutions[0])
                expect(phone.locator("#lesson-feedback")).to_have_attribute("data-outcome", "solved")
                expect(phone.locator("#next")).to_be_enabled()
                expect(card.locator(".lesson-line")).to_contain_text("Ann: step 2 of")
                expect(card.locator(".lesson-line")).to_contain_text("2 done")
                teacher.screenshot(path=str(ARTIFACTS / "classroom_teacher_lesson.png"), full_page=True)

                srv.kill()  # the student's progress is in the database: a new server goes on from it
                srv.start()
                expect(phone.locator("#lesson-feedback")).to_have_attribute("data-outcome", "solved")
                phone.reload()
                expect(phone.locator("body")).to_have_attribute("data-step", "2")
                expect(phone.locator("#lesson-feedback")).to_have_attribute("data-outcome", "solved")
                phone.locator("#next").click()
                expect(phone.locator("body")).to_have_attribute("data-step", "3")
            finally:
                browser.close()
    finally:
        srv.kill()
