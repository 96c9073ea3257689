"""The match library and its page: every match kept, resumed in place, viewed, deleted
only after a confirmation; opening a file writes nothing."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.engine.match import Match
from game.play.setup import MatchSetup
from game.rulesets import load_ruleset
from game.scenes.matches import MatchesScene
from game.shell import library, saves
from tests.shell_helpers import click, dialogs, key, make_app, use_fake_table

ROOT = Path(__file__).resolve().parent.parent
SEATS = {"seats": [{"kind": "human", "name": "你"}] + [{"kind": "hard", "name": "电脑"}] * 3}


def played(seed: int, steps: int | None = None, length: int = 1) -> Match:
    m = Match(load_ruleset(), seed, length)
    rng = random.Random(seed)
    n = 0
    while not m.is_over and (steps is None or n < steps):
        if m.round.is_over:
            m.start_next_hand()
        m.apply(rng.choice(m.round.legal_actions(m.round.seats_to_act()[0])))
        n += 1
    return m


def stored(match: Match) -> Path:
    path = library.new_match_path()
    saves.write_save(path, match, MatchSetup.read(SEATS))
    return path


def test_the_page_lists_every_match_with_its_facts(tmp_path: Path) -> None:
    stored(played(1, steps=20))
    finished = played(2)
    stored(finished)
    (library.library_dir() / "broken.json").write_text("{ nope")
    entries = {e.path.name: e for e in library.list_matches()}
    assert len(entries) == 3 and entries["broken.json"].problem
    done = next(e for e in entries.values() if e.finished)
    assert done.totals == tuple(finished.totals) and done.hands_played == 1
    assert (done.seats[1].name, done.seats[1].text) == ("电脑", "hard")
    app = make_app(tmp_path, "en")
    app.scenes.push("matches")
    assert isinstance(app.scenes.top, MatchesScene) and len(app.scenes.top.entries) == 3


@pytest.mark.parametrize("summary", [{"hands_played": "one", "totals": [1, 2, 3, 4]},
                                     {"hands_played": 1, "totals": 7},
                                     {"hands_played": 1, "totals": ["x"]}])
def test_a_summary_of_the_wrong_shape_is_listed_by_replaying(summary: dict) -> None:
    path = stored(played(2))
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["summary"] = summary        # a hand edit, or another version's summary
    doc["checksum"] = saves._checksum({k: v for k, v in doc.items() if k != "checksum"})
    path.write_text(json.dumps(doc), encoding="utf-8")
    [entry] = library.list_matches()
    assert entry.problem is None and entry.finished and entry.hands_played == 1


def test_resume_and_view_open_the_table_without_writing(tmp_path: Path, monkeypatch) -> None:
    fake_table = use_fake_table(monkeypatch)
    path = stored(played(3, steps=15))
    before = path.read_bytes()
    app = make_app(tmp_path, "en")
    app.scenes.push("matches")
    page = app.scenes.top
    page.open_entry(page.entries[0])
    [session] = fake_table
    assert session.save_path == path and path.read_bytes() == before


def test_delete_asks_first(tmp_path: Path) -> None:
    keep, gone = stored(played(4, steps=10)), stored(played(5, steps=10))
    app = make_app(tmp_path, "en")
    app.scenes.push("matches")
    page = app.scenes.top
    entry = next(e for e in page.entries if e.path == gone)
    page.ask_delete(entry)
    [dialog] = dialogs(app)
    click(app, dialog.cancel)
    assert gone.exists()
    page.ask_delete(entry)
    [dialog] = dialogs(app)
    key(app, pygame.K_RETURN)
    assert gone.exists() and not dialogs(app), "Enter takes the default: Cancel"
    page.ask_delete(entry)
    [dialog] = dialogs(app)
    assert "@primary" in dialog.cancel.get_class_ids() and \
        "@primary" not in dialog.ok.get_class_ids(), "the gold default button is Cancel"
    click(app, dialog.ok)
    assert not gone.exists() and keep.exists()
    assert [e.path for e in app.scenes.top.entries] == [keep]


def test_delete_refuses_files_outside_the_library(tmp_path: Path) -> None:
    outside = tmp_path / "mine.json"
    saves.write_save(outside, played(6, steps=5), MatchSetup.read(SEATS))
    with pytest.raises(saves.SaveError):
        library.delete_match(outside)
    assert outside.exists()


def test_older_saves_are_adopted_into_the_library(tmp_path: Path) -> None:
    from game import paths
    old = paths.data_dir() / "autosave.json"
    saves.write_save(old, played(7, steps=8), MatchSetup.read(SEATS))
    content = old.read_bytes()
    [moved] = library.adopt_legacy_saves()
    assert not old.exists() and moved.read_bytes() == content and library.in_library(moved)


def test_loading_an_outside_file_twice_writes_nothing(tmp_path: Path) -> None:
    outside = tmp_path / "finished.json"
    saves.write_save(outside, played(8), MatchSetup.read(SEATS))
    before = outside.read_bytes()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "MAHJONG_EXIT_AFTER_FIRST_FRAME": "1"}
    for _ in range(2):
        out = subprocess.run([sys.executable, "-m", "game", "--load", str(outside)], cwd=ROOT,
                             env=env, check=False, capture_output=True, text=True, timeout=120)
        assert out.returncode == 0, out.stderr
    assert outside.read_bytes() == before
    assert library.list_matches() == []


@pytest.mark.slow
def test_a_kill_during_saving_keeps_the_last_good_file(tmp_path: Path) -> None:
    """SIGKILL a process that saves a growing match in a loop: the file always loads."""
    path = tmp_path / "m.json"
    code = ("import random, sys\n"
            "from game.engine.match import Match\nfrom game.rulesets import load_ruleset\n"
            "from game.shell.saves import write_save\n"
            "from game.play.setup import MatchSetup\n"
            "m = Match(load_ruleset(), 1, 16); rng = random.Random(1)\n"
            "while not m.is_over:\n"
            "    if m.round.is_over: m.start_next_hand()\n"
            "    m.apply(rng.choice(m.round.legal_actions(m.round.seats_to_act()[0])))\n"
            f"    write_save(__import__('pathlib').Path({str(path)!r}), m, MatchSetup())\n")
    for delay in (0.4, 0.7, 1.1, 1.6, 2.2):
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        if path.exists():
            saves.load_save(path)  # whole: the old file or the new one, never a torn one
    assert path.exists()


def test_an_unfinished_match_lists_its_running_totals() -> None:
    """Payments of the hand in progress count: not +0 for every seat."""
    match = played(4, steps=1)
    while not any(match.round.scores):
        match = played(4, steps=len(match.hand_actions[-1]) + 1)
    assert not match.round.is_over and match.totals == [0, 0, 0, 0]
    stored(match)
    [entry] = library.list_matches()
    assert entry.totals == tuple(match.round.scores) != (0, 0, 0, 0)


@pytest.mark.parametrize("scale", [1.25, 2.0])
def test_every_row_shows_its_status_and_every_score(tmp_path: Path, scale: float) -> None:
    """At 125 % the rows ended in "…" and hid whether the match was finished."""
    from pygame_gui.elements import UILabel
    stored(played(5, steps=30))
    app = make_app(tmp_path, "en")
    app.set_ui_scale(scale)
    app.scenes.push("matches")
    app.step(0.016, [])
    texts = [e.text for e in app.ui.get_sprite_group().sprites() if isinstance(e, UILabel)]
    assert any(t.startswith("Unfinished") for t in texts)
    [entry] = app.scenes.top.entries
    for total in entry.totals:
        assert f"{total:+d}" in texts


def test_scores_are_coloured_by_their_sign_and_hotseat_matches_are_marked(tmp_path: Path) -> None:
    from pygame_gui.elements import UILabel
    match = played(6)
    assert any(t < 0 for t in match.totals) and any(t > 0 for t in match.totals)
    path = library.new_match_path()
    saves.write_save(path, match, MatchSetup.read({**SEATS, "debug": True}))
    app = make_app(tmp_path, "en")
    app.scenes.push("matches")
    app.step(0.016, [])
    labels = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UILabel)]
    classes = {e.text: e.object_ids[-1] for e in labels if e.text[:1] in "+-"}
    for total in match.totals:
        sign = "gain" if total > 0 else "loss" if total < 0 else "even"
        assert classes[f"{total:+d}"] == f"@value_{sign}"
    assert any("· hotseat ·" in e.text for e in labels)


def test_a_match_open_in_another_window_cannot_be_deleted_and_says_why(tmp_path: Path,
                                                                       monkeypatch) -> None:
    from pygame_gui.elements import UIButton
    path = stored(played(7, steps=20))
    monkeypatch.setattr(library.locks, "in_use_elsewhere", lambda p: p == path)
    app = make_app(tmp_path, "zh")
    app.scenes.push("matches")
    app.step(0.016, [])
    buttons = {e.text: e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UIButton)}
    delete = buttons[app.t("matches.delete")]
    assert not delete.is_enabled
    assert delete.tool_tip_text == app.t("matches.in_use_why")
    app.scenes.top.delete(app.scenes.top.entries[0])      # refused even if asked
    [dialog] = dialogs(app)
    assert path.exists() and app.t("matches.cannot_delete") in dialog.window_display_title
