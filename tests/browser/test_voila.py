"""One viewer and one lesson as a Voila app: a small notebook with a board and a lesson is served by Voila (no
JupyterLab); a move is made by clicking the table, and a lesson task is solved by clicks, in headless Chromium.
The screenshot is kept in artifacts/voila_board.png."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import nbformat
import pytest
from playwright.sync_api import expect

from tests.browser.conftest import ARTIFACTS, _free_port, _stop, _wait_http
from tests.browser.viewer import ROUND_TRIP

PAGE_LOAD = 120_000  # ms: Voila runs the notebook in a fresh kernel on each page load


def board_notebook(folder: Path) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("import boardgames_lab as bgl\nfrom boardgames_lab.widgets import GameViewer"),
                nbformat.v4.new_code_cell('GameViewer(bgl.new_game("saint_petersburg", players=3, seed=1))'),
                nbformat.v4.new_code_cell('from boardgames_lab.widgets import LessonWidget\n'
                                          'LessonWidget(bgl.lesson("saint_petersburg", "first_round"))')]
    nbformat.write(nb, folder / "board.ipynb")
    return "board.ipynb"


@pytest.fixture(scope="module")
def voila_url(tmp_path_factory, jupyter_home) -> Iterator[str]:
    """Voila on 127.0.0.1 serving one notebook; readiness asked of a static file, which starts no kernel."""
    folder = tmp_path_factory.mktemp("voila")
    notebook = board_notebook(folder)
    home, env = jupyter_home
    env = dict(env, TMPDIR=str(tmp_path_factory.mktemp("voila_tmp")))  # Voila's connection files go to $TMPDIR
    if os.environ.get("JUPYTER_PATH"):  # widget front ends installed elsewhere (conftest drops it for JupyterLab)
        env["JUPYTER_PATH"] = os.environ["JUPYTER_PATH"]
    port = _free_port()
    with open(home / "voila.log", "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "voila", notebook, "--no-browser", f"--port={port}",
                                 "--Voila.ip=127.0.0.1"], cwd=folder, env=env, stdin=subprocess.DEVNULL,
                                stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_http(f"http://127.0.0.1:{port}/voila/templates/lab/static/voila.js", proc)
            yield f"http://127.0.0.1:{port}"
        finally:
            _stop(proc)


def test_a_move_is_clicked_on_the_board_in_voila(browser_context, voila_url: str) -> None:
    page = browser_context.new_page()
    try:
        page.goto(voila_url + "/")
        viewer = page.locator(".bgl-viewer").first
        card = viewer.locator('.bgl-table .bgl-live[data-target^="row:"]').first
        expect(card).to_be_visible(timeout=PAGE_LOAD)
        card.click()  # a card in the row: buy or take
        strip = viewer.locator(".bgl-strip")
        expect(strip).to_contain_text("Building this move", timeout=ROUND_TRIP)
        strip.locator("button.bgl-option", has_text="take into hand").click()
        expect(viewer.locator(".bgl-status")).to_contain_text(re.compile(r"ply 1\b"), timeout=ROUND_TRIP)
        expect(viewer).to_contain_text(re.compile(r"Played: Player \d takes the [A-Z][\w ]+ from the \w+ row .*into hand"))
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shot = ARTIFACTS / "voila_board.png"
        page.set_viewport_size({"width": 1400, "height": 1800})
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
    finally:
        page.close()


def test_a_lesson_task_is_solved_by_clicks_in_voila(browser_context, voila_url: str) -> None:
    """The first lesson in Voila: its first step, Next, then the task's move clicked on its table and solved."""
    page = browser_context.new_page()
    try:
        page.goto(voila_url + "/")
        lesson = page.locator(".bgl-lesson").first
        expect(lesson.locator(".bgl-lesson-count")).to_contain_text("Step 1 of", timeout=PAGE_LOAD)
        lesson.get_by_role("button", name="Next step").click()
        expect(lesson.locator(".bgl-lesson-count")).to_contain_text("Step 2 of", timeout=ROUND_TRIP)
        lesson.locator('.bgl-table .bgl-live[data-target="row:U3"]').click()  # the Lumberjack: buy or take
        lesson.locator('.bgl-strip button.bgl-option[data-option="do:buy"]').click()
        feedback = lesson.locator(".bgl-lesson-fb")
        expect(feedback).to_have_class(re.compile(r"\bbgl-fb-solved\b"), timeout=ROUND_TRIP)
        expect(feedback).to_contain_text("Lumberjack")
    finally:
        page.close()
