"""Match records: replay, and clear refusals of bad records."""
import pytest

from game.engine.match import Match, RecordError
from game.rulesets import load_ruleset

RULES = load_ruleset()


def test_same_seed_same_wall():
    assert Match(RULES, 5, 1).round.initial_wall == Match(RULES, 5, 1).round.initial_wall
    assert Match(RULES, 5, 1).round.initial_wall != Match(RULES, 6, 1).round.initial_wall


@pytest.mark.parametrize("mutate, message", [
    (lambda r: r.update(format=99), "newer version"),
    (lambda r: r.update(ruleset_digest="x"), "different version"),
    (lambda r: r["hands"][0].append("0 discard 9z"), "action"),
    (lambda r: r["hands"][0].insert(0, "3 hu 1m"), "hand 1, action 1"),
    (lambda r: r.pop("seed"), "seed"),
    (lambda r: r["hands"][0].append(7), "not a list of lists"),
])
def test_bad_records_are_refused_by_name(mutate, message):
    m = Match(RULES, 3, 1)
    m.apply(m.round.legal_actions(0)[0])
    record = m.to_record()
    mutate(record)
    with pytest.raises(RecordError, match=message):
        Match.from_record(record, RULES)
