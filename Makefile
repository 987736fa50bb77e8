# Two commands do everything: `make play` and `make test`. Each creates and reuses .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= ramen-ramen
ARGS ?=
TERMINAL_ARGS ?= --players 2 --seats human,greedy
SERVE_ARGS ?=
PYTEST_WORKERS ?= 2
# The compiled fast paths (Cython: observation encoders, the solo planner's rollouts): a change to one rebuilds the installs.
COMPILED := setup.py $(wildcard src/gametable/envs/encoders/*_fast.pyx src/gametable/envs/encoders/*.pxd src/gametable/games/*/*_fast.pyx)

.PHONY: play play-terminal serve test lint bench services browser axe clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "gametable needs Python 3.11 or newer (set PYTHON=...)")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Runtime install (for play and every command the README shows: simulate and tournament
# reports and ratings need the [sim] extra): redone when pyproject.toml changes.
$(VENV)/.runtime-sim: pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[sim]"
	@touch $@

# Development install (for test and bench; includes [sim]).
$(VENV)/.dev: pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $@ $(VENV)/.runtime-sim $(VENV)/.server

# Server install (for serve): the [server] extra (which includes [sim]).
$(VENV)/.server: pyproject.toml $(COMPILED) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[server]"
	@touch $@ $(VENV)/.runtime-sim

serve: $(VENV)/.server
	$(BIN)/gametable serve $(SERVE_ARGS)

# The game in the browser, against bots (prints the address if no browser opens).
play: $(VENV)/.server
	$(BIN)/gametable web $(GAME) $(ARGS)

# The same game in the terminal.
play-terminal: $(VENV)/.runtime-sim
	$(BIN)/gametable play $(GAME) $(TERMINAL_ARGS)

# ruff, mypy, and the layers (import-linter's contracts in pyproject.toml: README "Layers").
lint: $(VENV)/.dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

# PostgreSQL and Redis for the server tests: started if they are down, loud failure if not.
services:
	@scripts/services.sh

# Chromium for the browser tests (Debian's package): installed if missing, loud failure if not.
browser:
	@scripts/install-browser.sh

# axe-core for the browser tests' accessibility checks (npm, into ~/.cache/gametable/axe).
axe:
	@scripts/install-axe.sh

test: lint services browser axe
	$(BIN)/pytest -q -n $(PYTEST_WORKERS)

bench: $(VENV)/.dev
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
