"""The engine (core and games) imports no widget, diagram or Jupyter package."""
import subprocess
import sys

FORBIDDEN = ("ipywidgets", "graphviz", "IPython", "jupyter", "jupyterlab", "ipykernel", "traitlets",
             "matplotlib", "pandas")


def test_engine_imports_no_optional_packages() -> None:
    code = (
        "import sys, boardgames_lab as b, boardgames_lab.testing, boardgames_lab.cli, boardgames_lab.bots\n"
        "g = b.new_game('saint_petersburg', players=3, seed=1); g.apply(g.legal_moves()[1]); g.log; g.view(0)\n"
        "from boardgames_lab.lessons import LessonRun; LessonRun(b.lesson('saint_petersburg', 'first_round')).state()\n"
        f"bad = [m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "", f"the engine imported {out.stdout.strip()}"
