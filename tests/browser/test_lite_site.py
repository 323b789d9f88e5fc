"""The browser site (``make site``): each game tutorial runs in JupyterLite, offline, in headless Chromium.

The site is built by lite/build.py into a temporary folder (or taken from BGL_SITE_DIR, e.g. the
``make site`` output docs/_build/html/lite), served by ``python -m http.server`` on 127.0.0.1 as a
teacher would from a USB stick, and opened in a browser where every request that leaves loopback is
refused and counted: the test fails if there is one. Each tutorial is Run All in the Pyodide kernel
(no Python on the server side), then a move button is clicked in its GameViewer and the board must
change. Screenshots go to artifacts/lite_<game>.png; the timings to artifacts/lite_site_timings.json.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, REPO, _free_port, _stop, _wait_http
from tests.browser.viewer import LIT_FILL, ROUND_TRIP, play_move

# Generous: a cold Pyodide kernel compiles its runtime and installs ~20 wheels in the page.
KERNEL_TIMEOUT = 420  # s: from opening the notebook to "Python (Pyodide) | Idle"
RUN_ALL_TIMEOUT = 420  # s
LOOPBACK = {"127.0.0.1", "localhost"}
# notebook, the viewer's board element, the text of a move button to click
TUTORIALS = [
    ("saint_petersburg.ipynb", ".bgl-board", "buy "),
    ("citadels.ipynb", ".bgl-cit", "pick "),
    ("keythedral.ipynb", ".kt-board", "field "),
    ("village.ipynb", ".vlg", "take "),
]
TIMINGS: dict[str, dict[str, float]] = {}


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory) -> Path:
    """The built site: BGL_SITE_DIR if set, else a fresh build of this checkout."""
    given = os.environ.get("BGL_SITE_DIR")
    if given:
        site = Path(given)
        if not (site / "jupyter-lite.json").is_file():
            pytest.fail(f"BGL_SITE_DIR={given} holds no JupyterLite site (run `make site`)")
        return site
    site = tmp_path_factory.mktemp("lite") / "site"
    subprocess.run([sys.executable, str(REPO / "lite" / "build.py"), "--out", str(site)], check=True,
                   timeout=900)
    return site


@pytest.fixture(scope="session")
def site_url(lite_site: Path, tmp_path_factory) -> Iterator[str]:
    """The site served as static files on 127.0.0.1, nothing else (no Jupyter server)."""
    log = tmp_path_factory.mktemp("lite-server") / "http.log"
    port = _free_port()
    with open(log, "w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port),
                                 "--directory", str(lite_site)], stdout=out, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL)
        try:
            _wait_http(f"http://127.0.0.1:{port}/index.html", proc)
            yield f"http://127.0.0.1:{port}"
        finally:
            _stop(proc)


@pytest.fixture(scope="session")
def outside_requests() -> list[str]:
    """Every request to a host other than loopback: refused, and listed here."""
    return []


@pytest.fixture(scope="session")
def offline_context(playwright_session, outside_requests: list[str]) -> Iterator[BrowserContext]:
    """A Chromium that resolves no host but loopback, and whose pages and workers may reach only loopback."""
    browser = playwright_session.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})

    def outside(url: str) -> bool:
        parts = urllib.parse.urlsplit(url)
        return parts.scheme not in ("data", "blob", "about", "chrome") and parts.hostname not in LOOPBACK

    def route(r) -> None:
        if outside(r.request.url):
            outside_requests.append(r.request.url)
            r.abort("blockedbyclient")
        else:
            r.continue_()

    ctx.route("**/*", route)
    ctx.on("request", lambda req: outside(req.url) and req.url not in outside_requests
           and outside_requests.append(req.url))
    try:
        yield ctx
    finally:
        ctx.close()
        browser.close()


@pytest.fixture
def lite_page(offline_context: BrowserContext, request) -> Iterator[Page]:
    pg = offline_context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = "".join(c if c.isalnum() or c in "-_." else "_" for c in request.node.nodeid)
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as e:  # the page may have crashed
            print(f"could not take a screenshot: {e}", file=sys.stderr)
    pg.close()


def run_all_in_lite(page: Page, site_url: str, notebook: str) -> tuple[Locator, dict[str, float]]:
    """Open the notebook in the site's JupyterLab, wait for the Pyodide kernel, Run All; return the panel."""
    start = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?path={urllib.parse.quote(notebook)}")
    panel = page.locator(".jp-NotebookPanel:visible").first
    panel.locator(".jp-Notebook").wait_for(timeout=120_000)
    seen = {"notebook shown": time.monotonic() - start}
    # The status bar names the kernel and its state; Run All before it is idle would be lost.
    expect(page.locator(".jp-StatusBar-Item", has_text=re.compile(r"Pyodide\)? \| Idle"))).to_be_visible(
        timeout=KERNEL_TIMEOUT * 1000)
    seen["kernel idle"] = time.monotonic() - start
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    prompts = panel.locator(".jp-CodeCell .jp-InputPrompt")
    expect(prompts.filter(has_text="[1]").first).to_be_attached(timeout=RUN_ALL_TIMEOUT * 1000)
    seen["first output"] = time.monotonic() - start
    expect(prompts.filter(has_text="[*]")).to_have_count(0, timeout=RUN_ALL_TIMEOUT * 1000)
    expect(prompts.filter(has_text=re.compile(r"\[ \]"))).to_have_count(0)  # every cell ran
    seen["all cells run"] = time.monotonic() - start
    errors = panel.locator(".jp-OutputArea-output", has_text="Traceback")
    if errors.count():
        raise AssertionError(f"{notebook}: a cell raised in Pyodide:\n{errors.first.inner_text()[:4000]}")
    return panel, seen


@pytest.mark.timeout(1200)
@pytest.mark.parametrize("notebook, board_css, move_label", TUTORIALS, ids=[t[0][:-6] for t in TUTORIALS])
def test_tutorial_runs_offline_in_the_browser_site(lite_page: Page, site_url: str, outside_requests: list[str],
                                                   notebook: str, board_css: str, move_label: str) -> None:
    panel, seen = run_all_in_lite(lite_page, site_url, notebook)
    # phase_diagram(game) without dot: the build-time SVG, shown as the notebook's picture
    expect(panel.locator(".jp-RenderedSVG img").first).to_be_visible()

    viewer = panel.locator(".bgl-viewer").first
    board = viewer.locator(board_css).first
    expect(board).to_be_visible()
    diagram = viewer.locator(".bgl-diagram svg")
    expect(diagram).to_be_visible()
    expect(diagram.locator(f'[fill="{LIT_FILL}"]').first).to_be_visible()  # the current phase lit

    before = board.inner_html()
    clicked = time.monotonic()
    move = play_move(viewer, move_label, ply=1)
    expect(viewer).to_contain_text(f"Played {move}.", timeout=ROUND_TRIP)
    assert board.inner_html() != before, "the board did not change after the move"
    seen["move round trip"] = time.monotonic() - clicked

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lite_page.set_viewport_size({"width": 1400, "height": 1800})
    viewer.scroll_into_view_if_needed()
    viewer.screenshot(path=str(ARTIFACTS / f"lite_{notebook[:-6]}.png"))
    TIMINGS[notebook] = {k: round(v, 1) for k, v in seen.items()}
    (ARTIFACTS / "lite_site_timings.json").write_text(json.dumps(TIMINGS, indent=1) + "\n")
    assert outside_requests == [], f"requests left loopback: {outside_requests[:10]}"
