# Two commands do everything (see README): `make play` and `make test`.
# Every target is idempotent: stamps make a second run fast.

PYTHON ?= python3
PORT ?= 8000
VENV := .venv
VPY := $(VENV)/bin/python
PYTEST_ARGS ?=

.PHONY: play build test setup unit e2e lint browser engines lighthouse clean

## play: install the runtime, build dist/, and serve the game at http://localhost:$(PORT)
play: build
	$(PYTHON) tools/serve.py --root dist --port $(PORT)

## build: the deployable site in dist/ (any static server can host it)
build: setup $(VENV)/.build-deps
	$(VPY) -m tools.build

## test: install the test needs, check lint, format and types, and run every test (unit and end-to-end); two processes,
## each with half the browser tests and the CPython tests file by file as it comes free (tests/conftest.py deals them)
test: setup $(VENV)/.test-deps browser engines lint
	$(VPY) -m pytest -n 2 $(PYTEST_ARGS)

## lint: ruff's lint and format checks and mypy's type check of game/ (pyproject.toml's [tool.ruff] and
## [tool.mypy]); `ruff format .` fixes the format
lint: $(VENV)/.test-deps
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

unit: $(VENV)/.test-deps
	$(VPY) -m pytest tests/unit game $(PYTEST_ARGS)

e2e: setup $(VENV)/.test-deps browser engines
	$(VPY) -m pytest tests/e2e tests/engines $(PYTEST_ARGS)

setup: static/vendor/.stamp

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

static/vendor/.stamp: node_modules/.package-lock.json tools/vendor.py
	$(PYTHON) tools/vendor.py
	@touch $@

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.build-deps: $(VENV)/bin/python pyproject.toml
	$(VPY) -m pip install --quiet --disable-pip-version-check -e '.[i18n]'
	@touch $@

$(VENV)/.test-deps: $(VENV)/.build-deps
	$(VPY) -m pip install --quiet --disable-pip-version-check -e '.[test,i18n]'
	@touch $@

browser: $(VENV)/.test-deps
	@$(VPY) tools/browser.py >/dev/null

# Firefox ESR and WebKitGTK for tests/engines: found, or installed from Debian when root; where
# they cannot be, one line says so and their tests are skipped (this target never fails for them).
engines:
	@$(PYTHON) tools/engines.py >/dev/null

## lighthouse: Lighthouse mobile and desktop for the game and a bare PyScript page (a benchmark, not a test)
lighthouse: setup $(VENV)/.test-deps browser bench/lighthouse/node_modules/.package-lock.json
	$(VPY) -m bench.lighthouse

bench/lighthouse/node_modules/.package-lock.json: bench/lighthouse/package.json bench/lighthouse/package-lock.json
	npm ci --prefix bench/lighthouse --no-audit --no-fund --loglevel=error
	@touch $@

clean:
	rm -rf static/vendor node_modules bench/lighthouse/node_modules $(VENV) dist
