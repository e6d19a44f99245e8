# Everything runs inside .venv, built from pyproject.toml on first use.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run test lint bench clean system-deps

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: setup
	$(BIN)/tabletop serve --host 127.0.0.1 --port 8000 --db sqlite:///tabletop.db

system-deps:
	sh scripts/system-deps.sh

lint: setup
	$(BIN)/ruff check tabletop tests bench
	$(BIN)/mypy

test: lint system-deps
	$(BIN)/pytest -n 2 --dist loadgroup -q tabletop tests

bench: setup
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
