# Tapis: `make run` starts the bot, `make test` runs ruff, the type check (mypy, strict) and the whole
# test suite.
# Both create .venv with python3 (3.11+) when it is missing and install into it exactly the versions
# of requirements/lock.txt (hashes checked), then the project itself. `make lock` upgrades the lock.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.tapis-installed
LOCK := requirements/lock.txt

.PHONY: run test lint bench messages lock clean

$(STAMP): pyproject.toml $(LOCK)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes --no-deps -r $(LOCK)
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot $(ARGS)

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m mypy
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m mypy

# Extract the message keys (Babel) and bring games/locales/*.po in step; see tools/messages.py.
messages: $(STAMP)
	$(PY) -m tools.messages

bench: $(STAMP)
	$(PY) -m benchmarks.engines
	$(PY) -m benchmarks.serve --tables 100 --seconds 10
	$(PY) -m benchmarks.serve --tables 100 --seconds 10 --no-images
	$(PY) -m benchmarks.serve --restore 1000

# Upgrade every pinned version to the newest the registry serves (uv, itself pinned in the lock),
# then install them and run the suite: a new CLDR or library release is caught here, not on a user's
# machine. Commit requirements/lock.txt when `make test` passes.
lock: $(STAMP)
	$(VENV)/bin/uv pip compile --quiet --universal --generate-hashes --upgrade --python-version 3.11 \
		--extra test --extra local pyproject.toml requirements/tools.in -o $(LOCK)
	$(MAKE) test

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache *.egg-info
