"""The end of a 国标 hand: the winner's fans by name with their values, the total and the
8-fan minimum, and what each seat paid as 国标 pays; a fan met twice is counted twice."""
from __future__ import annotations

import pytest

from game.engine import gb_round
from game.engine.events import Payment
from game.engine.mcr import mcr_fans
from game.engine.mcr_fans import fan_counts
from game.engine.melds import CHI, Meld
from game.engine.tiles import parse_tiles
from game.engine.win_context import Win, WinContext
from game.rulesets import load_ruleset
from game.scenes.results import ResultsScene
from game.shell.gb_specimens import guobiao_won
from game.shell.specimens import discard_win_session
from game.ui import fan_list
from game.ui.gb_table import times_mark
from game.ui.hand_report import local_report
from tests.shell_helpers import Backdrop, FakeSession, make_app

TEN_FANS = [("concealed_hand", 1, 2), ("all_chows", 1, 2), ("tile_hog", 1, 2),
            ("all_simples", 1, 2), ("pure_double_chow", 1, 1), ("mixed_double_chow", 1, 1),
            ("short_straight", 1, 1), ("one_voided_suit", 1, 1), ("closed_wait", 1, 1),
            ("flower_tiles", 2, 2)]


def test_a_win_keeps_each_fan_once_for_each_time_it_is_met() -> None:
    tiles = parse_tiles("123m789p789p55s")          # and a chow of 123m melded
    chow = Meld(CHI, tuple(parse_tiles("123m")), claimed=parse_tiles("1m")[0], from_seat=3)
    fans = mcr_fans(Win(tuple(sorted(tiles)), (chow,), tiles[-1], WinContext(flowers=3)))
    keys = gb_round.instances(fans)
    assert keys.count("pure_double_chow") == 2 and keys.count("flower_tiles") == 3
    assert sorted(set(keys)) == sorted(key for key, _fan in fans)


def test_the_fans_of_a_won_hand_add_up_to_its_fan() -> None:
    win = guobiao_won().match.round.wins[0]
    assert fan_counts(win.pattern.applicable) == TEN_FANS
    assert sum(fan for *_, fan in TEN_FANS) == win.pattern.fan == 15


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_results_page_lists_the_fans_and_what_each_seat_paid(
        tmp_path, language, monkeypatch) -> None:
    session = guobiao_won()
    drawn: list[tuple[object, list[str], str]] = []
    real = fan_list._draw
    monkeypatch.setattr(fan_list, "_draw", lambda surface, rect, win, paid, head, t, k: (
        drawn.append((win, paid, head)), real(surface, rect, win, paid, head, t, k)))
    app = make_app(tmp_path, language, Backdrop)
    app.scenes.push(ResultsScene(app, FakeSession(session.match)))
    app.step(0.016, [])
    [(win, paid, head)] = drawn[-1:]
    assert win is session.match.round.wins[0]
    names = app.scenes.top.names
    if language == "zh":
        assert head == "共 15 番 · 起和 8 番（花牌不计）"
        assert paid == [f"{names[0]} 付 23（底分 8 + 番数 15）", f"{names[2]} 付 8（底分）",
                        f"{names[3]} 付 8（底分）"]
        assert [times_mark(key, n) for key, n, _fan in TEN_FANS[-2:]] == ["", "×2"]
    else:
        assert paid[0] == f"{names[0]} pays 23 (base 8 + 15 fan)"
    assert session.match.history[-1].deltas == (-23, 39, -8, -8)


def test_a_self_draw_is_paid_base_and_fan_by_each(tmp_path) -> None:
    app = make_app(tmp_path, "en")
    payments = [Payment(s, 0, amount, reason) for s in (1, 2, 3)
                for amount, reason in ((8, "base"), (12, "fan"))]
    assert fan_list.paid_lines(payments, ["A", "B", "C", "D"], app.t) == [
        f"{n} pays 20 (base 8 + 12 fan)" for n in "BCD"]


def test_other_rulesets_and_a_win_told_only_by_its_largest_fan_keep_the_payment_list() -> None:
    session = discard_win_session()
    report = local_report(session.match, ["a", "b", "c", "d"])
    assert fan_list.mcr_win(report.rows, session.match.ruleset) is None
    gb = guobiao_won()
    rows = local_report(gb.match, ["a", "b", "c", "d"]).rows
    assert fan_list.mcr_win(rows, load_ruleset("guobiao")) is not None
    assert fan_list.mcr_win(rows, load_ruleset("dazhong")) is None
