"""Player settings, kept in saves/settings.json between runs.

Written atomically (temp file + os.replace); a missing, corrupt or partly wrong
file gives the defaults for whatever cannot be read, never a crash.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game import paths
from game.shell.i18n import LANGUAGES

COUNTDOWNS = (0, 5, 10, 15, 20)  # the claim countdowns a player can choose, seconds


@dataclass
class Settings:
    """What the player chose in the Settings screen (and the new-match defaults)."""

    language: str = "zh"          # "zh" | "en"
    anim_speed: float = 1.0       # 0 = instant .. 2 = twice as fast
    thinking_delay: float = 0.8   # seconds an AI seat "thinks"
    claim_countdown: int = 10     # seconds to answer a claim, 0 = no limit
    sound_on: bool = True
    fullscreen: bool = False
    show_hint: bool = True        # highlight the suggested claim
    show_waits: bool = True       # show the waiting tiles of a ready hand
    ruleset: str = "dazhong"      # the ruleset the new-match form starts with
    path: Path = field(default_factory=paths.settings_path, repr=False, compare=False)

    @classmethod
    def load(cls, path: Path | None = None) -> Settings:
        """Settings from `path`; defaults for anything missing or unreadable."""
        path = path or paths.settings_path()
        settings = cls(path=path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            return settings
        if isinstance(data, dict):
            for name in _STORED:
                if name in data and _acceptable(name, data[name]):
                    value = data[name]
                    setattr(settings, name, int(value) if name == "claim_countdown" else value)
        return settings

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["path"]
        return data

    def save(self) -> None:
        """Write atomically next to the final file."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.to_dict(), f, ensure_ascii=False, indent=1)
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


_STORED = tuple(f.name for f in fields(Settings) if f.name != "path")
_RANGES = {"anim_speed": (0.0, 2.0), "thinking_delay": (0.0, 2.0), "claim_countdown": (0, 60)}


def _acceptable(name: str, value: Any) -> bool:
    """Whether a stored value has the field's type and lies in its range."""
    if name == "language":
        return value in LANGUAGES
    if name == "ruleset":
        return isinstance(value, str)
    if isinstance(getattr(Settings, name), bool):
        return isinstance(value, bool)
    low, high = _RANGES[name]
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high
