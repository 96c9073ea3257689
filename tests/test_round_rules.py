"""Every claim, priority, kong, 报听 and payment rule of RULES.md, on hands written in notation."""
import pytest

from game.engine.actions import Action
from game.engine.events import DiscardData
from game.engine.state import IllegalAction, Phase, RoundState
from tests.engine_helpers import act, make_round, pass_claims, texts, tile, until_turn_of

# Seat 0 (dealer) discards 5m first. Seat 1 (下家) can chi it, seat 2 can peng it,
# seat 3 holds 4m6m too but is seat 0's 上家, so it may not chi.
CLAIM_HANDS = [
    "5m19m258p369p147s58s",
    "46m28m147p258s369s",
    "55m19m369p147p258s",
    "46m28m258p147s369s",
]


def test_deal_gives_dealer_fourteen_and_others_thirteen():
    r = make_round(CLAIM_HANDS)
    assert [sum(h) for h in r.hands] == [14, 13, 13, 13]
    assert len(r.wall) == 108 - 53
    assert r.phase is Phase.TURN and r.current == 0
    assert r.tile_count() == 108


def test_chi_only_from_upper_seat_and_every_option_offered():
    r = make_round(CLAIM_HANDS)
    act(r, "0 discard 5m")
    assert r.phase is Phase.CLAIM
    assert sorted(r.seats_to_act()) == [1, 2]
    assert texts(r.legal_actions(1)) == ["1 chi 5m 46m", "1 pass"]
    assert texts(r.legal_actions(2)) == ["2 peng 5m", "2 pass"]
    assert r.legal_actions(3) == []


def test_peng_beats_chi_and_answers_are_gathered_first():
    r = make_round(CLAIM_HANDS)
    act(r, "0 discard 5m")
    act(r, "1 chi 5m 46m")
    assert r.phase is Phase.CLAIM, "a chi must wait for the other answers"
    act(r, "2 peng 5m")
    assert r.phase is Phase.TURN and r.current == 2 and r.drawn is None
    assert r.melds[2][0].kind == "peng" and r.melds[2][0].from_seat == 0
    assert r.melds[1] == []
    assert r.scores == [-2, 0, 2, 0]
    assert r.discards[0][-1].claimed_by == 2


def test_chi_wins_when_peng_passes_and_pays_one():
    r = make_round(CLAIM_HANDS)
    act(r, "0 discard 5m")
    act(r, "2 pass")
    act(r, "1 chi 5m 46m")
    assert r.current == 1 and r.melds[1][0].tiles == (tile("4m"), tile("5m"), tile("6m"))
    assert r.scores == [-1, 1, 0, 0]
    # after a claim there is no self-draw, only discards (and kongs)
    assert all(a.kind == "discard" for a in r.legal_actions(1))


def test_chi_then_same_tile_discard_refunds_the_chi():
    hands = ["5m19m258p369p147s58s", "465m8m147p258s369s", "55m19m369p147p258s",
             "46m28m258p147s369s"]
    r = make_round(hands)
    act(r, "0 discard 5m")
    act(r, "2 pass")
    act(r, "1 chi 5m 46m")
    assert r.scores == [-1, 1, 0, 0]
    act(r, "1 discard 5m")
    assert r.scores == [0, 0, 0, 0]
    assert [p.reason for p in r.payments] == ["chi", "chi_refund"]


def test_all_pass_gives_the_next_seat_a_draw():
    r = make_round(CLAIM_HANDS, draws="9s")
    act(r, "0 discard 5m")
    act(r, "1 pass")
    act(r, "2 pass")
    assert r.phase is Phase.TURN and r.current == 1 and r.drawn == tile("9s")
    assert sum(r.hands[1]) == 14


# Seat 0 discards 5p: seats 1 and 2 both win on it, seat 3 could peng it.
MULTI_HU_HANDS = [
    "5p19p28p19s28s37s4s6s5s",
    "123456789m123s5p",
    "123456789m46p99s",
    "55p147m258s369s19p",
]


def test_several_winners_on_one_discard():
    r = make_round(MULTI_HU_HANDS)
    act(r, "0 discard 5p")
    assert texts(r.legal_actions(1)) == ["1 hu 5p", "1 pass"]
    assert texts(r.legal_actions(3)) == ["3 peng 5p", "3 pass"]
    act(r, "3 peng 5p")
    act(r, "1 hu 5p")
    assert not r.is_over, "seat 2 has not answered yet"
    act(r, "2 hu 5p")
    assert r.is_over
    assert [(w.seat, w.pattern.name, w.pattern.fan) for w in r.wins] == [
        (1, "basic", 6), (2, "basic", 6)]
    assert r.scores == [-12, 6, 6, 0]
    assert r.melds[3] == []


def test_hu_beats_peng_with_one_winner():
    r = make_round(MULTI_HU_HANDS)
    act(r, "0 discard 5p")
    act(r, "1 pass")
    act(r, "3 peng 5p")
    act(r, "2 hu 5p")
    assert [w.seat for w in r.wins] == [2]
    assert r.scores == [-6, 0, 6, 0]
    assert r.tile_count() == 108


def test_illegal_actions_are_refused_with_a_reason():
    r = make_round(CLAIM_HANDS)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        act(r, "1 discard 4m")
    with pytest.raises(IllegalAction, match="holds no"):
        act(r, "0 discard 7m")
    with pytest.raises(IllegalAction, match="does not leave the hand ready"):
        act(r, "0 discard 5m ready")
    act(r, "0 discard 5m")
    with pytest.raises(IllegalAction, match="not among the legal"):
        act(r, "2 chi 5m 46m")
    act(r, "1 pass")
    with pytest.raises(IllegalAction, match="already answered"):
        act(r, "1 chi 5m 46m")
    assert r.phase is Phase.CLAIM and r.scores == [0, 0, 0, 0]


# Seat 1 holds a concealed triplet of 7s; seat 0 discards 7s.
KONG_HANDS = [
    "7s19m28m369p147p59s4m",
    "777s147m258p369p1s",
    "369m147p258p123s4s",
    "123m456p789p11s89s",
]
NO_ROBBER = "258m369m1p4s6s9s2s5s8p"


def test_direct_kong_pays_four_and_draws_from_the_back():
    r = make_round([*KONG_HANDS[:3], NO_ROBBER],
                   replacements="3s")
    act(r, "0 discard 7s")
    assert texts(r.legal_actions(1)) == ["1 kong 7s", "1 peng 7s", "1 pass"]
    act(r, "1 kong 7s")
    assert r.current == 1 and r.drawn == tile("3s")
    assert r.scores == [-4, 4, 0, 0]
    assert r.melds[1][0].kind == "kong_direct"


def test_peng_then_kong_in_the_same_turn_settles_as_one_direct_kong():
    # [decision] 4 in total from the discarder: the peng's 2, then 2 more for the kong
    r = make_round([*KONG_HANDS[:3], NO_ROBBER],
                   replacements="3s")
    act(r, "0 discard 7s")
    act(r, "1 peng 7s")
    assert "1 added_kong 7s" in texts(r.legal_actions(1))
    act(r, "1 added_kong 7s")
    assert r.current == 1 and r.drawn == tile("3s")
    assert r.scores == [-4, 4, 0, 0]
    assert [(p.reason, p.amount) for p in r.payments] == [("peng", 2), ("direct_kong", 2)]


def test_same_turn_kong_cannot_be_robbed_by_a_seat_that_declined_that_tile():
    # seat 3 waits on 7s and passed 胡 on the discard: the same-turn kong is not its to rob
    r = make_round(KONG_HANDS, replacements="3s")
    act(r, "0 discard 7s")
    act(r, "3 pass")
    act(r, "1 peng 7s")
    act(r, "1 added_kong 7s")
    assert r.phase is Phase.TURN and r.current == 1 and r.drawn == tile("3s")
    assert r.melds[1][0].kind == "kong_added" and r.scores == [-4, 4, 0, 0]


def test_a_kong_in_between_keeps_the_peng_upgrade_in_the_same_turn():
    # a turn goes on after a kong's replacement draw: peng 7s, 暗杠 6s, then the upgrade is
    # still the same turn, so it settles as one 直杠 and seat 3 (who passed 胡 on 7s) may
    # not rob it
    hands = [KONG_HANDS[0], "777s6666s58p369p1s", KONG_HANDS[2], KONG_HANDS[3]]
    r = make_round(hands, replacements="3s4s")
    act(r, "0 discard 7s")
    act(r, "3 pass")
    act(r, "1 peng 7s")
    act(r, "1 concealed_kong 6s")
    act(r, "1 added_kong 7s")
    assert r.phase is Phase.TURN and r.current == 1 and r.drawn == tile("4s")
    assert [(p.amount, p.reason) for p in r.payments if p.payer == 0] == [
        (2, "peng"), (3, "concealed_kong"), (2, "direct_kong")]
    assert r.scores == [-7, 13, -3, -3]


def test_a_peng_of_a_pair_upgraded_after_a_replacement_draw_is_an_added_kong():
    # the 4th 7s comes with the 暗杠's replacement draw: the claimer did not hold the
    # triplet, so the upgrade is a 补杠 (1 from each), still not robbable by seat 3
    hands = [KONG_HANDS[0], "77s6666s58p369p1s2s", KONG_HANDS[2], KONG_HANDS[3]]
    r = make_round(hands, replacements="7s4s")
    act(r, "0 discard 7s")
    act(r, "3 pass")
    act(r, "1 peng 7s")
    act(r, "1 concealed_kong 6s")
    assert r.drawn == tile("7s")
    act(r, "1 added_kong 7s")
    assert r.phase is Phase.TURN and r.drawn == tile("4s")
    assert [(p.payer, p.amount) for p in r.payments if p.reason == "added_kong"] == [
        (0, 1), (2, 1), (3, 1)]
    assert "direct_kong" not in [p.reason for p in r.payments]


def test_same_turn_kong_robbed_by_the_discarder_pays_nothing_and_the_peng_stands():
    # seat 0 waits on 7s after discarding it: it never declined 胡 on that tile, so it may rob
    hands = ["123m456m789m11p68s7s", *KONG_HANDS[1:3], NO_ROBBER]
    r = make_round(hands, replacements="3s")
    act(r, "0 discard 7s")
    act(r, "1 peng 7s")
    act(r, "1 added_kong 7s")
    assert texts(r.legal_actions(0)) == ["0 hu 7s", "0 pass"]
    act(r, "0 hu 7s")
    assert (r.wins[0].how, r.wins[0].from_seat) == ("rob_kong", 1)
    assert [(p.payer, p.payee, p.amount, p.reason) for p in r.payments] == [
        (0, 1, 2, "peng"), (1, 0, 6, "basic")]
    assert r.melds[1][0].kind == "peng"


def test_added_kong_on_a_later_turn_pays_one_from_each():
    hands = [KONG_HANDS[0], "77s147m258p369p1s2s", KONG_HANDS[2], NO_ROBBER]
    r = make_round(hands, draws="5m5m5m7s", replacements="3s")
    act(r, "0 discard 7s")
    act(r, "1 peng 7s")
    act(r, "1 discard 2s")
    until_turn_of(r, 1)
    assert r.drawn == tile("7s")
    act(r, "1 added_kong 7s")
    kong_payments = [p for p in r.payments if p.reason == "added_kong"]
    assert [(p.payer, p.payee, p.amount) for p in kong_payments] == [(0, 1, 1), (2, 1, 1), (3, 1, 1)]
    assert r.melds[1][0].kind == "kong_added"


LATER_KONG_HANDS = [KONG_HANDS[0], "77s147m258p369p1s2s", KONG_HANDS[2], KONG_HANDS[3]]


def later_added_kong(replacements: str = "") -> RoundState:
    """Seat 1 pengs 7s, then draws the fourth 7s on a later turn and adds it to the peng;
    seat 3 (waiting on 7s with 89s) passed the discard."""
    r = make_round(LATER_KONG_HANDS, draws="5m5m5m7s", replacements=replacements)
    act(r, "0 discard 7s")
    act(r, "3 pass")
    act(r, "1 peng 7s")
    act(r, "1 discard 2s")
    until_turn_of(r, 1)
    assert r.drawn == tile("7s")
    act(r, "1 added_kong 7s")
    return r


def test_added_kong_can_be_robbed_and_the_robbed_seat_pays():
    # a later turn: seat 3's pass on the discard no longer counts, it may rob
    r = later_added_kong()
    assert r.phase is Phase.CLAIM and texts(r.legal_actions(3)) == ["3 hu 7s", "3 pass"]
    act(r, "3 hu 7s")
    assert r.is_over
    win = r.wins[0]
    assert (win.seat, win.how, win.from_seat) == (3, "rob_kong", 1)
    assert r.scores == [-2, 2 - win.pattern.fan, 0, win.pattern.fan]
    assert r.melds[1][0].kind == "peng", "a robbed kong is cancelled"
    assert r.tile_count() == 108


def test_robbing_passed_completes_the_kong():
    r = later_added_kong(replacements="3s")
    act(r, "3 pass")
    assert r.phase is Phase.TURN and r.current == 1 and r.drawn == tile("3s")
    assert r.melds[1][0].kind == "kong_added"
    assert [p.amount for p in r.payments if p.reason == "added_kong"] == [1, 1, 1]


def after_chi_of_5m() -> RoundState:
    """Seat 1 chows 5m with 46m, keeping another 5m and four 7m in hand."""
    hands = ["5m19m258p369p147s58s", "456m7777m147p258s", "55m19m369p147p258s",
             "46m28m258p147s369s"]
    r = make_round(hands, replacements="9s")
    act(r, "0 discard 5m")
    act(r, "2 pass")
    act(r, "1 chi 5m 46m")
    return r


def test_chi_refund_is_judged_on_the_first_discard_even_after_a_kong():
    r = after_chi_of_5m()
    act(r, "1 concealed_kong 7m")
    assert r.scores == [-4, 10, -3, -3]
    act(r, "1 discard 5m")
    assert r.scores == [-3, 9, -3, -3]
    assert [p.reason for p in r.payments][-1] == "chi_refund"


def test_no_chi_refund_when_the_first_discard_is_another_tile():
    r = after_chi_of_5m()
    act(r, "1 discard 2s")
    pass_claims(r)
    until_turn_of(r, 1)
    act(r, "1 discard 5m")
    assert "chi_refund" not in [p.reason for p in r.payments]


def test_no_kong_of_any_kind_on_an_empty_wall():
    r = make_round(KONG_HANDS, replacements="3s")
    while len(r.wall):  # the last tile is gone: no replacement for a kong
        r.wall.draw()
    act(r, "0 discard 7s")
    assert "1 kong 7s" not in texts(r.legal_actions(1))
    act(r, "3 pass")
    act(r, "1 peng 7s")
    assert not [a for a in r.legal_actions(1) if "kong" in a.kind]


def test_concealed_kong_pays_three_from_each_and_cannot_be_robbed():
    hands = ["8888s19m28m369p147p", *KONG_HANDS[1:3], NO_ROBBER]
    r = make_round(hands, replacements="3s")
    act(r, "0 concealed_kong 8s")
    assert r.phase is Phase.TURN and r.current == 0 and r.drawn == tile("3s")
    assert r.scores == [9, -3, -3, -3]
    other = r.view(1).melds[0][0]
    assert other.tiles == () and r.view(0).melds[0][0].tiles == (tile("8s"),) * 4


# Seat 0 discards 9p declaring 报听: 123m456m789m11p23s waits on 1s and 4s.
READY_HANDS = [
    "123m456m789m11p23s9p",
    "147m258p369s258s1p",
    "258m147p369p258s9m",
    "369m369p147s58s6m7m",
]


def test_ready_declaration_pays_one_from_each_and_locks_the_hand():
    r = make_round(READY_HANDS, draws="6p8s8m5p6p7s8m4s")
    assert "0 discard 9p ready" in texts(r.legal_actions(0))
    assert "0 discard 1m ready" not in texts(r.legal_actions(0))
    act(r, "0 discard 9p ready")
    assert r.ready[0] and r.ready_waits[0] == (tile("1s"), tile("4s"))
    assert r.scores == [3, -1, -1, -1]
    until_turn_of(r, 0)
    # seat 0 drew 5p, which cannot win and allows no kong: it was discarded automatically
    auto = [e for e in r.events if isinstance(e.data, DiscardData) and e.data.auto]
    assert [(e.seat, e.tile) for e in auto] == [(0, tile("5p"))]
    until_turn_of(r, 0)
    assert r.is_over, "the winning 4s is taken automatically"
    win = r.wins[0]
    assert (win.seat, win.how, win.tile) == (0, "tsumo", tile("4s"))
    assert r.scores == [3 + 18, -7, -7, -7]


def test_ready_hand_wins_automatically_on_a_discard():
    r = make_round(READY_HANDS, draws="1s")
    act(r, "0 discard 9p ready")
    pass_claims(r)
    act(r, "1 discard 1s")
    assert r.is_over and r.wins[0].seat == 0 and r.wins[0].how == "discard"
    assert r.scores == [3 + 6, -1 - 6, -1, -1]


def test_ready_hand_may_kong_only_when_the_waits_stay():
    others = ["147m258p369s258s4p", "258m447p369p258s9m", READY_HANDS[3]]
    keeps = ["123m456m789m111p2s9p", *others]
    r = make_round(keeps, draws="6p8s8m1p")
    act(r, "0 discard 9p ready")
    until_turn_of(r, 0)
    assert texts(r.legal_actions(0)) == ["0 discard 1p", "0 concealed_kong 1p"]
    changes = ["123m456m789m1112p9p", *others]
    r = make_round(changes, draws="6p8s8m1p")
    act(r, "0 discard 9p ready")
    until_turn_of(r, 0, stop=lambda state: len(state.discards[0]) == 2)
    # 1p cannot win and the kong would change the waits (2p3p -> 2p): discarded at once
    assert r.discards[0][-1].tile == tile("1p") and r.discards[0][-1].auto


def test_ready_hand_may_not_kong_tiles_it_held_instead_of_discarding_the_draw():
    # 2245m123p555567s waits on 3m6m; with 8s drawn, a 暗杠 of 5555s would keep the same
    # waits (22m 45m 123p 678s) but keep the drawn 8s: the locked hand discards it instead
    hands = ["2245m123p555567s9p", "147m258p369s1p2s8s9m", "258m147p369p1s3s8m9m",
             "369m369p147s9s4m6m7m"]
    r = make_round(hands, draws="6p8s8m8s")
    act(r, "0 discard 9p ready")
    assert r.ready_waits[0] == (tile("3m"), tile("6m"))
    until_turn_of(r, 0, stop=lambda state: len(state.discards[0]) == 2)
    assert r.discards[0][-1].tile == tile("8s") and r.discards[0][-1].auto
    assert r.melds[0] == []


def test_self_draw_is_paid_by_each_other_seat():
    r = make_round(READY_HANDS, draws="6p8s8m1s")
    act(r, "0 discard 9p")
    until_turn_of(r, 0)
    assert texts(r.legal_actions(0))[0] == "0 tsumo 1s"
    act(r, "0 tsumo 1s")
    assert r.scores == [18, -6, -6, -6]


def test_auto_play_wins_whenever_it_can():
    r = make_round(READY_HANDS, draws="1s")
    act(r, "0 discard 9p")
    act(r, "0 auto on")
    pass_claims(r)
    act(r, "1 discard 1s")
    assert r.is_over and r.wins[0].seat == 0


def test_exhaustive_draw_ends_without_settlement():
    r = make_round(CLAIM_HANDS)
    act(r, "0 discard 5m")
    pass_claims(r)
    while not r.is_over:
        until_turn_of(r, -1)
    assert r.wins == [] and len(r.wall) == 0
    assert all(p.reason in ("chi", "peng", "direct_kong", "added_kong", "concealed_kong", "ready",
                            "chi_refund") for p in r.payments)
    assert sum(r.scores) == 0
    assert r.events[-1].kind == "exhausted"


def test_views_hide_other_hands_and_draws():
    r = make_round(CLAIM_HANDS, draws="9s")
    v = r.view(1)
    assert v.hand_sizes == (14, 13, 13, 13) and len(v.hand) == 13 and v.drawn is None
    act(r, "0 discard 5m")
    pass_claims(r)
    assert r.view(1).drawn == tile("9s") and r.view(2).drawn is None
    hidden = [e.seen_by(2) for e in r.events if e.kind == "draw"]
    assert hidden[-1].tile is None and [e.seen_by(1) for e in r.events][-1].tile == tile("9s")


def test_action_text_round_trip():
    for text in ["0 discard 5m", "1 discard 9p ready", "2 chi 3m 45m", "3 pass", "1 hu 7p",
                 "0 concealed_kong 9s", "2 added_kong 4p", "1 tsumo 3s", "0 auto on"]:
        assert Action.from_text(text).to_text() == text
