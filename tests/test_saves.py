"""Saves: atomic writes, exact resume, and one-line refusals of bad files."""
import json
import random

import pytest

from game.engine.match import Match
from game.play.setup import MatchSetup
from game.rulesets import load_ruleset
from game.shell.saves import SAVE_VERSION, SaveError, load_save, parse_match_document, write_save

RULES = load_ruleset()
SETUP = {"seats": [{"kind": k, "name": f"P{i + 1}"}
                   for i, k in enumerate(["human", "easy", "easy", "easy"])]}


def midgame(seed: int = 11, steps: int = 40) -> Match:
    m = Match(RULES, seed, 4)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = m.round.seats_to_act()[0]
        m.apply(rng.choice(m.round.legal_actions(seat)))
    return m


def test_save_and_resume_exactly(tmp_path):
    m = midgame()
    path = tmp_path / "own" / "s.json"
    write_save(path, m, MatchSetup.read(SETUP))
    assert [p.name for p in path.parent.iterdir()] == ["s.json"], "no temp file left behind"
    save = load_save(path)
    r1, r2 = m.round, save.match.round
    assert (r1.hands, r1.discards, r1.scores, r1.events) == (r2.hands, r2.discards, r2.scores, r2.events)
    assert save.setup.seats == MatchSetup.read(SETUP).seats


def _rewrite(path, change):
    doc = json.loads(path.read_text())
    change(doc)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("damage, message", [
    (lambda p: p.write_text(p.read_text()[:200]), "not valid JSON"),
    (lambda p: p.write_text("[]"), "not a match file"),
    (lambda p: _rewrite(p, lambda d: d["match"]["hands"][0].pop()), "checksum"),
    (lambda p: _rewrite(p, lambda d: d.update(version=SAVE_VERSION + 1)), "newer version"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00garbage"), "not UTF-8"),
])
def test_bad_saves_are_refused_by_name(tmp_path, damage, message):
    path = tmp_path / "s.json"
    write_save(path, midgame(), MatchSetup.read(SETUP))
    damage(path)
    with pytest.raises(SaveError, match=message) as info:
        load_save(path)
    assert "\n" not in str(info.value)


def test_missing_save(tmp_path):
    with pytest.raises(SaveError, match="no file at"):
        load_save(tmp_path / "nothing.json")


def test_a_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "own" / "s.json"
    write_save(path, midgame(steps=10), MatchSetup.read(SETUP))
    before = path.read_bytes()

    def boom(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("game.files.os.replace", boom)
    with pytest.raises(OSError):
        write_save(path, midgame(steps=30), MatchSetup.read(SETUP))
    assert path.read_bytes() == before
    assert [p.name for p in path.parent.iterdir()] == ["s.json"]


def test_timeouts_are_kept_and_old_files_have_none(tmp_path):
    """Decisions the clock took are an optional field: a file without it (every file
    written before it existed) loads with none; a file with them keeps them."""
    m = midgame()
    path = tmp_path / "s.json"
    write_save(path, m, MatchSetup.read(SETUP))
    assert "timeouts" not in json.loads(path.read_text())
    assert load_save(path).timeouts == ()
    write_save(path, m, MatchSetup.read(SETUP), [(0, 7), (0, 3)])
    assert json.loads(path.read_text())["timeouts"] == [[0, 3], [0, 7]]
    assert load_save(path).timeouts == ((0, 3), (0, 7))


@pytest.mark.parametrize("timeouts", ["x", [[0]], [[0, "1"]], [[5, 0]], [[0, 999]], [[0, -1]]])
def test_bad_timeouts_are_refused(timeouts):
    """A match record's timeouts must each name an action of the match."""
    m = midgame()
    assert parse_match_document({**m.to_record(), "timeouts": [[0, 1]]}).timeouts == ((0, 1),)
    with pytest.raises(SaveError, match="timeout") as info:
        parse_match_document({**m.to_record(), "timeouts": timeouts})
    assert "\n" not in str(info.value)
