"""国标麻将 played by the engine: flowers set aside and replaced (补花), the 8-fan minimum
on every win offered, one winner a discard, the official payments, the winds of a
16-hand match."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ai.levels import make_agent
from ai.seats import AgentSeat
from game.bench.random_play import play_medium_round
from game.engine import actions as A
from game.engine import gb_round
from game.engine.events import FLOWER, WinKind
from game.engine.gb_shapes import KNITTED, guobiao_win_test
from game.engine.hands import win_test
from game.engine.match import Match
from game.engine.mcr import BASE, is_legal_guobiao_win, mcr_fans, minimum_fan
from game.engine.melds import KONG_CONCEALED, PENG, Meld
from game.engine.round_data import pooled
from game.engine.scenario import scenario_wall
from game.engine.state import IllegalAction, RoundState
from game.engine.tiles import NUM_KINDS, parse_tiles, to_counts
from game.engine.win_context import Win
from game.play.driver import Driver, LoneRound
from game.rulesets import available_rulesets, load_ruleset
from game.wall_command import wall_text, wall_tiles

GB = load_ruleset("guobiao")
FLOWERS = list(range(NUM_KINDS, NUM_KINDS + 8))


def offered_wins(r: RoundState, seat: int) -> list[A.Action]:
    return [a for a in r.legal_actions(seat) if a.kind in (A.HU, A.SELF_DRAW)]


def check_offered_win(r: RoundState, action: A.Action) -> None:
    """An offered win is legal by the fan calculator, in the context the round gives."""
    seat, tile = action.seat, action.tile
    assert tile is not None
    hand = r.hands[seat][:]
    how = WinKind.SELF_DRAW if action.kind == A.SELF_DRAW else (
        WinKind.ROB_KONG if r.window is not None and r.window.kind == "rob_kong"
        else WinKind.DISCARD)
    if how != WinKind.SELF_DRAW:
        hand[tile] += 1
    concealed = tuple(k for k in range(NUM_KINDS) for _ in range(hand[k]))
    ctx = gb_round.context(r, seat, how, tile, hand)
    assert is_legal_guobiao_win(Win(concealed, tuple(r.melds[seat]), tile, ctx))


def plain_wall(*args, **kw) -> list[int]:
    """A scenario wall without its flowers (the tests place them themselves)."""
    return [t for t in scenario_wall(GB, *args, **kw) if t < NUM_KINDS]


def scenario_wall_with_flowers(hands: list[str], flowers_at: int = 20) -> list[int]:
    """A wall dealing `hands` (seat 0's 14 tiles first), the flowers later in the wall."""
    wall = plain_wall([parse_tiles(h) for h in hands])
    front = 14 + 3 * 13
    return wall[:front + flowers_at] + FLOWERS + wall[front + flowers_at:]


def scenario(hands: list[str]) -> RoundState:
    """A round dealing `hands`, seat 0 the dealer."""
    return RoundState(GB, scenario_wall_with_flowers(hands), 0)


def test_guobiao_is_offered():
    assert GB.wall_size == 144 and GB.guobiao is not None
    assert "guobiao" in available_rulesets()


HANDS = ["5m24689p13s234567z", "123m345p567s789s5z", "1112345678999m", "22334p44557799s"]


def test_the_wall_command_prints_the_flowers():
    words = wall_text(GB, 5).split()
    assert len(words) == 144 and sorted(w for w in words if w[0] == "f") == [
        f"f{n}" for n in range(1, 9)]
    assert RoundState.new(GB, 5).initial_wall == tuple(wall_tiles(GB, 5))


def test_a_win_under_8_fan_is_not_offered_nor_taken():
    """Seat 1 waits on 5z for a complete hand of 3 fan: never offered, refused if asked."""
    r = scenario(HANDS)
    five_z = parse_tiles("5z")[0]
    assert win_test(GB.hand_rules)(to_counts(parse_tiles("123m345p567s789s55z")))
    r.apply(A.Action(0, A.DISCARD, five_z))
    assert not any(offered_wins(r, s) for s in range(4))
    assert r.why_illegal(A.Action(1, A.HU, five_z)) is not None
    with pytest.raises(IllegalAction):
        r.apply(A.Action(1, A.HU, five_z))


def test_a_seat_that_may_pung_is_told_why_its_win_is_refused():
    """Seat 1 could 碰 the dealer's 5z, and the 5z completes its hand for 4 fan only."""
    r = scenario([HANDS[0], "123m345p567s88s55z", *HANDS[2:]])
    five_z = parse_tiles("5z")[0]
    r.apply(A.Action(0, A.DISCARD, five_z))
    assert r.seats_to_act() == [1] and offered_wins(r, 1) == []
    assert A.Action(1, A.PENG, five_z) in r.legal_actions(1)
    assert "8 fan besides the flowers" in r.why_illegal(A.Action(1, A.HU, five_z))


def test_a_win_over_8_fan_is_offered_and_paid():
    """Seat 2 wins 九莲宝灯 on the dealer's 5m: 8 + fan from the dealer, 8 from the others."""
    r = scenario(HANDS)
    five_m = parse_tiles("5m")[0]
    r.apply(A.Action(0, A.DISCARD, five_m))
    assert offered_wins(r, 2) == [A.Action(2, A.HU, five_m)]
    r.apply(A.Action(2, A.HU, five_m))
    for s in r.seats_to_act():
        r.apply(A.Action(s, A.PASS))
    assert r.is_over and r.wins[0].seat == 2 and r.wins[0].pattern.name == "nine_gates"
    fan = r.wins[0].pattern.fan
    assert r.scores == [-(BASE + fan), -BASE, 3 * BASE + fan, -BASE]
    assert {p.reason for p in r.payments} == {"base", "fan"}


@pytest.mark.parametrize("hand, offered", [("123m345p567s789s55z", False),
                                           ("123456789m345p55z", True)])
def test_a_self_draw_is_offered_only_from_8_fan_flowers_aside(hand, offered):
    """The dealer is dealt a complete hand and three flowers (a fan each, not counted
    toward the 8): 5 fan is not offered, 清龙 is."""
    tiles = parse_tiles(hand)
    filler = parse_tiles("777z")
    others = ("246p246s1234z666z", "1359p1359s23467z", "66789p678899s12z")
    wall = plain_wall([tiles[:11] + filler, *(parse_tiles(h) for h in others)],
                      replacements=tiles[11:])
    end = len(wall) - 3
    wall = wall[:11] + FLOWERS[:3] + wall[14:end] + filler + FLOWERS[3:] + wall[end:]
    r = RoundState(GB, wall, 0)
    assert r.flowers == [3, 0, 0, 0] and r.hand_of(0) == sorted(tiles)
    assert r.drawn == tiles[-1]
    wins = offered_wins(r, 0)
    assert wins == ([A.Action(0, A.SELF_DRAW, tiles[-1])] if offered else [])
    if offered:
        r.apply(wins[0])
        fan = r.wins[0].pattern.fan
        assert r.scores == [3 * (BASE + fan), -(BASE + fan), -(BASE + fan), -(BASE + fan)]
        assert "flower_tiles" in r.wins[0].pattern.applicable


def test_the_win_context_of_a_round():
    """Seat wind from the dealer, the prevailing wind, flowers, and 和绝张 counted from the
    winner's hand and what every seat can see (pools, melds face up)."""
    r = RoundState(GB, scenario_wall_with_flowers(HANDS), 2, round_wind=1)
    five_z = parse_tiles("5z")[0]
    hand = [0] * NUM_KINDS
    hand[five_z] = 1
    ctx = gb_round.context(r, 1, WinKind.SELF_DRAW, five_z, hand)
    assert (ctx.seat_wind, ctx.round_wind, ctx.self_drawn) == (3, 1, True)
    assert not ctx.fourth_tile and not ctx.last_tile and not ctx.kong_draw
    r.discards[0].extend([pooled(five_z, False, False)] * 2)
    assert not gb_round.context(r, 1, WinKind.SELF_DRAW, five_z, hand).fourth_tile
    r.melds[3].append(Meld(KONG_CONCEALED, (five_z,) * 4))   # face down: not seen
    assert not gb_round.context(r, 1, WinKind.SELF_DRAW, five_z, hand).fourth_tile
    r.melds[3][-1] = Meld(PENG, (five_z,) * 3, five_z, 0)
    r.discards[0].clear()
    assert gb_round.context(r, 1, WinKind.SELF_DRAW, five_z, hand).fourth_tile
    r.melds[3].clear()
    hand[five_z] = 2   # on a discard: the discard won on (in its pool) is counted once
    r.discards[3].append(pooled(five_z, False, False))
    r.discards[0].append(pooled(five_z, False, False))
    assert not gb_round.context(r, 1, WinKind.DISCARD, five_z, hand).fourth_tile
    r.discards[3].append(pooled(five_z, False, False))
    assert gb_round.context(r, 1, WinKind.DISCARD, five_z, hand).fourth_tile


def test_only_the_first_winner_after_the_discarder_wins():
    # seats 2 and 3 both win on 5m with 88 fan; seat 2 comes first after the dealer's 1
    r = scenario([*HANDS[:3], "123456789p111z5m"])
    five_m = parse_tiles("5m")[0]
    r.apply(A.Action(0, A.DISCARD, five_m))
    for s in list(r.seats_to_act()):
        wins = offered_wins(r, s)
        r.apply(wins[0] if wins else A.Action(s, A.PASS))
    assert [w.seat for w in r.wins] == [2]


def test_flowers_dealt_are_set_aside_and_replaced_from_the_back():
    wall = plain_wall([parse_tiles(h) for h in HANDS])
    wall = FLOWERS[:2] + wall[:14] + FLOWERS[2:] + wall[14:]   # the dealer is dealt two
    r = RoundState(GB, wall, 0)
    assert r.flowers == [2, 6, 0, 0]   # seat 1 was dealt the other six
    assert [sum(h) for h in r.hands] == [14, 13, 13, 13]
    assert sum(1 for e in r.events if e.kind == FLOWER) == 8
    assert r.tile_count() == 144
    assert r.view(1).flowers == tuple(r.flowers) and r.view(1).round_wind == 0


def test_special_shapes_win():
    test = guobiao_win_test(win_test(GB.hand_rules))
    assert test(to_counts(parse_tiles("19m19p19s12345677z")))
    assert test(to_counts(parse_tiles("147m258p369s12345z")))
    assert test(to_counts(list(KNITTED[0]) + parse_tiles("234s55z")))
    assert not test(to_counts(parse_tiles("19m19p19s1234566z")))
    assert not test(to_counts(parse_tiles("147m258p369s11234z")))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), dealer=st.integers(0, 3))
def test_random_guobiao_rounds(seed, dealer):
    """Random legal play: 144 tiles always, every flower once, zero-sum, every win offered
    legal by the calculator, one winner, and the payments of its fan."""
    rng = random.Random(seed)
    r = RoundState.new(GB, seed, dealer)
    while not r.is_over:
        seat = r.seats_to_act()[0]
        legal = r.legal_actions(seat)
        for win in (a for a in legal if a.kind in (A.HU, A.SELF_DRAW)):
            check_offered_win(r, win)
        wins = [a for a in legal if a.kind in (A.HU, A.SELF_DRAW)]
        r.apply(wins[0] if wins and rng.random() < 0.7 else rng.choice(legal))
        assert r.tile_count() == 144 and sum(r.scores) == 0
        assert sum(r.flowers) + sum(1 for t in r.wall if t >= NUM_KINDS) == 8
        if len(r.actions) == 10:
            twin = r.clone()
    check_settled(r)
    if len(r.actions) > 10:   # a clone taken midway plays on exactly as the original
        for action in r.actions[10:]:
            twin.apply(action)
        assert (twin.scores, twin.flowers, twin.events) == (r.scores, r.flowers, r.events)


def check_settled(r: RoundState) -> None:
    assert len(r.wins) <= 1 and sum(r.scores) == 0
    assert not any(a.ready for a in r.actions), "国标 has no 报听"
    if not r.wins:
        assert r.scores == [0, 0, 0, 0]
        return
    w = r.wins[0]
    fan = w.pattern.fan
    ctx = gb_round.context(r, w.seat, w.how, w.tile, to_counts(w.hand))
    fans = mcr_fans(Win(w.hand, w.melds, w.tile, ctx))
    assert minimum_fan(fans) >= 8
    if w.how == WinKind.SELF_DRAW:
        expected = [-(BASE + fan)] * 4
    else:
        expected = [-BASE] * 4
        assert w.from_seat is not None
        expected[w.from_seat] = -(BASE + fan)
    expected[w.seat] = -sum(expected) + expected[w.seat]
    assert r.scores == expected


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_medium_plays_guobiao(seed):
    r = RoundState.new(GB, seed, seed % 4)
    play_medium_round(r, random.Random(seed))
    assert r.is_over and r.tile_count() == 144
    check_settled(r)


def test_every_ai_level_plays_guobiao_within_the_legal_actions():
    """Hard, Medium and Easy at one table: strict, so any action not offered would raise."""
    r = RoundState.new(GB, 1, 0)
    seats = [AgentSeat(make_agent(level, i)) for i, level in
             enumerate(("hard", "medium", "easy", "medium"))]
    Driver(LoneRound(r), seats, strict=True, explained=False).run_round()
    assert r.is_over and r.tile_count() == 144
    check_settled(r)


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_winds_over_a_16_hand_match(seed):
    """The deal passes on after every hand, the prevailing wind turns every 4; the match
    replays from its record."""
    m = Match(GB, seed, 16)
    rng = random.Random(seed)
    seen = []
    while True:
        r = m.round
        seen.append((r.dealer, r.round_wind))
        assert r.view(1).round_wind == r.round_wind
        while not r.is_over:
            seat = r.seats_to_act()[0]
            m.apply(rng.choice(r.legal_actions(seat)))
        check_settled(r)
        if m.is_over:
            break
        m.start_next_hand()
    assert seen == [(n % 4, n // 4) for n in range(16)]
    assert sum(m.totals) == 0
    again = Match.from_record(m.to_record(), GB)
    assert again.totals == m.totals and again.history == m.history
    assert again.round.round_wind == 3 and again.round.flowers == m.round.flowers
