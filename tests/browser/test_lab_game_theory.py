"""The game-theory notebook in a real JupyterLab: Run All, the tables show, and a move against the bots
in BotMatch is answered by the bots with their reasons."""
from __future__ import annotations

import re
from typing import Callable

from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP

NOTEBOOK = "game_theory_exercises.ipynb"


def test_game_theory_notebook_runs_and_the_bots_answer_a_move(page: Page, lab_url: str,
                                                               open_and_run_all: Callable[..., Locator]) -> None:
    panel = open_and_run_all(page, lab_url, NOTEBOOK)
    expect(panel.locator("table").first).to_be_visible()  # the win-rate table
    expect(panel).to_contain_text("row_payoff")  # an equilibria table

    viewer = panel.locator(".bgl-viewer").last
    expect(viewer).to_be_visible()
    status = viewer.locator(".bgl-status")
    expect(status).to_contain_text("Player 1 to move")  # the bots before the person have moved
    button = viewer.locator(".bgl-moves button").first
    button.scroll_into_view_if_needed()
    before = status.inner_text()
    button.click()
    expect(status).not_to_have_text(before, timeout=ROUND_TRIP)
    expect(status).to_contain_text(re.compile(r"Player 1 to move|game over"), timeout=ROUND_TRIP)
    # The last bot's move in words, e.g. "Player 3 (random): Player 3 buys the Gold Miner from the upper row ...";
    # its reason weighs its own cards, so Player 1's perspective is not shown it.
    reasons = panel.locator(".bgl-reasons").last
    expect(reasons).to_contain_text(re.compile(r"Player (\d) \((heuristic|random)\): Player \1 [a-z]+s "),
                                    timeout=ROUND_TRIP)
    expect(reasons).not_to_contain_text("Why:")
