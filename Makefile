# Two commands do everything: `make play` and `make test`. Each creates and reuses .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
GAME ?= ramen-ramen
ARGS ?= --players 2 --seats human,greedy
PYTEST_WORKERS ?= 2

.PHONY: play test lint bench clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "gametable needs Python 3.11 or newer (set PYTHON=...)")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Runtime install (for play and every command the README shows: simulate and tournament
# reports and ratings need the [sim] extra): redone when pyproject.toml changes.
$(VENV)/.runtime-sim: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[sim]"
	@touch $@

# Development install (for test and bench; includes [sim]).
$(VENV)/.dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $@ $(VENV)/.runtime-sim

play: $(VENV)/.runtime-sim
	$(BIN)/gametable play $(GAME) $(ARGS)

lint: $(VENV)/.dev
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -q -n $(PYTEST_WORKERS)

bench: $(VENV)/.dev
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
