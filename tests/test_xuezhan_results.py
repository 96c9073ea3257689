"""血战到底's end-of-hand page: the wins in order with their fan item by item and their
points after the cap, and every payment with its reason — kong money (刮风下雨), 呼叫转移,
自摸加底, and a wall run dry's 查花猪, 查大叫 and 退税 — each seat's net."""
from __future__ import annotations

from pathlib import Path

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.scenario import scenario_wall
from game.engine.tiles import parse_tiles
from game.layoutcheck.inspect import problems
from game.scenes.results import ResultsScene
from game.shell.specimens import bloody_payments_session
from game.ui.hand_end import NOT_READY, PIG, READY
from game.ui.hand_report import HandReport, local_report
from game.ui.win_tag import fan_items, fan_line, place_words, points_words
from game.ui.wording import reason_key
from tests.shell_helpers import Backdrop, FakeSession, make_app
from tests.test_xuezhan import NO_SWAP

NAMES = ("东家", "南家", "西家", "北家")


def scripted(hands: list[str], voids: str, moves: list[str], replacements: str = "",
             kong_seat: int | None = None) -> Match:
    """A one-hand 血战到底 match (no 换三张) dealt `hands`, the void suits declared, then
    `moves` played; then nobody claims, each seat discards its draw where it may and
    `kong_seat` makes the kongs it may, until the hand ends."""
    wall = scenario_wall(NO_SWAP, [parse_tiles(h) for h in hands], (),
                         parse_tiles(replacements))
    match = Match(NO_SWAP, 1, 1, walls={0: tuple(wall)})
    for seat, suit in enumerate(voids):
        match.apply(Action.from_text(f"{seat} void {suit}"))
    for text in moves:
        match.apply(Action.from_text(text))
    state = match.round
    while not state.is_over:
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        kinds = {a.kind: a for a in reversed(legal)}
        drawn = [a for a in legal if a.kind == A.DISCARD and a.tile == state.drawn]
        pick = kinds.get(A.PASS) or (seat == kong_seat and kinds.get(A.CONCEALED_KONG)) \
            or (drawn or [a for a in legal if a.kind == A.DISCARD])[0]
        match.apply(pick)
    return match


def checked(report: HandReport) -> dict[str, list[tuple[int, int, int]]]:
    """Every payment has words for its reason; each seat's net is what it was paid less
    what it paid, and the nets add up to nothing. The payments by reason."""
    by_reason: dict[str, list[tuple[int, int, int]]] = {}
    nets = [0] * 4
    for p in report.payments:
        assert reason_key(p.reason) is not None, p.reason
        by_reason.setdefault(p.reason, []).append((p.payer, p.payee, p.amount))
        nets[p.payer] -= p.amount
        nets[p.payee] += p.amount
    assert list(report.deltas) == nets and sum(nets) == 0
    return by_reason


def shown(tmp_path: Path, match: Match, language: str = "zh") -> list[str]:
    """The results page of the match's hand: what the layout self-check finds wrong."""
    app = make_app(tmp_path, language, Backdrop)
    app.scenes.push(ResultsScene(app, FakeSession(match)))
    app.step(0.016, [])
    return problems(app)


def test_kong_money_passed_on_to_who_won_on_the_discard_after_the_kong(tmp_path: Path) -> None:
    match = scripted(["9999s123s456s789m2p", "123m456m789m11p34p", "111s222s333s444s5m",
                      "555s666s777s888s6m"], "pspp",
                     ["0 concealed_kong 9s", "0 discard 2p", "1 hu 2p"], replacements="5p")
    report = local_report(match, NAMES)
    by_reason = checked(report)
    assert by_reason["concealed_kong"] == [(1, 0, 2), (2, 0, 2), (3, 0, 2)]
    assert by_reason["basic"][0] == (0, 1, 2)
    assert by_reason["kong_transfer"] == [(0, 1, 6)]   # the kong's money, all of it
    [first, *_] = report.wins
    t = make_app(tmp_path, "zh", Backdrop).t
    assert place_words(report.wins, 1, t, NO_SWAP) == "第1胡 · "
    assert fan_items(first, NO_SWAP) == (("basic", 1), ("kong_shot", 1))
    assert fan_line(first, NO_SWAP, t) == "基本胡 1 + 杠上炮 1"
    assert points_words(first, NO_SWAP, t) == "2 番 · 2 分"
    assert shown(tmp_path, match) == [] and shown(tmp_path, match, "en") == []


def test_a_wall_run_dry_settles_pigs_seats_not_ready_and_refunds(tmp_path: Path) -> None:
    match = scripted(["123m456m789m22p45p9s", "111s222s333s444s5s", "1111p1m3m5m7m9m3p5p7p9p",
                      "444m666m888m55p77p"], "ssss", [], kong_seat=2)
    report = local_report(match, NAMES)
    assert report.exhausted and not report.wins
    by_reason = checked(report)
    assert by_reason["flower_pig"] == [(1, 0, 16), (1, 2, 16), (1, 3, 16)]
    assert by_reason["not_ready"] == [(2, 0, 1), (2, 3, 2)]
    assert by_reason["kong_refund"] == [(2, 0, 2), (2, 1, 2), (2, 3, 2)]
    assert [row.status for row in report.rows] == [READY, PIG, NOT_READY, READY]
    assert shown(tmp_path, match) == [] and shown(tmp_path, match, "en") == []


def test_a_played_hand_with_every_kind_of_payment(tmp_path: Path) -> None:
    match = bloody_payments_session().match
    report = local_report(match, NAMES)
    reasons = set(checked(report))
    assert {"kong_transfer", "flower_pig", "not_ready", "kong_refund"} <= reasons
    assert reasons & {"direct_kong", "added_kong", "concealed_kong"}
    t = make_app(tmp_path, "en", Backdrop).t
    for place, win in enumerate(report.wins):   # each win: its items add up to its fan
        items = fan_items(win, match.ruleset)
        assert items is not None and sum(f for _, f in items) == win.pattern.fan
        assert place_words(report.wins, win.seat, t, match.ruleset) == \
            ("1st win · ", "2nd win · ", "3rd win · ")[place]
    assert shown(tmp_path, match) == [] and shown(tmp_path, match, "en") == []


def test_the_layout_check_shows_online_xuezhan_and_guobiao_hands(tmp_path: Path) -> None:
    """The page's sample states hold a 血战到底 and a 国标 hand as an online seat was told
    them (the 血战 win item by item, the 国标 win's fans) beside the local ones, and the
    self-check finds nothing wrong with any of them."""
    app = make_app(tmp_path, "en", Backdrop)
    states = dict(ResultsScene.specimens(app))
    for state, ruleset in (("online_xuezhan", "xuezhan"), ("online_xuezhan_wins", "xuezhan"),
                           ("online_guobiao", "guobiao"), ("bloody", "xuezhan"),
                           ("guobiao", "guobiao")):
        page = ResultsScene(app, **states[state])
        assert (page.online or page.match).ruleset.id == ruleset, state
        app.scenes.push(page)
        app.step(0.016, [])
        assert problems(app) == [], state
        app.scenes.pop()
    told = [ResultsScene(app, **states[state]) for state in ("online_xuezhan",
                                                              "online_xuezhan_wins")]
    for page in told:
        assert page.online is not None and page.report.wins
        for win in page.report.wins:
            assert fan_items(win, page.online.ruleset)
            assert points_words(win, page.online.ruleset, app.t)
    # what each sample is there for (another seed is wanted if the walls change)
    one, two = told
    assert any(len(fan_items(w, one.online.ruleset) or ()) > 1 for w in one.report.wins)
    assert len(two.report.wins) == 2
