# Everything runs inside .venv, built from pyproject.toml on first use.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run test lint bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/tabletop play travel-sfb --seat1 human --seat2 heuristic

lint: setup
	$(BIN)/ruff check tabletop tests bench
	$(BIN)/mypy

test: lint
	$(BIN)/pytest -n 2 --dist loadgroup -q tabletop tests

bench: setup
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
