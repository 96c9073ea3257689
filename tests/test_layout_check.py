"""The layout self-check: every page fits at several window sizes in both languages, and
the check does find a page that does not fit."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.layoutcheck.inspect import problems
from game.layoutcheck.run import check
from game.scenes import REGISTRY
from game.shell.app import Scene
from game.shell.layout_box import LayoutBox
from game.ui.widgets import UIScene
from tests.shell_helpers import make_app

ROOT = Path(__file__).resolve().parent.parent


def test_every_page_fits_sizes_the_defaults_do_not_list(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "game", "--layout-check", "--json",
                          "--size", "1000x640", "--size", "1366x768", "--size", "2560x1440",
                          "--shots", str(tmp_path / "shots")], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    data = json.loads(out.stdout)
    bad = [r for r in data["results"] if r["problems"]]
    assert out.returncode == 0 and bad == []
    pages = {r["page"] for r in data["results"]}
    assert pages == set(REGISTRY)
    assert {r["size"] for r in data["results"]} == {"1000x640", "1366x768", "2560x1440"}
    assert {r["language"] for r in data["results"]} == {"zh", "en"}
    shots = list((tmp_path / "shots").glob("*.png"))
    assert len(shots) == len(data["results"])


class BrokenPage(UIScene):
    """A page laid out badly on purpose."""

    def build(self) -> None:
        self.button(pygame.Rect(10, 10, 200, 50), "one", lambda: None)
        self.button(pygame.Rect(100, 30, 200, 50), "two", lambda: None)       # overlaps one
        self.button(pygame.Rect(self.app.size[0] - 50, 100, 200, 50), "off", lambda: None)
        self.label(pygame.Rect(10, 200, 40, 30), "a label far too long for its box")

    def layout_boxes(self) -> list[LayoutBox]:
        return [LayoutBox("drawn control", pygame.Rect(-20, 5, 60, 30), interactive=True),
                LayoutBox("drawn text", pygame.Rect(300, 300, 50, 20), text_size=(120, 20)),
                LayoutBox("tile a", pygame.Rect(400, 400, 50, 50), solid=True),
                LayoutBox("tile b", pygame.Rect(420, 420, 50, 50), solid=True),
                LayoutBox("plate c", pygame.Rect(0, 0, 30, 30), solid=True),
                LayoutBox("tile d", pygame.Rect(500, 500, 50, 50), solid=True)]


def test_the_check_finds_every_kind_of_problem(tmp_path: Path) -> None:
    app = make_app(tmp_path, "en", BrokenPage)
    found = problems(app)
    text = "\n".join(found)
    assert "'one'" in text and "overlaps" in text and "'two'" in text
    assert "'off'" in text and "outside" in text
    assert "does not fit" in text and "far too long" in text
    assert "drawn control" in text and "drawn text" in text
    assert "tile a overlaps tile b" in text and "plate c overlaps drawn control" in text
    assert "tile d" not in text


def test_a_page_that_does_not_fit_makes_the_command_fail(tmp_path: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from game.layoutcheck.run import check, report
    monkeypatch.setitem(REGISTRY, "broken", BrokenPage)
    results = [r for r in check([(960, 600)], languages=("en",)) if r.page == "broken"]
    assert results and results[0].problems
    assert report(results, as_json=True) == 1


def test_bad_sizes_are_refused_in_one_line() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "--layout-check", "--size", "big"],
                         cwd=ROOT, check=False, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "WIDTHxHEIGHT" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_every_page_offers_named_sample_states(tmp_path: Path) -> None:
    from game.shell.app import load_scene_class
    app = make_app(tmp_path)
    for name, target in REGISTRY.items():
        scene_class = load_scene_class(target) if isinstance(target, str) else target
        states = scene_class.specimens(app)
        assert issubclass(scene_class, Scene) and states, name
        assert len({state for state, _ in states}) == len(states), name
        for _, kwargs in states:
            assert isinstance(kwargs, dict)


@pytest.mark.parametrize("size, ui_scale, language", [
    ((960, 600), 2.0, "en"), ((1920, 1080), 1.5, "zh"), ((1366, 768), 1.25, "en")])
def test_every_page_keeps_its_text_in_its_boxes_at_a_large_ui_scale(
        size: tuple[int, int], ui_scale: float, language: str) -> None:
    results = check([size], languages=(language,), ui_scale=ui_scale)
    assert {r.page for r in results} == set(REGISTRY)
    assert {f"{r.page}:{r.state}": r.problems[:2] for r in results if r.problems} == {}


def test_a_ui_scale_outside_the_setting_is_refused_in_one_line() -> None:
    out = subprocess.run([sys.executable, "-m", "game", "--layout-check", "--ui-scale", "300"],
                         cwd=ROOT, check=False, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "75 to 200" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_a_plates_parts_lie_on_it_but_none_over_another() -> None:
    from game.layoutcheck.inspect import solid_overlaps
    plate = LayoutBox("plate 1", pygame.Rect(0, 0, 200, 60), solid=True)
    score = LayoutBox("plate 1 · score", pygame.Rect(140, 4, 50, 24), solid=True)
    badge = LayoutBox("plate 1 · badge 听", pygame.Rect(120, 6, 30, 20), solid=True)
    pool = LayoutBox("pool 12", pygame.Rect(180, 10, 40, 40), solid=True)
    assert solid_overlaps([plate, score]) == []
    assert solid_overlaps([plate, score, badge]) == ["plate 1 · score overlaps plate 1 · badge 听"]
    assert "plate 1 · score overlaps pool 12" in solid_overlaps([plate, score, pool])


def test_the_online_table_shows_the_check_its_plates_clock_and_caption(tmp_path: Path) -> None:
    from game.net.samples import sample_table
    app = make_app(tmp_path, "en")
    app.scenes.replace("table", source=sample_table(app.t, badges=True))
    app.step(0.016, [])
    names = {box.name for box in app.scenes.top.layout_boxes()}
    assert {"own clock", "caption", "plate 1 · name", "plate 1 · score", "plate 1 · gain",
            "plate 1 · badge Ready", "plate 1 · badge Auto"} <= names
    assert problems(app) == []
