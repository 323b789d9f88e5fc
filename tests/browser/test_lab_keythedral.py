"""The Keythedral tutorial in a real JupyterLab: Run All, then play set-up moves in the GameViewer.

Checks the SVG board (octagonal fields, square cottages) and the phase diagram really show, and that a
click on a move button goes through the kernel and back. Leaves a screenshot in artifacts/.
"""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Callable

from playwright.sync_api import Locator, Page, expect

NOTEBOOK = "keythedral.ipynb"
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("BGL_ARTIFACTS_DIR", REPO / "artifacts"))
SHOT = ARTIFACTS / "keythedral_viewer.png"
LIT_FILL = "#ffd54f"  # diagrams.LIT["fillcolor"]: the highlighted phase
ROUND_TRIP = 30_000  # ms: a click, the kernel's callback, the widget update back in the page


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

    button = viewer.locator(".bgl-moves button", has_text="field ").first
    move = button.inner_text().strip()
    button.scroll_into_view_if_needed()
    button.click()
    expect(viewer.locator(".bgl-status")).to_contain_text(re.compile(r"ply 1\b"), timeout=ROUND_TRIP)
    expect(board.locator("polygon.kt-field")).to_have_count(5, timeout=ROUND_TRIP)
    expect(viewer).to_contain_text(f"Played {move}.")

    cottage = viewer.locator(".bgl-moves button", has_text="cottage ").first
    cottage.scroll_into_view_if_needed()
    cottage.click()
    expect(viewer.locator(".bgl-status")).to_contain_text(re.compile(r"ply 2\b"), timeout=ROUND_TRIP)
    expect(board.locator("polygon.kt-site")).to_have_count(1, timeout=ROUND_TRIP)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": 1800})
    viewer.scroll_into_view_if_needed()
    viewer.screenshot(path=str(SHOT))
    assert SHOT.stat().st_size > 10_000
