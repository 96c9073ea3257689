"""The results panel: a won hand, a drawn hand, next hand, final standings, replays."""
import random
from dataclasses import replace
from types import SimpleNamespace

import pygame
import pytest

from game import paths
from game.engine.match import Match
from game.rulesets import load_ruleset
from game.scenes.menu import MenuScene
from game.scenes.results import ResultsScene
from game.shell.specimens import discard_win_session, finished_match_session
from game.ui.hand_end import DEALT_IN, DECLARED, READY, WON, hand_rows, status_words
from game.ui.standings_table import standings
from tests.shell_helpers import (
    Backdrop,
    FakeSession,
    click,
    key,
    make_app,
    play_until_hand_ends,
    self_draw_match,
)


def show_results(tmp_path, match, language="zh"):
    app = make_app(tmp_path, language, Backdrop)
    session = FakeSession(match)
    app.scenes.push(ResultsScene(app, session))
    app.step(0.016, [])
    return app, app.scenes.top


def drawn_match(length=4):
    m = Match(load_ruleset(), 3, length)
    play_until_hand_ends(m, random.Random(3), allow_wins=False)
    assert m.history[-1].exhausted
    return m


def screenshot(app, tmp_path, name):
    """The window saved as a PNG and read back, as pixels sampled every 8 px."""
    path = tmp_path / name
    pygame.image.save(app.screen, str(path))
    shot = pygame.image.load(str(path))
    return [tuple(shot.get_at((x, y)))[:3] for x in range(0, 1280, 8) for y in range(0, 800, 8)]


def ivory(pixels):
    """How many sampled pixels are tile-face ivory."""
    return sum(1 for r, g, b in pixels if r > 235 and g > 228 and b > 200)


def test_a_won_hand_shows_the_hand_and_next_hand_deals_again(tmp_path):
    match = self_draw_match(length=2)
    app, scene = show_results(tmp_path, match)
    win = match.history[-1].wins[0]
    assert (win.how, win.pattern.name, win.pattern.fan) == ("tsumo", "one_suit", 12)
    assert ivory(screenshot(app, tmp_path, "win.png")) > 300, "the winning hand is drawn"
    assert scene.primary.text == "下一局"
    click(app, scene.primary)
    assert isinstance(app.scenes.top, Backdrop), "the results panel closes"
    assert match.hand_number == 1 and not match.hand_finished


def test_a_drawn_hand_says_no_settlement_shows_every_hand_and_enter_goes_on(tmp_path):
    match = drawn_match()
    app, _ = show_results(tmp_path, match, "en")
    assert "no settlement" in app.t("results.draw_line")
    pixels = screenshot(app, tmp_path, "draw.png")
    assert len(set(pixels)) > 50 and ivory(pixels) > 400, "every seat's tiles are shown"
    key(app, pygame.K_RETURN)
    assert match.hand_number == 1 and isinstance(app.scenes.top, Backdrop)


def test_payments_list_scrolls(tmp_path):
    match = drawn_match()
    hand = match.history[-1]
    match.history[-1] = replace(hand, payments=hand.payments * 5)
    app, scene = show_results(tmp_path, match)
    for _ in range(80):   # more steps than rows: the wheel stops at the last page
        app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert 0 < scene.scroll < len(match.history[-1].payments)
    assert scene.scroll == len(match.history[-1].payments) - scene._payment_rows(), \
        "the wheel stops at the last page"
    app.step(0.016, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    assert scene.scroll == len(match.history[-1].payments) - scene._payment_rows() - 1


def test_last_hand_leads_to_standings_and_the_menu_writing_nothing(tmp_path):
    match = self_draw_match(length=1)
    assert match.is_over and match.totals == [36, -12, -12, -12]
    before = sorted(paths.data_dir().rglob("*"))
    app, scene = show_results(tmp_path, match, "en")
    assert scene.primary.text == "Final standings"
    click(app, scene.primary)
    scene = app.scenes.top
    assert scene.showing_standings and scene.primary.text == "Back to menu"
    assert len(set(screenshot(app, tmp_path, "standings.png"))) > 50
    assert sorted(paths.data_dir().rglob("*")) == before, "the results page copies nothing"
    click(app, scene.primary)
    assert isinstance(app.scenes.top, MenuScene) and len(app.scenes.stack) == 1


def test_standings_rank_ties_together():
    match = SimpleNamespace(ruleset=SimpleNamespace(players=4), totals=[5, 9, 5, -19],
                            history=[SimpleNamespace(wins=[SimpleNamespace(seat=1)])])
    assert standings(match) == [(1, 1, 9, 1), (2, 0, 5, 0), (2, 2, 5, 0), (4, 3, -19, 0)]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_every_payment_reason_and_pattern_has_a_name(tmp_path, language):
    app = make_app(tmp_path, language)
    reasons = ("chi", "chi_refund", "peng", "direct_kong", "added_kong", "concealed_kong",
               "ready", "basic", "all_triplets", "one_suit", "seven_pairs")
    for reason in reasons:
        assert app.t(f"results.reason.{reason}") != f"results.reason.{reason}"
    for pattern in ("basic", "all_triplets", "one_suit", "seven_pairs"):
        assert app.t(f"results.pattern.{pattern}") != f"results.pattern.{pattern}"
    for how in ("tsumo", "discard", "rob_kong"):
        assert app.t(f"results.won.{how}", name="x", tile="y") != f"results.won.{how}"
    for status in ("declared", "ready", "not_ready"):
        assert app.t(f"results.status.{status}") != f"results.status.{status}"


@pytest.mark.parametrize("language", ["zh", "en"])
def test_a_discard_win_says_who_won_from_whom_and_who_was_ready(tmp_path, language):
    """Not "你 点炮 · 老周 放炮" (as if you had dealt in): the winner's line says whose
    discard it won on, the discarder's line says it dealt in, the others' that they were
    ready."""
    match = discard_win_session().match
    names = ["Ann", "Bob", "Cy", "Di"]
    rows = hand_rows(match.round)
    assert [r.status for r in rows] == [DEALT_IN, WON, READY, READY]
    assert all(len(r.concealed) == 13 for r in rows)
    app = make_app(tmp_path, language)
    words = [status_words(r, names, app.t, language) for r in rows]
    assert "Ann" in words[1] and "Bob" not in words[1], "the winner's line names the discarder"
    assert "Bob" in words[0] and "Ann" not in words[0], "the discarder's line names the winner"
    assert words[2] == words[3] == app.t("results.status.ready")
    app, _ = show_results(tmp_path, match, language)
    assert ivory(screenshot(app, tmp_path, "discard.png")) > 380, "four hands are drawn"


def test_a_declared_seat_is_told_apart_from_one_merely_ready():
    match = drawn_match()
    state = match.round
    state.ready[2] = True
    assert hand_rows(state)[2].status == DECLARED


def test_the_final_standings_offer_rematch_replay_and_review(tmp_path, monkeypatch):
    from game.scenes.replay import ReplayScene
    from game.scenes.review import ReviewScene
    from tests.shell_helpers import use_fake_table
    app = make_app(tmp_path, "en", Backdrop)
    session = finished_match_session()
    assert session.save_path is not None and session.match.is_over
    app.scenes.push(ResultsScene(app, session, standings=True))
    app.step(0.016, [])
    scene = app.scenes.top
    assert set(scene.after) == {"rematch", "replay", "review"}
    click(app, scene.after["replay"])
    assert isinstance(app.scenes.top, ReplayScene) and len(app.scenes.stack) == 3
    assert app.scenes.top.match_path == session.save_path
    app.scenes.top.back()                       # Back: the standings again, as they were
    app.step(0.016, [])
    assert app.scenes.top is scene and scene.showing_standings
    click(app, scene.after["review"])
    review = app.scenes.top
    assert isinstance(review, ReviewScene) and review.seat == 0, "the human seat"
    review.back()
    app.step(0.016, [])
    assert app.scenes.top is scene
    tables = use_fake_table(monkeypatch)
    click(app, scene.after["rematch"])
    [again] = tables
    assert again.match.seed != session.match.seed and not again.match.history
    assert again.setup.seats == session.setup.seats and again.setup.scenario is None
    assert again.match.length == 1 and again.match.ruleset.id == "dazhong"


def test_the_table_under_the_results_is_drawn_again_after_a_resize(tmp_path):
    """It went black: a resize dropped its snapshot, which only its own frames (never
    run under the results) took again."""
    from game.shell.specimens import finished_hand_session
    from tests.shell_helpers import resize
    app = make_app(tmp_path, "en")
    app.scenes.replace("table", session=finished_hand_session())
    for _ in range(400):
        app.step(0.05, [])
        if isinstance(app.scenes.top, ResultsScene):
            break
    table, results = app.scenes.stack
    assert isinstance(results, ResultsScene)
    resize(app, (1000, 700))
    assert table.snap is not None and table._model is not None
    below = app.screen.subsurface(pygame.Rect(0, 660, 1000, 40))     # the hand, under the dim
    colours = {below.get_at((x, y))[:3] for x in range(0, 1000, 4) for y in range(0, 40, 4)}
    assert len(colours) > 40
