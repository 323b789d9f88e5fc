"""A whole game by keyboard alone in a real JupyterLab: the person's seat plays only with Enter and Space (and
one Escape) on whatever the board focuses, the bots play the other seats. After each move the focus is on the next usable
target (or the first choice of the strip while a move is being built), never dropped to the page body, and
every target's accessible label is words."""
from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Callable

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP

MAX_KEYS = 2000  # a whole game by keys: far more than one takes (about 70); past it the game is not ending


def keyboard_notebook(folder: Path, name: str, players: int, seed: int, bots: str = "random") -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "import boardgames_lab as bgl\nfrom boardgames_lab.widgets import BotMatch\n"
        f"match = BotMatch(bgl.new_game({name!r}, players={players}, seed={seed}), "
        f"seats=['human'] + [{bots!r}] * {players - 1}, perspective=0)\nmatch")]
    path = f"keyboard_{name}.ipynb"
    nbformat.write(nb, folder / path)
    return path


FOCUSED = """root => {
  const now = document.activeElement;
  if (!now || !root.contains(now)) return null;
  return {target: now.getAttribute('data-target') || now.getAttribute('data-option') || now.className,
          live: now.classList.contains('bgl-live') || now.classList.contains('bgl-option'),
          label: now.getAttribute('aria-label') || now.textContent};
}"""


def play_by_keyboard(page: Page, viewer: Locator) -> int:
    """Enter (or Space, every other time) on whatever the board focuses, until the game is over."""
    board = viewer.locator(".bgl-boardw")
    status = viewer.locator(".bgl-status")
    board.locator(".bgl-table [data-target].bgl-live").first.focus()  # the one place the test puts the focus
    keys, escaped = 0, False
    while "game over" not in status.inner_text():
        assert keys < MAX_KEYS, f"the game did not end within {MAX_KEYS} keys"
        focused = board.evaluate(FOCUSED)
        if focused is None or not focused["live"]:
            time.sleep(0.1)  # the kernel is answering: the focus comes back to the next target
            continue
        assert ":" not in focused["target"] or focused["target"] not in focused["label"], focused
        if not escaped and focused["target"].startswith("do:"):  # a choice is open: Escape drops it
            page.keyboard.press("Escape")
            expect(board.locator(".bgl-strip button.bgl-cancel")).to_have_count(0, timeout=ROUND_TRIP)
            escaped = True
            continue
        page.keyboard.press("Enter" if keys % 2 == 0 else " ")
        keys += 1
        time.sleep(0.05)
    return keys


# Keythedral and Village games where one seat always takes the first target run to well over a thousand plies
# (measured: not over after 1,500 and 1,100): their seat plays the heuristic bot's move instead, below.
@pytest.mark.parametrize(("name", "players", "seed"), [("saint_petersburg", 3, 1), ("citadels", 4, 1)])
def test_a_whole_game_by_keyboard(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                                  served_notebooks: Path, name: str, players: int, seed: int) -> None:
    panel = open_and_run_all(page, lab_url, keyboard_notebook(served_notebooks, name, players, seed))
    viewer = panel.locator(".bgl-viewer").first
    expect(viewer.locator(".bgl-table [data-target].bgl-live").first).to_be_attached(timeout=ROUND_TRIP)
    started = time.monotonic()
    keys = play_by_keyboard(page, viewer)
    print(f"{name}: {keys} keys, {time.monotonic() - started:.0f} s")
    assert keys > 5
    expect(viewer.locator(".bgl-status")).to_contain_text("won by")


# --- Keythedral and Village: the person's seat plays the heuristic bot's move, by keys ----------------------------

MAX_MOVES = 600  # seat 0's moves in a whole two-player game (about 140 here); past it the game is not ending

TABBABLE = """root => {
  const key = n => n.getAttribute('data-target') || n.getAttribute('data-option') || '';
  const all = [...root.querySelectorAll('[data-target][tabindex], button:not([disabled])')]
    .filter(n => !n.closest('[hidden]') && n.getClientRects().length > 0);
  const live = all.filter(n => n.classList.contains('bgl-live') || n.classList.contains('bgl-option'));
  const now = document.activeElement;
  return {keys: all.map(key), live: live.map(key), at: all.indexOf(now),
          focus: now ? now.outerHTML.slice(0, 160) : null};
}"""

FOCUS_STYLE = """root => {
  const now = document.activeElement;
  if (!now || !root.contains(now)) return null;
  const css = getComputedStyle(now);
  const ring = now.querySelector ? now.querySelector('circle') : null;
  return {tag: now.tagName.toLowerCase(), target: now.getAttribute('data-target'), outline: css.outlineStyle,
          stroke: css.stroke, ringStroke: ring ? getComputedStyle(ring).stroke : ''};
}"""

ORANGE = "rgb(230, 159, 0)"  # board.css's focus colour, #E69F00


def page_ply(viewer: Locator) -> int:
    found = re.search(r"ply (\d+)\b", viewer.locator(".bgl-status").inner_text())
    return int(found.group(1)) if found else -1


def tab_to(page: Page, board: Locator, target: str) -> None:
    """Tab (or Shift+Tab) from the focused thing until ``target`` (a data-target or a strip choice) has focus,
    once it is usable (the answer to the last key has come back)."""
    deadline = time.monotonic() + ROUND_TRIP / 1000
    while True:
        order = board.evaluate(TABBABLE)
        if order["at"] >= 0 and target in order["live"]:
            steps = order["keys"].index(target) - order["at"]
            for _ in range(abs(steps)):
                page.keyboard.press("Tab" if steps > 0 else "Shift+Tab")
            if board.evaluate(TABBABLE)["at"] == order["keys"].index(target):
                return
        assert time.monotonic() < deadline, (f"{target} was not reached by Tab (focus: "
                                             f"{order['focus']}; usable: {order['live']})")
        time.sleep(0.05)  # the board is being drawn again: the focus and the next step come back with it


def check_focus_ring(board: Locator, kind: str) -> bool:
    """On an SVG target of ``kind``, the focus is drawn: an outline, or board.css's orange stroke."""
    style = board.evaluate(FOCUS_STYLE)
    if style is None or not (style["target"] or "").startswith(kind + ":") or style["tag"] in ("div", "span"):
        return False
    assert style["outline"] != "none" or ORANGE in (style["stroke"], style["ringStroke"]), style
    return True


def play_the_heuristic_by_keys(page: Page, viewer: Locator, match: object, svg_kind: str) -> tuple[int, int, bool]:
    """Seat 0 plays, by Tab, Shift+Tab and Enter/Space alone, the move the heuristic bot advises for it (computed
    here, in a copy of the match that the page's bots keep in step with); returns (moves, keys, ring checked)."""
    from boardgames_lab.bots import Seat, decide
    from boardgames_lab.widgets.targets import Made, TargetMap
    game = match.game  # type: ignore[attr-defined]
    board = viewer.locator(".bgl-boardw")
    board.locator(".bgl-table [data-target].bgl-live").first.focus()  # the one place the test puts the focus
    moves, keys, ring = 0, 0, False
    while not game.is_over:
        assert moves < MAX_MOVES, f"the game did not end within {MAX_MOVES} moves of seat 0"
        expect(viewer.locator(".bgl-status")).to_contain_text(f"ply {game.ply}", timeout=ROUND_TRIP)
        if page_ply(viewer) != game.ply:
            time.sleep(0.05)
            continue
        advice = decide(match.bot_for(0), Seat(game.definition, game.state, 0,  # type: ignore[attr-defined]
                                               game.definition.seat_moves(game.state, 0)))
        tm, prefix = TargetMap(game, [0]), ()
        for step in tm.paths[advice]:  # the clicks, until one legal move is left below them (it is made)
            tab_to(page, board, step.id)
            ring = ring or check_focus_ring(board, svg_kind)
            page.keyboard.press("Enter" if keys % 2 == 0 else " ")
            keys += 1
            built = tm.click(prefix, step.id)
            if isinstance(built, Made):
                break
            prefix = built.prefix
        match.viewer.apply(advice)  # type: ignore[attr-defined]
        moves += 1
    expect(viewer.locator(".bgl-status")).to_contain_text("game over", timeout=ROUND_TRIP)
    return moves, keys, ring


@pytest.mark.parametrize(("name", "svg_kind"), [("keythedral", "field"), ("village", "area")])
def test_a_whole_game_by_keyboard_playing_the_heuristic_move(
        page: Page, lab_url: str, open_and_run_all: Callable[..., Locator], served_notebooks: Path,
        name: str, svg_kind: str) -> None:
    """A whole two-player game (Keythedral's short version) against the heuristic bot, the person's every move
    made with Tab, Shift+Tab and Enter/Space on the board and its strip; the focus ring shows on the drawn
    (SVG) things the keys reach."""
    import boardgames_lab as bgl
    from boardgames_lab.widgets import BotMatch
    players, seed = 2, 1
    panel = open_and_run_all(page, lab_url, keyboard_notebook(served_notebooks, name, players, seed, "heuristic"))
    viewer = panel.locator(".bgl-viewer").first
    expect(viewer.locator(".bgl-table [data-target].bgl-live").first).to_be_attached(timeout=ROUND_TRIP)
    match = BotMatch(bgl.new_game(name, players=players, seed=seed), seats=["human", "heuristic"], perspective=0)
    started = time.monotonic()
    moves, keys, ring = play_the_heuristic_by_keys(page, viewer, match, svg_kind)
    print(f"{name}: {moves} moves, {keys} Enter/Space, {time.monotonic() - started:.0f} s")
    assert ring, f"no {svg_kind} was focused by the keys"
    expect(viewer.locator(".bgl-status")).to_contain_text("won by")
