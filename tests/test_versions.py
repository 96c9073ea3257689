"""One version, from the package metadata: printed by --version, written into every match
file and arena record; a file from a newer version is refused in one line naming both."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from ai.arena import play_hand
from game.engine.wall import derive_seed
from game.play.setup import MatchSetup
from game.shell.saves import SaveError, load_save, save_document, write_save
from game.version import GAME_VERSION_KEY, game_version, newer_than_this, release
from tests.test_matches_page import SEATS, played

ROOT = Path(__file__).resolve().parent.parent


def test_the_version_comes_from_the_package_metadata() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    declared = re.search(r'^version = "(.+)"$', pyproject, re.MULTILINE)
    assert declared is not None and declared.group(1) == game_version()
    out = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT,
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"python -m game {game_version()}"


def test_the_changelog_starts_with_this_version() -> None:
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## (\S+)", changelog, re.MULTILINE)
    assert heads[0] == game_version()
    assert sorted(heads, key=release, reverse=True) == heads, "newest first"


def test_a_match_file_records_the_version_that_wrote_it(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    write_save(path, played(1, steps=5), MatchSetup.read(SEATS))
    assert json.loads(path.read_text(encoding="utf-8"))[GAME_VERSION_KEY] == game_version()


def test_an_arena_record_records_the_version(tmp_path: Path) -> None:
    play_hand("dazhong", derive_seed(1, 0), derive_seed(1, 0, 1), ("easy",) * 4, tmp_path, "r")
    (record,) = tmp_path.glob("*.json")
    assert json.loads(record.read_text(encoding="utf-8"))[GAME_VERSION_KEY] == game_version()


def _newer(doc: dict) -> dict:
    return {**doc, GAME_VERSION_KEY: "99.1.0"}


@pytest.mark.parametrize("bare", [False, True])
def test_a_file_from_a_newer_version_is_refused_naming_both(tmp_path: Path, bare: bool) -> None:
    match = played(1, steps=5)
    doc = _newer(match.to_record() if bare else save_document(match, MatchSetup.read(SEATS)))
    path = tmp_path / "m.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    with pytest.raises(SaveError) as info:
        load_save(path)
    message = str(info.value)
    assert "\n" not in message and "99.1.0" in message and game_version() in message


@pytest.mark.parametrize("written_by", [None, "0.0.1", "0.1.0"])
def test_older_and_unversioned_files_open(tmp_path: Path, written_by: str | None) -> None:
    doc = played(1, steps=5).to_record()
    if written_by is not None:
        doc[GAME_VERSION_KEY] = written_by
    path = tmp_path / "old.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert len(load_save(path).match.hand_actions[0]) == 5
    assert newer_than_this(game_version()) is None
    assert release("0.10.0") > release("0.9.2") and release("1.0") == release("1.0.0")


def test_a_server_room_from_a_newer_version_is_refused_naming_both() -> None:
    from game.net.store import ROOM_KIND, read_room
    from game.net.wire import WireError
    from game.version import GAME_VERSION_KEY, game_version
    doc = {"kind": ROOM_KIND, "version": 1, GAME_VERSION_KEY: "999.0"}
    with pytest.raises(WireError) as info:
        read_room(doc, lambda room: None)
    message = str(info.value)
    assert "999.0" in message and game_version() in message and "\n" not in message
