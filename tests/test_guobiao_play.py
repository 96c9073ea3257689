"""Everything at a 国标 table works as at a 大众 one: the hint (Hard's choice, always
legal), no 报听 offered, 托管, undo and the autosave with the flowers set aside, the
hotseat's open hands; and a 国标 match file in the replay viewer (its flowers stepped
through), the review, the statistics page and `--check`."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.engine import actions as A
from game.engine import events as E
from game.play.setup import SeatSpec
from game.review import main as review_main
from game.scenes.replay import ReplayScene
from game.scenes.review import ReviewScene
from game.shell import saves
from game.shell.controller import Controller, InlineExecutor
from game.shell.session import MatchSession
from game.ui.gb_table import flowers_of
from tests.shell_helpers import frames, key, make_app, played_file
from tests.test_controller import run_until_human

ROOT = Path(__file__).resolve().parent.parent
SEATS = [SeatSpec.parse("human", "You"), SeatSpec.parse("hard", "S"),
         SeatSpec.parse("medium", "W"), SeatSpec.parse("easy", "N")]
LEVELS = ("easy", "medium", "easy", "medium")


def gb_controller(tmp_path: Path, seed: int = 3, **kw: object) -> Controller:
    session = MatchSession.new("guobiao", seed, 4, SEATS, **kw)   # type: ignore[arg-type]
    session.save_path = tmp_path / "autosave.json"
    return Controller(session, executor=InlineExecutor(), thinking_delay=0.0)


def flowers(c: Controller) -> tuple[object, ...]:
    r = c.session.round
    return (r.flowers[:], [f[:] for f in r.flower_tiles], len(r.wall), r.actions[:])


def test_the_hint_is_always_legal_and_no_ready_is_ever_offered(tmp_path: Path) -> None:
    c = gb_controller(tmp_path)
    r = c.session.round
    hinted = 0
    for _ in range(200):
        run_until_human(c)
        if r.is_over:
            break
        legal = c.legal(0)
        assert not any(a.ready for a in legal), "国标 has no 报听"
        hint = c.hint(0) or c.hint(0)
        assert hint is not None and hint in legal
        hinted += 1
        assert c.submit(hint)
    assert r.is_over and hinted > 5
    assert all(not a.ready for a in r.actions if a.kind == A.DISCARD)


def test_auto_play_finishes_the_hand_for_the_person(tmp_path: Path) -> None:
    c = gb_controller(tmp_path, seed=5)
    c.set_auto(0, True)
    for _ in range(5000):
        if c.session.round.is_over:
            break
        assert c.humans_to_act() == []
        c.update(0.0)
    assert c.session.round.is_over and sum(c.session.round.scores) == 0


def test_undoing_back_to_the_persons_decision_takes_back_the_flowers_drawn_since(
        tmp_path: Path) -> None:
    c = gb_controller(tmp_path, seed=1, debug=True)
    r = c.session.round
    for _ in range(40):                 # until a flower is drawn between two decisions
        before = flowers(c)
        c.submit(next(a for a in c.legal(0) if a.kind in (A.DISCARD, A.PASS)))
        c.paused = False
        run_until_human(c)
        if r.is_over:
            pytest.skip("the hand ended before a flower came in play")
        if r.flowers != before[0]:
            break
    assert r.flowers != before[0], "a flower was set aside since the last decision"
    loaded = saves.load_save(c.session.save_path).match.round
    assert (loaded.flowers, loaded.flower_tiles) == (r.flowers, r.flower_tiles)
    while len(c.session.round.actions) > len(before[3]):    # one decision at a time
        assert c.undo()
    assert flowers(c) == before


def test_the_hotseat_open_hands_hold_no_flowers(tmp_path: Path) -> None:
    c = gb_controller(tmp_path, seed=1, debug=True)
    hands = c.open_hands()
    r = c.session.round
    assert [len(h) for h in hands] == [sum(h) for h in r.hands]
    assert all(k < 34 for h in hands for k in h) and sum(r.flowers) > 0


def gb_file() -> Path:
    return played_file("guobiao", LEVELS, 11, "guobiao.json")


def test_the_replay_viewer_steps_through_the_flowers(tmp_path: Path) -> None:
    path = gb_file()
    played = saves.load_save(path).match.round
    app = make_app(tmp_path, "zh")
    app.scenes.push("replay", match_path=path)
    frames(app)
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    seen = []
    for _ in range(len(played.actions) + 1):
        model = scene._model()
        events = scene.timeline.events_until(scene.hand, scene.index)
        assert model.flowers == flowers_of(events, 4)
        assert [len(f) for f in model.flowers] == list(scene.state.flowers)
        seen.append(sum(scene.state.flowers))
        key(app, pygame.K_RIGHT)
    assert seen[-1] == sum(played.flowers) and seen == sorted(seen)
    assert scene.state.is_over and scene.state.flower_tiles == played.flower_tiles
    assert model.center[1] == "东风圈 · 第1局"


def test_the_review_and_the_statistics_read_a_guobiao_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = gb_file()
    assert review_main([str(path), "--seat", "0", "--json"]) == 0
    [seat] = json.loads(capsys.readouterr().out)["seats"]
    assert seat["seat"] == 0
    app = make_app(tmp_path, "en")
    app.scenes.push("review", match_path=path, seat=0)
    frames(app)
    assert isinstance(app.scenes.top, ReviewScene)
    app.scenes.push("stats")
    frames(app)
    page = app.scenes.top
    assert [s.match.ruleset.id for s in page.chosen()] == ["guobiao"]
    assert page._rulesets() == ["guobiao"]


def test_check_reads_a_guobiao_match_file(tmp_path: Path) -> None:
    path = gb_file()
    totals = saves.load_save(path).match.totals
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    out = subprocess.run([sys.executable, "-m", "game", "--check", str(path)], env=env,
                         cwd=ROOT, check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    assert out.stdout == f"{path}: ok, save, ruleset guobiao, 1 of 1 hands played, " \
        f"finished, scores {' '.join(f'{d:+d}' if d else '0' for d in totals)}\n"
    assert any(e.kind == E.FLOWER for e in saves.load_save(path).match.round.events)
