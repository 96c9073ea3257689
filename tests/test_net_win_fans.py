"""Each win's fans as end_hand itemises them: what a client reads is the engine's win
record (国标: every fan met; 血战到底: each item; 大众: its one pattern), the online
end-of-hand page lists a 国标 win's fans as the offline one does, and a mangled list is
refused in one line or read as short, safe keys."""
from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.protocol import ended_message
from game.engine.actions import ActionKind as A
from game.engine.match import Match
from game.engine.mcr_fans import fan_counts
from game.engine.state import RoundState
from game.net.readers import ServerError, read_hands, read_wins
from game.net.samples import sample_hand_end
from game.net.win_fans import KEY, MAX_COUNT, read_win_fans
from game.rulesets import load_ruleset
from game.shell.table_source import SeatHandEnd
from game.ui.fan_list import mcr_win
from game.ui.hand_end import WON
from game.ui.hand_report import online_report
from game.ui.win_tag import fan_items, fan_line

NAMES = ("东家", "南家", "西家", "北家")


def won(ruleset: str, seed: int = 4) -> RoundState:
    """The first hand from `seed` on that someone wins (a win taken whenever legal)."""
    while True:
        match = Match(load_ruleset(ruleset), seed, 1)
        rng, state = random.Random(seed), match.round
        while not state.is_over:
            options = state.legal_actions(state.seats_to_act()[0])
            wins = [a for a in options if a.kind in (A.HU, A.SELF_DRAW)]
            match.apply(wins[0] if wins else rng.choice(options))
        if state.wins:
            return state
        seed += 1


def told_end(state: RoundState) -> dict[str, Any]:
    """The hand's end_hand as a client receives it (through JSON)."""
    return json.loads(json.dumps(ended_message(state)))


@pytest.mark.parametrize("seed", [4, 40, 400])
def test_a_guobiao_win_reads_as_every_fan_the_engine_counted(seed: int) -> None:
    state = won("guobiao", seed)
    end = told_end(state)
    read = read_win_fans(end)
    assert [Counter(keys) for keys in read] == [Counter(w.pattern.applicable) for w in state.wins]
    for message, win in zip(end["wins"], state.wins):
        assert sum(f["fan"] for f in message["fans"]) == win.pattern.fan == message["fan"]
        assert any(f["key"] == win.pattern.name for f in message["fans"])


@pytest.mark.parametrize("seed", [4, 40, 400])
def test_a_xuezhan_win_reads_as_its_items(seed: int) -> None:
    state = won("xuezhan", seed)
    ruleset = state.ruleset
    read = read_win_fans(told_end(state))
    assert read == tuple(w.pattern.applicable for w in state.wins)
    for keys, win in zip(read, state.wins):
        items = fan_items(win, ruleset)
        assert items is not None and [k for k, _ in items] == list(keys)


def test_a_dazhong_win_reads_as_its_one_pattern() -> None:
    state = won("dazhong")
    end = told_end(state)
    assert read_win_fans(end) == tuple((w.pattern.name,) for w in state.wins)
    assert end["wins"][0]["fans"] == [{"key": state.wins[0].pattern.name,
                                       "fan": state.wins[0].pattern.fan, "count": 1}]


def test_the_online_page_lists_a_guobiao_win_as_the_offline_one() -> None:
    online = sample_hand_end(lambda key, **kw: key, ruleset="guobiao")
    seen = online.hand_end()
    assert online.problem is None and seen is not None
    report = online_report(seen, online.ruleset, NAMES)
    win = mcr_win(report.rows, online.ruleset)
    assert win is not None and win.pattern.fan >= 8
    engine = won("guobiao").wins[0]     # the same first won hand the sample plays
    assert sorted(fan_counts(win.pattern.applicable)) == sorted(fan_counts(engine.pattern.applicable))


def test_the_online_page_lists_a_xuezhan_win_item_by_item_as_the_offline_one() -> None:
    state = won("xuezhan", 13)
    assert any(len(w.pattern.applicable) > 1 for w in state.wins)   # more than one item
    end = told_end(state)
    seen = SeatHandEnd(state.view(0), (), tuple(state.scores), tuple(state.scores), 0, 1,
                       read_hands(end, 4), read_wins(end, 4), read_win_fans(end))
    report = online_report(seen, state.ruleset, NAMES)
    told = [row.wins[0] for row in report.rows if row.status == WON]
    assert len(told) == len(state.wins) and told
    for win in told:
        engine = next(w for w in state.wins if w.seat == win.seat)
        assert fan_items(win, state.ruleset) == fan_items(engine, state.ruleset) is not None
        assert fan_line(win, state.ruleset, lambda key, **kw: key) == \
            fan_line(engine, state.ruleset, lambda key, **kw: key)


def test_wins_told_without_fans_read_as_none_told() -> None:
    end = told_end(won("guobiao"))
    for message in end["wins"]:
        del message["fans"]
    assert read_win_fans(end) == ((),)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-10, 10**7), st.text(max_size=50),
                 st.lists(st.integers(-2, 9), max_size=5), st.just({}), st.just([{}] * 41))


@settings(max_examples=80, deadline=None)
@given(entry=st.integers(0, 12), field=st.sampled_from(["key", "fan", "count", "*", "fans"]),
       junk=JUNK)
def test_mangled_fans_are_refused_in_one_line_or_read_safely(entry: int, field: str,
                                                             junk: Any) -> None:
    end = told_end(won("guobiao"))
    win = end["wins"][0]
    fans = win["fans"]
    if field == "fans":
        win["fans"] = junk
    elif field == "*":
        fans[entry % len(fans)] = junk
    else:
        fans[entry % len(fans)][field] = junk
    try:
        read = read_win_fans(end)
    except ServerError as exc:
        assert "\n" not in str(exc) and str(exc)
    else:
        keys = read[0]
        assert all(KEY.fullmatch(k) for k in keys)
        assert all(n <= MAX_COUNT for n in Counter(keys).values())
