# Tapis: `make run` starts the bot, `make test` runs ruff and the whole test suite.
# Both create .venv with python3 (3.11+) when it is missing and install the project into it.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.tapis-installed

.PHONY: run test lint bench messages clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test,local]'
	touch $(STAMP)

run: $(STAMP)
	$(PY) -m bot $(ARGS)

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(PY) -m pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check .

# Extract the message keys (Babel) and bring games/locales/*.po in step; see tools/messages.py.
messages: $(STAMP)
	$(PY) -m tools.messages

bench: $(STAMP)
	$(PY) -m benchmarks.engines
	$(PY) -m benchmarks.serve --tables 100 --seconds 10
	$(PY) -m benchmarks.serve --tables 100 --seconds 10 --no-images
	$(PY) -m benchmarks.serve --restore 1000

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache *.egg-info
