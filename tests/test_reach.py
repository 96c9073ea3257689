"""The exact reach search behind Hard: agrees with a brute-force recursion, with closed
forms, and its shanten shortcut agrees with the engine's."""
from __future__ import annotations

import functools
import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.reach import Odds, ReachSearch, near_kinds
from ai.shanten_steps import NONE, ShantenSteps
from game.engine.hands import DEFAULT_RULES, HandRules, shanten
from game.engine.hands_many import shanten_many
from game.engine.tiles import parse_counts
from game.rulesets import available_rulesets, load_ruleset


def unseen_of(hand: list[int], kinds: int = 27) -> np.ndarray:
    return np.array([4 - hand[k] if k < kinds else 0 for k in range(34)], dtype=np.int16)


def brute_force(hand: list[int], unseen: np.ndarray, draws: int) -> float:
    """Chance of completing `hand` within `draws` draws when every advancing draw takes
    the best discard and every other draw is thrown back (the search without swaps)."""
    total = int(unseen.sum())
    held = list(hand)

    @functools.cache
    def value(h: tuple[int, ...], t: int) -> float:
        if t == 0:
            return 0.0
        cur = list(h)
        s = shanten(cur)
        near = near_kinds(np.array([cur], dtype=np.int8), None)[0]
        won, stay = 0.0, 1.0
        for k in range(34):
            left = int(unseen[k]) - max(0, cur[k] - held[k])
            if left <= 0 or cur[k] >= 4 or not near[k]:
                continue
            cur[k] += 1
            if shanten(cur) < s:
                p = left / total
                stay -= p
                best = 1.0 if s == 0 else 0.0
                for d in range(34):
                    if s > 0 and cur[d]:
                        cur[d] -= 1
                        if shanten(cur) == s - 1:
                            best = max(best, value(tuple(cur), t - 1))
                        cur[d] += 1
                won += p * best
            cur[k] -= 1
        return won + stay * value(h, t - 1)

    return value(tuple(hand), draws)


@pytest.mark.parametrize("text", ["123456789m1235p", "123456m12p45s789s", "1133557799m135p",
                                  "2345m678p111999s"])
@pytest.mark.parametrize("draws", [1, 2, 3])
def test_search_without_swaps_equals_brute_force(text, draws):
    hand = parse_counts(text)
    unseen = unseen_of(hand)
    search = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), draws, improve_caps=())
    got = search.values(np.array([hand], dtype=np.int8))
    assert got is not None
    assert got[0] == pytest.approx(brute_force(hand, unseen, draws), abs=1e-12)


def test_a_ready_hand_follows_the_closed_form():
    hand = parse_counts("123456789m1199p")    # waits 1p and 9p: 2 + 2 copies
    unseen = unseen_of(hand)
    n = float(unseen.sum())
    for draws in (1, 5, 17):
        search = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), draws, improve_caps=())
        got = search.values(np.array([hand], dtype=np.int8))
        assert got is not None
        assert got[0] == pytest.approx(1 - (1 - 4 / n) ** draws)


def test_swaps_only_add_value_and_a_chance_stays_below_one():
    hands = np.array([parse_counts(t) for t in
                      ["1235m456p789s119p", "123m456p789s1p3p58s", "13m46p79s11s22p358m"]],
                     dtype=np.int8)
    held = hands.max(axis=0)
    unseen = np.maximum(0, 4 - held).astype(np.int16)
    unseen[27:] = 0
    plain = ReachSearch(DEFAULT_RULES, unseen, held, 12, improve_caps=()).values(hands)
    swapping = ReachSearch(DEFAULT_RULES, unseen, held, 12).values(hands)
    assert plain is not None and swapping is not None
    assert np.all(swapping >= plain - 1e-12)
    assert np.all((swapping >= 0) & (swapping <= 1))
    assert np.any(swapping > plain + 1e-6)


def test_more_draws_more_value_and_table_odds_act_their_way():
    hand = parse_counts("123m456p789s1p3p58s")
    hands = np.array([hand], dtype=np.int8)
    unseen = unseen_of(hand)

    def value(draws: int, odds: Odds | None = None) -> float:
        odds = odds or Odds()
        got = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), draws, odds).values(hands)
        assert got is not None
        return float(got[0])

    by_draws = [value(t) for t in range(12)]
    assert by_draws[0] == 0.0
    assert all(a < b for a, b in itertools.pairwise(by_draws[2:]))
    assert value(10, Odds(hazard=0.1)) < value(10) < value(10, Odds(step=1.5, final=2.0))


def test_win_values_scale_the_result():
    hand = parse_counts("123456789m1199p")
    unseen = unseen_of(hand)
    hands = np.array([hand], dtype=np.int8)
    one = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), 8).values(hands)
    double = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), 8,
                         win_value=lambda wins: np.full(len(wins), 2.0)).values(hands)
    assert one is not None and double is not None
    assert double[0] == pytest.approx(2 * one[0])


def test_a_self_draw_and_a_discard_win_are_paid_apart():
    hand = parse_counts("123456789m1199p")    # waits 1p and 9p: 2 + 2 copies
    unseen = unseen_of(hand)
    hands = np.array([hand], dtype=np.int8)
    rate = 4 * 2.0 / float(unseen.sum())       # own draw + the others' discards: twice

    def value(odds: Odds) -> float:
        got = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), 1, odds,
                          win_value=lambda wins: np.full(len(wins), 2.0)).values(hands)
        assert got is not None
        return float(got[0])

    # half the winning draws are the own draw: 3 payers × (2 + 1); the rest 0.5 × 2
    paid = value(Odds(final=2.0, self_draw=(3.0, 1.0), discard_win=0.5))
    assert paid == pytest.approx(rate * (0.5 * 3.0 * 3.0 + 0.5 * 0.5 * 2.0))
    assert value(Odds(final=2.0)) == pytest.approx(rate * 2.0)


@pytest.mark.parametrize("text", ["123m456p789s1p3p58s", "1235m456p789s119p"])
def test_the_chance_of_winning_is_the_plain_search_whatever_the_pay(text):
    hand = parse_counts(text)
    unseen = unseen_of(hand)
    hands = np.array([hand], dtype=np.int8)
    paid = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), 9,
                       Odds(final=2.0, self_draw=(3.0, 1.0), discard_win=0.5, escape=0.3),
                       win_value=lambda wins: np.full(len(wins), 4.0))
    plain = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), 9, Odds(final=2.0))
    found, chances = paid.values_and_chances(hands) or (None, None)
    assert found is not None and chances is not None
    assert chances[0] == pytest.approx(plain.values(hands)[0])
    assert 0 < chances[0] < 1 < found[0]


def test_a_win_with_draws_left_is_worth_the_escape_per_draw():
    hand = parse_counts("123456789m1199p")
    unseen = unseen_of(hand)
    hands = np.array([hand], dtype=np.int8)
    rate = 4 / float(unseen.sum())

    def value(draws: int, escape: float) -> float:
        got = ReachSearch(DEFAULT_RULES, unseen, np.array(hand), draws,
                          Odds(escape=escape), improve_caps=()).values(hands)
        assert got is not None
        return float(got[0])

    # won at the first of two draws: one draw left (escape 0.5); at the second: none
    assert value(2, 0.5) == pytest.approx(rate * 1.5 + (1 - rate) * rate)
    assert value(1, 0.5) == pytest.approx(value(1, 0.0))
    assert value(6, 0.5) > value(6, 0.0)


def test_a_tree_over_the_node_cap_gives_up():
    hand = parse_counts("159m159p159s2468m")
    search = ReachSearch(DEFAULT_RULES, unseen_of(hand), np.array(hand), 17, node_cap=5)
    assert search.values(np.array([hand], dtype=np.int8)) is None


RULES = sorted({load_ruleset(r).hand_rules for r in available_rulesets()}
               | {HandRules(seven_pairs=False), HandRules(quads_as_two_pairs=False)}, key=repr)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(RULES), st.randoms(use_true_random=False))
def test_shanten_steps_agree_with_the_engine(rules, rnd):
    tiles = [k for k in range(34) for _ in range(4)]
    hands = np.zeros((8, 34), dtype=np.int8)
    for h in hands:
        for k in rnd.sample(tiles, 13):
            h[k] += 1
    rows, drawn, discarded = [], [], []
    for _ in range(200):
        r = rnd.randrange(8)
        d = rnd.choice([k for k in range(34) if hands[r, k] < 4] + [NONE])
        held = [k for k in range(34) if hands[r, k] + (k == d) > 0]
        x = rnd.choice(held + [NONE]) if d != NONE else NONE
        rows.append(r)
        drawn.append(d)
        discarded.append(x)
    steps = ShantenSteps(rules, hands)
    args = np.array(rows), np.array(drawn), np.array(discarded)
    assert np.array_equal(steps(*args), shanten_many(steps.build(*args), rules))
