"""Tests for game.engine.hands (shanten, wins, waits), its batch twins in
game.engine.hands_many and its block tables."""
from __future__ import annotations

import itertools
import random
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import suit_tables
from game.engine.efficiency import discard_options, effective_tiles
from game.engine.hands import (
    DEFAULT_RULES,
    HandRules,
    is_win,
    shanten,
    waits,
    win_test,
)
from game.engine.hands_many import is_win_many, shanten_many
from game.engine.tiles import parse_counts, parse_tile, parse_tiles, tile_name, to_counts
from game.engine.win_test import complete_suits

mahjong_shanten = pytest.importorskip("mahjong.shanten")
mahjong_agari = pytest.importorskip("mahjong.agari")
Shanten = mahjong_shanten.Shanten
Agari = mahjong_agari.Agari

NO_SEVEN = HandRules(seven_pairs=False)
QUADS_ONE = HandRules(quads_as_two_pairs=False)
P258 = HandRules(pair_258=True)
JOKER_5Z = HandRules(wildcard=parse_tile("5z"))
SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
TERMINALS_HONORS = [0, 8, 9, 17, 18, 26, *range(27, 34)]


def c(text: str) -> list[int]:
    return parse_counts(text)


def names(kinds: list[int]) -> list[str]:
    return [tile_name(k) for k in kinds]


def random_hand(rng: random.Random, size: int, clustered: bool = False) -> list[int]:
    """Random concealed hand; clustered hands draw from few kinds, so they have structure."""
    pool = list(range(34))
    if clustered:
        pool = rng.sample(pool, rng.randint(max(3, (size + 3) // 4), 12))
    wall = [k for k in pool for _ in range(4)]
    return to_counts(rng.sample(wall, size))


def complete_hand(rng: random.Random, melds: int, honors: bool = True) -> list[int]:
    """Random complete regular hand of ``melds`` melds + a pair (max 4 copies)."""
    while True:
        counts = [0] * 34
        limit = 34 if honors else 27
        for _ in range(melds):
            if rng.random() < 0.6:
                suit, start = rng.randrange(3), rng.randrange(7)
                for k in range(9 * suit + start, 9 * suit + start + 3):
                    counts[k] += 1
            else:
                counts[rng.randrange(limit)] += 3
        counts[rng.randrange(limit)] += 2
        if max(counts) <= 4:
            return counts


def near_hands(rng: random.Random, n: int) -> list[list[int]]:
    """Complete hands (14 tiles and smaller) with 0-2 tiles exchanged."""
    out = []
    while len(out) < n:
        hand = complete_hand(rng, rng.choice((4, 4, 4, 3, 2, 1)))
        for _ in range(rng.choice((0, 0, 1, 2))):
            held = [k for k in range(34) if hand[k]]
            hand[rng.choice(held)] -= 1
            free = [k for k in range(34) if hand[k] < 4]
            hand[rng.choice(free)] += 1
        out.append(hand)
    return out


def riichi_regular(counts: list[int]) -> int:
    return Shanten.calculate_shanten_for_regular_hand(counts)


def is_kokushi(counts: list[int]) -> bool:
    return sum(counts) == 14 and all(counts[k] for k in TERMINALS_HONORS) and \
        sum(counts[k] for k in TERMINALS_HONORS) == 14


def our_seven_pairs(counts: list[int]) -> int:
    """The brief's formula: a quad is two pairs."""
    return 6 - min(7, sum(x // 2 for x in counts))


# ---------------------------------------------------------------- notation cases

@pytest.mark.parametrize("hand", [
    "123m456p789s123s22m", "11122233344455m", "123456789m11122z", "111m222p333s444z55z",
    "1122m3344p5566s77z", "11223344556677z", "1111m2233p445566s", "11112222333344m",
    "22m", "123m55z", "11123m999p", "234m567p77z111s",
])
def test_wins(hand: str) -> None:
    counts = c(hand)
    assert is_win(counts)
    assert shanten(counts) == -1


@pytest.mark.parametrize("hand", [
    "123m456p789s123z55m",  # honors do not form runs
    "567z123m456p789s11m",
    "123m456p789s12s1z5z",
    "1m3m5m7m9m1p3p5p7p9p1s3s5s7s",
    "135m7z",
])
def test_non_wins_and_honor_runs(hand: str) -> None:
    counts = c(hand)
    if sum(counts) % 3 == 2:
        assert not is_win(counts)
    assert shanten(counts) >= 0


def test_seven_pairs_quads_count_twice_by_default() -> None:
    quad = c("1111m2233p445566s")
    assert is_win(quad)
    assert not is_win(quad, QUADS_ONE)
    # without the rule it is only ready (regular form: 111m 456s 456s + 22p 33p after 1m out)
    assert shanten(quad, QUADS_ONE) == Shanten.calculate_shanten(quad, use_kokushi=False) == 0
    two_quads = c("11112222m3344p55s")
    assert is_win(two_quads) and not is_win(two_quads, QUADS_ONE)
    plain = c("1122m3344p5566s77z")
    assert is_win(plain, QUADS_ONE)
    assert not is_win(plain, NO_SEVEN)
    assert shanten(plain, NO_SEVEN) == riichi_regular(plain)


def test_seven_pairs_only_for_full_concealed_hands() -> None:
    assert shanten(c("1122m3344p55s")) == riichi_regular(c("1122m3344p55s"))  # 11 tiles
    # 13 concealed tiles: 1111m = two pairs, so this waits on 6s only through 七对
    assert names(waits(c("1111m2233p44556s"))) == ["6s"]
    assert waits(c("1111m2233p44556s"), NO_SEVEN) == []


def test_ready_shapes_and_waits() -> None:
    assert names(waits(c("1112345678999m"))) == [f"{r}m" for r in range(1, 10)]
    assert names(waits(c("123m456p789s1122z"))) == ["1z", "2z"]
    assert names(waits(c("5556m"))) == ["4m", "6m", "7m"]
    assert names(waits(c("5m"))) == ["5m"]
    assert waits(c("1369m1p2s3z4z5z6z7z1z2z")) == []


def test_waits_exclude_kinds_held_four_times() -> None:
    # 111m + 234m + 11m would need a fifth 1m; only 4m (111 + 123 + 44) remains.
    hand = c("1111234m")
    assert names(waits(hand)) == ["4m"]
    assert shanten(hand) == 0
    # 1111m alone: its only completion needs a fifth 1m, so it is not ready at all.
    assert waits(c("1111m")) == [] and shanten(c("1111m")) == 1
    assert shanten(c("1111m2233p4455s6z")) == 0
    assert shanten(c("1111m2233p4455s6z"), NO_SEVEN) == 2


@pytest.mark.parametrize("hand, melds", [
    ("55m", 4), ("1z1z", 4), ("123p11z", 3), ("11123m999p", 2),
    ("234m567p77z111s", 1), ("22m345p", 3),
])
def test_melded_hands_complete(hand: str, melds: int) -> None:
    counts = c(hand)
    assert sum(counts) == 14 - 3 * melds
    assert is_win(counts)


def test_melded_hands_shanten_and_waits() -> None:
    assert shanten(c("5m")) == 0
    assert shanten(c("5m7z")) == 0 and not is_win(c("5m7z"))
    assert shanten(c("1m9p")) == 0 and names(waits(c("1m"))) == ["1m"]
    assert shanten(c("19m19p")) == 2
    assert waits(c("1123m99p1z")) == [] and shanten(c("1123m99p1z")) == 1
    assert names(waits(c("11123m99p"))) == ["1m", "4m", "9p"]


def test_pair_258() -> None:
    assert is_win(c("123m456p789s123s22m"), P258)
    assert is_win(c("123m456p789s123s11m"))
    assert not is_win(c("123m456p789s123s11m"), P258)
    assert not is_win(c("123m456p789s123s11z"), P258)
    assert shanten(c("123m456p789s123s11z"), P258) == 1
    assert is_win(c("1122m3344p5566s77z"), P258)  # 七对 is not the regular form
    assert is_win(c("55p"), P258) and not is_win(c("44p"), P258)
    assert names(waits(c("123m456p789s1234m"))) == ["1m", "4m"]
    assert waits(c("123m456p789s1234m"), P258) == []  # both need a 1m / 4m pair
    assert names(waits(c("123m456p789s5678m"), P258)) == ["5m", "8m"]
    assert names(waits(c("1112345678999m"), P258)) == ["2m", "5m", "8m"]


def test_wildcard() -> None:
    rules = JOKER_5Z
    assert is_win(c("55z"), rules)  # two jokers as the pair
    assert is_win(c("1m5z"), rules)  # joker pairs any tile
    assert not is_win(c("1m5z"))  # ...only when it is a joker
    assert is_win(c("123m456p789s12s5z1z1z"), rules)
    assert names(waits(c("123m456p789s12s1z5z"), rules)) == ["3s", "1z", "5z"]
    assert is_win(c("1122m3344p5566s7z5z"), rules)  # 七对 with a joker
    assert not is_win(c("1122m3344p5566s7z5z"), HandRules(wildcard=31, seven_pairs=False))
    assert shanten(c("13579m13579p13s55z"), rules) == 2
    assert is_win(c("5555z1234m"), rules)  # 123m + 4m-joker-joker + joker pair... 4 jokers
    # a joker may not be a fifth copy: 111m + 1m-joker pair is not a win
    assert not is_win(c("1111m5z"), rules) and shanten(c("1111m5z"), rules) == 0


# ---------------------------------------------------------------- validation

@pytest.mark.parametrize("bad", [[0] * 33, [5] + [0] * 33, [-1] + [0] * 33, [1.5] + [0] * 33,
                                 ["a"] + [0] * 33, np.zeros((2, 34), int)])
def test_bad_counts_raise(bad: object) -> None:
    with pytest.raises(ValueError):
        shanten(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        is_win(bad)  # type: ignore[arg-type]


def test_bad_sizes_raise() -> None:
    for hand in ("", "123m", "123456789m123p", "123456789m123p111z"):
        counts = parse_counts(hand, max_tiles=20)
        with pytest.raises(ValueError):
            shanten(counts)
    with pytest.raises(ValueError):
        is_win(c("123m456p789s1122z"))  # 13 tiles
    with pytest.raises(ValueError):
        waits(c("123m456p789s11222z"))
    with pytest.raises(ValueError):
        effective_tiles(c("123m456p789s11222z"))
    with pytest.raises(ValueError):
        discard_options(c("123m456p789s1122z"))
    with pytest.raises(ValueError):
        shanten_many(np.array([c("123m")]))
    with pytest.raises(ValueError):
        is_win_many(np.array([c("123m4m")]))
    with pytest.raises(ValueError):
        HandRules(wildcard=34)


def test_accepts_lists_tuples_arrays() -> None:
    counts = c("123m456p789s1122z")
    for form in (counts, tuple(counts), np.array(counts), np.array(counts, np.uint8),
                 [np.int64(x) for x in counts]):
        assert shanten(form) == 0


# ---------------------------------------------------------------- oracle: mahjong package

def test_regular_form_matches_mahjong_exactly() -> None:
    rng = random.Random(20240611)
    for size in SIZES:
        for i in range(600):
            counts = random_hand(rng, size, clustered=bool(i % 2))
            assert shanten(counts, NO_SEVEN) == riichi_regular(counts), counts


def test_full_shanten_matches_mahjong_with_seven_pairs() -> None:
    rng = random.Random(77)
    hands = [random_hand(rng, size, clustered=bool(i % 3)) for i in range(3000)
             for size in (13, 14)] + near_hands(rng, 2000)
    for counts in hands:
        regular = riichi_regular(counts)
        if sum(counts) >= 13:
            riichi_seven = Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
            assert shanten(counts) == min(regular, our_seven_pairs(counts)), counts
            assert shanten(counts, QUADS_ONE) == min(regular, riichi_seven), counts
        else:
            assert shanten(counts) == regular, counts


def test_is_win_matches_agari() -> None:
    rng = random.Random(5)
    hands = near_hands(rng, 4000) + [random_hand(rng, 14) for _ in range(2000)]
    hands += [[2 if k in kinds else 0 for k in range(34)]
              for kinds in (rng.sample(range(34), 7) for _ in range(200))]
    wins = 0
    for counts in hands:
        if sum(counts) % 3 != 2:
            continue
        expected = Agari.is_agari(counts) and not is_kokushi(counts)
        assert is_win(counts, QUADS_ONE) == expected, counts
        assert is_win(counts, NO_SEVEN) == (riichi_regular(counts) == -1), counts
        wins += expected
    assert wins > 1000


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=1, max_size=14)
       .filter(lambda ks: len(ks) % 3 != 0 and max(ks.count(k) for k in ks) <= 4))
def test_hypothesis_regular_and_batch(kinds: list[int]) -> None:
    counts = to_counts(kinds)
    assert shanten(counts, NO_SEVEN) == riichi_regular(counts)
    assert shanten_many(np.array([counts]))[0] == shanten(counts)


# ---------------------------------------------------------------- brute-force oracles for variants

@cache
def targets(melds: int, pair_kinds: tuple[int, ...]) -> np.ndarray:
    """Every complete hand of ``melds`` melds + a pair (max 4 copies) as an array."""
    shapes = [(k, k + 1, k + 2) for s in range(3) for k in range(9 * s, 9 * s + 7)]
    shapes += [(k, k, k) for k in range(34)]
    rows = []
    for combo in itertools.combinations_with_replacement(shapes, melds):
        base = [0] * 34
        for shape in combo:
            for k in shape:
                base[k] += 1
        for p in pair_kinds:
            row = base.copy()
            row[p] += 2
            if max(row) <= 4:
                rows.append(row)
    return np.array(rows, np.int16)


def brute_regular_shanten(counts: list[int], rules: HandRules) -> int:
    """Fewest missing tiles over all complete targets, jokers filling gaps."""
    hand = list(counts)
    jokers = 0
    if rules.wildcard is not None:
        jokers, hand[rules.wildcard] = hand[rules.wildcard], 0
    pair_kinds = tuple(k for k in range(34)
                       if not rules.pair_258 or (k < 27 and k % 9 in (1, 4, 7)))
    t = targets(sum(counts) // 3, pair_kinds)
    missing = np.maximum(t - np.array(hand, np.int16), 0).sum(axis=1).min()
    return max(0, int(missing) - jokers) - 1


@pytest.mark.parametrize("rules", [P258, JOKER_5Z, HandRules(wildcard=4, pair_258=True)],
                         ids=["258", "joker5z", "joker5m+258"])
def test_variants_match_brute_force_small_hands(rules: HandRules) -> None:
    rng = random.Random(99)
    for size in (1, 2, 4, 5, 7, 8):
        for i in range(80):
            counts = random_hand(rng, size, clustered=bool(i % 2))
            if rules.wildcard is not None and i % 3 == 0:  # make sure jokers show up
                counts[rules.wildcard] = min(4, counts[rules.wildcard] + rng.randint(1, 2))
                if sum(counts) % 3 == 0:
                    counts[rules.wildcard] -= 1
            assert shanten(counts, rules) == brute_regular_shanten(counts, rules), counts


def decompose(hand: list[int], jokers: int, melds: int, used: list[int], orig: list[int]) -> bool:
    """Can naturals ``hand`` + ``jokers`` form ``melds`` melds (no kind beyond 4 in total)?"""
    first = next((k for k in range(34) if hand[k]), None)
    if first is None:
        return jokers == 3 * melds
    if melds == 0:
        return False
    # triplet on the first kind
    for nat in range(1, min(3, hand[first]) + 1):
        need = 3 - nat
        if need <= jokers and orig[first] + used[first] + need <= 4:
            hand[first] -= nat
            used[first] += need
            ok = decompose(hand, jokers - need, melds - 1, used, orig)
            hand[first] += nat
            used[first] -= need
            if ok:
                return True
    if first >= 27:
        return False
    rank = first % 9
    for start in range(max(0, rank - 2), min(rank, 6) + 1):
        kinds = [first - rank + start + j for j in range(3)]
        others = [k for k in kinds if k != first]
        for choice in itertools.product((True, False), repeat=2):  # natural or joker
            if any(nat and (k < first or not hand[k]) for k, nat in zip(others, choice)):
                continue
            jk = [k for k, nat in zip(others, choice) if not nat]
            if len(jk) > jokers or any(orig[k] + used[k] + 1 > 4 for k in jk):
                continue
            hand[first] -= 1
            for k, nat in zip(others, choice):
                if nat:
                    hand[k] -= 1
                else:
                    used[k] += 1
            ok = decompose(hand, jokers - len(jk), melds - 1, used, orig)
            hand[first] += 1
            for k, nat in zip(others, choice):
                if nat:
                    hand[k] += 1
                else:
                    used[k] -= 1
            if ok:
                return True
    return False


def brute_regular_win(counts: list[int], rules: HandRules) -> bool:
    hand = list(counts)
    jokers = 0
    if rules.wildcard is not None:
        jokers, hand[rules.wildcard] = hand[rules.wildcard], 0
    for p in range(34):
        if rules.pair_258 and not (p < 27 and p % 9 in (1, 4, 7)):
            continue
        nat = min(2, hand[p])
        need = 2 - nat
        if need > jokers or hand[p] + need > 4:
            continue
        hand[p] -= nat
        used = [0] * 34
        used[p] = need
        orig = list(hand)
        orig[p] += nat
        ok = decompose(hand, jokers - need, sum(counts) // 3, used, orig)
        hand[p] += nat
        if ok:
            return True
    return False


def seven_pairs_win(counts: list[int], rules: HandRules) -> bool:
    """七对 with quads as two pairs: every odd count needs a joker."""
    if not rules.seven_pairs or sum(counts) != 14:
        return False
    jokers = counts[rules.wildcard] if rules.wildcard is not None else 0
    odd = sum(x % 2 for k, x in enumerate(counts) if k != rules.wildcard)
    return odd <= jokers


@pytest.mark.parametrize("rules", [P258, HandRules(wildcard=31, seven_pairs=False),
                                   HandRules(wildcard=13, pair_258=True, seven_pairs=False),
                                   HandRules(wildcard=31),
                                   HandRules(seven_pairs=False, pair_258=True)],
                         ids=["258", "joker5z", "joker5p+258", "joker5z+7", "258-no7"])
def test_variant_wins_match_brute_force(rules: HandRules) -> None:
    rng = random.Random(3)
    found = 0
    for counts in near_hands(rng, 700):
        if rules.wildcard is not None and rng.random() < 0.6:
            held = [k for k in range(34) if counts[k] and k != rules.wildcard]
            for _ in range(rng.randint(1, 2)):
                if counts[rules.wildcard] < 4 and held:
                    k = rng.choice(held)
                    if counts[k]:
                        counts[k] -= 1
                        counts[rules.wildcard] += 1
        expected = brute_regular_win(counts, rules) or seven_pairs_win(counts, rules)
        assert is_win(counts, rules) == expected, counts
        found += expected
    assert found > 50


# ---------------------------------------------------------------- waits / effective / discards

def test_waits_effective_and_discards_are_consistent() -> None:
    rng = random.Random(11)
    hands = near_hands(rng, 300)
    for rules in (DEFAULT_RULES, P258, JOKER_5Z):
        for counts in hands[:150]:
            n = sum(counts)
            if n % 3 == 2:
                s14 = shanten(counts, rules)
                options = discard_options(counts, rules)
                assert [k for k, _, _ in options] == [k for k in range(34) if counts[k]]
                assert min(s for _, s, _ in options) == max(s14, 0)
                for k, s, eff in options:
                    after = counts.copy()
                    after[k] -= 1
                    assert s == shanten(after, rules)
                    assert eff == effective_tiles(after, rules)
                continue
            s = shanten(counts, rules)
            eff = effective_tiles(counts, rules)
            plus = [[x + (k == j) for j, x in enumerate(counts)] for k in range(34)]
            assert eff == [k for k in range(34) if counts[k] < 4 and shanten(plus[k], rules) < s]
            expected_waits = [k for k in range(34) if counts[k] < 4 and is_win(plus[k], rules)]
            assert waits(counts, rules) == expected_waits
            if s == 0:
                assert waits(counts, rules) == eff and eff
            else:
                assert waits(counts, rules) == []


def test_effective_tiles_example() -> None:
    assert names(effective_tiles(c("123m456p789s1122z"))) == ["1z", "2z"]
    assert names(effective_tiles(c("1m"))) == ["1m"]
    # 1m held four times is never an effective tile
    assert parse_tile("1m") not in effective_tiles(c("1111m234p"))
    assert shanten(c("1111m234p")) == 1


# ---------------------------------------------------------------- batch == scalar

@pytest.mark.parametrize("rules", [DEFAULT_RULES, NO_SEVEN, QUADS_ONE, P258, JOKER_5Z,
                                   HandRules(wildcard=0, quads_as_two_pairs=False, pair_258=True)])
def test_batch_equals_scalar(rules: HandRules) -> None:
    rng = random.Random(42)
    hands = [random_hand(rng, rng.choice(SIZES), clustered=bool(i % 2)) for i in range(1500)]
    hands += near_hands(rng, 1500)
    arr = np.array(hands, np.int8)
    assert shanten_many(arr, rules).tolist() == [shanten(h, rules) for h in hands]
    wins = [h for h in hands if sum(h) % 3 == 2]
    got = is_win_many(np.array(wins), rules)
    assert got.dtype == bool
    assert got.tolist() == [is_win(h, rules) for h in wins]
    assert shanten_many(np.zeros((0, 34), np.int8)).shape == (0,)


# ---------------------------------------------------------------- tables

def test_shipped_tables_equal_regenerated() -> None:
    """Regenerating gives the same data (compared uncompressed: zlib builds may differ)."""
    for pair_258 in (False, True):
        assert suit_tables.shipped_payload(pair_258) == suit_tables.build_payload(pair_258)


@cache
def block_targets(ranks: int, runs: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """All one-suit targets: (rows, melds per row, pair rank per row or -1)."""
    shapes = [(r, r, r) for r in range(ranks)]
    if runs:
        shapes += [(r, r + 1, r + 2) for r in range(ranks - 2)]
    rows, melds, pairs = [], [], []
    for m in range(5):
        for combo in itertools.combinations_with_replacement(shapes, m):
            base = [0] * ranks
            for shape in combo:
                for r in shape:
                    base[r] += 1
            for p in (-1, *range(ranks)):
                t = base.copy()
                if p >= 0:
                    t[p] += 2
                if max(t, default=0) <= 4:
                    rows.append(t)
                    melds.append(m)
                    pairs.append(p)
    return np.array(rows), np.array(melds), np.array(pairs)


def brute_block_vector(pattern: list[int], runs: bool, pair_ranks: set[int]) -> list[int]:
    """Independent oracle: minimum missing tiles over all targets of one suit."""
    rows, melds, pairs = block_targets(len(pattern), runs)
    missing = np.maximum(rows - np.array(pattern), 0).sum(axis=1)
    allowed = np.isin(pairs, sorted(pair_ranks))
    out = []
    for with_pair in (False, True):
        for m in range(5):
            mask = (melds == m) & (allowed if with_pair else pairs == -1)
            out.append(int(missing[mask].min()) if mask.any() else suit_tables.INF)
    return out


@pytest.mark.parametrize("pair_258", [False, True])
def test_table_sample_matches_brute_force(pair_258: bool) -> None:
    tables = suit_tables.load(pair_258)
    rng = random.Random(1)
    suit_pairs = {1, 4, 7} if pair_258 else set(range(9))
    honor_pairs = set() if pair_258 else set(range(7))
    for i in range(60):
        pattern = [rng.choice((0, 0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        key = sum(x * 5**r for r, x in enumerate(pattern))
        assert list(tables.vector(tables.suit_ids[key])) == \
            brute_block_vector(pattern, True, suit_pairs), pattern
        honors = pattern[:7]
        hkey = sum(x * 5**r for r, x in enumerate(honors))
        assert list(tables.vector(tables.honor_ids[hkey])) == \
            brute_block_vector(honors, False, honor_pairs), honors


def test_parse_tiles_roundtrip_sanity() -> None:
    assert parse_tiles("1m") == [0]


# ---------------------------------------------------------------- trusted win test

@pytest.mark.parametrize("rules", [DEFAULT_RULES, NO_SEVEN, QUADS_ONE, P258, JOKER_5Z,
                                   HandRules(wildcard=13, pair_258=True)],
                         ids=["default", "no7", "quads1", "258", "joker5z", "joker5p+258"])
def test_trusted_win_test_equals_is_win(rules: HandRules) -> None:
    rng = random.Random(17)
    test = win_test(rules)
    hands = near_hands(rng, 600) + [random_hand(rng, 14) for _ in range(600)]
    hands += [random_hand(rng, size, clustered=True) for size in (2, 5, 8, 11, 14)
              for _ in range(120)]
    wins = 0
    for counts in hands:
        expected = is_win(counts, rules)
        assert test(counts) == expected, (rules, counts)
        assert test(bytes(counts)) == expected
        wins += expected
    assert wins > 50


@pytest.mark.parametrize("pair_258", [False, True])
def test_complete_suits_are_exactly_the_distance_zero_patterns(pair_258: bool) -> None:
    suit_ids, _, vectors, _ = suit_tables.load_arrays(pair_258)
    keys = np.arange(5 ** 9)
    tiles = sum((keys // 5 ** r) % 5 for r in range(9))
    usable = (tiles <= 14) & (tiles % 3 != 1)
    pair = (tiles % 3 == 2).astype(np.intp)
    whole = usable & (vectors[suit_ids[keys], 5 * pair + np.minimum(tiles, 14) // 3] == 0)
    complete = complete_suits(pair_258)
    listed = np.zeros(5 ** 9, dtype=bool)
    for digits, has_pair in complete.items():
        key = sum(d * 5 ** r for r, d in enumerate(digits))
        listed[key] = True
        assert has_pair == bool(pair[key]), digits
    assert np.array_equal(listed, whole)
