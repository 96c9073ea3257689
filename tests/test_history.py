"""Replays, play-from-here and Hard's review, on matches the AI levels play here."""
from __future__ import annotations

import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.estimates import Estimate
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.match import Match
from game.engine.state import RoundState
from game.engine.wall import derive_seed
from game.history.autoplay import play_match
from game.history.branch import play_from_here
from game.history.review import Decision, SeatReview, regret_of, review_seat
from game.history.timeline import Timeline
from game.play.setup import MatchSetup, SeatSpec
from game.rulesets import load_ruleset
from game.shell import saves

LEVELS = ("hard", "easy", "medium", "hard")


@cache
def sample_match(seed: int = 11, length: int = 2) -> Match:
    return play_match(LEVELS, seed, length)


def fields(state: RoundState) -> dict[str, object]:
    """Everything a RoundState holds that decides what comes next."""
    return {"hands": state.hands, "melds": state.melds, "discards": state.discards,
            "ready": state.ready, "waits": state.ready_waits, "auto": state.auto,
            "scores": state.scores, "events": state.events, "actions": state.actions,
            "wins": state.wins, "phase": state.phase, "current": state.current,
            "drawn": state.drawn, "wall": len(state.wall),
            "legal": [state.legal_actions(s) for s in range(state.players)],
            "views": [state.view(s) for s in range(state.players)]}


def replayed(match: Match, hand: int, step: int) -> RoundState:
    """The state by replaying the record from the very start (no checkpoints)."""
    record = match.to_record()
    record["hands"] = record["hands"][:hand] + [record["hands"][hand][:step]]
    return Match.from_record(record, match.ruleset).round


def test_timeline_covers_every_action() -> None:
    match = sample_match()
    tl = Timeline(match)
    assert tl.size == sum(len(a) + 1 for a in match.hand_actions)
    assert [len(h.steps) for h in tl.hands] == [len(a) for a in match.hand_actions]
    last = tl.hands[-1]
    assert tl.totals_at(last.number, len(last.steps)) == tuple(match.totals)
    assert tl.state_at(last.number, len(last.steps)).is_over


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
def test_jump_anywhere_equals_replay_from_start(n: int) -> None:
    match = sample_match()
    tl = Timeline(match)
    hand, step = tl.position(n % tl.size)
    assert fields(tl.state_at(hand, step)) == fields(replayed(match, hand, step))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=10_000))
def test_step_back_then_forward_is_the_same_state(n: int) -> None:
    tl = Timeline(sample_match())
    flat = n % (tl.size - 1) + 1
    here = fields(tl.state_at(*tl.position(flat)))
    tl.state_at(*tl.position(flat - 1))
    assert fields(tl.state_at(*tl.position(flat))) == here


def test_next_decision_and_wins() -> None:
    tl = Timeline(sample_match())
    for seat in range(4):
        flat = tl.next_decision(seat, -1)
        assert flat is not None
        hand, step = tl.position(flat)
        assert tl.hands[hand].steps[step].action.seat == seat
        assert tl.previous_decision(seat, flat) is None
    for flat in tl.wins():
        hand, step = tl.position(flat)
        assert tl.hands[hand].steps[step - 1].win and tl.state_at(hand, step).wins


NAMED = [SeatSpec.parse("hard", "a"), SeatSpec.parse("easy", name_id="ai.1"),
         SeatSpec.you(""), SeatSpec.parse("hard", "ai.3")]


def test_play_from_here_continues_from_the_replayed_state(isolated_saves: Path) -> None:
    match = sample_match()
    source = isolated_saves / "source.json"
    saves.write_save(source, match, MatchSetup.read({"seats": [{"kind": k, "name": k} for k in LEVELS]}))
    before = source.read_bytes()
    tl = Timeline(saves.load_save(source).match)
    hand, step = 1, len(tl.hands[1].steps) // 2
    path, save = play_from_here(tl, hand, step, 2, ["hard"] * 4, NAMED)
    assert source.read_bytes() == before
    assert path.parent == isolated_saves / "matches" and path != source
    loaded = saves.load_save(path)
    assert fields(loaded.match.round) == fields(tl.state_at(hand, step))
    assert fields(save.match.round) == fields(tl.state_at(hand, step))
    assert loaded.match.totals == list(tl.hands[1].totals_before)
    assert [s.text for s in loaded.setup.seats] == ["hard", "hard", "human", "hard"]
    assert [(s.name, s.name_id) for s in loaded.setup.seats] == [(s.name, s.name_id) for s in NAMED]
    again, _ = play_from_here(tl, hand, step, 2, ["hard"] * 4, NAMED)
    assert again != path and path.exists()


def test_regret_from_ranked_candidates() -> None:
    reason = [Estimate("0 discard 1m", 2.0), Estimate("0 discard 2m", 1.5),
              Estimate("0 discard 3m", 0.5)]
    assert regret_of("0 discard 1m", "0 discard 1m", reason) == (0.0, False)
    assert regret_of("0 discard 2m", "0 discard 1m", reason) == (0.5, False)
    assert regret_of("0 discard 9m", "0 discard 1m", reason) == (1.5, True)


def test_review_hard_agrees_with_hard_and_easy_far_less() -> None:
    tl = Timeline(play_match(("hard", "easy", "hard", "easy"), 3, 2))
    hard = [review_seat(tl, s, "hard") for s in (0, 2)]
    easy = [review_seat(tl, s, "easy") for s in (1, 3)]
    hard_rate = sum(r.agree for r in hard) / sum(len(r.decisions) for r in hard)
    easy_rate = sum(r.agree for r in easy) / sum(len(r.decisions) for r in easy)
    assert sum(len(r.decisions) for r in hard) >= 20
    assert hard_rate >= 0.95
    assert easy_rate <= 0.6
    assert all(d.regret >= 0 for r in easy for d in r.decisions)
    assert any(d.regret > 0 for r in easy for d in r.mistakes())


def test_costliest_are_only_decisions_that_lost_something() -> None:
    review = SeatReview(0, "human", [
        Decision(0, 4, "0 discard 1m", "0 discard 2m", 0.0, (), bounded=True),
        Decision(0, 6, "0 discard 3m", "0 discard 4m", 1.5, ()),
        Decision(0, 8, "0 discard 5m", "0 discard 5m", 0.0, ())])
    assert [d.step for d in review.mistakes()] == [6]
    assert review.to_json()["mistakes"][0]["step"] == 7   # counted from 1


def test_review_keeps_auto_turns_apart() -> None:
    """Decisions the computer made under 托管 are marked and left out of the figures."""
    from ai.levels import make_agent
    match = Match(load_ruleset("dazhong"), 3, 1)
    agents = [make_agent(lv, derive_seed(3, 100 + s)) for s, lv in enumerate(LEVELS)]
    while not match.round.is_over:
        state = match.round
        seat = state.seats_to_act()[0]
        match.apply(agents[seat].choose(state.view(seat), state.legal_actions(seat)))
        if len(match.round.actions) == 12 and not match.round.is_over:
            match.apply(Action(1, A.AUTO, on=True))
    review = review_seat(Timeline(match), 1, "human")
    switched = 12
    assert review.auto_turns > 0 and len(review.own) > 0
    assert all(d.auto == (d.step > switched) for d in review.decisions)
    assert review.agree == sum(d.agree for d in review.own)
    assert not any(d.auto for d in review.mistakes())
    assert review.to_json()["auto_decisions"] == review.auto_turns


def test_review_keeps_timeouts_apart() -> None:
    """Decisions the clock took are marked, counted apart and never a mistake or one of
    the seat's own choices (a timed-out claim is no 过 of the player's)."""
    tl = Timeline(play_match(("easy", "easy", "easy", "easy"), 3, 1))
    plain = review_seat(tl, 2, "human")
    taken = [(d.hand, d.step) for d in plain.decisions][::2]
    review = review_seat(tl, 2, "human", timeouts=taken)
    assert review.timeouts == len(taken) > 0
    assert [d.timed_out for d in review.decisions] == \
        [(d.hand, d.step) in taken for d in review.decisions]
    assert len(review.own) == len(plain.decisions) - len(taken)
    assert not any(d.timed_out for d in review.mistakes())
    assert review.agree == sum(d.agree for d in review.own)
    assert review.to_json()["timed_out_decisions"] == len(taken)


def test_review_stops_when_asked() -> None:
    tl = Timeline(sample_match())
    seen: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> bool:
        seen.append((done, total))
        return done < 3
    review = review_seat(tl, 0, "hard", progress)
    assert not review.complete and len(review.decisions) == 3


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game.review", *args], capture_output=True, check=False,
                          text=True, timeout=300)


def test_cli_json_shape(tmp_path: Path) -> None:
    match = sample_match()
    record = {**match.to_record(), "seats": [{"name": f"P{s}", "level": lvl}
                                             for s, lvl in enumerate(LEVELS)]}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    out = run_cli(str(path), "--json", "--seat", "1")
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    [seat] = doc["seats"]
    assert seat["seat"] == 1 and seat["level"] == "easy"
    assert 0 <= seat["agree"] <= seat["decisions"] and seat["auto_decisions"] == 0
    assert len(seat["mistakes"]) <= seat["decisions"] - seat["agree"]
    for m in seat["mistakes"]:
        assert {"hand", "step", "chosen", "best", "regret", "reason"} <= set(m)
        assert all({"action", "win_chance", "expected_points", "deal_in_risk", "samples"}
                   == set(e) for e in m["reason"])
        assert m["regret"] > 0 and m["hand"] >= 1 and m["step"] >= 1
    text = run_cli(str(path))
    assert text.returncode == 0 and text.stdout.count("seat ") >= 4
    assert "points" in text.stdout and "≥0.00" not in text.stdout


@pytest.mark.parametrize("content,args,word", [
    (None, [], "no file"),
    ("{not json", [], "cannot review"),
    ('{"format": 1, "hands": []}', [], "cannot review"),
    ("ok", ["--seat", "7"], "--seat"),
    ("ok", ["--seat", "x"], "--seat"),
])
def test_cli_bad_input_one_line(tmp_path: Path, content: str | None, args: list[str],
                                word: str) -> None:
    path = tmp_path / "m.json"
    if content == "ok":
        saves.write_save(path, sample_match(), MatchSetup())
    elif content is not None:
        path.write_text(content)
    out = run_cli(str(path), *args)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and word in out.stderr and not out.stdout


def test_a_jump_replays_fewer_actions_than_a_checkpoint_gap(monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    tl = Timeline(sample_match())
    applied: list[object] = []
    original = RoundState.apply

    def counting(self: RoundState, action: object) -> None:
        applied.append(action)
        original(self, action)  # type: ignore[arg-type]
    monkeypatch.setattr(RoundState, "apply", counting)
    for flat in range(tl.size):
        applied.clear()
        tl.state_at(*tl.position(flat))
        assert len(applied) < tl.checkpoint
