"""The Citadels tutorial in a real JupyterLab: Run All, then the viewer shows the board and plays a move.

Checks what only a browser can: the Citadels board (characters, cities, hands) renders in the GameViewer, a
click goes through the kernel and back, and the phase diagram shows. Leaves a screenshot in artifacts/.
"""
from __future__ import annotations

from typing import Callable

from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP, play_move, save_screenshot

NOTEBOOK = "citadels.ipynb"


def test_citadels_tutorial_runs_and_the_viewer_plays_a_move(page: Page, lab_url: str,
                                                             open_and_run_all: Callable[..., Locator]) -> None:
    panel = open_and_run_all(page, lab_url, NOTEBOOK)
    expect(panel.locator(".jp-RenderedSVG img").first).to_be_visible()  # the phase diagram in section 2
    expect(panel).to_contain_text("Correct!")  # the exercise's check cell

    viewer = panel.locator(".bgl-viewer").first
    board = viewer.locator(".bgl-cit")
    expect(board).to_be_visible()
    expect(board).to_contain_text("Characters")
    expect(board).to_contain_text("Passing:")  # the draft, as the spectator sees it: card backs only
    expect(viewer.locator(".bgl-diagram svg")).to_be_visible()

    text_before = board.inner_text()
    move = play_move(viewer, "· keep", ply=1)
    expect(board).not_to_have_text(text_before, timeout=ROUND_TRIP)
    assert "Assassin" in move.words  # said in words ("Played: ..." checked by play_move), not as "pick assassin"

    save_screenshot(page, viewer, "citadels_viewer.png")
