"""The browser site (``make site``): each game tutorial runs in JupyterLite, offline, in headless Chromium.

The site is built by lite/build.py into a temporary folder (or taken from BGL_SITE_DIR, e.g. the
``make site`` output docs/_build/html/lite), served by ``python -m http.server`` on 127.0.0.1 as a
teacher would from a USB stick, and opened in a browser where every request that leaves loopback is
refused and counted: the test fails if there is one. Each tutorial is Run All in the Pyodide kernel
(no Python on the server side); it opens on the game's first lesson, which is taken to its end by clicks;
then a move button is clicked in its GameViewer and the board must change. Three tutorials opened one after
the other in one browser profile must each run alone (one Python kernel, not one per tutorial opened before).
Screenshots go to artifacts/lite_<game>.png; the timings to artifacts/lite_site_timings.json.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import zipfile
from pathlib import Path
from typing import Iterator

import pytest
from playwright.sync_api import BrowserContext, Locator, Page, expect

import boardgames_lab as bgl
from tests.browser.conftest import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, REPO, _free_port, _stop, _wait_http
from tests.browser.test_lab_lesson import take_lesson
from tests.browser.viewer import LIT_FILL, play_move

# Generous: a cold Pyodide kernel compiles its runtime and installs ~20 wheels in the page.
KERNEL_TIMEOUT = 420  # s: from opening the notebook to "Python (Pyodide) | Idle"
RUN_ALL_TIMEOUT = 420  # s
LOOPBACK = {"127.0.0.1", "localhost"}
# notebook, the viewer's board element, the text of a move button to click
TUTORIALS = [
    ("saint_petersburg.ipynb", ".bgl-board", "· buy"),
    ("citadels.ipynb", ".bgl-cit", "· keep"),
    ("keythedral.ipynb", ".kt-board", "field "),
    ("village.ipynb", ".vlg", " cube"),
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
    """Every request to a host other than loopback, in the whole session: refused, and listed here."""
    return []


@pytest.fixture(scope="session")
def offline_browser(playwright_session):
    """A Chromium that resolves no host name but loopback."""
    browser = playwright_session.chromium.launch(
        executable_path=CHROMIUM, headless=True,
        args=[*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
    try:
        yield browser
    finally:
        browser.close()


def _outside(url: str) -> bool:
    parts = urllib.parse.urlsplit(url)
    return parts.scheme not in ("data", "blob", "about", "chrome") and parts.hostname not in LOOPBACK


@pytest.fixture
def loaded_paths() -> set[str]:
    """The site's files this test's browser fetched (for the first-load size)."""
    return set()


@pytest.fixture
def offline_context(offline_browser, outside_requests: list[str], loaded_paths: set[str]) -> Iterator[BrowserContext]:
    """A fresh profile (empty cache and storage, as on a student's first visit) that may reach only loopback."""
    ctx = offline_browser.new_context(viewport={"width": 1400, "height": 1000})

    def route(r) -> None:
        if _outside(r.request.url):
            outside_requests.append(r.request.url)
            r.abort("blockedbyclient")
        else:
            loaded_paths.add(urllib.parse.urlsplit(r.request.url).path)
            r.continue_()

    ctx.route("**/*", route)
    ctx.on("request", lambda req: _outside(req.url) and req.url not in outside_requests
           and outside_requests.append(req.url))
    try:
        yield ctx
    finally:
        ctx.close()


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


def open_in_lite(page: Page, site_url: str, notebook: str) -> tuple[Locator, dict[str, float], float]:
    """Open the notebook by its link (as the docs' "Try it in your browser" does) and wait for its Pyodide kernel."""
    start = time.monotonic()
    page.goto(f"{site_url}/lab/index.html?path={urllib.parse.quote(notebook)}")
    panel = page.locator(".jp-NotebookPanel:visible").first
    panel.locator(".jp-Notebook").wait_for(timeout=120_000)
    seen = {"notebook shown": time.monotonic() - start}
    # The status bar names the kernel and its state; Run All before it is idle would be lost.
    expect(page.locator(".jp-StatusBar-Item", has_text=re.compile(r"Pyodide\)? \| Idle"))).to_be_visible(
        timeout=KERNEL_TIMEOUT * 1000)
    seen["kernel idle"] = time.monotonic() - start
    return panel, seen, start


def run_all_in_lite(page: Page, site_url: str, notebook: str) -> tuple[Locator, dict[str, float]]:
    """Open the notebook in the site's JupyterLab, wait for the Pyodide kernel, Run All; return the panel."""
    panel, seen, start = open_in_lite(page, site_url, notebook)
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
def test_tutorial_runs_offline_in_the_browser_site(lite_page: Page, site_url: str, lite_site: Path,
                                                   outside_requests: list[str], loaded_paths: set[str],
                                                   notebook: str, board_css: str, move_label: str) -> None:
    panel, seen = run_all_in_lite(lite_page, site_url, notebook)
    # The tutorial opens on the game's first lesson, at its step 1: taken to its end by clicks, in Pyodide.
    first = bgl.lessons(notebook[:-6])[0]
    lesson = panel.locator(".jp-CodeCell .jp-OutputArea-output").first.locator(".bgl-lesson")
    expect(lesson.locator(".bgl-lesson-title")).to_have_text(first.title)
    expect(lesson.locator(".bgl-lesson-count")).to_contain_text(f"Step 1 of {len(first.steps)}")
    started = time.monotonic()
    take_lesson(lite_page, lesson, notebook[:-6], first.id, ARTIFACTS, "lite")
    seen["first lesson taken"] = time.monotonic() - started
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
    move = play_move(viewer, move_label, ply=1)  # and waits for "Played: <the move in words>"
    assert move.words.startswith("Player 1 "), move.words  # the seat to act, as the viewer names it
    assert board.inner_html() != before, "the board did not change after the move"
    seen["move round trip"] = time.monotonic() - clicked
    # How a student hands the notebook in (docs/teach.md): File > Download.
    lite_page.locator(".lm-MenuBar-itemLabel", has_text="File").first.click()
    expect(lite_page.locator("li.lm-Menu-item[data-command='docmanager:download']")).to_be_visible()
    lite_page.keyboard.press("Escape")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    lite_page.set_viewport_size({"width": 1400, "height": 1800})
    viewer.scroll_into_view_if_needed()
    viewer.screenshot(path=str(ARTIFACTS / f"lite_{notebook[:-6]}.png"))
    TIMINGS[notebook] = {k: round(v, 1) for k, v in seen.items()}
    files = [lite_site / urllib.parse.unquote(path).lstrip("/") for path in loaded_paths]
    TIMINGS[notebook]["MB loaded"] = round(sum(f.stat().st_size for f in files if f.is_file()) / 1e6, 1)
    _keep_timings()
    assert outside_requests == [], f"requests left loopback: {outside_requests[:10]}"


def _keep_timings() -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "lite_site_timings.json").write_text(json.dumps(TIMINGS, indent=1) + "\n")


RUNNING = """async () => {
    const app = window.jupyterapp;
    await app.restored;
    const manager = app.serviceManager;
    return {sessions: [...manager.sessions.running()].map(s => s.path).sort(),
            kernels: [...manager.kernels.running()].length};
}"""


def running(page: Page) -> dict[str, object]:
    """The notebooks with a session and the count of kernels, as the page's JupyterLite knows them, and the count
    of Web Workers (each Pyodide kernel is one, and holds that Python's memory)."""
    found = page.evaluate(RUNNING)
    found["workers"] = len(page.workers)
    return found


def wait_running(page: Page, wanted: dict[str, object], timeout: float = 60) -> dict[str, object]:
    """Poll running() until it is ``wanted`` (a kernel shut down ends its worker a moment later); return the last."""
    deadline = time.monotonic() + timeout
    while (now := running(page)) != wanted and time.monotonic() < deadline:
        page.wait_for_timeout(500)
    return now


VISITS = ["saint_petersburg.ipynb", "citadels.ipynb", "keythedral.ipynb"]


@pytest.mark.timeout(1500)
def test_one_tutorial_kernel_at_a_time(lite_page: Page, site_url: str, outside_requests: list[str]) -> None:
    """Three tutorials opened one after the other by their links in one browser profile: each runs alone, as the
    site keeps no layout to reopen; the notebooks a student saves stay. Closing a tutorial's tab ends its kernel.
    The time of each visit to a ready kernel is reported (artifacts/lite_site_timings.json), not asserted."""
    ready: dict[str, float] = {}
    for number, notebook in enumerate(VISITS, 1):
        _, seen, _ = open_in_lite(lite_page, site_url, notebook)
        ready[f"visit {number}: {notebook[:-6]}, to a ready kernel"] = round(seen["kernel idle"], 1)
        assert lite_page.locator(".jp-NotebookPanel").count() == 1, f"visit {number}: other notebooks reopened"
        one = {"sessions": [notebook], "kernels": 1, "workers": 1}
        assert wait_running(lite_page, one, timeout=5) == one, f"visit {number}: more than this tutorial's kernel"
        if number == 1:  # the student's own work is kept in the browser, unlike the layout
            lite_page.evaluate("""() => window.jupyterapp.serviceManager.contents.save('kept.txt',
                                  {type: 'file', format: 'text', content: 'notes kept between visits'})""")
        else:
            kept = lite_page.evaluate(
                "() => window.jupyterapp.serviceManager.contents.get('kept.txt', {content: true})")
            assert kept["content"] == "notes kept between visits", kept
    # A second tutorial opened inside the page runs beside this one until its tab is closed; closing ends it.
    lite_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:open', {path: 'village.ipynb'})")
    both = {"sessions": sorted([VISITS[-1], "village.ipynb"]), "kernels": 2, "workers": 2}
    assert wait_running(lite_page, both) == both
    tab = lite_page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text=VISITS[-1])
    tab.locator(".lm-TabBar-tabCloseIcon").click()
    # Its kernel gave the notebook the browser Python's language_info, so JupyterLab asks about saving first.
    lite_page.locator(".jp-Dialog").get_by_role("button", name="Discard").click()
    left = {"sessions": ["village.ipynb"], "kernels": 1, "workers": 1}
    assert wait_running(lite_page, left) == left, "closing the tab left its kernel running"

    ready["second visit / first"] = round(ready[f"visit 2: {VISITS[1][:-6]}, to a ready kernel"]
                                          / ready[f"visit 1: {VISITS[0][:-6]}, to a ready kernel"], 2)
    TIMINGS["one profile, three tutorials"] = ready
    _keep_timings()
    assert outside_requests == [], f"requests left loopback: {outside_requests[:10]}"


def test_the_site_serves_every_wheel_it_locks_and_never_asks_pypi(lite_site: Path) -> None:
    """The lock lists exactly the wheels in the site, with their hashes; the kernel is told to stay offline."""
    import hashlib

    runtime = lite_site / "static" / "pyodide"
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    listed = {p["file_name"]: p["sha256"] for p in lock["packages"].values()}
    assert listed == {w.name: hashlib.sha256(w.read_bytes()).hexdigest() for w in runtime.glob("*.whl")}
    assert {"boardgames-lab", "networkx", "ipywidgets", "graphviz", "micropip"} <= set(lock["packages"])
    names = set(lock["packages"])
    assert all(set(p["depends"]) <= names for p in lock["packages"].values())
    config = json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["disablePyPIFallback"] is True
    assert kernel["pyodideUrl"].startswith("./static/pyodide/")
    with zipfile.ZipFile(next(runtime.glob("boardgames_lab-*.whl"))) as z:  # the dot-rendered diagrams
        diagrams = json.loads(z.read("boardgames_lab/phase_diagrams.json"))
    assert set(diagrams["games"]) == {"saint_petersburg", "citadels", "keythedral", "village"}
