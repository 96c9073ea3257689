"""A damaged settings file never stops the game: defaults, one message, the file kept."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.shell.settings import Settings

DAMAGE = {
    "not json": b"{ language: zh",
    "deep": b"[" * 100_000 + b"]" * 100_000,
    "huge number": b'{"claim_countdown": ' + b"9" * 5000 + b"}",
    "binary": b"\x00\xff\xfe\x81 garbage",
    "not an object": b"[1, 2, 3]",
    "empty": b"",
}


def test_a_second_damaged_file_does_not_replace_the_first_kept_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    for damage in (b"{broken", b"\x00\xff"):
        path.write_bytes(damage)
        assert Settings.load(path).problem
    assert (tmp_path / "settings.json.bad").read_bytes() == b"{broken"
    assert (tmp_path / "settings.json.bad2").read_bytes() == b"\x00\xff"


@pytest.mark.parametrize("name", DAMAGE)
def test_a_damaged_file_gives_defaults_and_is_kept_aside(tmp_path: Path, name: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(DAMAGE[name])
    settings = Settings.load(path)
    assert settings.to_dict() == Settings(path=path).to_dict()
    assert settings.problem and "\n" not in settings.problem
    assert (tmp_path / "settings.json.bad").read_bytes() == DAMAGE[name]
    assert settings.save() is None
    assert Settings.load(path).problem == ""


def test_wrong_values_fall_back_one_by_one(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"language": "en", "claim_countdown": "ten",
                                "thinking_delay": 1e308, "sound_on": 1}))
    settings = Settings.load(path)
    assert settings.language == "en" and settings.claim_countdown == 10
    assert settings.thinking_delay == 0.8 and settings.sound_on is True


def test_a_folder_or_fifo_in_its_place_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "settings.json"
    folder.mkdir(parents=True)
    assert "folder" in Settings.load(folder).problem
    assert Settings.load(folder).save() is not None and folder.is_dir()
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert "not a regular file" in Settings.load(fifo).problem


def test_temp_files_left_by_a_crash_are_removed_at_start(tmp_path: Path) -> None:
    stale = tmp_path / ".tmp-abc.json"
    stale.write_text("{}")
    keep = tmp_path / "match.json"
    keep.write_text("{}")
    Settings.load(tmp_path / "settings.json")
    assert not stale.exists() and keep.exists()


def test_the_game_starts_with_a_damaged_settings_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"[" * 100_000)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "MAHJONG_EXIT_AFTER_FIRST_FRAME": "1"}
    out = subprocess.run([sys.executable, "-m", "game", "--settings", str(path)], env=env,
                         check=False, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.startswith("first-frame")
    assert "default settings" in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_the_forms_last_choices_read_back_and_wrong_ones_fall_back(tmp_path: Path) -> None:
    from game.shell.last_setup import LastSetup
    path = tmp_path / "settings.json"
    settings = Settings(path=path)
    settings.last_setups["match"] = LastSetup(("human", "hard", "bot", "easy"),
                                              ("", "", "python3 b.py", ""), 4)
    assert settings.save() is None
    assert Settings.load(path).last_setups == settings.last_setups
    path.write_text(json.dumps({"last_setups": {"match": {"kinds": [1, 2], "length": "x",
                                                          "seed": "7", "show_all": False},
                                                "other": {}}}))
    assert Settings.load(path).last_setups == {"match": LastSetup(seed="7", show_all=False)}
