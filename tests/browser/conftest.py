"""Browser tests: the repo's notebooks in a real JupyterLab, driven by Playwright in headless Chromium.

Session fixtures
    served_notebooks  a throw-away copy of notebooks/ (outputs stripped); JupyterLab autosaves into it
    jupyter_home      isolated Jupyter config/data/runtime/IPython dirs plus lab settings (no news toast)
    lab_url           a JupyterLab server on 127.0.0.1 serving that copy, e.g. "http://127.0.0.1:40123"
    playwright_session the session's Playwright (sync API), for a test that launches its own browser
    browser_context   a persistent Chromium context (Debian's /usr/bin/chromium; env CHROMIUM overrides)
Per test
    page              a new tab; on failure a screenshot and the JupyterLab log go to artifacts/
    open_and_run_all  the function open_and_run_all(page, lab_url, notebook_name), see below

A test looks like::

    from playwright.sync_api import expect

    def test_board_shows(page, lab_url, open_and_run_all):
        open_and_run_all(page, lab_url, "saint_petersburg.ipynb")
        expect(page.locator(".jp-RenderedSVG img").first).to_be_visible()

Every test collected under this folder gets the ``browser`` marker (deselect with -m "not browser").
Environment: CHROMIUM (browser binary), BGL_NOTEBOOKS_DIR (folder to serve instead of notebooks/),
BGL_ARTIFACTS_DIR (instead of artifacts/ at the repo root).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NOTEBOOKS = Path(os.environ.get("BGL_NOTEBOOKS_DIR", REPO / "notebooks"))
ARTIFACTS = Path(os.environ.get("BGL_ARTIFACTS_DIR", REPO / "artifacts"))
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
# As checked on Debian 12 as root with no outside network: without the background-networking flags
# Chromium keeps trying (and failing) to reach Google's hosts.
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
BIN = Path(sys.executable).parent  # the venv's bin/, where `jupyter` lives
SERVER_START_TIMEOUT = 90  # s
KERNEL_TIMEOUT = 60  # s: from opening the notebook to a connected, idle kernel
RUN_ALL_TIMEOUT = 300  # s: from clicking Run All to the last cell finished


# --- collection ---------------------------------------------------------------------------------

def pytest_collection_modifyitems(config, items):
    """Mark every test in this folder `browser` (the hook sees the whole session's items)."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keep each phase's report on the item, so the `page` fixture knows whether the test failed."""
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)


# --- small helpers ------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get_json(url: str, timeout: float = 5):
    with urllib.request.urlopen(url, timeout=timeout) as r:
        return json.load(r)


def _wait_http(url: str, proc: subprocess.Popen, timeout: float = SERVER_START_TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"JupyterLab exited early with code {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"JupyterLab did not answer {url} within {timeout} s")


def _stop(proc: subprocess.Popen) -> None:
    """End the server we started, by its PID only (SIGTERM: it shuts its kernels down)."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def _delete_sessions(lab_url: str, path: str | None = None) -> None:
    """Shut down the kernel sessions (of one notebook path, or all): each test gets a fresh kernel."""
    try:
        sessions = _get_json(f"{lab_url}/api/sessions")
    except OSError:
        return
    for s in sessions:
        if path is None or s.get("path") == path:
            req = urllib.request.Request(f"{lab_url}/api/sessions/{s['id']}", method="DELETE")
            try:
                urllib.request.urlopen(req, timeout=10).close()
            except urllib.error.HTTPError as e:
                if e.code != 404:  # already gone is fine
                    raise


def _strip_notebook(path: Path) -> None:
    """Remove outputs, execution counts and saved widget state; make sure a kernelspec is named."""
    import nbformat

    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    nb.metadata.pop("widgets", None)
    # Without a kernelspec JupyterLab asks "Select Kernel" in a dialog.
    nb.metadata.setdefault("kernelspec", {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                          "language": "python"})
    nbformat.write(nb, path)


# --- the helper tests call ------------------------------------------------------------------------

def wait_for_kernel(lab_url: str, notebook_path: str, timeout: float = KERNEL_TIMEOUT) -> str:
    """Wait until the notebook's kernel exists, has a websocket open and is idle; return its id.

    The notebook toolbar says "idle" before the kernel even exists, and a Run All clicked in that
    window is lost, so ask the server instead.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for s in _get_json(f"{lab_url}/api/sessions"):
            k = s.get("kernel") or {}
            if s.get("path") == notebook_path and k.get("id"):
                kernel = _get_json(f"{lab_url}/api/kernels/{k['id']}")
                if kernel.get("connections", 0) >= 1 and kernel.get("execution_state") == "idle":
                    return k["id"]
        time.sleep(0.25)
    raise TimeoutError(f"no connected idle kernel for {notebook_path} after {timeout} s")


def open_and_run_all(page, lab_url: str, notebook_name: str, *, wait: bool = True,
                     raise_on_error: bool = True, timeout: float = RUN_ALL_TIMEOUT):
    """Open `notebook_name` (a path relative to notebooks/) with a fresh kernel, then Run > Run All.

    With `wait` (default) it returns once every cell has run and the kernel is idle again; with
    `raise_on_error` it then fails if an output shows a Python traceback. Returns the locator of
    the notebook's panel, for the test's own `expect(...)` checks.
    """
    from playwright.sync_api import expect

    _delete_sessions(lab_url, notebook_name)  # a kernel left over from another test would keep its state
    url_path = urllib.parse.quote(notebook_name)
    page.goto(f"{lab_url}/lab/tree/{url_path}?reset")  # ?reset: ignore the saved workspace layout
    panel = page.locator(".jp-NotebookPanel:visible").first
    panel.locator(".jp-Notebook").wait_for(timeout=KERNEL_TIMEOUT * 1000)
    kernel_id = wait_for_kernel(lab_url, notebook_name)

    # Run > Run All Cells (JupyterLab has no default shortcut for it).
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()
    if not wait:
        return panel

    # Run All marks every queued cell "[*]:" at once, and the kernel starts fresh with stripped
    # cells, so "some cell numbered and none [*]" means done (Run All stops at a failing cell).
    if panel.locator(".jp-CodeCell").count() == 0:
        return panel
    deadline = time.monotonic() + timeout
    numbered = panel.locator(".jp-CodeCell .jp-InputPrompt", has_text=re.compile(r"\[\d+\]"))
    running = panel.locator(".jp-CodeCell .jp-InputPrompt", has_text="[*]")
    expect(numbered.first).to_be_attached(timeout=timeout * 1000)
    expect(running).to_have_count(0, timeout=max(deadline - time.monotonic(), 1) * 1000)
    idle_polls = 0  # and the kernel itself idle, twice in a row
    while idle_polls < 2:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{notebook_name}: the kernel did not become idle within {timeout} s")
        state = _get_json(f"{lab_url}/api/kernels/{kernel_id}").get("execution_state")
        idle_polls = idle_polls + 1 if state == "idle" else 0
        time.sleep(0.25)
    if running.count():
        raise AssertionError(f"{notebook_name}: cells still queued after the kernel went idle")

    if raise_on_error:
        errors = panel.locator(".jp-OutputArea-output", has_text="Traceback (most recent call last)")
        if errors.count():
            raise AssertionError(f"{notebook_name}: a cell raised:\n{errors.first.inner_text()[:4000]}")
    return panel


# --- fixtures -------------------------------------------------------------------------------------

@pytest.fixture(scope="session")
def served_notebooks(tmp_path_factory) -> Path:
    """A throw-away copy of notebooks/ with outputs stripped: JupyterLab autosaves into what it serves."""
    if not NOTEBOOKS.is_dir():
        pytest.fail(f"no notebooks folder at {NOTEBOOKS}")
    root = tmp_path_factory.mktemp("notebooks")
    shutil.copytree(NOTEBOOKS, root, dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    for nb in root.rglob("*.ipynb"):
        _strip_notebook(nb)
    return root


@pytest.fixture(scope="session")
def jupyter_home(tmp_path_factory):
    """Isolated Jupyter/IPython state dirs (nothing from or into $HOME); returns (home, env)."""
    home = tmp_path_factory.mktemp("jupyter_home")
    env = dict(os.environ,
               JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"),
               JUPYTER_RUNTIME_DIR=str(home / "runtime"),
               IPYTHONDIR=str(home / "ipython"),
               PYTHONUNBUFFERED="1")
    env.pop("JUPYTER_PATH", None)
    env.pop("JUPYTER_TOKEN", None)
    # The kernels start in the served copy, so a relative PYTHONPATH (".") would not find this checkout;
    # put the repo first, absolute, so they import the package under test and not another install.
    paths = [str(Path(p).resolve()) for p in env.get("PYTHONPATH", "").split(os.pathsep) if p]
    env["PYTHONPATH"] = os.pathsep.join(dict.fromkeys([str(REPO), *paths]))
    # No "Would you like to get notified about official Jupyter news?" toast over the page.
    settings = home / "lab-user-settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    # Keep every cell in the DOM (no virtual scrolling), so locators see off-screen outputs too.
    tracker = home / "lab-user-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return home, env


@pytest.fixture(scope="session")
def lab_log(jupyter_home) -> Path:
    return jupyter_home[0] / "lab.log"


@pytest.fixture(scope="session")
def lab_url(served_notebooks, jupyter_home, lab_log):
    """A JupyterLab server on 127.0.0.1 (no token, no browser) serving the copied notebooks."""
    home, env = jupyter_home
    with open(lab_log, "w") as log:
        for attempt in range(3):  # the free port could be taken between probe and bind
            port = _free_port()
            cmd = [str(BIN / "jupyter"), "lab", "--no-browser", "--allow-root",
                   "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
                   "--IdentityProvider.token=", "--PasswordIdentityProvider.hashed_password=",
                   # loopback, no auth: lets the fixtures DELETE sessions over plain REST
                   "--ServerApp.disable_check_xsrf=True",
                   f"--ServerApp.root_dir={served_notebooks}",
                   f"--LabApp.user_settings_dir={home / 'lab-user-settings'}",
                   f"--LabApp.workspaces_dir={home / 'lab-workspaces'}",
                   "--LabApp.extension_manager=readonly"]
            log.write(f"$ {' '.join(cmd)}\n")
            log.flush()
            proc = subprocess.Popen(cmd, cwd=served_notebooks, env=env, stdin=subprocess.DEVNULL,
                                    stdout=log, stderr=subprocess.STDOUT)
            try:
                _wait_http(f"http://127.0.0.1:{port}/api/status", proc)
                break
            except (RuntimeError, TimeoutError):
                _stop(proc)
                if attempt == 2:
                    raise
        url = f"http://127.0.0.1:{port}"
        try:
            yield url
        finally:
            try:
                _delete_sessions(url)
            finally:  # stop the server even if the REST clean-up failed
                _stop(proc)


@pytest.fixture(scope="session")
def playwright_session():
    """The one Playwright of the session (its sync API cannot be started twice at once)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"no Chromium at {CHROMIUM}: run `make test` (it apt-get installs chromium) "
                    "or set CHROMIUM=/path/to/chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser_context(tmp_path_factory, playwright_session):
    """Debian's Chromium through Playwright, with a fresh profile (Playwright's own download is not used)."""
    profile = tmp_path_factory.mktemp("chromium-profile")
    ctx = playwright_session.chromium.launch_persistent_context(
        str(profile), executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS,
        viewport={"width": 1280, "height": 1000})
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(browser_context, request, lab_url, lab_log):
    """A new tab; if the test fails, its screenshot and the JupyterLab log are saved to artifacts/."""
    pg = browser_context.new_page()
    pg.set_default_timeout(30_000)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = "".join(c if c.isalnum() or c in "-_." else "_" for c in request.node.nodeid)
        try:
            pg.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as e:  # the page may have crashed; keep the log anyway
            print(f"could not take a screenshot: {e}", file=sys.stderr)
        shutil.copyfile(lab_log, ARTIFACTS / f"{name}.jupyterlab.log")
    pg.close()
    _delete_sessions(lab_url)  # kernels of this test; the next one starts fresh


@pytest.fixture(name="open_and_run_all")
def _open_and_run_all_fixture():
    """The `open_and_run_all(page, lab_url, notebook_name)` helper, without an import."""
    return open_and_run_all
