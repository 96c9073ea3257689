"""The bot protocol over 国标 and 血战到底: every decision offered is one the protocol's
document lists for that ruleset, in its written form; outside programs (the example bot
and a recording one) play a match of each at the game's table, told the ruleset in
`hello`, the flowers and winds (国标) or void suits (血战) in every view."""
from __future__ import annotations

import json
import random
import re
import shlex
from pathlib import Path

import pytest

from ai.bot import BotSeat
from game.engine.state import RoundState
from game.rulesets import available_rulesets, load_ruleset
from tests.test_bot_protocol import EXAMPLE, MISBEHAVING, ROOT, table_match

ROW = re.compile(r"^\s*\| `(S [^`]+)` \|[^|]+\|[^|]+\| (.+) \|$")
COMMON = r"discard|chi|peng|pass|swap|void"   # asked in every random hand that has them
PARTS = {"S": r"\d", "T": r"[1-9][mpsz]", "AB": r"[1-9]{2}[mps]",
         "ABC": r"[1-9]{3}[mps]", "X": r"[mps]"}


def documented() -> list[tuple[re.Pattern[str], str]]:
    """The action texts docs/bot_protocol.md lists: (the form as a pattern, where offered)."""
    rows = [ROW.match(line) for line in
            (ROOT / "docs" / "bot_protocol.md").read_text(encoding="utf-8").splitlines()]
    forms = [(" ".join(PARTS.get(w, re.escape(w)) for w in m.group(1).split()), m.group(2))
             for m in rows if m]
    assert len(forms) >= 12
    return [(re.compile(form), where) for form, where in forms]


def offered_in(where: str, ruleset_id: str) -> bool:
    """Whether a row's "offered in" cell names the ruleset ("all", "all but `a` and `b`",
    or a list of ids)."""
    named = set(re.findall(r"`(\w+)`", where))
    if where.startswith("all"):
        return ruleset_id not in named
    return ruleset_id in named


@pytest.mark.parametrize("ruleset_id", available_rulesets())
def test_every_decision_offered_is_written_as_the_protocol_documents(ruleset_id: str) -> None:
    ruleset = load_ruleset(ruleset_id)
    forms = documented()
    seen: set[str] = set()
    rows_seen: set[int] = set()
    for seed in range(12):
        state = RoundState.new(ruleset, seed, seed % ruleset.players)
        rng = random.Random(seed)
        while not state.is_over:
            legal = state.legal_actions(state.seats_to_act()[0])
            for action in legal:
                text = action.to_text()
                rows = [i for i, (form, where) in enumerate(forms) if form.fullmatch(text)]
                assert rows, f"{text!r} is not a documented action text"
                assert any(offered_in(forms[i][1], ruleset_id) for i in rows), \
                    f"{text!r} is offered in {ruleset_id}, which its row does not name"
                rows_seen.update(rows)
                seen.add(text.split()[1])
            wins = [a for a in legal if a.kind in ("hu", "tsumo")]
            state.apply(wins[0] if wins and rng.random() < 0.5 else rng.choice(legal))
    assert {"discard", "pass", "peng"} <= seen
    for i, (form, where) in enumerate(forms):    # the decisions every hand asks for
        if offered_in(where, ruleset_id) and re.search(COMMON, form.pattern):
            assert i in rows_seen, f"{form.pattern} is never offered in {ruleset_id}"
    assert ({"swap", "void"} <= seen) == (ruleset_id == "xuezhan")


def play_at_the_table(tmp_path: Path, ruleset_id: str, hands: int) -> dict[str, object]:
    """A match of `hands` at the game's table: the example bot at seat 1, a recording bot
    at seat 3, Medium and Easy; what the recording bot was told, the example bot's faults
    and actions."""
    from game.play.setup import SeatSpec
    heard = tmp_path / "heard.txt"
    seats = [SeatSpec.parse("medium", "A"), SeatSpec.parse(f"bot:{EXAMPLE}", "bot"),
             SeatSpec.parse("easy", "C"),
             SeatSpec.parse(f"bot:{MISBEHAVING} record {shlex.quote(str(heard))}", "rec")]
    session, at_table = table_match(tmp_path, ruleset_id, 7, hands, seats)
    example = at_table[1]
    assert isinstance(example, BotSeat)
    told = [json.loads(line) for line in Path(f"{heard}.all").read_text().splitlines()]
    return {"told": told, "faults": example.faults, "match": session.match,
            "mine": [a for acts in session.match.hand_actions for a in acts if a.seat == 1]}


def test_the_example_bot_plays_a_guobiao_match_told_flowers_and_winds(tmp_path: Path) -> None:
    got = play_at_the_table(tmp_path, "guobiao", 5)
    told = got["told"]
    assert isinstance(told, list)
    assert told[0] == {"type": "hello", "protocol": 1, "seat": 3, "players": 4,
                       "ruleset": "guobiao"}
    assert got["faults"] == 0 and got["mine"] and told[-1]["type"] == "bye"
    views = [m["view"] for m in told if m["type"] == "decide"]
    assert all(len(v["flowers"]) == 4 and v["hand"].count("f") == 0 for v in views)
    assert {v["round_wind"] for v in views} == {0, 1}      # east, then south from hand 5
    assert {v["dealer"] for v in views} == {0, 1, 2, 3}    # the deal passes on each hand
    flowers = [m for m in told if m["type"] == "event" and m["kind"] == "flower"]
    assert flowers and all(m["data"]["flower"] in range(8) for m in flowers)
    ends = [m for m in told if m["type"] == "end_hand"]
    assert len(ends) == 5 and all(w["fan"] >= 8 for e in ends for w in e["wins"])
    for win in (w for e in ends for w in e["wins"]):     # each win's fans, item by item
        assert win["fans"] and sum(f["fan"] for f in win["fans"]) >= 8


def test_the_example_bot_plays_a_xuezhan_match_its_swap_and_void_among_its_decisions(
        tmp_path: Path) -> None:
    got = play_at_the_table(tmp_path, "xuezhan", 2)
    told = got["told"]
    assert isinstance(told, list) and told[0]["ruleset"] == "xuezhan"
    assert got["faults"] == 0 and told[-1]["type"] == "bye"
    mine = got["mine"]
    assert isinstance(mine, list)
    assert [a.kind for a in mine].count("swap") == 2 and [a.kind for a in mine].count("void") == 2
    asked = [m for m in told if m["type"] == "decide"]
    assert {m["view"]["phase"] for m in asked} >= {"swap", "void", "turn"}
    assert all(m["legal"][0].split()[1] == "swap" for m in asked if m["view"]["phase"] == "swap")
    assert all(len(m["view"]["voids"]) == 4 for m in asked)
    ends = [m for m in told if m["type"] == "end_hand"]
    assert len(ends) == 2
    for win in (w for e in ends for w in e["wins"]):     # 血战: its items, 根 among them
        assert win["fans"] and all(f["count"] == 1 for f in win["fans"])
