"""Statistics over finished matches: over arena records they equal the arena's own
tally; the command line's JSON shape and its one-line errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai.arena import run, seatings
from game.history.stats import compute, load_finished, match_files
from game.play.setup import MatchSetup

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    folder = tmp_path_factory.mktemp("records")
    table = seatings("duplicate", ["hard", "medium", "easy", "medium"])
    return folder, run(3, 11, table, 1, "dazhong", folder)


def test_statistics_of_arena_records_equal_the_arena_tally(arena: tuple[Path, dict]) -> None:
    folder, tallies = arena
    saves, problems = load_finished(match_files(folder))
    assert problems == [] and len(saves) == 12
    figures = compute(saves, "level")
    assert set(figures) == set(tallies)
    for level, tally in tallies.items():
        f = figures[level]
        assert f.hands == tally.hands
        assert f.win_rate == pytest.approx(tally.wins / tally.hands)
        assert f.deal_in_rate == pytest.approx(tally.deal_ins / tally.hands)
        assert f.mean_points == pytest.approx(tally.points / tally.hands)
        assert f.self_draw_share == pytest.approx(
            tally.self_draws / tally.wins if tally.wins else 0.0)


def test_the_command_line_prints_the_levels_object(arena: tuple[Path, dict]) -> None:
    folder, tallies = arena
    out = subprocess.run([sys.executable, "-m", "game.stats", "--data-dir", str(folder),
                          "--by", "level", "--json"], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    levels = json.loads(out.stdout)["levels"]
    assert set(levels) == set(tallies)
    assert {"hands", "win_rate", "deal_in_rate", "mean_points", "ci95", "ready_rate",
            "claim_rate", "average_win_fan", "best_hand"} <= set(levels["hard"])
    seats = json.loads(subprocess.run(
        [sys.executable, "-m", "game.stats", "--data-dir", str(folder), "--by", "seat",
         "--json", "--last", "4"], cwd=ROOT, check=True, capture_output=True, text=True,
        timeout=120).stdout)["seats"]
    assert set(seats) == {"0", "1", "2", "3"} and seats["0"]["hands"] == 4


@pytest.mark.parametrize("args", [["--by", "wind"], ["--last", "x"], ["--last", "-1"],
                                  ["--data-dir", "/no/such/folder"]])
def test_mistakes_are_one_line_and_exit_2(args: list[str]) -> None:
    out = subprocess.run([sys.executable, "-m", "game.stats", *args], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr


def test_the_statistics_page_filters_and_charts(tmp_path: Path) -> None:
    from game.history.autoplay import sample_library
    from game.history.stats import hand_endings, points_per_match
    from tests.shell_helpers import make_app
    sample_library(4)
    app = make_app(tmp_path, "en")
    app.scenes.push("stats")
    page = app.scenes.top
    assert len(page.saves) == 4 and len(page.chosen()) == 4
    endings = hand_endings(page.chosen())
    assert sum(endings.values()) == 4, "one hand per sample match, each ended one way"
    assert sum(points_per_match(page.chosen())) == sum(
        s.match.totals[0] for s in page.saves), "the human seat is followed"
    page.opponent = "bot"
    assert page.chosen() == []
    page.opponent, page.last = None, 10
    app.step(0.016, [])
    assert len(page.chosen()) == 4


def test_the_statistics_page_at_the_largest_ui_scale_leaves_out_charts_with_no_room(
        tmp_path: Path) -> None:
    """At 200% in a small window the charts had a negative height and drawing their panel
    raised pygame.error (a crash on opening the page); then they were left out: now the
    figures and the charts take turns, by a switch."""
    import pygame

    from game.history.autoplay import sample_library
    from game.scenes.stats import CHART_MIN_H, CHARTS, FIGURES
    from tests.shell_helpers import make_app
    sample_library(2)
    app = make_app(tmp_path, "en")
    pygame.display.set_mode((960, 600), pygame.RESIZABLE)
    app.step(0.016, [pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600))])
    app.scenes.push("stats")
    app.set_ui_scale(2.0)
    app.step(0.016, [])
    page = app.scenes.top
    assert page.chosen() and page.charts.h >= 0
    assert page.showing == FIGURES
    page._show(CHARTS)
    app.step(0.016, [])
    assert page.showing == CHARTS and page.charts.h >= app.fit_px(CHART_MIN_H)


def test_an_unknown_ruleset_is_refused_not_counted_as_no_matches(
        arena: tuple[Path, dict]) -> None:
    folder, _ = arena
    out = subprocess.run([sys.executable, "-m", "game.stats", "--data-dir", str(folder),
                          "--ruleset", "nosuch", "--json"], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and out.stdout == ""
    [line] = out.stderr.splitlines()
    assert "unknown ruleset 'nosuch'" in line


def test_hands_under_auto_play_are_kept_apart_from_the_persons_own() -> None:
    """A hand the computer played for the person (托管) counts in its own group and not in
    the person's charts."""
    from ai.levels import make_agent
    from game.engine import actions as A
    from game.engine.actions import Action
    from game.engine.match import Match
    from game.history.stats import AUTO, hand_endings, hands_under_auto, points_by_opponent
    from game.rulesets import load_ruleset
    from game.shell.saves import Save

    match = Match(load_ruleset("dazhong"), 8, 2)
    agents = [make_agent("medium", s) for s in range(4)]
    while not match.is_over:
        if match.round.is_over:
            match.start_next_hand()
            match.apply(Action(0, A.AUTO, on=True))
        state = match.round
        seat = state.seats_to_act()[0]
        match.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
    kinds = ("human", "easy", "easy", "easy")
    save = Save(match, MatchSetup.read({"seats": [{"kind": k, "name": k} for k in kinds]}))
    figures = compute([save], "level")
    assert figures["human"].hands == 1 and figures[AUTO].hands == 1
    assert figures["easy"].hands == 6
    assert hands_under_auto([save]) == 1
    assert sum(hand_endings([save]).values()) == 1
    assert points_by_opponent([save])["easy"] == match.history[0].deltas[0]


def test_a_bar_chart_stays_in_its_box_and_writes_each_value() -> None:
    import pygame

    from game.render.paint import LOSS
    from game.ui.charts import Bar, draw_bar_chart
    pygame.init()
    surface = pygame.Surface((400, 300))
    box = pygame.Rect(50, 40, 300, 220)
    bars = [Bar("Self-draw", 3), Bar("Dealt in", 2, LOSS), Bar("Others won", -4)]
    written: list[float] = []

    def shown(v: float) -> str:
        written.append(v)
        return f"{v:+.0f}"
    plot = draw_bar_chart(surface, box, "How hands ended", bars, lambda v: round(v), shown,
                          "y: hands")
    assert box.contains(plot) and plot.h > 20
    assert {3, 2, -4} <= set(written), "every bar's value is written"
    outside = [surface.get_at((x, y)) for x in range(0, 400, 5) for y in range(0, 300, 5)
               if not box.collidepoint(x, y)]
    assert set(map(tuple, outside)) == {(0, 0, 0, 255)}, "nothing drawn outside the box"
    inside = {tuple(surface.get_at((x, y)))[:3] for x in range(plot.x, plot.right)
              for y in range(plot.y, plot.bottom)}
    assert LOSS in inside, "the deal-in bar is red"
