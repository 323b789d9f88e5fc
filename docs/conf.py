"""Sphinx configuration for the boardgames_lab documentation.

Build with `make docs` (sphinx-build -W --keep-going: every warning fails the build).
"""
import sys
from pathlib import Path

# Import the package from this checkout even when it is not pip-installed.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
# Local extensions: _ext/bgl_docs.py generates the rules, card, option and notation tables and the
# phase diagram from the engine at build time, and runs the {python-run} examples.
sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "boardgames_lab"
author = "boardgames_lab contributors"
copyright = "2026, boardgames_lab contributors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
    "bgl_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "**/.ipynb_checkpoints"]

# Warnings are errors in the build; broken references to Python objects are not checked.
nitpicky = False

# MyST: ::: fences, definition lists, and anchors for headings up to ### so that
# [text](page.md#a-heading) links resolve (and are checked).
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# autodoc / napoleon
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
napoleon_google_docstring = True
napoleon_numpy_docstring = True

# bgl_docs runs these files' ```python blocks during the build, so the README's example must keep working.
bgl_run_python_blocks = ["../README.md"]

html_theme = "furo"
html_title = "boardgames_lab"
