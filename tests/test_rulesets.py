"""Rulesets are data: every shipped one loads, unknown ones are named."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.ruleset import RulesetError, ruleset_from_dict
from game.rulesets import available_rulesets, load_ruleset


def test_default_is_dazhong_with_108_tiles():
    rs = load_ruleset()
    assert rs.id == "dazhong" and rs.wall_size == 108 and rs.players == 4
    assert rs.patterns == {"basic": 6, "all_triplets": 8, "one_suit": 12, "seven_pairs": 12}
    assert rs.payments == {"chi": 1, "peng": 2, "direct_kong": 4, "added_kong": 1,
                           "concealed_kong": 3, "ready": 1}
    assert available_rulesets()[0] == "dazhong"


def test_every_shipped_ruleset_loads_with_its_own_digest():
    digests = {load_ruleset(r).digest for r in available_rulesets()}
    assert len(digests) == len(available_rulesets()) >= 5
    assert load_ruleset("honors").wall_size == 136
    assert load_ruleset("wildcard").wall_size == 112


def test_unknown_ruleset_is_named():
    with pytest.raises(RulesetError, match="unknown ruleset 'nope'"):
        load_ruleset("nope")
    with pytest.raises(RulesetError, match="unknown ruleset"):
        load_ruleset("../etc/passwd")


@given(st.text(max_size=60).filter(lambda t: t not in available_rulesets()))
def test_an_unknown_ruleset_is_refused_in_one_printable_line(ruleset_id):
    with pytest.raises(RulesetError) as info:
        load_ruleset(ruleset_id)
    assert str(info.value).isprintable(), "a newline or escape in the id would break the line"


def test_malformed_ruleset_is_named():
    data = dict(load_ruleset().source)
    del data["patterns"]
    with pytest.raises(RulesetError, match="missing 'patterns'"):
        ruleset_from_dict(data)


def _with_patterns(patterns, **rules):
    return ruleset_from_dict({**load_ruleset().source, "patterns": patterns, **rules})


def test_a_ruleset_names_only_the_patterns_it_scores():
    rs = _with_patterns({"basic": 6, "seven_pairs": 12})
    assert rs.patterns == {"basic": 6, "seven_pairs": 12}
    assert _with_patterns({"basic": 6}, seven_pairs=False).patterns == {"basic": 6}


@pytest.mark.parametrize("patterns, rules, message", [
    ({"basic": 6, "seven_pairs": 12, "nine_gates": 88}, {}, "unknown pattern 'nine_gates'"),
    ({"seven_pairs": 12}, {}, "missing 'basic'"),
    ({"basic": 6}, {}, "missing 'seven_pairs'"),
    ({"basic": 6, "seven_pairs": -1}, {}, "'seven_pairs' must be a whole number"),
    ({"basic": 6, "seven_pairs": 12}, {"seven_pairs": "yes"}, "'seven_pairs' must be true"),
])
def test_a_ruleset_with_bad_patterns_is_refused_in_one_line(patterns, rules, message):
    with pytest.raises(RulesetError, match=message):
        _with_patterns(patterns, **rules)
