# Everything runs inside .venv, built from pyproject.toml on first use.
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup native run test lint bench clean system-deps

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP) native

# Compiles the hot modules with mypyc into build/native when the source has changed since the last
# build (tabletop/native); if that fails, everything still runs, as pure Python. TABLETOP_PURE: the
# builder itself need not load (nor warn about) the build it replaces.
native: $(STAMP)
	TABLETOP_PURE=1 $(BIN)/python -m tabletop.native.build --if-stale

run: setup
	$(BIN)/tabletop serve --host 127.0.0.1 --port 8000 --db sqlite:///tabletop.db

system-deps:
	sh scripts/system-deps.sh

lint: setup
	$(BIN)/ruff check tabletop tests bench
	$(BIN)/mypy

test: lint native system-deps
	$(BIN)/pytest -n 2 --dist loadgroup -q tabletop tests

bench: setup native
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build/native
