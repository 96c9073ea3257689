"""The table's controller: AI seats play through the engine, humans are awaited,
autosaves reload, undo takes a decision back."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest

from ai.estimates import Estimate
from ai.seats import AgentSeat
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.state import RoundState
from game.play.driver import Defaulted
from game.play.setup import Scenario, SeatSpec
from game.shell.controller import Controller, InlineExecutor
from game.shell.saves import load_save
from game.shell.session import MatchSession
from game.ui.bubbles import options_for

AI4 = [SeatSpec.parse("hard", "E"), SeatSpec.parse("medium", "S"), SeatSpec.parse("easy", "W"),
       SeatSpec.parse("hard", "N")]
HUMAN_FIRST = [SeatSpec.parse("human", "You"), *AI4[1:]]


def session(tmp_path: Path, seats: list[SeatSpec] = HUMAN_FIRST, seed: int = 3,
            length: int = 4, **kw: Any) -> MatchSession:
    s = MatchSession.new("dazhong", seed, length, seats, **kw)
    s.save_path = tmp_path / "autosave.json"
    return s


def controller(s: MatchSession) -> Controller:
    return Controller(s, executor=InlineExecutor(), thinking_delay=0.0)


def snapshot(state: RoundState) -> tuple[Any, ...]:
    """Everything that makes a round what it is."""
    return (state.phase, state.current, state.drawn, len(state.wall),
            [state.hand_of(s) for s in range(state.players)], state.melds, state.discards,
            state.scores, state.ready, state.auto, state.actions,
            state.window and (state.window.tile, state.window.from_seat,
                              dict(state.window.answers)))


def run_until_human(c: Controller, limit: int = 2000) -> None:
    for _ in range(limit):
        if c.humans_to_act() or c.round.is_over:
            return
        c.update(0.0)
    raise AssertionError("the table never waited for the human")


def test_ai_match_plays_to_the_end_zero_sum(tmp_path: Path) -> None:
    s = session(tmp_path, AI4, seed=11)
    c = controller(s)
    for _ in range(20000):
        if s.match.is_over:
            break
        if s.round.is_over:
            s.start_next_hand()
        c.update(0.0)
    assert s.match.is_over
    assert len(s.match.history) == 4
    assert sum(s.match.totals) == 0
    assert all(sum(h.deltas) == 0 for h in s.match.history)


def test_a_human_decision_is_awaited(tmp_path: Path) -> None:
    s = session(tmp_path)
    c = controller(s)
    assert c.humans_to_act() == [0]            # the human deals: their turn first
    before = list(s.round.actions)
    for _ in range(200):
        c.update(1.0)
    assert s.round.actions == before
    discard = next(a for a in c.legal(0) if a.kind == A.DISCARD)
    assert not c.submit(Action(1, A.PASS))      # not the human's to give, not legal
    assert c.submit(discard)
    assert s.round.actions[-1] == discard


def test_ai_waits_for_its_thinking_delay(tmp_path: Path) -> None:
    s = session(tmp_path, AI4)
    c = Controller(s, executor=InlineExecutor(), thinking_delay=0.8)
    c.update(0.5)
    assert s.round.actions == []
    c.update(0.5)
    assert len(s.round.actions) == 1


def test_an_ai_passes_at_once_and_claims_after_its_delay(tmp_path: Path) -> None:
    """A pause before a pass would tell the table that the seat could claim; a pause
    before a claim tells nothing the claim does not."""
    s = session(tmp_path, AI4, seed=5)
    c = Controller(s, executor=InlineExecutor(), thinking_delay=0.8)
    at_once: list[str] = []
    waited: list[str] = []
    for _ in range(20000):
        if s.match.is_over:
            break
        if s.round.is_over:
            s.start_next_hand()
            continue
        before = len(s.round.actions)
        in_window = s.round.window is not None
        c.update(0.0)
        if not in_window:
            c.update(1.0)
        elif len(s.round.actions) > before:
            at_once.append(s.round.actions[-1].kind)
        else:
            c.update(0.3)
            assert len(s.round.actions) == before, "a claim came before its delay"
            c.update(0.2)
            waited.append(s.round.actions[-1].kind)
    assert at_once and waited
    assert set(at_once) == {A.PASS} and A.PASS not in waited


def test_claim_bubbles_equal_legal_actions(tmp_path: Path) -> None:
    s = session(tmp_path)
    c = controller(s)
    windows = 0
    for _ in range(3000):
        run_until_human(c)
        if s.round.is_over:
            break
        legal = c.legal(0)
        if s.round.window is not None:
            windows += 1
            offered = [o.action for o in options_for(legal, claiming=True)]
            assert sorted(offered, key=str) == sorted(legal, key=str)
            assert offered[-1] == Action(0, A.PASS)
            c.submit(offered[-1])
        else:
            specials = [o.action for o in options_for(legal, claiming=False) if o.action]
            assert specials == [a for a in legal if a.kind in
                                (A.SELF_DRAW, A.CONCEALED_KONG, A.ADDED_KONG)]
            c.submit(next(a for a in legal if a.kind == A.DISCARD))
    assert windows > 0


def test_autosave_after_an_action_reloads_identically(tmp_path: Path) -> None:
    s = session(tmp_path, debug=True)
    c = controller(s)
    c.submit(next(a for a in c.legal(0) if a.kind == A.DISCARD))
    run_until_human(c)
    loaded = load_save(s.save_path)
    assert loaded.match.to_record() == s.match.to_record()
    assert snapshot(loaded.match.round) == snapshot(s.round)
    assert loaded.setup == s.setup
    again = MatchSession.from_save(loaded)
    assert [x.text for x in again.seats] == ["human", "medium", "easy", "hard"]
    assert again.debug


def test_undo_restores_the_previous_state(tmp_path: Path) -> None:
    s = session(tmp_path, debug=True)
    c = controller(s)
    before = snapshot(s.round.clone())
    c.submit(next(a for a in c.legal(0) if a.kind == A.DISCARD))
    assert snapshot(s.round) != before
    assert c.undo()
    assert snapshot(s.round) == before
    assert c.paused                              # so the AI does not redo it at once
    assert load_save(s.save_path).match.to_record() == s.match.to_record()
    assert not c.undo()                          # nothing left in this hand


def test_paused_table_steps_one_ai_action(tmp_path: Path) -> None:
    s = session(tmp_path, AI4, debug=True)
    c = controller(s)
    c.paused = True
    for _ in range(10):
        c.update(1.0)
    assert s.round.actions == []
    c.step()
    for _ in range(10):
        c.update(1.0)
    assert len(s.round.actions) == 1


def test_undo_drops_the_reasons_of_the_moves_it_takes_back(tmp_path: Path) -> None:
    s = session(tmp_path, debug=True)
    c = controller(s)
    c.submit(next(a for a in c.legal(0) if a.kind == A.DISCARD))
    for _ in range(20):
        c.update(1.0)
        if c.reasoning:
            break
    assert c.reasoning, "an AI seat has played and said why"
    assert c.undo()
    assert c.reasoning == {}


def test_a_step_on_a_persons_turn_is_not_kept_for_later(tmp_path: Path) -> None:
    """F4 presses made while a person was to act were saved up and let the AI run on
    later while the table still showed "paused"."""
    s = session(tmp_path, debug=True)
    c = controller(s)
    c.paused = True
    assert c.humans_to_act() == [0]
    for _ in range(3):
        c.step()                                 # the person's turn: nothing to step
    c.submit(next(a for a in c.legal(0) if a.kind == A.DISCARD))
    for _ in range(10):
        c.update(1.0)
    assert len(s.round.actions) == 1             # the discard; the AI seats wait
    c.step()
    c.step()                                     # two presses: still one action
    for _ in range(10):
        c.update(1.0)
    assert len(s.round.actions) == 2


def test_auto_play_hands_the_seat_to_the_computer(tmp_path: Path) -> None:
    s = session(tmp_path)
    c = controller(s)
    c.set_auto(0, True)
    assert s.round.auto[0] and s.round.actions[-1] == Action(0, A.AUTO, on=True)
    assert c.humans_to_act() == []
    c.update(0.0)
    assert s.round.actions[-1].seat == 0 and s.round.actions[-1].kind != A.AUTO


def test_auto_play_stays_on_into_the_next_hand_until_turned_off(tmp_path: Path) -> None:
    """托管 switched itself off each hand: a new hand starts with it off in the engine."""
    s = session(tmp_path)
    c = controller(s)
    c.set_auto(0, True)
    for _ in range(5000):
        if s.round.is_over:
            break
        c.update(0.0)
    s.start_next_hand()
    assert s.round.auto[0] and s.round.actions == [Action(0, A.AUTO, on=True)]
    assert c.humans_to_act() == [] and not any(s.round.auto[1:])
    reloaded = load_save(s.save_path)
    assert reloaded.match.round.auto[0], "kept in the file as a recorded action"
    c.set_auto(0, False)
    for _ in range(5000):
        if s.round.is_over:
            break
        if c.humans_to_act():
            c.submit(c.legal(0)[-1])
        c.update(0.0)
    s.start_next_hand()
    assert not s.round.auto[0] and s.round.actions == [], "off stays off"


def test_a_failing_agent_falls_back_to_a_safe_legal_action(tmp_path: Path) -> None:
    class Broken:
        name = "broken"
        values: ClassVar[dict[str, float]] = {}

        def choose(self, view: Any, legal: list[Action]) -> Action:
            raise RuntimeError("boom")

        def explain(self) -> tuple[Estimate, ...]:
            return ()

    s = session(tmp_path, AI4)
    c = controller(s)
    c.driver.seats[0] = AgentSeat(Broken(), executor=c.executor)
    c.update(0.0)
    assert s.round.actions[0].kind == A.DISCARD and not s.round.actions[0].ready
    [reason] = c.reasoning[0]
    assert isinstance(reason, Defaulted) and "boom" in reason.why


def test_scenario_sets_the_first_hand(tmp_path: Path) -> None:
    scenario = Scenario(("1112345678999m", "11122233344455p", "1112223334445s",
                         "5556667778889s"), "dazhong", 1, "9p", "1p")
    s = session(tmp_path, HUMAN_FIRST, debug=True, scenario=scenario)
    r = s.round
    assert r.dealer == 1 and r.current == 1
    assert r.hand_of(0) == [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8]
    assert s.setup.scenario == scenario
    with pytest.raises(ValueError):
        session(tmp_path, HUMAN_FIRST, scenario=replace(scenario, hands=("1m",) * 4))


def test_closing_ends_the_worker_thread_and_asks_nothing_more(tmp_path: Path) -> None:
    s = session(tmp_path, AI4)
    c = Controller(s, thinking_delay=0.0)          # the real worker thread
    c.update(0.0)                                  # the dealer's AI starts thinking
    executor = c.executor
    c.close()
    executor.shutdown(wait=True)                   # returns once the worker has ended
    assert not any(t.is_alive() for t in getattr(executor, "_threads", ()))
    before = list(s.round.actions)
    c.update(1.0)                                  # a frame after leaving: nothing happens
    assert s.round.actions == before and c.hint(0) is None


@pytest.mark.parametrize("auto_win, never_claim, answer", [
    (False, False, None), (False, True, None), (True, False, A.HU), (True, True, A.HU)])
def test_the_switches_never_pass_a_win(auto_win: bool, never_claim: bool,
                                       answer: A.ActionKind | None) -> None:
    from types import SimpleNamespace

    from game.play.seat import Turn
    from game.shell.person import PersonSeat
    seat = PersonSeat("你", lambda: None)
    seat.auto_win, seat.never_claim = auto_win, never_claim
    legal = (Action(0, A.HU), Action(0, A.PENG), Action(0, A.PASS))
    seat.decide(Turn(0, lambda: SimpleNamespace(auto=[False] * 4), legal))
    quick = seat.quick_answer()
    assert (quick.kind if quick is not None else None) == answer


def test_a_timed_out_decision_is_marked_and_undo_forgets_it(tmp_path: Path) -> None:
    """The table's clock answering for the person is kept in the file apart from the
    person's own decisions; a click is not marked; undo takes the mark back too."""
    s = session(tmp_path)
    c = controller(s)
    discard = next(a for a in c.legal(0) if a.kind == A.DISCARD)
    assert c.submit(discard)
    assert s.timeouts == []
    run_until_human(c)
    at = s.next_position()
    assert c.submit(c.legal(0)[0], timed_out=True)
    assert s.timeouts == [at]
    assert load_save(tmp_path / "autosave.json").timeouts == (at,)
    while s.next_position() > at:
        assert c.undo()
    assert s.timeouts == []
    assert load_save(tmp_path / "autosave.json").timeouts == ()
