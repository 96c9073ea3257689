"""Hard values a 血战到底 win as the engine pays it (game.engine.bloody_score: fan added up,
根, the cap), reads the table as 血战 does (winners and void suits are no threat), and
plays 大众麻将 exactly as before those changes."""
from __future__ import annotations

import hashlib
from dataclasses import replace

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.arena import play_seated
from ai.defense import threats
from ai.hard import HardAgent
from ai.levels import make_agent
from ai.stakes import BLOODY_ESCAPE, WinPay, win_pay
from ai.win_values import MeldShape, win_fans
from game.engine import actions as A
from game.engine.bloody_score import WinContext, xuezhan_score
from game.engine.melds import KONG_CONCEALED, KONG_DIRECT, PENG, Meld
from game.engine.state import RoundState
from game.engine.tiles import NUM_KINDS
from game.engine.view import MeldView
from game.rulesets import load_ruleset

XZ = load_ruleset("xuezhan")
# Hard and Medium's actions on four 大众 walls, as played before Hard learnt 血战到底
DAZHONG_DIGEST = "14f3c15a651b3ded21b8fcb76b8175ec57ab839bea26ba7f4e49fc8286d897d8"


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple[list[int], list[Meld]]:
    """A complete 血战 hand of one or two suits: seven pairs, or four sets (some laid
    down as pungs or kongs) and a pair."""
    suits = draw(st.lists(st.integers(0, 2), min_size=1, max_size=2, unique=True))
    kinds = [9 * s + r for s in suits for r in range(9)]
    counts = [0] * NUM_KINDS

    def take(tiles: tuple[int, ...]) -> bool:
        if any(counts[t] + tiles.count(t) > 4 for t in tiles):
            return False
        for t in tiles:
            counts[t] += 1
        return True

    if draw(st.booleans()):
        for k in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7)):
            if not take((k, k)):
                return draw(winning_hands())
        return counts, []
    melds: list[Meld] = []
    exposed = draw(st.integers(0, 4))
    for i in range(4):
        k = draw(st.sampled_from(kinds))
        run = k % 9 <= 6 and draw(st.booleans())
        tiles = (k, k + 1, k + 2) if run else (k, k, k)
        if i < exposed and not run:
            kong = draw(st.sampled_from((PENG, KONG_DIRECT, KONG_CONCEALED)))
            laid = tiles + (k,) * (kong != PENG)
            if counts[k] + len(laid) > 4:
                return draw(winning_hands())
            counts[k] += len(laid)
            melds.append(Meld(kong, laid))
        elif not take(tiles):
            return draw(winning_hands())
    pair = draw(st.sampled_from(kinds))
    if not take((pair, pair)):
        return draw(winning_hands())
    for m in melds:
        for t in m.tiles:
            counts[t] -= 1
    return counts, melds


@settings(max_examples=300, deadline=None)
@given(winning_hands())
def test_hard_values_a_bloody_win_as_the_engine_pays_it(case: tuple) -> None:
    counts, melds = case
    shape = MeldShape.of(MeldView(m.kind, m.tiles, None, None) for m in melds)
    ai = win_fans(np.array([counts], dtype=np.int8), shape, XZ)[0]
    win = next(k for k in range(NUM_KINDS) if counts[k])
    assert ai == xuezhan_score(counts, melds, win, WinContext(), XZ).points


def test_one_suit_pays_four_times_and_a_root_doubles() -> None:
    flush = [0] * NUM_KINDS
    for k in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, 4):
        flush[k] += 1
    mixed = flush[:]
    mixed[4] -= 2
    mixed[9] += 2                                           # the pair 1p instead of 5m
    hands = np.array([flush, mixed], dtype=np.int8)
    assert list(win_fans(hands, MeldShape(), XZ)) == [4.0, 1.0]
    kong = MeldShape.of([MeldView(KONG_DIRECT, (9,) * 4, 9, 1)])
    mixed_kong = mixed[:]
    mixed_kong[9] = 0
    mixed_kong[10] = 2                                      # the pair 2p beside a kong of 1p
    mixed_kong[0] -= 3
    assert win_fans(np.array([mixed_kong], dtype=np.int8), kong, XZ)[0] == 2.0


def test_hands_of_three_suits_are_worth_nothing() -> None:
    counts = [0] * NUM_KINDS
    for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 3, 4, 5, 7, 7):
        counts[k] += 1
    assert win_fans(np.array([counts], dtype=np.int8), MeldShape(), XZ)[0] == 0.0


def test_a_self_draw_is_paid_by_every_seat_still_playing() -> None:
    assert win_pay(load_ruleset("dazhong"), 4) is None
    for playing_now in (2, 3, 4):
        pay = win_pay(XZ, playing_now)
        assert pay is not None
        assert (pay.payers, pay.added) == (playing_now - 1, 1.0)    # 自摸加底
        assert pay.escape > 0
    doubled = replace(XZ, bloody=replace(XZ.bloody, self_draw="fan"))
    assert win_pay(doubled, 4) == WinPay(6.0, 0.0, BLOODY_ESCAPE)   # 自摸加番


def test_hard_tells_a_chance_of_winning_beside_the_points() -> None:
    """The points weigh a self-draw three times over, and a winner's escape; the chance
    shown to a player stays a chance."""
    state = RoundState.new(XZ, 11)
    agents = [make_agent("hard", seat) for seat in range(4)]
    seen = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        agent = agents[seat]
        action = agent.choose(state.view(seat), state.legal_actions(seat))
        if action.kind == A.DISCARD and isinstance(agent, HardAgent):
            seen += [(e.chance, e.ev) for e in agent.estimates]
            agent.estimates = ()
        state.apply(action)
    assert seen
    assert all(0.0 <= chance <= 1.0 and (chance > 0) == (ev > 0) for chance, ev in seen)
    assert any(ev > 2 * chance for chance, ev in seen)


def test_winners_are_no_threat_and_a_void_suit_is_no_wait() -> None:
    state = RoundState.new(XZ, 5)
    agents = [make_agent("medium", seat) for seat in range(4)]
    checked = 0
    while not state.is_over:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        if view.won and any(w >= 0 for w in view.won) and view.won[seat] < 0:
            for t in threats(view):
                assert view.won[t.seat] < 0
                void = view.voids[t.seat]
                assert not t.waits[9 * void:9 * void + 9].any()
            checked += 1
        state.apply(agents[seat].choose(view, state.legal_actions(seat)))
    assert checked


def test_dazhong_is_played_exactly_as_before() -> None:
    digest = hashlib.sha256()
    for wall in range(4):
        state, _, _ = play_seated("dazhong", wall, 7, ["hard", "medium", "hard", "medium"])
        digest.update(" ".join(a.to_text() for a in state.actions).encode())
    assert digest.hexdigest() == DAZHONG_DIGEST
