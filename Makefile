# The game and its checks. `make play` and `make test` set everything up themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test soak bench lint font clean

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

BENCH_STAMP := $(VENV)/.bench-installed

# riichienv is optional: without it `make bench` prints its figures without the comparison
$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]' || echo "riichienv not installed: no comparison"
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP)
	$(PY) -m game.bench

lint: $(STAMP)
	$(PY) -m ruff check game ai tests tools examples
	$(PY) -m mypy --explicit-package-bases game ai tools examples/bots
	$(VENV)/bin/lint-imports

font: $(STAMP)
	$(PY) tools/make_font.py

clean:
	rm -rf $(VENV)
