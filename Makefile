# The game and its checks. `make play` and `make test` set everything up themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test soak bench bench-net lint font clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP) lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n 2

soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -m slow

bench: $(STAMP)
	$(PY) -m game.bench

bench-net: $(STAMP)
	$(PY) -m game.bench.net --rooms 100

lint: $(STAMP)
	$(PY) -m ruff check game ai tests tools examples
	$(PY) -m mypy --explicit-package-bases game ai tools examples/bots
	$(VENV)/bin/lint-imports

font: $(STAMP)
	$(PY) tools/make_font.py

clean:
	rm -rf $(VENV)
