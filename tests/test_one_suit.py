"""Hard's second reading of a 血战到底 hand: its chance and value of completing as 清一色
in its longest suit (ai.one_suit), by ai.reach's search on the hand with every tile
outside that suit turned into a dead honour."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.one_suit import HONOURS, one_suit_hands, one_suit_values
from ai.reach import ReachSearch
from ai.win_values import MeldShape, win_fans
from game.engine.tiles import NUM_KINDS, parse_counts
from game.rulesets import load_ruleset

XZ = load_ruleset("xuezhan")


def discards(text: str) -> tuple[list[int], np.ndarray, np.ndarray]:
    """A 14-tile hand: the kinds it may discard and the 13-tile hands each leaves."""
    hand = parse_counts(text)
    kinds = [k for k in range(NUM_KINDS) if hand[k]]
    rows = np.array([[c - (k == d) for k, c in enumerate(hand)] for d in kinds], dtype=np.int8)
    return kinds, rows, np.array(hand, dtype=np.int16)


def search(held: np.ndarray, seen: list[np.ndarray] | None = None) -> ReachSearch:
    """The search Hard runs for a 血战 hand: wins valued by their points."""
    unseen = np.array([4 - held[k] if k < HONOURS else 0 for k in range(NUM_KINDS)],
                      dtype=np.int16)

    def points(wins: np.ndarray) -> np.ndarray:
        if seen is not None:
            seen.append(wins.copy())
        return win_fans(wins, MeldShape(), XZ)
    return ReachSearch(XZ.hand_rules, unseen, held, 18, win_value=points)


def test_a_long_suit_reads_as_one_suit_worth_more_than_its_ordinary_hand() -> None:
    kinds, rows, held = discards("112345678999s58m")     # twelve bamboo, 5m and 8m
    wins: list[np.ndarray] = []
    s = search(held, seen=wins)
    ordinary = s.values(rows)
    assert ordinary is not None
    wins.clear()
    flush, chances = one_suit_values(s, rows, MeldShape(), void=-1)
    off = [i for i, k in enumerate(kinds) if k < 18]       # throwing a character away
    assert all(flush[i] > ordinary[i] > 0 for i in off)
    assert all(0 < chances[i] < 1 and flush[i] >= 4 * chances[i] for i in off)
    # every hand the second search completes is all bamboo: 清一色, 4 points or more
    done = np.concatenate(wins)
    assert len(done) and not done[:, :18].any() and not done[:, HONOURS:].any()
    assert win_fans(done, MeldShape(), XZ).min() >= 4


def test_a_hand_of_mixed_suits_has_no_one_suit_reading() -> None:
    _, rows, held = discards("1234s4567m789p159s")   # seven bamboo at most
    assert one_suit_hands(rows, MeldShape(), -1) is None
    flush, chances = one_suit_values(search(held), rows, MeldShape(), -1)
    assert not flush.any() and not chances.any()


def test_no_one_suit_path_beside_a_meld_of_another_suit_or_in_the_void_suit() -> None:
    _, rows, _ = discards("112345678999s58m")
    assert one_suit_hands(rows, MeldShape(), -1) is not None
    assert one_suit_hands(rows, MeldShape().plus(True, 9), -1) is None   # a pung of 1p
    assert one_suit_hands(rows, MeldShape().plus(True, 18), -1) is not None
    assert one_suit_hands(rows, MeldShape(), void=2) is None   # bamboo given up


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 26), min_size=13, max_size=13).filter(
    lambda ks: max(ks.count(k) for k in ks) <= 4))
def test_the_reading_keeps_the_suit_and_makes_the_rest_dead(kinds: list[int]) -> None:
    hand = np.zeros((1, NUM_KINDS), dtype=np.int8)
    for k in kinds:
        hand[0, k] += 1
    got = one_suit_hands(hand, MeldShape(), -1)
    per_suit = [int(hand[0, 9 * s:9 * s + 9].sum()) for s in range(3)]
    if max(per_suit) < 8:
        assert got is None
        return
    assert got is not None
    suit, moved, ok = got
    assert ok.all() and per_suit[suit] == max(per_suit)
    span = slice(9 * suit, 9 * suit + 9)
    assert (moved[0, span] == hand[0, span]).all()
    assert moved[0].sum() == 13 and moved[0, HONOURS:].max() <= 1
    assert moved[0, :HONOURS].sum() == per_suit[suit]
