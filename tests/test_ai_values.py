"""The AI values a winning hand exactly as the engine scores it: a differential test
over random winning hands of every ruleset (wildcards, seven pairs, exposed melds)."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.win_values import MeldShape, win_fans
from game.engine.hands import is_win
from game.engine.melds import CHI, PENG, Meld
from game.engine.scoring import score_pattern
from game.engine.tiles import NUM_KINDS
from game.engine.view import MeldView
from game.rulesets import available_rulesets, load_ruleset

# the rulesets a win scores by its largest pattern (血战到底 adds its patterns' fan up: its
# own scorer, game.engine.bloody_score, which the AI does not read yet)
RULESETS = [r for r in map(load_ruleset, available_rulesets()) if r.bloody is None]


@st.composite
def winning_hands(draw: st.DrawFn) -> tuple:
    ruleset = draw(st.sampled_from(RULESETS))
    kinds = list(ruleset.tile_kinds)
    counts = [0] * NUM_KINDS
    melds: list[Meld] = []

    def take(tiles: tuple[int, ...]) -> bool:
        if any(counts[t] + tiles.count(t) > ruleset.copies for t in tiles):
            return False
        for t in tiles:
            counts[t] += 1
        return True

    if draw(st.booleans()) and ruleset.hand_rules.seven_pairs:
        for k in draw(st.lists(st.sampled_from(kinds), min_size=7, max_size=7)):
            if not take((k, k)):
                return draw(winning_hands())
        return ruleset, counts, []
    exposed = draw(st.integers(0, 4))
    for i in range(4):
        k = draw(st.sampled_from(kinds))
        run = k < 27 and k % 9 <= 6 and draw(st.booleans()) and k + 2 in kinds
        tiles = (k, k + 1, k + 2) if run else (k, k, k)
        if not take(tiles):
            return draw(winning_hands())
        if i < exposed:
            melds.append(Meld(CHI if run else PENG, tiles))
            for t in tiles:
                counts[t] -= 1
    pair = draw(st.sampled_from(kinds))
    if not take((pair, pair)):
        return draw(winning_hands())
    wild = ruleset.hand_rules.wildcard
    others = [k for k in range(NUM_KINDS) if counts[k] and k != wild]
    if wild is not None and others and draw(st.booleans()) and counts[wild] < ruleset.copies:
        swap = draw(st.sampled_from(others))
        counts[swap] -= 1        # a wildcard stands in for one concealed tile
        counts[wild] += 1
    return ruleset, counts, melds


@settings(max_examples=400, deadline=None)
@given(winning_hands())
def test_the_ai_values_a_win_as_the_engine_scores_it(case: tuple) -> None:
    ruleset, counts, melds = case
    if not is_win(counts, ruleset.hand_rules):
        return                    # a pair rule (2-5-8) can refuse a drawn hand
    engine = score_pattern(counts, melds, ruleset.hand_rules, ruleset.patterns).fan
    shape = MeldShape.of(MeldView(m.kind, m.tiles, None, None) for m in melds)
    ai = win_fans(np.array([counts], dtype=np.int8), shape, ruleset)[0]
    assert ai == engine


def test_a_wildcard_one_suit_hand_is_worth_twelve() -> None:
    """清一色 made with a 红中 wildcard: 12, not the basic 6."""
    ruleset = load_ruleset("wildcard")
    wild = ruleset.hand_rules.wildcard
    assert wild is not None
    counts = [0] * NUM_KINDS
    for k in (0, 1, 2, 3, 4, 5, 6, 7, 8, 0, 1, 2, 4):
        counts[k] += 1
    counts[wild] += 1            # the wildcard completes the pair of 5m
    assert is_win(counts, ruleset.hand_rules)
    fan = win_fans(np.array([counts], dtype=np.int8), MeldShape(), ruleset)[0]
    assert fan == score_pattern(counts, [], ruleset.hand_rules, ruleset.patterns).fan == 12
