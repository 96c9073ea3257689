"""`python -m game --check FILE…`: one line per match file, no window, no traceback;
and fuzzed copies of real records and saves are either loaded or refused by name."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.match import Match
from game.play.setup import MatchSetup
from game.rulesets import load_ruleset
from game.shell.saves import SaveError, parse_save, save_document

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*.json"))
RECORDS = [json.loads(p.read_text(encoding="utf-8"))["record"] for p in GOLDEN]


def check(*files: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "SDL_VIDEODRIVER")}
    return subprocess.run([sys.executable, "-m", "game", "--check", *map(str, files)],
                          env=env, cwd=ROOT, check=False, capture_output=True, text=True,
                          timeout=120)


def a_save(tmp_path: Path) -> Path:
    record = RECORDS[0]
    match = Match.from_record(record, load_ruleset(record["ruleset"]))
    path = tmp_path / "save.json"
    path.write_text(json.dumps(save_document(match, MatchSetup())), encoding="utf-8")
    return path


def test_check_reports_each_file_in_one_line(tmp_path: Path) -> None:
    bare = tmp_path / "record.json"
    bare.write_text(json.dumps({**RECORDS[1], "seats": [
        {"name": f"P{i}", "level": "hard"} for i in range(4)]}), encoding="utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "hands": [[')
    out = check(a_save(tmp_path), bare, bad, tmp_path)
    lines = out.stdout.splitlines()
    assert out.returncode == 2 and len(lines) == 4 and "Traceback" not in out.stderr
    assert lines[0].endswith("finished, scores " + " ".join(
        f"{t:+d}" for t in Match.from_record(RECORDS[0], load_ruleset(
            RECORDS[0]["ruleset"])).totals)) and ": ok, save" in lines[0]
    assert ": ok, record, ruleset" in lines[1]
    assert "not valid JSON" in lines[2] and "is a folder" in lines[3]


def test_a_file_name_with_a_newline_is_still_one_line(tmp_path: Path) -> None:
    odd = tmp_path / "two\nlines.json"
    odd.write_text("not json", encoding="utf-8")
    out = check(odd)
    assert out.returncode == 2 and len(out.stdout.splitlines()) == 1
    assert "two\\nlines.json" in out.stdout


def test_check_of_good_files_exits_zero_without_pygame(tmp_path: Path) -> None:
    out = check(a_save(tmp_path))
    assert out.returncode == 0 and "ok" in out.stdout
    code = ("import sys; from game.__main__ import main; "
            f"main(['--check', {str(a_save(tmp_path))!r}]); print('pygame' in sys.modules)")
    probe = subprocess.run([sys.executable, "-c", code],
                           cwd=ROOT, check=True, capture_output=True, text=True)
    assert probe.stdout.strip().endswith("False")


def test_no_display_is_reported_in_one_line_at_once() -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    out = subprocess.run([sys.executable, "-m", "game"], env=env, cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "display" in out.stderr and "xvfb-run" in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


# ----------------------------------------------------------------- fuzzing
def mutate_value(value: Any, data: st.DataObject) -> Any:
    choice = data.draw(st.sampled_from(["type", "huge", "deep", "string", "drop", "neg"]))
    if choice == "type":
        return data.draw(st.sampled_from([None, True, 1.5, "x", [], {}, [1, "2"], 10**30]))
    if choice == "huge":
        return int("9" * data.draw(st.integers(19, 60)))
    if choice == "deep":
        nested: Any = 1
        for _ in range(data.draw(st.integers(30, 3000))):
            nested = [nested]
        return nested
    if choice == "string":
        return data.draw(st.sampled_from(["²m", "９p", "٣s", "x" * 100_000, "", "0 discard 5m"]))
    if choice == "neg":
        return -1
    return ...


def mutate(record: Any, data: st.DataObject) -> Any:
    """One surgical change somewhere in the record's tree."""
    doc = json.loads(json.dumps(record))
    node, path = doc, []
    while isinstance(node, (dict, list)) and node and data.draw(st.booleans()):
        key = data.draw(st.sampled_from(sorted(node) if isinstance(node, dict)
                                        else range(len(node))))
        path.append((node, key))
        node = node[key]
    if not path:
        new = mutate_value(doc, data)
        return {} if new is ... else new
    parent, key = path[-1]
    new = mutate_value(parent[key], data)
    if new is ...:
        del parent[key]
    else:
        parent[key] = new
    return doc


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), which=st.integers(0, len(RECORDS) - 1), as_save=st.booleans())
def test_mutated_records_and_saves_load_or_are_refused_by_name(data: st.DataObject, which: int,
                                                               as_save: bool) -> None:
    record = RECORDS[which]
    doc: Any = mutate(record, data)
    if as_save:
        match = Match.from_record(record, load_ruleset(record["ruleset"]))
        good = save_document(match, MatchSetup())
        doc = mutate(good, data) if data.draw(st.booleans()) else {**good, "match": doc}
    try:
        text = json.dumps(doc)
    except (ValueError, RecursionError):
        return
    try:
        loaded = parse_save(text)
    except SaveError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    again = parse_save(text)
    assert again.match.totals == loaded.match.totals
    assert again.match.round.events == loaded.match.round.events


@settings(max_examples=100, deadline=None)
@given(data=st.data())
def test_truncated_and_flipped_bytes_are_refused_by_name(data: st.DataObject) -> None:
    text = json.dumps(RECORDS[0])
    raw = bytearray(text.encode())
    if data.draw(st.booleans()):
        raw = raw[:data.draw(st.integers(0, len(raw) - 1))]
    else:
        for _ in range(data.draw(st.integers(1, 5))):
            raw[data.draw(st.integers(0, len(raw) - 1))] = data.draw(st.integers(0, 255))
    try:
        parse_save(raw.decode("utf-8", errors="replace"))
    except SaveError as exc:
        assert "\n" not in str(exc)


@pytest.mark.parametrize("text", ["[" * 100_000, '{"format": ' + "1" * 5000 + "}",
                                  '{"format": 1, "hands": 5, "walls": []}', "",
                                  '{"format": 1, "ruleset": "dazhong", "hands": [["0 discard ²m"]]}'])
def test_known_bad_files_are_refused(text: str) -> None:
    with pytest.raises(SaveError):
        parse_save(text)


def test_a_wall_of_one_tile_kind_is_refused() -> None:
    record = dict(RECORDS[0], walls={"0": "1m" * 108})
    with pytest.raises(SaveError, match="does not hold exactly"):
        parse_save(json.dumps(record))
