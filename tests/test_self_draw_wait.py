"""血战到底: Hard passes a win on a discard early in the hand to wait for the
self-draw (ai.self_draw_wait), the pass bars no later win, 托管 still wins whenever it
can, and 大众麻将 is played as before (every win taken)."""
from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ai.arena import play_seated
from ai.hard import HardAgent
from ai.self_draw_wait import WAIT_LIVE, WAIT_WALL, waits_for_self_draw
from ai.stakes import playing
from game.engine import actions as A
from game.engine.hands import waits
from game.engine.state import RoundState
from game.play.seat import Known, Turn
from game.rulesets import load_ruleset
from game.shell.person import PersonSeat

XZ = load_ruleset("xuezhan")


Window = tuple[RoundState, int, bool, bool]


def hard_win_windows(ruleset_id: str, walls: range) -> list[Window]:
    """Every claim window in which a Hard seat (seats 0 and 2; Medium at 1 and 3) could
    win on a discard: (the state then, the seat, whether it took the win, whether the
    seat won the hand in the end)."""
    found: list[Window] = []
    for wall in walls:
        state, _, _ = play_seated(ruleset_id, wall, 7, ["hard", "medium", "hard", "medium"])
        replay = RoundState.new(state.ruleset, wall, dealer=0)
        for action in state.actions:
            for seat in (0, 2):
                legal = replay.legal_actions(seat)
                if any(a.kind == A.HU for a in legal) and action.seat == seat:
                    won = any(w.seat == seat for w in state.wins)
                    found.append((replay.clone(), seat, action.kind == A.HU, won))
            replay.apply(action)
    return found


@pytest.fixture(scope="module")
def windows() -> list[Window]:
    return hard_win_windows("xuezhan", range(12))


def test_hard_passes_only_early_wins_with_many_waits(windows: list[Window]) -> None:
    passed = [(s, seat) for s, seat, took, _ in windows if not took]
    assert passed, "no passed win in these walls: the rule is never used"
    assert any(took for _, _, took, _ in windows)
    for state, seat in passed:
        view = state.view(seat)
        assert playing(view) == 4 and view.wall_remaining >= WAIT_WALL
        unseen = view.unseen_counts()
        assert sum(unseen[k] for k in waits(view.hand_counts(), XZ.hand_rules)) >= WAIT_LIVE
        assert waits_for_self_draw(view, XZ)
    for state, seat, took, _ in windows:           # and every other win is taken
        assert took != waits_for_self_draw(state.view(seat), XZ)


def test_a_passed_win_bars_no_later_win(windows: list[Window]) -> None:
    """No 过水不胡: after passing, the same seat is offered a win on a later discard or
    its own draw (in some of these walls), and the engine still offers it."""
    assert any(won for _, _, took, won in windows if not took)


def test_other_rulesets_take_every_win_on_a_discard(windows: list[Window]) -> None:
    """Outside 血战到底 the rule never waits, and Hard wins whenever it can (大众's
    moves, hashed, are checked unchanged in tests/test_xuezhan_values.py)."""
    for ruleset_id in ("dazhong", "honors", "guobiao"):
        ruleset = load_ruleset(ruleset_id)
        for state, seat, _, _ in windows:
            assert not waits_for_self_draw(state.view(seat), ruleset)


def test_under_tuoguan_a_person_seat_takes_the_win_hard_would_pass(
        windows: list[Window]) -> None:
    state, seat = next((s, seat) for s, seat, took, _ in windows if not took)
    view, legal = state.view(seat), state.legal_actions(seat)
    hard = HardAgent(random.Random(1))
    assert hard.choose(view, legal).kind != A.HU          # Hard itself waits
    auto = replace(view, auto=tuple(s == seat for s in range(4)))
    person = PersonSeat("me", lambda: (_ for _ in ()).throw(AssertionError("no stand-in")))
    answer = person.decide(Turn(seat, lambda: auto, tuple(legal)))
    assert isinstance(answer, Known) and answer.result().kind == A.HU
