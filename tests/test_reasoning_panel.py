"""The hotseat reasoning panel: an AI seat's candidates in a player's words (chance to
win, expected points, deal-in risk, samples or "model"; never a raw score), placed on
free felt, never over any seat's tiles, plate or pool, the centre box or the panels."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pygame
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.estimates import Estimate
from game.play.driver import Defaulted
from game.play.setup import SeatSpec
from game.render.layout import TableLayout
from game.scenes.table.framing import reasoning_entries
from game.shell.controller import Controller, InlineExecutor
from game.shell.i18n import Translator
from game.shell.session import MatchSession
from game.ui.debug_panel import obstacles, place_panels
from game.ui.reason_words import estimate_words

ZH, EN = Translator("zh"), Translator("en")
WEIGHED = Estimate("0 discard 5m ready", -2975.75, win_chance=0.234, expected_points=4.125,
                   deal_in_risk=0.08, samples=400)


def test_an_estimate_reads_as_chances_points_and_samples() -> None:
    assert estimate_words(WEIGHED, ZH) == "胜率 23% · 期望 +4.1 · 放铳 8% · 样本 400"
    assert estimate_words(WEIGHED, EN) == "win 23% · expects +4.1 · deal-in 8% · 400 samples"
    modelled = Estimate("0 pass", 1.0, expected_points=-0.5)
    assert estimate_words(modelled, ZH) == "期望 -0.5 · 模型"
    assert estimate_words(Estimate("0 discard 1m", 7.0, deal_in_risk=0.001), ZH) \
        == "放铳 <1% · 模型"
    assert estimate_words(Estimate("0 discard 1m", 7.0), ZH) == "", "nothing weighed: no numbers"
    assert estimate_words(Defaulted("0 discard 1m", "no answer in time"), ZH) \
        == ZH("reason.defaulted")


def test_hards_reasons_at_the_table_are_words_never_raw_scores(tmp_path: Path) -> None:
    seats = [SeatSpec.parse("hard", f"P{s}") for s in range(4)]
    session = MatchSession.new("dazhong", 5, 1, seats, debug=True)
    session.save_path = tmp_path / "m.json"
    c = Controller(session, executor=InlineExecutor(), thinking_delay=0.0)
    for _ in range(40):
        c.update(0.0)
    assert len(c.reasoning) >= 3
    raw = {f"{e.score:.2f}" for reasons in c.reasoning.values() for e in reasons}
    entries = reasoning_entries(c, ZH, "zh")
    assert entries and all(rows for _, _, rows in entries)
    for _seat, title, rows in entries:
        assert "的思路" in title
        for move, parts in rows:
            text = move + " ".join(parts)
            assert not any(score in text for score in raw), text
            assert not re.search(r"\d+\.\d{2}", text), text
        weighed = [parts for _, parts in rows if parts]
        assert weighed, "Hard weighs its candidates"
        assert all(parts[-1] in ("模型",) or parts[-1].startswith("样本") for parts in weighed)
    discards = [parts for _, _, rows in entries for move, parts in rows if move.startswith("打出")]
    assert any(p.startswith("胜率") for parts in discards for p in parts)
    assert any(p.startswith("放铳") for parts in discards for p in parts)


ROWS = tuple((f"打出 {k}万 报听", ("胜率 23%", "期望 +4.1", "放铳 8%", "样本 400"))
             for k in "一二三")


@settings(max_examples=40, deadline=None)
@given(w=st.integers(800, 3840), h=st.integers(500, 2160), ui=st.sampled_from((1.0, 1.5, 2.0)),
       players=st.sampled_from((2, 3, 4)))
def test_panels_lie_on_free_felt_at_any_window(w: int, h: int, ui: float, players: int) -> None:
    pygame.font.init()
    layout = TableLayout((w, h), players, ui)
    wanted = [(side, f"Seat {side} thinks", ROWS) for side in layout.sides]
    places = place_panels(layout, wanted, (layout.small_font, 10), round(360 * layout.ui))
    window = pygame.Rect((0, 0), (w, h))
    table = [pygame.Rect(b) for b in obstacles(layout)]
    shown = [p[0] for p in places if p is not None]
    for placed in places:
        if placed is not None:
            rect, rows, width, _ = placed
            assert window.contains(rect) and rect.w == width and rows == ROWS[:len(rows)]
            assert rect.collidelist(table) == -1
    assert all(a.collidelist([b for b in shown if b is not a]) == -1 for a in shown)
    if w >= 1280 and h >= 800 and ui == 1.0:
        assert len(shown) == len(wanted), "a roomy window shows every seat's panel"


def test_f5_takes_the_reasons_of_the_undone_move_off_the_table(tmp_path: Path) -> None:
    from game.engine import actions as A
    from game.scenes.table import TableScene
    from game.scenes.table.framing import frame_of
    from tests.shell_helpers import key, make_app
    seats = [SeatSpec.parse("human", "You")] + [SeatSpec.parse("hard", f"P{s}") for s in (1, 2, 3)]
    session = MatchSession.new("dazhong", 3, 1, seats, debug=True)
    app = make_app(tmp_path, "zh")
    app.settings.thinking_delay = 0.0
    app.scenes.replace("table", session=session)
    scene = app.scenes.top
    assert isinstance(scene, TableScene) and scene.show_reasoning
    c = scene.controller
    assert c.submit(next(a for a in c.legal(0) if a.kind == A.DISCARD))
    for _ in range(3000):       # the AI seat thinks on a worker: its answer takes real time
        app.step(0.5, [])
        if frame_of(scene).reasoning:
            break
        time.sleep(0.01)
    assert frame_of(scene).reasoning, "an AI seat played and its reasons are on the table"
    key(app, pygame.K_F5)
    assert c.reasoning == {} and frame_of(scene).reasoning == ()
