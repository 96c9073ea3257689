"""A 血战到底 match file opens everywhere a 大众 one does: the replay viewer (to its end,
every winner shown), the review, and the statistics page (its ruleset offered)."""
from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.review import main as review_main
from game.scenes.replay import ReplayScene
from game.scenes.review import ReviewScene
from game.shell import saves
from tests.shell_helpers import frames, key, make_app, played_file

LEVELS = ("easy", "medium", "easy", "medium")


def bloody_file() -> Path:
    return played_file("xuezhan", LEVELS, 7, "bloody.json")


def test_the_replay_viewer_plays_a_bloody_hand_to_its_end(tmp_path: Path) -> None:
    path = bloody_file()
    app = make_app(tmp_path, "en")
    app.scenes.push("replay", match_path=path)
    frames(app)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    key(app, pygame.K_END)
    state = scene.state
    assert state is not None and state.is_over
    played = saves.load_save(path).match.round
    assert state.ruleset.id == "xuezhan" and state.view(0) == played.view(0)
    assert state.wins == played.wins


def test_the_review_reads_a_bloody_match(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = bloody_file()
    assert review_main([str(path), "--seat", "0", "--json"]) == 0
    [seat] = json.loads(capsys.readouterr().out)["seats"]
    assert seat["seat"] == 0
    app = make_app(tmp_path, "en")            # and the page opens on it
    app.scenes.push("review", match_path=path, seat=0)
    frames(app)
    assert isinstance(app.scenes.top, ReviewScene)


def test_the_statistics_page_counts_a_bloody_match(tmp_path: Path) -> None:
    bloody_file()
    app = make_app(tmp_path, "en")
    app.scenes.push("stats")
    frames(app)
    page = app.scenes.top
    assert [s.match.ruleset.id for s in page.chosen()] == ["xuezhan"]
    assert page._rulesets() == ["xuezhan"]
