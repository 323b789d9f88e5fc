"""The Village tutorial in a real JupyterLab: Run All, then play a move in the GameViewer.

Checks that the Village drawing (board and farmyard SVGs) renders in the viewer, that a click on a move
goes through the kernel and back, and that the phase diagram shows. Leaves a screenshot in artifacts/.
"""
from __future__ import annotations

from typing import Callable

from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP, play_move, save_screenshot

NOTEBOOK = "village.ipynb"


def test_village_tutorial_runs_and_the_viewer_plays_a_move(page: Page, lab_url: str,
                                                            open_and_run_all: Callable[..., Locator]) -> None:
    panel = open_and_run_all(page, lab_url, NOTEBOOK)
    expect(panel.locator(".jp-RenderedSVG img").first).to_be_visible()  # phase_diagram(game) in section 2

    viewer = panel.locator(".bgl-viewer").first
    board = viewer.locator(".vlg")
    expect(board).to_be_visible()
    expect(board).to_contain_text("Village, round 1")
    expect(board.locator(".vlg-board svg")).to_have_count(7)  # the village board, in parts that wrap
    expect(board.locator(".vlg-farms svg")).to_have_count(3)  # three farmyards
    expect(board.locator(".vlg-board")).to_contain_text("chronicle and graves")
    expect(viewer.locator(".bgl-diagram svg")).to_be_visible()

    html_before = board.inner_html()
    move = play_move(viewer, " cube", ply=1)
    assert move.words.startswith("Player 1 ")  # the seat in words; "Played: <sentence>" checked by play_move
    assert board.inner_html() != html_before
    expect(viewer.locator(".bgl-moves button", has_text="does not act")).to_be_visible()  # the action step follows

    save_screenshot(page, viewer, "village_viewer.png", height=2000)
