"""The Keythedral tutorial in a real JupyterLab: Run All, then play set-up moves in the GameViewer.

Checks the SVG board (octagonal fields, square cottages) and the phase diagram really show, and that a
click on a move button goes through the kernel and back. Leaves a screenshot in artifacts/.
"""
from __future__ import annotations

from typing import Callable

from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import LIT_FILL, ROUND_TRIP, play_move, save_screenshot

NOTEBOOK = "keythedral.ipynb"


def test_keythedral_tutorial_runs_and_the_viewer_lays_tiles(page: Page, lab_url: str,
                                                            open_and_run_all: Callable[..., Locator]) -> None:
    panel = open_and_run_all(page, lab_url, NOTEBOOK)
    expect(panel.locator(".jp-RenderedSVG img").first).to_be_visible()  # phase_diagram(game) in section 3
    expect(panel.locator("svg.kt-svg polygon.kt-field").first).to_be_visible()  # the board in section 1
    expect(panel).to_contain_text("Correct! C bids 3")

    viewer = panel.locator(".bgl-viewer").first
    board = viewer.locator(".kt-board")
    expect(board).to_be_visible()
    expect(board.locator("polygon.kt-field")).to_have_count(4)  # the four fields round the Keythedral
    expect(board.locator("polygon.kt-keythedral")).to_have_count(1)
    diagram = viewer.locator(".bgl-diagram svg")
    expect(diagram).to_be_visible()
    expect(diagram.locator(f'[fill="{LIT_FILL}"]')).to_have_count(1)

    move = play_move(viewer, "field ", ply=1)
    expect(board.locator("polygon.kt-field")).to_have_count(5, timeout=ROUND_TRIP)
    assert "field" in move.words and move.words != move.label  # "Played: <sentence>" checked by play_move

    play_move(viewer, "cottage ", ply=2)
    expect(board.locator("polygon.kt-site")).to_have_count(1, timeout=ROUND_TRIP)

    save_screenshot(page, viewer, "keythedral_viewer.png")
