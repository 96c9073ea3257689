"""血战到底 rounds: 换三张 and 定缺, the void rule, play going on after a win, several
winners on one discard, 呼叫转移, and the settlement of a draw (查花猪, 查大叫, 退税)."""
from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import actions as A
from game.engine.actions import Action
from game.engine.bloody_round import swap_offset
from game.engine.events import Payment
from game.engine.match import Match
from game.engine.ruleset import ruleset_from_dict
from game.engine.state import Phase, RoundState
from game.rulesets import load_ruleset
from tests.engine_helpers import act, make_round, texts, tile

XZ = load_ruleset("xuezhan")
_data = copy.deepcopy(XZ.source)
_data["bloody"]["swap"] = False
NO_SWAP = ruleset_from_dict(_data)


def declare(state: RoundState, voids: str) -> None:
    """Every seat declares its void suit, e.g. 'pssp' (seat 0 first)."""
    assert state.phase is Phase.VOID
    for seat, suit in enumerate(voids):
        act(state, f"{seat} void {suit}")


def play_out(state: RoundState, kong_seat: int | None = None) -> set[int]:
    """Nobody wins or claims: each seat discards its draw where it may (else its first
    legal discard); `kong_seat` makes the kongs it may. The seats that acted."""
    acted = set()
    while not state.is_over:
        seat = state.seats_to_act()[0]
        acted.add(seat)
        legal = state.legal_actions(seat)
        kongs = [a for a in legal if a.kind == A.CONCEALED_KONG]
        if seat == kong_seat and kongs:
            state.apply(kongs[0])
            continue
        passes = [a for a in legal if a.kind == A.PASS]
        drawn = [a for a in legal if a.kind == A.DISCARD and a.tile == state.drawn]
        firsts = [a for a in legal if a.kind == A.DISCARD]
        state.apply((passes or drawn or firsts)[0])
    return acted


def test_the_round_opens_with_swap_then_void_decisions_of_every_seat():
    state = RoundState.new(XZ, 5)
    assert state.phase is Phase.SWAP and state.seats_to_act() == [0, 1, 2, 3]
    for seat in range(4):
        legal = state.legal_actions(seat)
        assert legal and all(a.kind == A.SWAP and len({t // 9 for t in a.tiles}) == 1
                             for a in legal)
    assert state.legal_actions(0)[0] == Action.from_text(state.legal_actions(0)[0].to_text())
    for seat in range(4):
        state.apply(state.legal_actions(seat)[0])
    assert state.phase is Phase.VOID
    assert texts(state.legal_actions(2)) == ["2 void m", "2 void p", "2 void s"]
    declare(state, "mpsm")
    assert state.phase is Phase.TURN and state.current == 0
    assert state.voids == [0, 1, 2, 0] and state.view(1).voids == (0, 1, 2, 0)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32))
def test_three_tiles_go_the_way_the_wall_says(seed):
    state = RoundState.new(XZ, seed)
    before = [h[:] for h in state.hands]
    chosen = {}
    for seat in range(4):
        chosen[seat] = state.legal_actions(seat)[-1]
        state.apply(chosen[seat])
    offset = swap_offset(state.initial_wall)
    for seat in range(4):
        expected = before[seat][:]
        for t in chosen[seat].tiles:
            expected[t] -= 1
        for t in chosen[(seat - offset) % 4].tiles:
            expected[t] += 1
        assert state.hands[seat] == expected
    assert state.tile_count() == 108


def test_every_direction_comes_from_some_wall():
    offsets = {swap_offset(RoundState.new(XZ, seed).initial_wall) for seed in range(40)}
    assert offsets == {1, 2, 3}


def several_winners_round() -> RoundState:
    state = make_round(["123s456s789s11s99s5p", "123m456m789m11p46p", "234m567m888m33p46p",
                        "777p888p999p22p3p1m"], ruleset=NO_SWAP)
    declare(state, "pssm")
    return state


def test_the_void_suit_goes_first_and_no_void_tile_is_claimed():
    state = several_winners_round()
    assert texts(state.legal_actions(0)) == ["0 discard 5p"]
    act(state, "0 discard 5p")
    # seat 3 is void in m only; 5p is no void tile of seats 1, 2: both may win on it
    assert state.seats_to_act() == [1, 2]


def test_several_win_on_one_discard_and_play_goes_on_without_them():
    state = several_winners_round()
    act(state, "0 discard 5p")
    act(state, "1 hu 5p")
    act(state, "2 hu 5p")
    assert [w.seat for w in state.wins] == [1, 2]
    assert [(p.payer, p.payee, p.amount) for p in state.payments] == [(0, 1, 1), (0, 2, 1)]
    assert state.out == [False, True, True, False]
    assert state.view(0).won == (-1, 13, 13, -1)   # both won on the 5p
    assert state.phase is Phase.TURN and state.current == 3   # after the last winner
    acted = play_out(state)
    assert acted <= {0, 3}
    assert state.tile_count() == 108 and sum(state.scores) == 0


def test_a_hand_holding_its_void_suit_cannot_win():
    # seat 1 completes its hand with the drawn 5p, but it is void in s: no self-draw
    state = make_round(["123p456p789p11p22p9s", "123m456m789m111s5p", "234m567m888m33p46p",
                        "777p888p999p55s6s1m"], draws="5p", ruleset=NO_SWAP)
    declare(state, "sssm")
    act(state, "0 discard 9s")
    assert state.phase is Phase.TURN and state.current == 1
    assert texts(state.legal_actions(1)) == ["1 discard 1s"]


def test_kong_money_passes_to_who_wins_on_the_discard_after_the_kong():
    state = make_round(["9999s123s456s789m2p", "123m456m789m11p34p", "111s222s333s444s5m",
                        "555s666s777s888s6m"], replacements="5p", ruleset=NO_SWAP)
    declare(state, "pspp")
    act(state, "0 concealed_kong 9s")
    assert [(p.payer, p.amount) for p in state.payments] == [(1, 2), (2, 2), (3, 2)]
    assert texts(state.legal_actions(0)) == ["0 discard 2p", "0 discard 5p"]
    act(state, "0 discard 2p")
    act(state, "1 hu 2p")
    win = state.wins[0]
    assert win.pattern.applicable == ("basic", "kong_shot") and win.pattern.fan == 2
    tail = [(p.payer, p.payee, p.amount, p.reason) for p in state.payments[3:]]
    assert tail == [(0, 1, 2, "basic"), (0, 1, 6, "kong_transfer")]
    assert state.kong_income[0] == []
    assert state.scores == [-2, 6, -2, -2]


def test_a_draw_settles_flower_pigs_seats_not_ready_and_refunds_their_kong_money():
    state = make_round(["123m456m789m22p45p9s", "111s222s333s444s5s",
                        "1111p1m3m5m7m9m3p5p7p9p", "444m666m888m55p77p"], ruleset=NO_SWAP)
    declare(state, "ssss")
    play_out(state, kong_seat=2)
    assert not state.wins and len(state.wall) == 0
    by_reason: dict[str, list[tuple[int, int, int]]] = {}
    for p in state.payments:
        by_reason.setdefault(p.reason, []).append((p.payer, p.payee, p.amount))
    assert by_reason["concealed_kong"] == [(0, 2, 2), (1, 2, 2), (3, 2, 2)]
    assert any(state.hands[1][18:27])   # seat 1 still holds its void suit: 花猪
    assert by_reason["flower_pig"] == [(1, 0, 16), (1, 2, 16), (1, 3, 16)]
    # seat 2 is not ready: it pays the ready seats their best hand (0: 平胡, 3: 对对胡)
    assert by_reason["not_ready"] == [(2, 0, 1), (2, 3, 2)]
    # and gives back its kong money, as does the 花猪 (which had none)
    assert by_reason["kong_refund"] == [(2, 0, 2), (2, 1, 2), (2, 3, 2)]
    assert sum(state.scores) == 0


def random_game(seed: int) -> RoundState:
    """A round of random legal play that always wins when it can, checking as it goes."""
    rng = random.Random(seed)
    state = RoundState.new(XZ, seed)
    while not state.is_over:
        for seat in state.seats_to_act():
            assert not state.out[seat]          # a winner never acts again
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        void = state.voids[seat]
        if state.phase is Phase.TURN and void >= 0:
            held = state.hands[seat][9 * void:9 * void + 9]
            discards = [a.tile for a in legal if a.kind == A.DISCARD]
            if any(held):   # the void rule: only void tiles go, and no win
                assert all(t // 9 == void for t in discards)
                assert all(a.kind != A.SELF_DRAW for a in legal)
        wins = [a for a in legal if a.kind in (A.HU, A.SELF_DRAW)]
        state.apply(wins[0] if wins else rng.choice(legal))
        assert state.tile_count() == 108
    return state


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_random_rounds_keep_every_rule(seed):
    state = random_game(seed)
    assert sum(state.scores) == 0
    assert sum(p.amount for p in state.payments if p.payer == p.payee) == 0
    winners = [w.seat for w in state.wins]
    assert len(winners) == len(set(winners)) <= 3
    assert len(winners) == 3 or len(state.wall) == 0
    for w in state.wins:   # nobody wins holding the void suit
        assert all(t // 9 != state.voids[w.seat] for t in w.hand)


def test_a_match_record_of_xuezhan_replays_the_same():
    match = Match(XZ, seed=11, length=2)
    rng = random.Random(3)
    while not match.is_over:
        if match.hand_finished:
            match.start_next_hand()
        seat = match.round.seats_to_act()[0]
        match.apply(rng.choice(match.round.legal_actions(seat)))
    again = Match.from_record(match.to_record(), XZ)
    assert again.totals == match.totals
    assert [h.payments for h in again.history] == [h.payments for h in match.history]


def test_a_clone_in_the_middle_of_xuezhan_plays_on_as_its_original():
    rng = random.Random(5)
    state = RoundState.new(XZ, 21)
    while not state.is_over and len(state.wins) < 1:
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        wins = [a for a in legal if a.kind in (A.HU, A.SELF_DRAW)]
        state.apply(wins[0] if wins else rng.choice(legal))
    twin = state.clone()
    assert twin.out == state.out and twin.voids == state.voids
    for r in (state, twin):
        play_out(r)
    assert twin.payments == state.payments and twin.scores == state.scores


def test_a_robbed_kong_leaves_the_pung_and_play_goes_on_after_the_robber():
    state = make_round(["55p123m456m789m12p9s", "5p111s222s333s444s", "234m567m888m33p46p",
                        "777p888p999p99m67s"], draws="9m1s2s3s5p", ruleset=NO_SWAP)
    declare(state, "spss")
    for text in ("0 discard 9s", "1 discard 5p", "0 peng 5p", "2 pass", "0 discard 2p",
                 "1 discard 1s", "2 discard 2s", "1 pass", "3 discard 3s", "1 pass"):
        act(state, text)
    assert state.current == 0 and state.drawn == tile("5p")
    act(state, "0 added_kong 5p")
    act(state, "2 hu 5p")
    win = state.wins[0]
    assert (win.seat, win.how.value, win.pattern.applicable) == (2, "rob_kong",
                                                                 ("basic", "robbed_kong"))
    assert state.payments[-1] == Payment(0, 2, 2, "basic")
    assert state.hands[0][tile("5p")] == 0 and state.discards[0][-1].tile == tile("5p")
    assert [m.kind for m in state.melds[0]] == ["peng"]
    assert state.phase is Phase.TURN and state.current == 3 and state.tile_count() == 108
