"""Hints and 托管 in 血战到底: the suggested move covers 换三张 and 定缺 and is always
legal (the void suit first); 托管 makes the set-up choices for the person too."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ai.setup_choice import setup_choice
from game.engine import actions as A
from game.play.setup import SeatSpec
from game.shell.controller import Controller, InlineExecutor
from game.shell.session import MatchSession

SEATS = [SeatSpec.parse("human", "You"), SeatSpec.parse("medium", "S"),
         SeatSpec.parse("easy", "W"), SeatSpec.parse("medium", "N")]


def controller(seed: int) -> Controller:
    session = MatchSession.new("xuezhan", seed, 1, SEATS)
    return Controller(session, executor=InlineExecutor(), thinking_delay=0.0)


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 10**6))
def test_a_person_who_follows_every_hint_plays_a_whole_hand(seed: int) -> None:
    c = controller(seed)
    state, asked = c.round, []
    for _ in range(2000):
        if state.is_over:
            break
        if 0 not in c.humans_to_act():
            c.update(1.0)
            continue
        legal = c.legal(0)
        hint = c.hint(0)
        assert hint is not None and hint in legal
        view = state.view(0)
        if hint.kind in A.SETUP_KINDS:
            assert hint == setup_choice(view, legal)   # what the table's pick starts from
        elif hint.kind == A.DISCARD and view.voids[0] >= 0 \
                and any(view.hand_counts()[9 * view.voids[0]:9 * view.voids[0] + 9]):
            assert hint.tile is not None and hint.tile // 9 == view.voids[0]
        asked.append(hint.kind)
        assert c.submit(hint)
    assert state.is_over
    assert asked[:2] == [A.SWAP, A.VOID]


def test_auto_play_makes_the_set_up_choices_and_plays_the_hand_out() -> None:
    c = controller(7)
    state = c.round
    assert 0 in c.humans_to_act() and state.legal_actions(0)[0].kind == A.SWAP
    c.set_auto(0, True)
    for _ in range(2000):
        if state.is_over:
            break
        assert 0 not in c.humans_to_act()     # nothing is asked of the person
        c.update(1.0)
    mine = [a for a in state.actions if a.seat == 0]
    assert [a.kind for a in mine[:3]] == [A.AUTO, A.SWAP, A.VOID]
    assert state.is_over
