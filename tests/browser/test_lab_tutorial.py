"""The Saint Petersburg tutorial in a real JupyterLab: Run All, then play a move in the GameViewer.

Checks what only a browser can: the widgets render, a click goes through the kernel and back, and the
board drawing and phase diagram really show. Leaves a screenshot of the viewer in artifacts/.
"""
from __future__ import annotations

import re
from typing import Callable

from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import LIT_FILL, ROUND_TRIP, play_move, save_screenshot

NOTEBOOK = "saint_petersburg.ipynb"


def test_tutorial_runs_and_the_viewer_plays_a_move(page: Page, lab_url: str,
                                                    open_and_run_all: Callable[..., Locator]) -> None:
    panel = open_and_run_all(page, lab_url, NOTEBOOK)
    expect(panel.locator(".jp-RenderedSVG img").first).to_be_visible()  # phase_diagram(game) in section 2

    viewer = panel.locator(".bgl-viewer").first
    board = viewer.locator(".bgl-board")
    expect(board).to_be_visible()
    expect(board).to_contain_text("Round 1")
    diagram = viewer.locator(".bgl-diagram svg")
    expect(diagram).to_be_visible()
    expect(diagram.locator(f'[fill="{LIT_FILL}"]')).to_have_count(1)  # exactly one phase lit

    html_before, text_before = board.inner_html(), board.inner_text()
    move = play_move(viewer, "· buy", ply=1)
    expect(board).not_to_have_text(text_before, timeout=ROUND_TRIP)
    assert board.inner_html() != html_before
    assert " buys the " in move.words  # "Played: <sentence>" checked by play_move
    expect(viewer.locator(".bgl-log")).to_contain_text(move.words)  # the log tells the move as its sentence
    expect(viewer.locator(".bgl-moves button").first).to_be_visible()  # buttons for the next player
    expect(diagram).to_be_visible()

    # Autoplay applies bot moves from a background thread; its widget updates must reach the page too.
    status = viewer.locator(".bgl-status")
    autoplay = viewer.get_by_role("button", name="Autoplay")
    autoplay.click()
    expect(status).to_contain_text(re.compile(r"ply ([4-9]|\d\d+)\b"), timeout=ROUND_TRIP)
    autoplay.click()
    expect(autoplay).not_to_have_class(re.compile(r"\bmod-active\b"))  # toggled off
    # The autoplay thread's last word; a move under way when the button was clicked comes before it.
    stopped = viewer.locator(".bgl-msg-ok", has_text=re.compile(r"Autoplay stopped at ply \d+"))
    expect(stopped).to_be_visible(timeout=ROUND_TRIP)
    ply = re.search(r"ply (\d+)", stopped.inner_text()).group(1)  # type: ignore[union-attr]
    expect(status).to_contain_text(re.compile(rf"· ply {ply}\b"))

    save_screenshot(page, viewer, "saint_petersburg_viewer.png")
