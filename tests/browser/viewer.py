"""What the notebook browser tests do with a GameViewer once its notebook has run."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import NamedTuple

from playwright.sync_api import Locator, Page, expect

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(os.environ.get("BGL_ARTIFACTS_DIR", REPO / "artifacts"))
LIT_FILL = "#ffd54f"  # diagrams.LIT["fillcolor"]: the highlighted phase
ROUND_TRIP = 30_000  # ms: a click, the kernel's callback, the widget update back in the page


class Played(NamedTuple):
    label: str  # what the button showed: the clicks that make the move, in words
    words: str  # the move as a sentence, the button's hover text


def play_move(viewer: Locator, label: str, ply: int) -> Played:
    """Click the first move button whose text holds ``label``; wait until the viewer reaches ``ply``,
    and until the viewer says the move in words ("Played: <sentence>")."""
    button = viewer.locator(".bgl-moves button", has_text=label).first
    move = Played(button.inner_text().strip(), (button.get_attribute("title") or "").strip())
    assert move.words and move.words != move.label, f"the button {move.label!r} says no sentence on hover"
    button.scroll_into_view_if_needed()
    button.click()
    expect(viewer.locator(".bgl-status")).to_contain_text(re.compile(rf"ply {ply}\b"), timeout=ROUND_TRIP)
    expect(viewer).to_contain_text(f"Played: {move.words}", timeout=ROUND_TRIP)
    return move


def save_screenshot(page: Page, viewer: Locator, name: str, height: int = 1800) -> Path:
    """The whole viewer in one picture, kept in artifacts/ for a person to look at."""
    shot = ARTIFACTS / name
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1400, "height": height})
    viewer.scroll_into_view_if_needed()
    viewer.screenshot(path=str(shot))
    assert shot.stat().st_size > 10_000
    return shot
