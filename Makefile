# boardgames_lab: set-up, tests, docs and benchmarks.
#
#   make lab     open the notebooks in JupyterLab   (make lab LAB_ARGS="--no-browser --port=8890")
#   make test    the whole suite: unit, property and browser tests, notebooks (nbval), docs build
#   make docs    build the HTML docs into docs/_build/html
#   make site    the docs plus the browser site (JupyterLite, runs offline) in docs/_build/html/lite
#   make bench   run the benchmarks (python -m bench)
#   make clean   remove build and test artefacts (make distclean also removes .venv)
#
# Works on a fresh Debian/Ubuntu with Python 3.11+, as root or with sudo: missing system
# packages (python3-venv; chromium and npm for make test and make site) are apt-get installed on
# first use. The diagrams need no system Graphviz: the lab extra's graphviz-pure wheel draws them.

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
# apt-get and pip must not run twice at once, even under make -j.
.NOTPARALLEL:

PYTHON     ?= python3
VENV       ?= .venv
BIN        := $(VENV)/bin
CHROMIUM   ?= /usr/bin/chromium
NOTEBOOKS  ?= notebooks
LAB_ARGS   ?=
PYTEST_ARGS ?=
BENCH_ARGS ?=
PIP_INSTALL := $(BIN)/python -m pip install --disable-pip-version-check

IS_ROOT    := $(shell [ "$$(id -u)" -eq 0 ] && echo yes)
SUDO       := $(if $(IS_ROOT),,$(shell command -v sudo >/dev/null 2>&1 && echo sudo))
ALLOW_ROOT := $(if $(IS_ROOT),--allow-root)
APT_GET    := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get

# Test inputs that exist (pytest fails on a path that does not).
TEST_PATHS := $(wildcard tests $(NOTEBOOKS))
SPHINX     := $(BIN)/sphinx-build -W --keep-going -b html docs docs/_build/html

# $(call apt_ensure,WHAT,CHECK,DEBIAN-PACKAGE,HOW-TO-INSTALL-ELSEWHERE)
# If the shell test CHECK fails, installs the Debian package with apt-get (apt-get update
# first; sudo when not root), or else prints how to install WHAT and fails.
define apt_ensure
	@if ! { $(2); } >/dev/null 2>&1; then \
	  if command -v apt-get >/dev/null 2>&1 && [ -n "$(IS_ROOT)$(SUDO)" ]; then \
	    echo "make: $(1) is missing; installing the Debian package $(3)"; \
	    $(APT_GET) update -q; \
	    $(APT_GET) install -y -q $(3); \
	  else \
	    echo "error: $(1) is missing, and apt-get (as root or with sudo) is not available to install it."; \
	    echo "Install it, then re-run make:"; \
	    echo "  $(4)"; \
	    exit 1; \
	  fi; \
	  { $(2); } >/dev/null 2>&1 || { echo "error: $(1) is still missing after installing $(3)"; exit 1; }; \
	fi
endef

.PHONY: help lab test docs site bench clean distclean venv ensure-venv-support ensure-chromium ensure-npm

# List the targets.
help:
	@sed -n '3,8p' $(firstword $(MAKEFILE_LIST)) | sed 's/^# \{0,1\}//'

# Interactive JupyterLab on the notebooks/ folder (NOTEBOOKS=other/folder to change it).
lab: $(VENV)/.installed-lab
	$(BIN)/jupyter lab $(NOTEBOOKS)/ $(ALLOW_ROOT) $(LAB_ARGS)

# The whole suite, as CI runs it: one pytest run (tests/ + notebooks via nbval-lax), then the docs.
test: $(VENV)/.installed-dev-scale ensure-chromium ensure-npm
	$(BIN)/mypy
	CHROMIUM=$(CHROMIUM) BGL_NOTEBOOKS_DIR=$(abspath $(NOTEBOOKS)) $(BIN)/pytest $(TEST_PATHS) --nbval-lax --nbval-current-env $(PYTEST_ARGS)
	$(SPHINX)

# HTML docs (warnings are errors) into docs/_build/html.
docs: $(VENV)/.installed-dev-scale
	$(SPHINX)

# The docs plus the browser site: a JupyterLite app with the tutorials, the Pyodide runtime and every
# wheel inside, in docs/_build/html/lite/ (lite/build.py; downloads cached in build/lite-cache/).
# Serve docs/_build/html with any static server, e.g. python3 -m http.server -d docs/_build/html.
site: $(VENV)/.installed-dev-scale ensure-npm
	$(SPHINX)
	$(BIN)/python lite/build.py --out docs/_build/html/lite

# Benchmarks (the bench/ package); pass options with BENCH_ARGS="...".
bench: $(VENV)/.installed-bench
	$(BIN)/python -m bench $(BENCH_ARGS)

# Build, doc and test artefacts; keeps .venv.
clean:
	rm -rf docs/_build build dist artifacts .hypothesis .pytest_cache *.egg-info
	find . -path ./$(VENV) -prune -o \( -name __pycache__ -o -name .ipynb_checkpoints \) -type d -prune -exec rm -rf {} +

# Everything clean removes, plus the virtual environment.
distclean: clean
	rm -rf $(VENV)

# --- set-up steps (each is skipped when already done) -------------------------------------

# The virtual environment (needs Python 3.11+ and the venv module: python3-venv on Debian).
venv: $(BIN)/python
$(BIN)/python: | ensure-venv-support
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "error: Python 3.11+ is needed, this is " + sys.version.split()[0] + "; run make PYTHON=python3.11 (or newer)")'
	$(PYTHON) -m venv $(VENV)

ensure-venv-support:
	$(call apt_ensure,Python's venv module,[ -x $(BIN)/python ] || $(PYTHON) -c 'import ensurepip; import venv',python3-venv,sudo apt-get install python3-venv (Debian/Ubuntu) or use a Python 3.11+ that ships venv and ensurepip)

# Editable installs, one stamp per set of extras; redone when pyproject.toml changes.
$(VENV)/.installed-lab: pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[lab]'
	@touch $@

$(VENV)/.installed-dev-scale: pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[dev,analysis,scale,site]'
	@touch $@

$(VENV)/.installed-bench: pyproject.toml | $(BIN)/python
	$(PIP_INSTALL) -e '.[analysis,scale]'
	@touch $@

# npm fetches the Pyodide runtime (npm pack pyodide@VERSION) for the browser site.
ensure-npm:
	$(call apt_ensure,npm,command -v npm,npm,sudo apt-get install npm (Debian/Ubuntu) | brew install node (macOS) | or Node.js 18+ (it includes npm) from nodejs.org)

# Debian's Chromium for the browser tests (playwright's own browser download is not used).
ensure-chromium:
	$(call apt_ensure,Chromium ($(CHROMIUM)),[ -x $(CHROMIUM) ],chromium,sudo apt-get install chromium (Debian; binary /usr/bin/chromium) or point CHROMIUM=/path/to/chromium at a Chromium/Chrome binary)
