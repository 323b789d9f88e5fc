"""The board on a projector: each game's viewer in a real JupyterLab at 1024×768 and 1280×800 (the file browser
open, as JupyterLab starts), in every perspective (each seat, the spectator, the teacher).

Measured in the page, not estimated: no visible text of the viewer is drawn under 11 px (an SVG label at its
font size times the drawing's scale on screen), and nothing of the board or the phase panel runs past the
right edge of the notebook's output. Every board is kept as a screenshot at both sizes (in the test's tmp
dir, and in the folder BGL_SHOTS_DIR names, if set, for a person to look at): the board and the phase panel.
"""
from __future__ import annotations

import os
import re
import shutil
from pathlib import Path
from typing import Callable

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.browser.viewer import ROUND_TRIP

SIZES = ((1024, 768), (1280, 800))
SMALLEST = 11.0
WORDLESS = re.compile(r"\W+")  # a perspective's label in a file name
# name, players, random plies played first (seeded) to reach a position with something on every part
GAMES = (("saint_petersburg", 4, 30), ("citadels", 5, 25), ("keythedral", 4, 70), ("village", 4, 40))

MEASURE = """(viewer) => {
  const out = viewer.closest('.jp-OutputArea-output') || viewer;
  const edge = Math.min(window.innerWidth, out.getBoundingClientRect().right);
  const small = [], wide = [];
  let least = 1e9;
  const scrolled = e => { for (let p = e.parentElement; p && p !== viewer; p = p.parentElement) {
      if (p.classList.contains('bgl-diagram') || p.classList.contains('bgl-log')) return true; } return false; };
  for (const e of viewer.querySelectorAll('*')) {
    if (!e.getClientRects().length || e.closest('.bgl-bubble') || e.closest('title')) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden' || parseFloat(style.opacity) === 0) continue;
    const words = [...e.childNodes].filter(n => n.nodeType === 3).map(n => n.textContent).join('').trim();
    if (words) {
      let px = parseFloat(style.fontSize);
      if (e instanceof SVGElement) { const m = e.getScreenCTM(); if (m) px *= Math.hypot(m.a, m.b); }
      least = Math.min(least, px);
      if (px < %(smallest)s - 0.05) small.push(`${e.tagName.toLowerCase()} "${words.slice(0, 30)}" ${px.toFixed(1)} px`);
    }
    const box = e.getBoundingClientRect();
    if (box.width && box.right > edge + 1 && !scrolled(e))
      wide.push(`${e.tagName.toLowerCase()}.${e.getAttribute('class') || ''} "${words.slice(0, 20)}" right ${box.right.toFixed(0)} > ${edge.toFixed(0)}`);
  }
  return {small: [...new Set(small)], wide: [...new Set(wide)], least};
}""" % {"smallest": SMALLEST}


def projector_notebook(folder: Path, name: str, players: int, plies: int) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "import random\nimport boardgames_lab as bgl\nfrom boardgames_lab.widgets import GameViewer\n"
        f"game = bgl.new_game({name!r}, players={players}, seed=1)\nrng = random.Random(1)\n"
        f"for _ in range({plies}):\n    move = rng.choice(game.legal_moves())\n"
        "    game.apply(move, player=game.definition.seat_of(game.state, move))\n"
        "viewer = GameViewer(game)\nviewer")]
    path = f"projector_{name}.ipynb"
    nbformat.write(nb, folder / path)
    return path


def shots_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "shots"
    folder.mkdir(exist_ok=True)
    return folder


@pytest.mark.parametrize(("name", "players", "plies"), GAMES, ids=[g[0] for g in GAMES])
def test_board_is_legible_at_projector_sizes(page: Page, lab_url: str, open_and_run_all: Callable[..., Locator],
                                             served_notebooks: Path, tmp_path: Path, name: str, players: int,
                                             plies: int) -> None:
    page.set_viewport_size({"width": SIZES[0][0], "height": SIZES[0][1]})
    panel = open_and_run_all(page, lab_url, projector_notebook(served_notebooks, name, players, plies))
    viewer = panel.locator(".bgl-viewer").first
    expect(viewer.locator(".bgl-boardw .bgl-table [data-target]").first).to_be_attached(timeout=ROUND_TRIP)
    select = viewer.locator("select").first
    labels = [o.strip() for o in select.locator("option").all_inner_texts()]
    assert len(labels) == players + 2, labels  # every seat, the spectator, the teacher
    problems: list[str] = []
    least = {size: 1e9 for size in SIZES}
    shots = shots_folder(tmp_path)
    for label in labels:
        select.select_option(label=label)
        expect(viewer.locator(".bgl-boardw .bgl-table")).to_contain_text(
            "" if label in ("Spectator", "Teacher") else label, timeout=ROUND_TRIP)
        page.wait_for_timeout(300)  # the redraw of the board after the perspective's round trip
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(300)  # JupyterLab lays its panels out again
            found = viewer.evaluate(MEASURE)
            least[width, height] = min(least[width, height], found["least"])
            where = f"{name}, {label}, {width}x{height}"
            problems += [f"{where}: text of {s}" for s in found["small"]]
            problems += [f"{where}: past the right edge: {s}" for s in found["wide"]]
            stem = f"{name}_{WORDLESS.sub('_', label).lower()}_{width}"
            for part, what in ((".bgl-boardw", "board"), (".bgl-phases", "phases")):
                element = viewer.locator(part).first
                tall = element.evaluate("e => e.getBoundingClientRect().height")
                page.set_viewport_size({"width": width, "height": max(height, int(tall) + 400)})  # all of it
                page.wait_for_timeout(300)
                element.scroll_into_view_if_needed()
                element.screenshot(path=str(shots / f"{stem}_{what}.png"))
    print(f"{name}: the smallest text " + ", ".join(f"{w}x{h} {px:.1f} px" for (w, h), px in least.items()))
    keep = os.environ.get("BGL_SHOTS_DIR")
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        for shot in shots.iterdir():
            shutil.copyfile(shot, Path(keep) / shot.name)
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
