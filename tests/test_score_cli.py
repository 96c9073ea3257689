"""`python -m game.score` / `mahjong score`: one winning hand scored under any ruleset, as
JSON or lines in the player's language; a hand that does not win is exit 1, bad input
exit 2, each one line on stderr and never a traceback."""
from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.tiles import NUM_KINDS, format_tiles
from game.engine.win_context import NotAWin, Win, WinContext
from game.score import main
from game.score_input import read_win
from game.scorers import SCORERS, Score, known_rulesets, scorer_for

ROOT = Path(__file__).resolve().parent.parent
GUOBIAO = ["--ruleset", "guobiao", "--hand", "123m456p789s11222z", "--win", "2z"]


def score(*words: str, module: tuple[str, ...] = ("game.score",),
          data: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = None if data is None else {"MAHJONG_DATA_DIR": str(data), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", *module, *words], cwd=ROOT, env=env,
                          check=False, capture_output=True, text=True, timeout=60)


def test_guobiao_json_names_every_fan_in_zh_and_en():
    out = score(*GUOBIAO, "--json")
    assert out.returncode == 0 and out.stderr == ""
    assert json.loads(out.stdout) == {"fan": 11, "points": 35, "patterns": [
        {"key": "mixed_straight", "name": "花龙", "name_en": "Mixed Straight", "fan": 8},
        {"key": "concealed_hand", "name": "门前清", "name_en": "Concealed Hand", "fan": 2},
        {"key": "pung_of_terminals_or_honors", "name": "幺九刻",
         "name_en": "Pung of Terminals or Honors", "fan": 1}]}


def test_the_spec_example_without_the_winning_tile_in_the_hand_scores_the_same():
    short = score("--ruleset", "guobiao", "--hand", "123m456p789s1122z", "--win", "2z", "--json")
    assert json.loads(short.stdout) == json.loads(score(*GUOBIAO, "--json").stdout)


def test_every_option_reaches_the_calculator():
    out = score("--ruleset", "guobiao", "--hand", "123m456p789s55z", "--win", "5z",
                "--melds", "kong:2222z", "--kong-draw", "--flowers", "2", "--seat-wind", "2",
                "--round-wind", "2", "--json")
    data = json.loads(out.stdout)
    keys = {p["key"]: p["fan"] for p in data["patterns"]}
    assert keys["out_with_replacement_tile"] == 8 and keys["flower_tiles"] == 2
    assert keys["seat_wind"] == 2 and keys["prevalent_wind"] == 2
    assert data["points"] == 3 * (8 + data["fan"]) and data["fan"] == sum(keys.values())
    last = json.loads(score(*GUOBIAO, "--self-drawn", "--last-tile", "--json").stdout)
    assert "last_tile_draw" in {p["key"] for p in last["patterns"]}


def test_dazhong_scores_its_largest_pattern_and_its_points():
    out = score("--hand", "111m222p333s999m55p", "--win", "5p", "--json")
    assert json.loads(out.stdout) == {"fan": 8, "points": 8, "patterns": [
        {"key": "all_triplets", "name": "碰碰胡", "name_en": "All triplets", "fan": 8}]}
    drawn = score("--ruleset", "honors", "--hand", "123m456p789s11z234s", "--win", "4s",
                  "--self-drawn", "--json")
    assert json.loads(drawn.stdout)["points"] == 18       # 6 from each of three seats


def test_lines_in_the_players_language_through_the_game_command(tmp_path):
    (tmp_path / "settings.json").write_text('{"language": "en"}', encoding="utf-8")
    out = score("score", *GUOBIAO, module=("game",), data=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == [
        "Mixed Straight  8 fan", "Concealed Hand  2 fan", "Pung of Terminals or Honors  1 fan",
        "11 fan in all; the winner receives 35 points"]
    zh = score(*GUOBIAO, "--language", "zh").stdout.splitlines()
    assert zh[0] == "花龙  8 番" and zh[-1].startswith("共 11 番")


@pytest.mark.parametrize("words, named", [
    (["--hand", "123m456p789s11m235s", "--win", "5s"], "not a winning hand"),
    (["--ruleset", "guobiao", "--hand", "234m456p678s55s", "--win", "3m", "--melds",
      "chi:678p", "--flowers", "4"], "6 fan without the flowers is below the 8-fan minimum"),
])
def test_a_hand_that_does_not_win_is_one_line_and_exit_1(words, named):
    out = score(*words)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and named in out.stderr


@pytest.mark.parametrize("words, named", [
    (["--ruleset", "nope", "--hand", "11m", "--win", "1m"], "unknown ruleset 'nope'"),
    (["--hand", "123m456p789s11x234s", "--win", "4s"], "unexpected character"),
    (["--hand", "123m456p789s11m234s", "--win", "5s"], "not in the hand"),
    (["--hand", "123m456p789s11m23s", "--win", "4s", "--melds", "pong:555p"], "bad meld"),
    (["--hand", "123m456p789s11m", "--win", "1m", "--melds", "chi:135p"], "chow"),
    (["--hand", "123m456p789s11z234s", "--win", "4s"], "dazhong has no tile 1z"),
    (["--hand", "123m456p789s11m234s", "--win", "4s", "--flowers", "1"], "no flowers"),
    ([*GUOBIAO, "--seat-wind", "5"], "wind"),
    ([*GUOBIAO, "--flowers", "9"], "flowers"),
    ([*GUOBIAO, "--robbed-kong", "--self-drawn"], "robbed kong"),
    (["--hand", "123m"], "--win"),
])
def test_bad_input_is_one_line_and_exit_2(words, named):
    out = score(*words)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and named in out.stderr and "Traceback" not in out.stderr


def test_a_scorer_plugs_in_with_one_entry(monkeypatch):
    def by_size(win: Win) -> Score:
        if len(set(win.concealed)) > 12:
            raise NotAWin("too scattered")
        return Score(len(win.concealed), (("basic", len(win.concealed)),), 1)
    monkeypatch.setitem(SCORERS, "test_only", by_size)
    assert "test_only" in known_rulesets()
    hand = read_win("123m456p789s11m234s", "4s", "", WinContext())
    assert scorer_for("test_only")(hand).fan == 14


NOTATION = st.text(alphabet="0123456789mpsz ,:xchikongpe", max_size=24)
HANDS = st.lists(st.integers(0, NUM_KINDS - 1), min_size=1, max_size=15).map(format_tiles)
MELDS = st.lists(st.tuples(st.sampled_from(["chi", "peng", "kong", "ckong", "pung"]),
                           HANDS), max_size=5).map(
    lambda ms: ",".join(f"{kind}:{tiles}" for kind, tiles in ms))


@settings(max_examples=250, deadline=None)
@given(st.one_of(HANDS, NOTATION), st.one_of(HANDS, NOTATION), st.one_of(MELDS, NOTATION),
       st.sampled_from(["dazhong", "guobiao", "wildcard", "changsha"]),
       st.lists(st.sampled_from(["--self-drawn", "--last-tile", "--kong-draw",
                                 "--robbed-kong", "--fourth-tile"]), max_size=3))
def test_any_strings_end_in_a_score_or_one_line(hand, tile, melds, ruleset, flags):
    out, err = io.StringIO(), io.StringIO()
    words = ["--ruleset", ruleset, "--hand", hand, "--win", tile, "--melds", melds,
             "--language", "en", *flags]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = main(words)
        except SystemExit as exc:
            status = exc.code
    assert status in (0, 1, 2)
    if status:
        assert out.getvalue() == "" and err.getvalue().count("\n") == 1
    else:
        assert err.getvalue() == "" and "in all" in out.getvalue()


def test_the_docs_example_prints_what_the_docs_show():
    doc = (ROOT / "docs" / "scoring.md").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(doc) if line.startswith("python -m game.score "))
    out = score(*doc[at].split()[3:])
    shown = json.loads(doc[at + 1].replace(", ...]", "]"))
    printed = json.loads(out.stdout)
    assert {**printed, "patterns": printed["patterns"][:1]} == shown


def test_a_damaged_settings_file_gives_chinese_and_is_left_alone(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "settings.json").write_text("{damaged", encoding="utf-8")
    out = score(*GUOBIAO, data=data)
    assert out.returncode == 0 and out.stdout.startswith("花龙  8 番")
    assert sorted(p.name for p in data.iterdir()) == ["settings.json"]
    assert (data / "settings.json").read_text(encoding="utf-8") == "{damaged"


def test_xuezhan_gives_its_fan_and_the_points_after_the_cap():
    pure_pungs = score("--ruleset", "xuezhan", "--hand", "111m222m333m44455m", "--win", "5m",
                       "--json")
    assert pure_pungs.returncode == 0, pure_pungs.stderr
    found = json.loads(pure_pungs.stdout)
    assert (found["fan"], found["points"]) == (4, 8)        # 2^(4-1), paid by the discarder
    assert [p["key"] for p in found["patterns"]] == ["basic", "pure_triplets"]
    capped = json.loads(score("--ruleset", "xuezhan", "--hand", "11m22m33m44m55m66m77m",
                              "--win", "7m", "--self-drawn", "--json").stdout)
    assert capped["fan"] == 5 and capped["points"] == 3 * (16 + 1)   # cap, 自摸加底, 3 payers
    three_suits = score("--ruleset", "xuezhan", "--hand", "123m456p789s11m22p", "--win", "2p")
    assert three_suits.returncode == 1 and len(three_suits.stderr.splitlines()) == 1
