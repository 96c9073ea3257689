"""Rulesets and scenario files from outside: refused in one line, never a crash."""
from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.ruleset import RulesetError, ruleset_from_dict
from game.rulesets import load_ruleset
from game.scenes.new_match import ScenarioFileError, read_scenario
from game.shell.session import scenario_match

SOURCE = load_ruleset("dazhong").source
ODD_VALUES = [None, True, -1, 0, 2**70, 1.5, "x", "", [], {}, [1, "m"], {"a": 1}, 108]


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_mutated_ruleset_is_built_or_refused_by_name(data: st.DataObject) -> None:
    doc: Any = copy.deepcopy(SOURCE)
    node = doc
    key = data.draw(st.sampled_from(sorted(node)))
    if isinstance(node[key], dict) and node[key] and data.draw(st.booleans()):
        node, key = node[key], data.draw(st.sampled_from(sorted(node[key])))
    if data.draw(st.booleans()):
        del node[key]
    else:
        node[key] = data.draw(st.sampled_from(ODD_VALUES))
    try:
        ruleset = ruleset_from_dict(doc)
    except RulesetError as exc:
        assert "\n" not in str(exc)
        return
    assert ruleset.wall_size > ruleset.players * ruleset.hand_size


@pytest.mark.parametrize("name", ["", "../dazhong", "x" * 5000, "DAZHONG", "dazhong\x00"])
def test_unknown_rulesets_are_named(name: str) -> None:
    with pytest.raises(RulesetError, match="unknown ruleset"):
        load_ruleset(name)


GOOD_SCENARIO = {"ruleset": "dazhong", "dealer": 0, "hands": [
    "123m456p789s11122m", "234m456p789s1112s", "456m789p123s3334s", "789m123p456s5556s"]}


@pytest.mark.parametrize("content", [
    b"", b"\xff\xfe", b"[" * 100_000, b"[]", b'{"hands": "123m"}',
    b'{"hands": [], "dealer": "0"}', b'{"hands": [], "dealer": 99}',
    b'{"hands": [], "dealer": true}', b'{"hands": [], "ruleset": 5}',
    b'{"hands": [], "draws": ' + b"1" * 5000 + b"}",
])
def test_a_bad_scenario_file_is_refused_in_one_line(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "scenario.json"
    path.write_bytes(content)
    with pytest.raises(ScenarioFileError) as info:
        read_scenario(str(path))
    assert "\n" not in str(info.value)


def test_a_scenario_path_that_is_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ScenarioFileError, match="folder"):
        read_scenario(str(tmp_path))


@pytest.mark.parametrize("change", [
    {"hands": ["1m"] * 4}, {"ruleset": "nosuch"}, {"hands": ["²m"] * 4},
    {"hands": ["1111m" * 4] * 4}, {"draws": "9z"}, {"dealer": 3, "hands": ["1m"]},
])
def test_a_scenario_that_does_not_fit_its_ruleset_is_refused(tmp_path: Path,
                                                             change: dict[str, Any]) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps({**GOOD_SCENARIO, **change}))
    scenario = read_scenario(str(path))
    with pytest.raises(ValueError) as info:
        scenario_match(scenario, seed=1, length=1)
    assert "\n" not in str(info.value)


def test_a_good_scenario_deals_its_hands(tmp_path: Path) -> None:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(GOOD_SCENARIO))
    match = scenario_match(read_scenario(str(path)), seed=1, length=1)
    assert match.round.hand_of(1) == sorted(match.round.hand_of(1))
    assert len(match.round.hand_of(1)) == 13
