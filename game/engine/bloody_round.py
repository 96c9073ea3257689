"""血战到底 play on a round: 换三张 and 定缺 before the first turn, the void rule on a
seat's turn, wins that leave the others playing on, kong money (刮风下雨, 呼叫转移) and
the settlement of a wall run dry (查花猪, 查大叫, 退税).

The round's layers call these only for a ruleset with a "bloody" object, so the other
rulesets play exactly as before."""
from __future__ import annotations

from itertools import combinations

from . import actions as A
from . import events as E
from . import view as V
from .actions import Action, shared
from .bloody_score import WinContext, XuezhanScore, xuezhan_score
from .events import Event, WinKind
from .hands import waits
from .round_data import AFTER_DRAW, RoundData, WinRecord, pooled
from .scoring import PatternResult
from .tiles import NUM_KINDS

KONG_REASONS = ("direct_kong", "added_kong", "concealed_kong")
SWAP_OFFSETS = (1, 3, 2)   # to the next seat, to the seat before, across


def swap_offset(wall: tuple[int, ...]) -> int:
    """Where the three tiles go, decided by the wall (so by its seed): the rank of the
    wall's last tile, modulo 3, picks the next seat, the seat before or the one across."""
    return SWAP_OFFSETS[wall[-1] % 9 % 3]


def begin_setup(r: RoundData) -> None:
    """After the deal: 换三张 (if the ruleset plays it), then 定缺."""
    assert r.bloody is not None
    r.phase = V.SWAP if r.bloody.swap else V.VOID
    r.setup_answers = {}
    r.kong_income = [[] for _ in range(r.players)]


def setup_actions(r: RoundData, seat: int) -> tuple[Action, ...]:
    """A seat's choices in the setup phases: three tiles of one suit, or a void suit."""
    if seat in r.setup_answers:
        return ()
    if r.phase is V.VOID:
        return tuple(shared(seat, A.VOID, 9 * suit) for suit in range(3))
    hand, acts = r.hands[seat], []
    for base in (0, 9, 18):
        kinds = [k for k in range(base, base + 9) for _ in range(min(hand[k], 3))]
        acts += [shared(seat, A.SWAP, None, trio) for trio in sorted(set(combinations(kinds, 3)))]
    return tuple(acts)


def apply_setup(r: RoundData, action: Action) -> None:
    """Gather a setup decision; when every seat has chosen, carry them out together."""
    r.setup_answers[action.seat] = action
    if len(r.setup_answers) < r.players:
        return
    answers, r.setup_answers = r.setup_answers, {}
    if r.phase is V.SWAP:
        _swap(r, answers)
        r.phase = V.VOID
        return
    for seat in range(r.players):
        tile = answers[seat].tile
        assert tile is not None
        r.voids[seat] = tile // 9
        r.events.append(Event(E.VOID, seat, data=E.VoidData(tile // 9)))
    r.phase = V.TURN
    r.current = r.dealer
    r.turn_via = AFTER_DRAW
    r._after_tile_in(r.dealer)


def _swap(r: RoundData, answers: dict[int, Action]) -> None:
    offset = swap_offset(r.initial_wall)
    for seat, action in answers.items():
        for t in action.tiles:
            r.hands[seat][t] -= 1
    for seat, action in answers.items():
        to = (seat + offset) % r.players
        for t in action.tiles:
            r.hands[to][t] += 1
    for seat in range(r.players):
        got = answers[(seat - offset) % r.players].tiles
        r.events.append(Event(E.SWAP, seat, data=E.SwapData(offset, answers[seat].tiles, got),
                              secret=True))
    dealer_hand = r.hands[r.dealer]
    if r.drawn is not None and not dealer_hand[r.drawn]:
        r.drawn = answers[(r.dealer - offset) % r.players].tiles[-1]


def turn_actions(r: RoundData, seat: int) -> tuple[Action, ...]:
    """The seat on turn: win, kong (not of its void suit), discard — its void suit's
    tiles first, while it holds any. No 报听 in 血战到底."""
    hand, void = r.hands[seat], r.voids[seat]
    acts: list[Action] = []
    if r.turn_via == AFTER_DRAW and r._is_win(hand) and r._may_win(seat, hand):
        acts.append(shared(seat, A.SELF_DRAW, r.drawn))
    if len(r.wall) > 0:
        acts += [a for a in r._kong_actions(seat) if a.tile is not None and a.tile // 9 != void]
    kinds = [k for k in range(9 * void, 9 * void + 9) if hand[k]]
    if not kinds:
        kinds = [k for k in range(NUM_KINDS) if hand[k]]
    return (*acts, *(shared(seat, A.DISCARD, k) for k in kinds))


def note_kong(r: RoundData, seat: int) -> None:
    """A kong was paid for (刮风下雨): remember its money, for 杠上炮 and 退税."""
    new = tuple(p for p in r.payments[r.kong_seen:]
                if p.payee == seat and p.reason in KONG_REASONS)
    r.kong_seen = len(r.payments)
    r.last_kong = (seat, new)
    r.kong_income[seat] += new


def _context(r: RoundData, seat: int, how: WinKind, from_seat: int | None) -> WinContext:
    drawn = how == WinKind.SELF_DRAW
    untouched = not any(r.melds)
    return WinContext(
        self_drawn=drawn,
        kong_bloom=drawn and r.on_kong_draw,
        kong_shot=how == WinKind.DISCARD and r.last_kong is not None
        and r.last_kong[0] == from_seat,
        robbed_kong=how == WinKind.ROB_KONG,
        last_tile=drawn and len(r.wall) == 0,
        heavenly=drawn and seat == r.dealer and untouched and not any(r.discards),
        earthly=drawn and seat != r.dealer and untouched and not r.discards[seat],
    )


def settle_wins(r: RoundData, winners: list[int], how: WinKind, tile: int,
                from_seat: int | None) -> None:
    """Score and pay each winner, who then plays no more; the round goes on from the
    seat after the (last) winner until three seats have won or the wall is empty."""
    rules = r.bloody
    assert rules is not None
    for i, seat in enumerate(winners):
        hand = r.hands[seat][:]
        if how != WinKind.SELF_DRAW:
            hand[tile] += 1
        context = _context(r, seat, how, from_seat)
        score = xuezhan_score(hand, r.melds[seat], tile, context, r.ruleset)
        _record_win(r, seat, how, tile, from_seat, score, hand)
        r.out[seat] = True
        extra = int(context.self_drawn and rules.self_draw == "point")
        payers = [s for s in range(r.players) if not r.out[s]] if context.self_drawn \
            else [from_seat]
        for payer in payers:
            assert payer is not None
            r._pay(payer, seat, score.points - extra, score.name)
            r._pay(payer, seat, extra, "self_draw_point")
        if context.kong_shot and i == 0 and r.last_kong is not None:
            _transfer_kong(r, seat)
    if how == WinKind.ROB_KONG and from_seat is not None:
        # the robbed tile leaves the kong's hand; it lies in its pool, as won on
        r.hands[from_seat][tile] -= 1
        r.discards[from_seat].append(pooled(tile, False, False))
    r._legal = {}
    r.drawn = None
    if sum(r.out) >= r.players - 1:
        r.phase = V.ROUND_END
        return
    r.phase = V.TURN
    r._later(r._draw, r._next_in(winners[-1]))


def _record_win(r: RoundData, seat: int, how: WinKind, tile: int, from_seat: int | None,
                score: XuezhanScore, hand: list[int]) -> None:
    pattern = PatternResult(score.name, score.fan, tuple(name for name, _ in score.patterns))
    r.wins.append(WinRecord(seat, how, tile, from_seat, pattern,
                            tuple(k for k in range(NUM_KINDS) for _ in range(hand[k])),
                            tuple(r.melds[seat])))
    r.events.append(Event(E.WIN, seat, tile, E.WinData(how, from_seat, score.name, score.fan)))


def _transfer_kong(r: RoundData, winner: int) -> None:
    """呼叫转移: the kong's money goes on to who won on the discard after it."""
    assert r.last_kong is not None
    konger, money = r.last_kong
    r._pay(konger, winner, sum(p.amount for p in money), "kong_transfer")
    income = r.kong_income[konger]
    for p in money:
        if p in income:
            income.remove(p)
    r.last_kong = None


def best_points(r: RoundData, seat: int) -> int:
    """The most a ready seat's hand could win on a discard (0: not ready, or 花猪)."""
    hand = r.hands[seat]
    if not r._may_win(seat, hand):
        return 0
    best = 0
    for t in waits(hand, r.rules):
        if t // 9 == r.voids[seat]:
            continue
        hand[t] += 1
        best = max(best, xuezhan_score(hand, r.melds[seat], t, WinContext(), r.ruleset).points)
        hand[t] -= 1
    return best


def settle_draw(r: RoundData) -> None:
    """The wall is empty: 查花猪 (a seat holding its void suit pays every other seat still
    playing, that is not one, the capped points), 查大叫 (a seat not ready pays each ready
    one its hand's best points) and 退税 (a seat not ready gives back its kong money)."""
    rules = r.bloody
    assert rules is not None
    playing = [s for s in range(r.players) if not r.out[s]]
    pigs = [s for s in playing if not r._may_win(s, r.hands[s])]
    ready = {s: best_points(r, s) for s in playing if s not in pigs}
    for pig in pigs:
        for s in playing:
            if s not in pigs:
                r._pay(pig, s, rules.points(rules.cap_fan), "flower_pig")
    for s in playing:
        if s in ready and ready[s] == 0:
            for other, points in ready.items():
                if points:
                    r._pay(s, other, points, "not_ready")
    for s in playing:
        if not ready.get(s):
            for p in r.kong_income[s]:
                r._pay(s, p.payer, p.amount, "kong_refund")
            r.kong_income[s] = []
