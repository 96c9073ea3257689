# The game and its checks. `make play` and `make test` set everything up themselves.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DIST_STAMP := $(VENV)/.dist-installed
CHECK_ENV := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: native play test soak bench bench-net lint font icon dist package dist-check clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# the hot modules compiled by mypyc beside their sources (game/native.py); built again
# when an engine source changes, and left out (the game runs on its sources) where they
# cannot be built
NATIVE_STAMP := $(VENV)/.native-built
$(NATIVE_STAMP): $(STAMP) game/native.py tools/native.py $(wildcard game/engine/*.py) ai/shapes.py
	$(PY) -m tools.native build
	touch $(NATIVE_STAMP)

native: $(NATIVE_STAMP)

play: $(NATIVE_STAMP)
	$(PY) -m game

test: $(NATIVE_STAMP) lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -n 2

soak: $(NATIVE_STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -q -m slow

BENCH_STAMP := $(VENV)/.bench-installed

# riichienv is optional: without it `make bench` prints its figures without the comparison
$(BENCH_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[bench]' || echo "riichienv not installed: no comparison"
	touch $(BENCH_STAMP)

bench: $(BENCH_STAMP) $(NATIVE_STAMP)
	$(PY) -m game.bench

bench-net: $(NATIVE_STAMP)
	$(PY) -m game.bench.net --rooms 100

lint: $(STAMP)
	$(PY) -m ruff check game ai tests tools examples
	$(PY) -m mypy --explicit-package-bases game ai tools examples/bots
	$(VENV)/bin/lint-imports

font: $(STAMP)
	$(PY) tools/make_font.py

icon: $(STAMP)
	$(PY) tools/make_icon.py

$(DIST_STAMP): $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev,dist]'
	touch $(DIST_STAMP)

# the standalone game: dist/mahjong/ (PyInstaller, one folder; packaging/mahjong.spec)
dist: $(DIST_STAMP) $(NATIVE_STAMP)
	$(VENV)/bin/pyinstaller --noconfirm --clean --log-level WARN --distpath dist \
		--workpath build/pyinstaller packaging/mahjong.spec
	@du -sh dist/mahjong

# the sdist and the wheel, checked by twine
package: $(DIST_STAMP)
	rm -f dist/*.whl dist/*.tar.gz
	$(PY) -m build --quiet --outdir dist .
	$(VENV)/bin/twine check --strict dist/*.whl dist/*.tar.gz

# build both, then run the frozen game and the installed wheel from other folders (CI)
dist-check: dist package
	$(CHECK_ENV) $(PY) -m pytest -q -p no:xdist -m dist tests/test_dist.py tests/test_package.py

clean:
	$(PY) -m tools.native clean || true
	rm -rf $(VENV) build dist
