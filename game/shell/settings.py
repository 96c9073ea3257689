"""Player settings, kept in settings.json in the data folder between runs.

Written atomically (temp file, fsync, os.replace). A missing or partly wrong file
gives the defaults for whatever cannot be read; a damaged one (not JSON, binary, too
large, not a file) is kept beside as settings.json.bad (then .bad2, …), the game starts
with the defaults and says so once. Never a crash.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import paths
from game.files import DataError, read_json, remove_stale_temp_files, write_atomic
from game.shell.i18n import LANGUAGES
from game.shell.last_setup import LastSetup, read_all

SETTINGS_CAP = 64 * 1024  # a settings file is a few hundred bytes

COUNTDOWNS = (0, 5, 10, 15, 20)  # the claim countdowns a player can choose, seconds
MAX_NAME = 24                    # characters of the player's name


def saved_language(default: str) -> str:
    """The language the settings file names, read only (nothing is written or moved);
    `default` when the file is missing or unreadable or names no language the game has."""
    try:
        data = read_json(paths.settings_path(), "settings.json", cap=SETTINGS_CAP)
    except DataError:
        return default
    language = data.get("language") if isinstance(data, dict) else None
    return language if language in LANGUAGES else default


def clean_name(text: str) -> str | None:
    """The player's name as kept: trimmed, at most MAX_NAME printable characters ("" for
    the translated "you"); None for text that cannot be a name."""
    name = text.strip()
    return name if len(name) <= MAX_NAME and name.isprintable() else None


@dataclass
class Settings:
    """What the player chose in the Settings screen (and the new-match defaults)."""

    language: str = "zh"          # "zh" | "en"
    player_name: str = ""         # your seat's name in new matches ("": 你 / You)
    anim_speed: float = 1.0       # 0 = instant .. 2 = twice as fast
    thinking_delay: float = 0.8   # seconds an AI seat "thinks"
    claim_countdown: int = 10     # seconds to answer a claim, 0 = no limit
    sound_on: bool = True
    volume: float = 0.8           # of the sound effects, 0 .. 1
    fullscreen: bool = False
    hint_efficiency: bool = True  # hovering a tile: shanten and effective tiles after it
    hint_suggest: bool = False    # a gold border on the move the AI would make
    hint_danger: bool = False     # tint the hand by the danger of each discard
    suggest_legend_seen: bool = False  # the gold border's one-line legend has been shown
    show_waits: bool = True       # show the waiting tiles of a ready hand
    auto_win: bool = False        # take 胡 / 自摸 at once when offered
    never_claim: bool = False     # pass every 吃 / 碰 / 杠 of a discard at once
    mute_phrases: bool = False    # an online table shows no quick phrases
    ruleset: str = "dazhong"      # the ruleset the new-match form starts with
    online_server: str = "ws://127.0.0.1:8765"   # the Online page's server address
    online_insecure: bool = False  # wss://: accept a certificate nobody vouches for
    ui_scale: float = 1.0         # the player's text and control size, 0.75 .. 2
    window_size: tuple[int, int] | None = None  # the last window size
    last_setups: dict[str, LastSetup] = field(default_factory=dict)  # each form's last choices
    path: Path = field(default_factory=paths.settings_path, repr=False, compare=False)
    problem: str = field(default="", repr=False, compare=False)  # why the defaults are used
    bots: dict[int, str] = field(default_factory=dict, repr=False, compare=False)  # --bot

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Settings from `path`; defaults for anything missing or unreadable."""
        path = path or paths.settings_path()
        settings = cls(path=path)
        remove_stale_temp_files(path.parent)
        if not os.path.lexists(path):
            return settings
        try:
            data = read_json(path, path.name, cap=SETTINGS_CAP)
            if not isinstance(data, dict):
                raise DataError(f"{path.name} is not an object of settings")
        except DataError as exc:
            settings.problem = f"{exc}; using the default settings" + _keep_aside(path)
            return settings
        if isinstance(data, dict):
            if "hint_suggest" not in data and "show_hint" in data:
                data["hint_suggest"] = data["show_hint"]   # its name before the hints had three
            for name in _STORED:
                if name in data and _acceptable(name, data[name]):
                    value = data[name]
                    if name == "claim_countdown":
                        value = int(value)
                    elif name == "window_size":
                        value = (value[0], value[1])
                    elif name == "last_setups":
                        value = read_all(value)
                    setattr(settings, name, value)
        return settings

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["path"], data["problem"], data["bots"]
        data["last_setups"] = {form: last.to_dict() for form, last in self.last_setups.items()}
        return data

    def save(self) -> str | None:
        """Write atomically (temp file, fsync, os.replace); None, or why it could not be
        written (the game goes on with the settings in memory)."""
        if self.path.is_dir():
            return f"{self.path} is a folder"
        try:
            write_atomic(self.path, json.dumps(self.to_dict(), ensure_ascii=False, indent=1))
        except OSError as exc:
            return f"cannot write {self.path}: {exc.strerror or exc}"
        return None


def _keep_aside(path: Path) -> str:
    """Move a damaged settings file to NAME.bad, or NAME.bad2, … when one was kept before
    (a folder or device is left alone)."""
    if not path.is_file() or path.is_symlink():
        return ""
    aside, n = path.with_name(path.name + ".bad"), 2
    while aside.exists() or aside.is_symlink():
        aside, n = path.with_name(f"{path.name}.bad{n}"), n + 1
    try:
        os.replace(path, aside)
    except OSError:
        return ""
    return f" (the damaged file is kept as {aside.name})"


_STORED = tuple(f.name for f in fields(Settings) if f.name not in ("path", "problem", "bots"))
_RANGES = {"anim_speed": (0.0, 2.0), "thinking_delay": (0.0, 2.0), "claim_countdown": (0, 60),
           "ui_scale": (0.75, 2.0), "volume": (0.0, 1.0)}
MAX_WINDOW = 16384


def _acceptable(name: str, value: Any) -> bool:
    """Whether a stored value has the field's type and lies in its range."""
    if name == "language":
        return value in LANGUAGES
    if name == "ruleset":
        return isinstance(value, str)
    if name == "online_server":
        return isinstance(value, str) and value.startswith(("ws://", "wss://")) \
            and len(value) <= 200 and value.isprintable()
    if name == "player_name":
        return isinstance(value, str) and clean_name(value) == value
    if name == "last_setups":
        return isinstance(value, dict)
    if name == "window_size":
        return (isinstance(value, list) and len(value) == 2
                and all(type(v) is int and 100 <= v <= MAX_WINDOW for v in value))
    if isinstance(getattr(Settings, name), bool):
        return isinstance(value, bool)
    low, high = _RANGES[name]
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high
