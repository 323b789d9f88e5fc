"""`make lab` installs everything the notebooks use: each notebook runs in a venv made from exactly that.

The venv is built by the Makefile's own install step (``make VENV=<tmp> <tmp>/.installed-lab``), so the
test cannot drift from what `make lab` installs, and it is not the superset that `make test` installs.
Each notebook then runs top to bottom in a kernel of that venv, and its first cell checks that the
kernel really is that venv's python (a kernelspec found elsewhere on the machine would hide a gap).
No Graphviz `dot` is on PATH there, as on a laptop that installed with pip: the lab extra's own
renderer must draw every diagram. pip reuses its cache; packages come from the package index only.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = Path(os.environ.get("BGL_NOTEBOOKS_DIR", REPO / "notebooks"))
INSTALL_TIMEOUT = 1500  # s: a hang, not a slow mirror (about 4 minutes from pip's cache on 2 busy cores)
NOTEBOOK_TIMEOUT = 600  # s per notebook; per cell the runner allows the same
# What the outer run (a venv, make test's make, a kernel) must not hand to the lab's venv.
LEAKS = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MPLBACKEND",
         "JUPYTER_PATH", "JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR")

# Run inside the lab's venv: execute one notebook with nbclient (installed there by jupyterlab's nbconvert).
RUNNER = r'''
import sys
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

path, prefix, timeout = sys.argv[1], sys.argv[2], int(sys.argv[3])
nb = nbformat.read(path, as_version=4)
check = ("import sys, os\n"
         f"assert os.path.realpath(sys.prefix) == os.path.realpath({prefix!r}), "
         "'the kernel is not the lab venv: ' + sys.prefix")
nb.cells.insert(0, nbformat.v4.new_code_cell(check))
client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                        resources={"metadata": {"path": sys.argv[4]}})
try:
    client.execute()
except CellExecutionError as e:
    sys.exit(f"{path}: {e}")
print("ran", len(nb.cells) - 1, "cells")
'''


def _path_without_dot(venv: Path) -> str:
    """The venv's bin/, then this PATH less every folder that holds a `dot`."""
    kept = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and shutil.which("dot", path=d) is None]
    path = os.pathsep.join([str(venv / "bin"), *kept])
    assert shutil.which("dot", path=path) is None
    return path


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LEAKS}
    env.update(PYTHONNOUSERSITE="1", **extra)
    return env


@pytest.fixture(scope="module")
def lab_venv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A venv holding exactly what `make lab` installs, with a kernelspec that points at it.

    Removed afterwards: at about 700 MB, the copies pytest keeps of old temporary folders would add up."""
    make = shutil.which("make")
    assert make, "make is needed: the lab's venv is built by the Makefile itself"
    venv = tmp_path_factory.mktemp("lab") / "venv"
    done = subprocess.run([make, "-C", str(REPO), f"VENV={venv}", f"{venv}/.installed-lab"], env=_env(),
                          capture_output=True, text=True, timeout=INSTALL_TIMEOUT, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, f"make's lab install failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    # The first place Jupyter looks for kernels: the venv's own python, so no other kernel can stand in.
    kernels = venv.parent / "jupyter" / "kernels" / "python3"
    kernels.mkdir(parents=True)
    spec = {"argv": [str(venv / "bin" / "python"), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
            "display_name": "lab venv", "language": "python"}
    (kernels / "kernel.json").write_text(json.dumps(spec))
    yield venv
    shutil.rmtree(venv.parent, ignore_errors=True)


def _notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


def test_every_notebook_is_run() -> None:
    assert _notebooks(), f"no notebooks in {NOTEBOOKS}: the lab's test would run nothing"


@pytest.mark.slow
@pytest.mark.timeout(INSTALL_TIMEOUT + NOTEBOOK_TIMEOUT)
@pytest.mark.parametrize("notebook", _notebooks(), ids=lambda p: p.stem)
def test_notebook_runs_with_only_what_make_lab_installs(notebook: Path, lab_venv: Path, tmp_path: Path) -> None:
    work = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, work)  # what a notebook writes lands in the copy, not the repo
    (tmp_path / "runner.py").write_text(RUNNER)
    jupyter = lab_venv.parent / "jupyter"
    env = _env(PATH=_path_without_dot(lab_venv), JUPYTER_PATH=str(jupyter),
               JUPYTER_DATA_DIR=str(tmp_path / "data"), JUPYTER_CONFIG_DIR=str(tmp_path / "config"),
               JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"), IPYTHONDIR=str(tmp_path / "ipython"),
               MPLCONFIGDIR=str(tmp_path / "mpl"))
    done = subprocess.run([str(lab_venv / "bin" / "python"), str(tmp_path / "runner.py"), str(work / notebook.name),
                           str(lab_venv), str(NOTEBOOK_TIMEOUT), str(work)],
                          env=env, cwd=work, capture_output=True, text=True, timeout=NOTEBOOK_TIMEOUT * 2,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, (f"{notebook.name} failed in a venv made by `make lab`:\n"
                                  f"{done.stderr[-6000:]}\n{done.stdout[-2000:]}")
    assert sys.executable != str(lab_venv / "bin" / "python")  # the suite itself ran elsewhere


@pytest.mark.slow
@pytest.mark.timeout(INSTALL_TIMEOUT + NOTEBOOK_TIMEOUT)
def test_the_diagram_command_draws_with_only_what_make_lab_installs(lab_venv: Path, tmp_path: Path) -> None:
    """The console script of the lab's venv writes SVG and PNG with no `dot` on PATH."""
    for name in ("phases.svg", "phases.png"):
        done = subprocess.run([str(lab_venv / "bin" / "boardgames-lab"), "diagram", "saint_petersburg", "-o", name],
                              env=_env(PATH=_path_without_dot(lab_venv)), cwd=tmp_path, capture_output=True,
                              text=True, timeout=120, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, done.stderr
    assert b"<title>worker</title>" in (tmp_path / "phases.svg").read_bytes()
    assert (tmp_path / "phases.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
