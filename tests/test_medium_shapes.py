"""Medium's 搭子 reading of a hand (ai.shapes): the best cut into blocks and its score."""
from __future__ import annotations

from ai.shape_cuts import best_cut, hand_score
from ai.shapes import (
    CLOSED,
    EDGE,
    EYE,
    PAIR,
    SEQUENCE,
    SINGLE,
    TRIPLET,
    TWO_SIDED,
    WEIGHTS,
    Block,
    HandReader,
)
from game.engine.hands import DEFAULT_RULES, HandRules
from game.engine.tiles import NUM_KINDS, parse_tile, parse_tiles


def counts_of(text: str) -> list[int]:
    counts = [0] * NUM_KINDS
    for k in parse_tiles(text):
        counts[k] += 1
    return counts


def unseen_of(hand: str, seen: str = "") -> list[int]:
    """Unseen copies when the seat holds `hand` and can also see `seen`."""
    held = counts_of(hand + seen)
    return [4 - c for c in held]


def block(shape: str, tiles: str) -> Block:
    return Block(shape, tuple(parse_tiles(tiles)))


def cut_of(hand: str, seen: str = "", rules: HandRules = DEFAULT_RULES) -> list[Block]:
    return sorted(best_cut(counts_of(hand), unseen_of(hand, seen), rules)[1])


def score_of(hand: str, seen: str = "") -> float:
    return hand_score(counts_of(hand), unseen_of(hand, seen))


def test_1233_is_a_run_and_a_spare_three():
    assert cut_of("1233m") == sorted([block(SEQUENCE, "123m"), block(SINGLE, "3m")])


def test_a_ready_hand_reads_as_melds_an_eye_and_its_wait():
    assert cut_of("234m456p789s11s68p") == sorted([
        block(SEQUENCE, "234m"), block(SEQUENCE, "456p"), block(SEQUENCE, "789s"),
        block(EYE, "11s"), block(CLOSED, "68p")])


def test_a_second_pair_is_a_partial_shape_not_another_eye():
    cut = cut_of("111m999m123p11s55s")
    assert block(TRIPLET, "111m") in cut and block(TRIPLET, "999m") in cut
    assert sorted(b.shape for b in cut if b.tiles[0] in parse_tiles("1s5s")) == [EYE, PAIR]


def test_under_the_258_rule_only_a_2_5_or_8_pair_is_the_eye():
    cut = cut_of("111m999m123p11s55s", rules=HandRules(pair_258=True))
    assert block(EYE, "55s") in cut and block(PAIR, "11s") in cut


def test_the_edges_of_a_suit_make_edge_shapes():
    assert block(EDGE, "12p") in cut_of("111m555m999m11s12p")
    assert block(EDGE, "89p") in cut_of("111m555m999m11s89p")
    assert block(TWO_SIDED, "23p") in cut_of("111m555m999m11s23p")


def test_two_sided_beats_closed_beats_edge():
    melds = "111m555m999m11s"
    assert score_of(melds + "34p") > score_of(melds + "35p") > score_of(melds + "12p")


def test_a_shape_whose_tiles_are_all_visible_is_worth_less():
    melds = "111m555m999m11s"
    assert score_of(melds + "34p", seen="2p2p2p2p5p5p5p5p") < score_of(melds + "35p")
    assert score_of(melds + "35p", seen="4p4p4p4p") < score_of(melds + "35p")


def test_a_loose_middle_tile_is_worth_more_than_a_loose_terminal():
    melds = "111m555m999m11s23p"
    assert score_of(melds + "5s") > score_of(melds + "8s") > score_of(melds + "9s")


def test_jokers_are_kept_out_of_the_cut_and_valued_highly():
    joker = parse_tile("5z")
    rules = HandRules(wildcard=joker)
    hand = "123m456p789s11s5z"
    score, cut = best_cut(counts_of(hand), unseen_of(hand), rules)
    assert all(joker not in b.tiles for b in cut)
    assert score >= WEIGHTS.joker + 3 * WEIGHTS.meld


def test_the_scores_after_each_discard_are_those_of_each_hand_left():
    wild = HandRules(wildcard=parse_tile("5s"))
    for rules, hand, seen in ((DEFAULT_RULES, "1123m3467p55s1z", "9m"),
                              (DEFAULT_RULES, "1112223339m", ""),
                              (wild, "5s5s1m2m6p7p9p1z2z2z3z", "5s")):
        counts, unseen = counts_of(hand), unseen_of(hand, seen)
        reader = HandReader(unseen, rules)
        kinds = [k for k in range(NUM_KINDS) if counts[k]]
        left = {}
        for k in kinds:
            counts[k] -= 1
            left[k] = hand_score(counts, unseen, rules)
            counts[k] += 1
        assert reader.scores_after_discards(counts, kinds) == left
