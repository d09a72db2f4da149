# The two commands a newcomer needs: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
CONFORMANCE_DIR ?= ../shared/conformance
PYTEST_ARGS ?=
# Python keeps the compiled modules in __pycache__ even where the environment says not to
# (some images set PYTHONDONTWRITEBYTECODE): every process the site and the suite start
# (servers, Celery workers, test workers) compiled our 217 modules again, 0.5 s of CPU each.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: run test lint bench load conformance venv migrate demo clean ai-match train-eval

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

migrate: venv
	$(PY) manage.py migrate --noinput

demo: migrate
	$(PY) manage.py load_demo

run: demo
	$(PY) manage.py serve

# The whole suite: the engine purity contract, then every test (browser ones too
# when Chromium is installed). pytest's exit code 5 means nothing was collected
# (e.g. a PYTEST_ARGS filter matching no test): reported, not treated as a failure.
# CONN_MAX_AGE=0: server threads of the browser tests must not keep PostgreSQL
# connections open, or the test databases cannot be dropped at the end.
# --dist loadgroup --no-loadscope-reorder: the workers take one test at a time (a module
# sharing a server, one group at a time) in the order tests/conftest.py gives, the heaviest
# folders first, so that no worker is left alone with a long module at the end.
# -n 3 on two cores: with two workers a core was idle a third of the time (tests waiting
# for servers, browsers and sockets); a third worker fills it (docs/performance.md).
# axe-core (the browser suite's accessibility check) comes from the npm registry.
BROWSER_JS := tests/browser/js/node_modules/.installed
$(BROWSER_JS): tests/browser/js/package.json tests/browser/js/package-lock.json
	if command -v npm >/dev/null; then npm ci --prefix tests/browser/js --no-audit --no-fund \
	  && touch $(BROWSER_JS); else echo "npm not found: the accessibility browser test will fail"; fi

test: venv $(BROWSER_JS)
	$(VENV)/bin/lint-imports --no-cache
	CONN_MAX_AGE=0 $(PY) -m pytest -n 3 --dist loadgroup --no-loadscope-reorder -q $(PYTEST_ARGS); rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest: no tests were collected"; exit 0; fi; exit $$rc

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/lint-imports --no-cache

bench: venv
	$(PY) -m devtools.bench
	$(PY) -m devtools.bench_ai

# make load [GAMES=20] [THINK=0,2] [DURATION=60]: simulated browsers play live games against
# the server started the production way on a free port (see devtools/load.py).
GAMES ?= 20
THINK ?= 0,2
DURATION ?= 60
load: migrate
	$(PY) -m devtools.load --serve --games $(GAMES) --think $(THINK) --duration $(DURATION)

# make ai-match A=expert B=standard N=400 [HIDDEN=1] [SEED=1] [JOBS=2]: two computer levels
# play paired deals (docs/ai.md); make train-eval [TRAIN_GAMES=100000]: refit the AI's evaluation.
A ?= expert
B ?= standard
N ?= 400
SEED ?= 1
JOBS ?= 2
ai-match: venv
	$(PY) -m devtools.ai_match --a $(A) --b $(B) --n $(N) --seed $(SEED) --jobs $(JOBS) \
	  $(if $(HIDDEN),--hidden)

TRAIN_GAMES ?= 100000
train-eval: venv
	$(PY) -m devtools.train_eval --games $(TRAIN_GAMES) --seed 1 --positions 12 --hidden 32 \
	  --jobs $(JOBS)

# make conformance [CARD=N] [SET=name]
conformance: venv
	$(PY) -m devtools.conformance $(CONFORMANCE_DIR)/*.jsonl.gz \
	  $(if $(CARD),--card $(CARD)) $(if $(SET),--set $(SET))

clean:
	rm -rf $(VENV) staticfiles test-artefacts .pytest_cache .ruff_cache
