"""``python -m game.analyze --ruleset ID``: a hand read by a ruleset's own tiles, hand
rules and winning shapes (国标's 十三幺, 全不靠 / 七星不靠 and 组合龙 among them)."""
from __future__ import annotations

import contextlib
import io
import json
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from game.analyze import InputError, analyze, main
from game.engine.gb_shanten import NO_SHAPE, shape_shanten
from game.engine.gb_shapes import KNITTED, ORPHANS
from game.engine.tiles import tile_name
from game.hand_reading import HandReading
from game.rulesets import available_rulesets, load_ruleset
from tests.test_analyze_cli import run

GUOBIAO = HandReading(ruleset=load_ruleset("guobiao"))


def guobiao(hand: str) -> dict[str, object]:
    return analyze(hand, GUOBIAO)


def test_thirteen_orphans_one_tile_away_shows_its_waits() -> None:
    proc = run("19m19p19s1234567z", "--ruleset", "guobiao")
    assert proc.returncode == 0, proc.stderr
    assert "ruleset:  guobiao" in proc.stdout and "shanten:  0  (ready)" in proc.stdout
    assert "waits:    1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z" in proc.stdout
    assert guobiao("119m19p19s123456z")["waits"] == ["7z"]
    done = guobiao("119m19p19s1234567z")
    assert done["win"] is True and done["shanten"] == -1
    # by the other rulesets' shapes the same tiles are far from a win
    assert analyze("19m19p19s1234567z")["shanten"] == 6


def test_honors_and_knitted_and_seven_stars() -> None:
    ready = guobiao("147m258p3s123456z")            # 全不靠 lacking one tile of 16 kinds
    assert ready["shanten"] == 0 and ready["waits"] == ["6s", "9s", "7z"]
    stars = guobiao("147m258p3s1234567z")           # 七星不靠: all seven honors
    assert stars["win"] is True and stars["shanten"] == -1
    assert guobiao("147m258p369s12345z")["win"] is True


def test_knitted_straight_with_a_set_and_a_pair() -> None:
    assert guobiao("147m258p369s123m1z")["waits"] == ["1z"]
    assert guobiao("147m258p369s123m11z")["win"] is True
    # ten tiles: the set is melded beside the hand, a pair lacks its second tile
    assert guobiao("147m258p369s1z")["waits"] == ["1z"]
    far = guobiao("147m258p36s12m55z7z")          # two tiles lacking: 9s and 3m
    assert far["shanten"] == 1 and far["waits"] == []
    # the pair may share a kind with the set: 4m of the straight, of 456m and of 44m
    shared = guobiao("147m258p369s4456m")
    assert shared["shanten"] == 0 and shared["waits"] == ["4m", "7m"]
    # 十三幺 lacking two kinds: its pair already held
    assert guobiao("119m19p19s112345z")["shanten"] == 1


def test_discard_table_weighs_the_extra_shapes() -> None:
    result = guobiao("147m258p369s12345z")
    assert result["discards"][0]["shanten"] == 0
    one_man = next(d for d in result["discards"] if d["discard"] == "1m")
    assert one_man["effective"] == ["1m", "6z", "7z"] and one_man["effective_count"] == 11
    # a plain hand reads as by the other rulesets: the same shanten and best discard
    plain = guobiao("123m456p789s1122z5m")
    assert plain["shanten"] == 0 and plain["discards"][0]["discard"] == "5m"


def test_each_ruleset_reads_its_own_tiles_and_rules() -> None:
    for ruleset in available_rulesets():
        proc = run("123m456p789s11m", "--ruleset", ruleset, "--json")
        assert proc.returncode == 0, (ruleset, proc.stderr)
        data = json.loads(proc.stdout)
        assert data["ruleset"] == ruleset and data["win"] is (ruleset != "changsha")
    # dazhong has no honors; without --ruleset any of the 34 kinds is read, as before
    refused = run("123m456p789s1z", "--ruleset", "dazhong")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.strip() == "error: 1z: not a tile of ruleset 'dazhong'"
    assert run("123m456p789s1z").returncode == 0
    assert analyze("1m7z", HandReading(ruleset=load_ruleset("wildcard")))["win"] is True
    assert HandReading(ruleset=load_ruleset("dazhong")).rules == HandReading().rules


def test_stdin_and_json_read_by_the_ruleset() -> None:
    proc = run("--stdin", "--ruleset", "guobiao",
               stdin="19m19p19s1234567z\n123mf1\n147m258p369s12345z\n")
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: line 2: flowers") and len(proc.stderr.splitlines()) == 1
    first, bad, last = (json.loads(line) for line in proc.stdout.splitlines())
    assert len(first["waits"]) == 13 and first["ruleset"] == "guobiao"
    assert "error" in bad and last["win"] is True
    assert json.loads(run("19m19p19s1234567z1m", "--ruleset=guobiao", "--json").stdout)["win"]


@pytest.mark.parametrize("args", [
    ["11m", "--ruleset", "riichi"],                  # unknown id
    ["11m", "--ruleset", ""],                        # empty id
    ["11m", "--ruleset"],                            # no id
    ["11m", "--ruleset", "guobiao", "--pair-258"],   # a ruleset and hand-rule flags
    ["11m", "--ruleset", "dazhong", "--wildcard", "1m"],
    ["123mf1", "--ruleset", "guobiao"],              # a flower
    ["f8", "--ruleset", "guobiao"],
    ["1f2m"],
])
def test_bad_ruleset_input_exit_2_one_line(args: list[str]) -> None:
    proc = run(*args, stdin="")
    assert proc.returncode == 2 and proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:"), proc.stderr


def test_an_unknown_ruleset_is_named_with_the_known_ones() -> None:
    [line] = run("11m", "--ruleset", "riichi").stderr.splitlines()
    assert "'riichi'" in line and all(r in line for r in available_rulesets())
    [line] = run("11mf3").stderr.splitlines()
    assert "flowers" in line and "f1-f8" in line


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=60))
def test_any_ruleset_text_is_read_or_refused_in_one_line(ruleset: str) -> None:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        try:
            status = main(["11m", f"--ruleset={ruleset}"])
        except SystemExit as stop:
            status = stop.code
    if ruleset in available_rulesets():
        assert status == 0 and err.getvalue() == ""
    else:
        assert status == 2
        [line] = err.getvalue().splitlines()
        assert line.startswith("error:") and line.isprintable() and len(line) < 300


def _shapes() -> dict[str, list[Counter[int]]]:
    """Every complete hand of 十三幺, 全不靠 / 七星不靠 and 组合龙 (of 14 tiles, and of 11
    beside a meld), by shape."""
    sets = [[k] * 3 for k in range(34)] + [[k, k + 1, k + 2] for k in range(27) if k % 9 <= 6]
    honors = [*range(27, 34)]
    shapes = {
        "orphans": [[*ORPHANS, k] for k in ORPHANS],
        "honors_and_knitted": [[k for j, k in enumerate([*straight, *honors]) if j not in two]
                               for straight in KNITTED for two in combinations(range(16), 2)],
        "knitted_straight": [[*straight, *meld, p, p] for straight in KNITTED
                             for meld in sets for p in range(34)],
        "knitted_straight_11": [[*straight, p, p] for straight in KNITTED for p in range(34)]}
    return {name: [need for need in map(Counter, hands) if max(need.values()) <= 4]
            for name, hands in shapes.items()}


SHAPES = _shapes()
TARGETS = {14: [need for name, needs in SHAPES.items() if name != "knitted_straight_11"
                for need in needs], 11: SHAPES["knitted_straight_11"]}


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """Concealed hands of 10, 11, 13 or 14 tiles: random, or a complete hand of one of
    the shapes less a tile or not, with up to three tiles swapped for others."""
    shape = draw(st.sampled_from([None, *SHAPES]))
    kind = st.integers(0, 33)
    if shape is None:
        size = draw(st.sampled_from([10, 11, 13, 14]))
        tiles = draw(st.lists(kind, min_size=size, max_size=size))
    else:
        tiles = draw(st.permutations(list(draw(st.sampled_from(SHAPES[shape])).elements())))
        tiles = tiles[draw(st.integers(0, 1)):]
        for i in range(draw(st.integers(0, 3))):
            tiles[i] = draw(kind)
    counts = [0] * 34
    for k in tiles:
        counts[k] += 1
    return [min(4, c) for c in counts]


@settings(max_examples=80, deadline=None)
@given(hands())
def test_shape_shanten_is_the_fewest_tiles_lacking_toward_any_shape(counts: list[int]) -> None:
    """Beside a brute force over every complete hand of the three shapes."""
    n = sum(counts)
    assume(n % 3 != 0)
    full = n + 1 if n % 3 == 1 else n
    if full not in TARGETS:         # too few tiles for any of them
        assert shape_shanten(counts) == NO_SHAPE
        return
    lacking = min(sum(max(0, v - counts[k]) for k, v in need.items())
                  for need in TARGETS[full])
    assert shape_shanten(counts) == lacking - 1
    assert shape_shanten(counts, 2) == min(2, lacking - 1)


@settings(max_examples=150, deadline=None)
@given(hands())
def test_guobiao_shanten_agrees_with_its_win_test(counts: list[int]) -> None:
    n = sum(counts)
    assume(n % 3 != 0)
    s = GUOBIAO.shanten(counts)
    assert s <= shape_shanten(counts) and s >= -1
    if n % 3 == 2:
        assert (s == -1) == GUOBIAO.is_win(counts)
        assert max(s, 0) == min(after for _, after, _ in GUOBIAO.discard_options(counts))
    else:
        waits = GUOBIAO.waits(counts)
        assert s >= 0 and (not waits or s == 0)
        if shape_shanten(counts) == 0:
            assert waits, [tile_name(k) for k in range(34) for _ in range(counts[k])]


def test_a_ruleset_refuses_the_hands_the_plain_reading_refuses() -> None:
    for bad in ("123x", "11111m", "123m456p", "", "1" * 200 + "m"):
        with pytest.raises(InputError):
            analyze(bad)
        with pytest.raises(InputError):
            analyze(bad, GUOBIAO)
    assert guobiao("11m")["win"] is True and guobiao("1m")["waits"] == ["1m"]
