"""The engine's shortcuts change nothing: an offered action taken back is applied without
the re-check, but anything else (an equal copy, a stale or foreign action) is checked in
full; claim options worked out late, and hands known not to be ready or waiting, give
the same rounds as working everything out each time."""
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import native
from game.engine.actions import Action
from game.engine.state import IllegalAction, Phase, RoundState
from game.rulesets import available_rulesets, load_ruleset
from tests.engine_helpers import act, make_round, pass_claims, texts

RULESETS = {rid: load_ruleset(rid) for rid in available_rulesets()}
DAZHONG = RULESETS["dazhong"]


def copy_of(a: Action) -> Action:
    """An equal action that is not the same object."""
    return Action(a.seat, a.kind, a.tile, a.tiles, a.ready, a.on)


def snapshot(r: RoundState) -> Any:
    return (r.hands, [list(m) for m in r.melds], r.discards, r.scores, r.events, r.wins,
            r.actions, r.phase, len(r.wall), r.ready, r.ready_waits, r.auto,
            r.seats_to_act(), [r.legal_actions(s) for s in range(r.players)])


def forgetful(r: RoundState) -> RoundState:
    """A copy that has forgotten what earlier turns told about its hands."""
    c = r.clone()
    c._floors = [None] * r.players
    c._legal = {}
    return c


def counting_checks(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """Record every action that why_illegal is asked about."""
    checked: list[Action] = []
    real = RoundState.why_illegal

    def spy(self: RoundState, action: Action) -> str | None:
        checked.append(action)
        return real(self, action)

    monkeypatch.setattr(RoundState, "why_illegal", spy)
    return checked


@pytest.mark.skipif(native.in_use(), reason="compiled code calls why_illegal directly, "
                    "past the spy: tests/test_native.py runs this file on the sources")
def test_an_offered_action_skips_the_check_and_an_equal_copy_does_not(
        monkeypatch: pytest.MonkeyPatch) -> None:
    checked = counting_checks(monkeypatch)
    r = RoundState.new(DAZHONG, 7)
    offered = r.legal_actions(0)[0]
    r.apply(offered)
    assert checked == []
    s = RoundState.new(DAZHONG, 7)
    equal = copy_of(s.legal_actions(0)[0])
    assert equal == offered and equal is not offered
    s.apply(equal)
    assert checked == [equal]
    assert s.events == r.events and s.actions == r.actions


def test_a_stale_offered_action_is_refused_with_its_reason() -> None:
    r = RoundState.new(DAZHONG, 7)
    legal = r.legal_actions(0)
    r.apply(legal[-1])
    before = (list(r.events), [h[:] for h in r.hands])
    for stale in legal[:-1]:
        with pytest.raises(IllegalAction, match="not seat 0's turn|is not among|holds no"):
            r.apply(stale)
    assert (r.events, r.hands) == before


def test_an_action_offered_by_another_round_is_checked_in_this_one() -> None:
    r, other = RoundState.new(DAZHONG, 7), RoundState.new(DAZHONG, 8)
    held = set(r.hand_of(0))
    r.legal_actions(0)
    foreign = next(a for a in other.legal_actions(0) if a.tile not in held)
    with pytest.raises(IllegalAction, match="holds no"):
        r.apply(foreign)


def test_a_passed_seat_cannot_answer_again_with_its_offered_claim() -> None:
    rng = random.Random(3)
    for seed in range(200):
        r = RoundState.new(DAZHONG, seed)
        while not r.is_over and r.phase is not Phase.CLAIM:
            r.apply(rng.choice(r.legal_actions(r.seats_to_act()[0])))
        pending = r.seats_to_act()
        if r.is_over or len(pending) < 2:
            continue
        seat = pending[0]
        legal = r.legal_actions(seat)
        r.apply(legal[-1])                       # pass
        with pytest.raises(IllegalAction, match="already answered"):
            r.apply(legal[0])
        return
    pytest.fail("no claim window with two seats found")


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), ruleset_id=st.sampled_from(sorted(RULESETS)),
       auto_rate=st.sampled_from([0.0, 0.05]))
def test_offered_and_checked_actions_give_the_same_round(seed: int, ruleset_id: str,
                                                         auto_rate: float) -> None:
    """One round played twice in lockstep: offered objects on one side, equal copies
    (always checked) on the other; every state and every seat's options agree, and
    each claim window asks exactly the seats whose claim options are not empty."""
    ruleset = RULESETS[ruleset_id]
    rng = random.Random(seed)
    fast = RoundState.new(ruleset, seed, seed % ruleset.players)
    checked = RoundState.new(ruleset, seed, seed % ruleset.players)
    while not fast.is_over:
        if rng.random() < auto_rate:
            switch = Action(rng.randrange(ruleset.players), "auto", on=rng.random() < 0.5)
            fast.apply(switch)
            checked.apply(switch)
        else:
            action = rng.choice(fast.legal_actions(fast.seats_to_act()[0]))
            fast.apply(action)
            checked.apply(copy_of(action))
        assert snapshot(fast) == snapshot(checked)
        if fast.phase is Phase.TURN:
            assert fast.legal_actions(fast.current) == \
                forgetful(fast).legal_actions(fast.current)
        w = fast.window
        if w is not None:
            claimers = [s for s in range(ruleset.players) if s != w.from_seat
                        and (fast.claim_options(s, w.tile, w.from_seat) if w.kind == "discard"
                             else s in w.options)]
            assert set(fast.seats_to_act()) == set(claimers) - set(w.answers)
            for s in fast.seats_to_act():
                assert fast.legal_actions(s)[:-1] == fast.claim_options(s, w.tile, w.from_seat) \
                    or w.kind != "discard"
    assert checked.is_over


def test_a_seat_waiting_on_a_single_tile_is_asked_about_its_discard() -> None:
    """Seat 2 is not next to the discarder and holds one 5s: only its win test can tell
    that it may claim, after its own discard left it waiting on 5s."""
    r = make_round(["1m9m1p9p1s9s2m4m6m2p4p6p8p5s", "1m3m5m7m9m1p3p5p7p9p1s3s7s",
                    "123m456m789m123p7s", "2m4m6m8m2p4p6p8p2s4s6s8s9s"],
                   draws="9m5s9p3m")
    for text in ("0 discard 1m", "1 discard 9m", "2 discard 7s", "3 discard 9p"):
        act(r, text)
        pass_claims(r)
    act(r, "0 discard 5s")
    assert "2 hu 5s" in texts(r.legal_actions(2))
