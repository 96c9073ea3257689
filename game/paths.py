"""Every path the game uses: where the shipped assets are, where the player's data lives.

Assets (rulesets, theme, fonts, translations, rules text) are package data of the
top-level ``assets`` package, found through importlib.resources, so a checkout and
an installed wheel behave alike. Player data (match files, settings, logs) goes to:

1. the folder given with ``--data-dir`` (``set_data_dir``), else
2. the checkout's ``saves/`` when the game runs from a source checkout, else
3. the platform's user data folder (platformdirs), for an installed copy.

Nothing is ever written inside an installed package.
"""
from __future__ import annotations

import os
from importlib import resources
from pathlib import Path

APP_NAME = "mahjong-table"
DATA_DIR_ENV = "MAHJONG_DATA_DIR"   # the same as --data-dir, for child processes and tests

_data_dir: Path | None = None


def asset(*parts: str) -> Path:
    """A shipped asset file or folder as a path on disk, e.g. ``asset("rulesets")``."""
    return Path(str(resources.files("assets").joinpath(*parts)))


def checkout_root() -> Path | None:
    """The source checkout the game runs from, or None for an installed copy."""
    root = Path(__file__).resolve().parent.parent
    if (root / "pyproject.toml").is_file() and (root / "game" / "engine").is_dir():
        return root
    return None


def set_data_dir(path: Path | str | None) -> None:
    """Use `path` for the player's data from now on (None: back to the default)."""
    global _data_dir
    _data_dir = None if path is None else Path(path).expanduser().resolve()


def data_dir() -> Path:
    """The folder holding this player's match files, settings and logs (not created)."""
    if _data_dir is not None:
        return _data_dir
    env = os.environ.get(DATA_DIR_ENV)
    if env:
        return Path(env).expanduser().resolve()
    root = checkout_root()
    if root is not None:
        return root / "saves"
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def ensure_data_dir() -> Path:
    """The data folder, created if missing."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settings_path() -> Path:
    return data_dir() / "settings.json"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def crash_log_path() -> Path:
    return data_dir() / "crash.log"
