"""Build the browser site: a JupyterLite app with the tutorials, runnable offline (``make site``).

    python lite/build.py [--out docs/_build/html/lite]

Everything the site needs is put inside it, so it runs from any static host or a folder with no
network: the Pyodide runtime (``npm pack`` of the exact version jupyterlite-pyodide-kernel names),
every wheel (lite/requirements.txt, plus networkx, ipywidgets, anywidget and graphviz at their pyproject.toml
pins), and boardgames-lab's own wheel with every game's phase diagram rendered at build time
(``diagrams.prerender``: Pyodide has no Graphviz). The site's ``pyodide-lock.json`` is written here
from those wheels (``write_lock``), and the kernel is told never to look on PyPI.

Downloads are kept in build/lite-cache/ (npm and PyPI only, at build time).
"""
from __future__ import annotations

import argparse
import csv
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import time
import tomllib
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
LITE = REPO / "lite"
CACHE = REPO / "build" / "lite-cache"
DEFAULT_OUT = REPO / "docs" / "_build" / "html" / "lite"
NOTEBOOKS = REPO / "notebooks"
BIN = Path(sys.executable).parent
# Installed when the kernel starts, so no notebook needs a %pip cell.
PRELOAD = ["networkx", "ipywidgets", "anywidget", "graphviz", "boardgames-lab"]
# Pins taken from pyproject.toml rather than repeated in lite/requirements.txt.
FROM_PYPROJECT = ("networkx", "ipywidgets", "anywidget", "graphviz")
RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide.js", "package.json"]
# Wheels the kernel brings in its labextension rather than from PyPI.
KERNEL_STUBS = ("widgetsnbextension",)
# The kernel's name in JupyterLite (a notebook naming "python3" would ask which kernel to use).
KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}


def log(msg: str) -> None:
    print(f"[site] {msg}", flush=True)


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def kernel_constants() -> tuple[str, str]:
    """The Pyodide version and its Python, as the installed jupyterlite-pyodide-kernel names them."""
    from jupyterlite_pyodide_kernel import constants

    return constants.PYODIDE_VERSION, constants.PYODIDE_PYTHON_VERSION


def pins() -> list[str]:
    """The browser's wheels as exact ``name==version`` pins (lite/requirements.txt + pyproject.toml)."""
    lines = [ln.split("#", 1)[0].strip() for ln in (LITE / "requirements.txt").read_text().splitlines()]
    listed = [ln for ln in lines if ln]
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    declared = project["dependencies"] + [r for reqs in project["optional-dependencies"].values() for r in reqs]
    for name in FROM_PYPROJECT:
        found = [r for r in declared if normalize(r.split("==")[0]) == name and "==" in r]
        if not found:
            sys.exit(f"error: pyproject.toml pins no {name}==VERSION for the site")
        listed.append(found[0])
    for pin in listed:
        if not re.fullmatch(r"[A-Za-z0-9_.\-]+==[A-Za-z0-9_.]+", pin):
            sys.exit(f"error: lite/requirements.txt: {pin!r} is not an exact name==version pin")
    return listed


def run(cmd: list[str], **kw: Any) -> None:
    subprocess.run(cmd, check=True, **kw)


def pyodide_runtime(version: str, dest: Path) -> dict[str, Any]:
    """Unpack the Pyodide runtime (npm package ``pyodide@version``) into dest; return its lock's info."""
    tgz = CACHE / f"pyodide-{version}.tgz"
    if not tgz.exists():
        if shutil.which("npm") is None:
            sys.exit("error: npm is needed to fetch the Pyodide runtime (Debian: apt-get install npm)")
        CACHE.mkdir(parents=True, exist_ok=True)
        log(f"npm pack pyodide@{version}")
        run(["npm", "pack", "--silent", f"pyodide@{version}"], cwd=CACHE, stdout=subprocess.DEVNULL)
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as tar:
        for name in RUNTIME:
            member = tar.extractfile(f"package/{name}")
            assert member is not None, name
            (dest / name).write_bytes(member.read())
        npm_lock = json.load(tar.extractfile("package/pyodide-lock.json"))  # type: ignore[arg-type]
    return dict(npm_lock["info"])


def download_wheels(wanted: list[str], python: str) -> list[Path]:
    """Exactly the pinned wheels (no resolver), pure Python for Pyodide's Python."""
    wheels = CACHE / "wheels"
    have = {normalize(p.name.split("-")[0]) + "==" + p.name.split("-")[1] for p in wheels.glob("*.whl")}
    missing = [pin for pin in wanted if normalize(pin.split("==")[0]) + "==" + pin.split("==")[1] not in have]
    if missing:
        log(f"pip download {len(missing)} wheels")
        run([sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet", "--no-deps",
             "--only-binary=:all:", "--python-version", python, "--platform", "any", "--implementation", "py",
             "--abi", "none", "-d", str(wheels), *missing])
    out = []
    for pin in wanted:
        name, version = pin.split("==")
        found = [p for p in wheels.glob("*.whl")
                 if normalize(p.name.split("-")[0]) == normalize(name) and p.name.split("-")[1] == version]
        if not found:
            sys.exit(f"error: no pure-Python wheel of {pin} for Python {python}")
        out.append(found[0])
    return out


def kernel_stub_wheels() -> list[Path]:
    from jupyterlite_pyodide_kernel import constants

    ext = Path(sys.prefix) / "share" / "jupyter" / "labextensions" / constants.PYODIDE_KERNEL_NPM_NAME
    stubs = sorted((ext / "static" / "pypi").glob("*.whl"))
    out = []
    for name in KERNEL_STUBS:
        found = [p for p in stubs if p.name.startswith(name + "-4.")]
        if not found:
            sys.exit(f"error: jupyterlite-pyodide-kernel ships no {name} 4.x wheel in {ext}")
        out.append(found[-1])
    return out


def own_wheel(dest: Path) -> Path:
    """boardgames-lab's wheel from this checkout, with the build-time phase diagrams as package data."""
    sys.path.insert(0, str(REPO))
    from boardgames_lab import diagrams

    if not diagrams.can_render("svg"):
        sys.exit(f"error: the site's phase diagrams are drawn with graphviz-pure: {diagrams.INSTALL}")
    stage = CACHE / "package"
    shutil.rmtree(stage, ignore_errors=True)
    shutil.copytree(REPO / "boardgames_lab", stage / "boardgames_lab",
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", diagrams.PRERENDERED))
    shutil.copy(REPO / "pyproject.toml", stage)
    (stage / "boardgames_lab" / diagrams.PRERENDERED).write_text(json.dumps(diagrams.prerender()))
    for old in dest.glob("boardgames_lab-*.whl"):
        old.unlink()
    log("pip wheel boardgames-lab (phase diagrams rendered at build time)")
    run([sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--quiet", "--no-deps",
         str(stage), "-w", str(dest)])
    (wheel,) = dest.glob("boardgames_lab-*.whl")
    return wheel


def wheel_entry(path: Path, python: str) -> dict[str, Any]:
    """One package entry of pyodide-lock.json, read from the wheel itself."""
    from packaging.requirements import Requirement

    env = {"sys_platform": "emscripten", "platform_system": "Emscripten", "platform_machine": "wasm32",
           "os_name": "posix", "python_version": python, "python_full_version": python + ".0",
           "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
    with zipfile.ZipFile(path) as z:
        names = z.namelist()
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(z.read(f"{info}/METADATA").decode())
        record = csv.reader(io.StringIO(z.read(f"{info}/RECORD").decode()))
        top = {row[0].split("/")[0] for row in record if row and not row[0].split("/")[0].endswith((".dist-info", ".data"))}
    imports = sorted(t[:-3] if t.endswith(".py") else t for t in top if t.endswith(".py") or "." not in t)
    depends = []
    for spec in meta.get_all("Requires-Dist") or []:
        req = Requirement(spec)
        if req.marker is None or req.marker.evaluate(env):
            depends.append(normalize(req.name))
    return {"name": normalize(meta["Name"]), "version": meta["Version"], "file_name": path.name,
            "install_dir": "site", "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
            "package_type": "package", "imports": imports, "depends": sorted(set(depends)),
            "unvendored_tests": False, "shared_library": False}


def write_lock(info: dict[str, Any], wheels: list[Path], python: str, dest: Path) -> dict[str, Any]:
    """pyodide-lock.json for exactly these wheels; fails if one needs a package that is not among them."""
    packages = {e["name"]: e for e in (wheel_entry(w, python) for w in wheels)}
    for entry in packages.values():
        absent = [d for d in entry["depends"] if d not in packages]
        if absent:
            sys.exit(f"error: {entry['name']} needs {', '.join(absent)}, which lite/requirements.txt does not pin")
    lock = {"info": info, "packages": dict(sorted(packages.items()))}
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return lock


def copy_notebooks(dest: Path) -> list[str]:
    """The notebooks, outputs stripped (the student runs them), named for the Pyodide kernel."""
    import nbformat

    dest.mkdir(parents=True, exist_ok=True)
    names = []
    for src in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb = nbformat.read(src, as_version=4)
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs, cell.execution_count = [], None
        nb.metadata.pop("widgets", None)
        nb.metadata["kernelspec"] = dict(KERNELSPEC)
        nbformat.write(nb, dest / src.name)
        names.append(src.name)
    return names


def write_config(lite_dir: Path) -> None:
    from jupyterlite_pyodide_kernel import constants

    config = {"jupyter-lite-schema-version": 0, "jupyter-config-data": {
        "appName": "boardgames_lab",
        # One tutorial's Python at a time: the layout (which notebooks are open) lives only as long as the page,
        # so opening a tutorial does not reopen, and restart the kernels of, the tutorials opened before it.
        # The notebooks themselves stay in the browser's storage (contents keep the default driver, IndexedDB).
        "enableMemoryStorage": True,
        "workspacesStorageDrivers": ["memoryStorageDriver"],
        # Closing a notebook's tab ends its Python too, rather than leaving it running unseen.
        "settingsOverrides": {"@jupyterlab/notebook-extension:tracker": {"kernelShutdown": True}},
        # window.jupyterapp: lets the site test ask the page which kernels run.
        "exposeAppInBrowser": True,
        "litePluginSettings": {constants.PYODIDE_KERNEL_PLUGIN_ID: {
            constants.DISABLE_PYPI_FALLBACK: True,
            constants.LOAD_PYODIDE_OPTIONS: {constants.OPTION_PACKAGES: PRELOAD}}}}}
    (lite_dir / "jupyter-lite.json").write_text(json.dumps(config, indent=1) + "\n")


def build(out: Path) -> None:
    started = time.monotonic()
    version, python = kernel_constants()
    stage = CACHE / "lite-dir"
    shutil.rmtree(stage, ignore_errors=True)
    runtime = stage / "static" / "pyodide"
    info = pyodide_runtime(version, runtime)
    wheels = download_wheels(pins(), python) + kernel_stub_wheels() + [own_wheel(CACHE / "own")]
    for w in wheels:
        shutil.copy(w, runtime / w.name)
    lock = write_lock(info, wheels, python, runtime)
    names = copy_notebooks(stage / "files")
    write_config(stage)
    shutil.rmtree(out, ignore_errors=True)
    log(f"jupyter lite build -> {out}")
    run([str(BIN / "jupyter"), "lite", "build", "--lite-dir", str(stage), "--output-dir", str(out),
         "--no-sourcemaps", "--no-unused-shared-packages"], cwd=stage, stdout=subprocess.DEVNULL)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"Pyodide {version}, {len(lock['packages'])} wheels, notebooks: {', '.join(names)}")
    log(f"done in {time.monotonic() - started:.0f} s: {out} ({size / 1e6:.0f} MB)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder (default: %(default)s)")
    build(parser.parse_args(argv).out.resolve())


if __name__ == "__main__":
    main()
