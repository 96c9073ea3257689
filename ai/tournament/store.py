"""A tournament's folder (--records DIR): its settings (tournament.json), one result
file per unit as it finishes (results/), and every hand as a match file (hands/). Each
file is written whole (temp file, then rename), so a run killed at any moment leaves
only finished units, and --resume DIR plays the rest."""
from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ai.tournament.runner import Result
from ai.tournament.schedule import Unit
from game.files import DataError, remove_stale_temp_files, write_atomic

MANIFEST = "tournament.json"
SETTINGS = ("entrants", "walls", "rounds", "seed", "ruleset", "bot_deadline")


def save_settings(folder: Path, settings: dict[str, Any]) -> None:
    """Keep the tournament's settings in its folder (DataError if it holds another)."""
    path = folder / MANIFEST
    if path.exists():
        raise DataError(f"{folder} already holds a tournament: continue it with "
                        f"--resume {folder}")
    write_atomic(path, json.dumps(settings, ensure_ascii=False))


def load_settings(folder: Path) -> dict[str, Any]:
    """The settings of the tournament kept in `folder` (DataError, one line, if none)."""
    try:
        doc = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except OSError:
        raise DataError(f"{folder} holds no tournament (no {MANIFEST})") from None
    except ValueError:
        raise DataError(f"{folder / MANIFEST} is not a tournament's settings") from None
    if not isinstance(doc, dict) or any(key not in doc for key in SETTINGS):
        raise DataError(f"{folder / MANIFEST} is not a tournament's settings")
    return doc


def result_path(folder: Path, unit: Unit) -> Path:
    return folder / "results" / f"{unit.key}.json"


def save_result(folder: Path, unit: Unit, result: Result) -> None:
    """Keep a finished unit: its hands' match files first, then its result (without
    them), which marks it done."""
    for name, text in result.get("records", {}).items():
        write_atomic(folder / "hands" / name, text)
    kept = {key: value for key, value in result.items() if key != "records"}
    write_atomic(result_path(folder, unit), json.dumps(kept))


def load_done(folder: Path, units: Sequence[Unit]) -> dict[Unit, Result]:
    """The units already played in `folder` (a file that cannot be read is played
    again); the temp files of a write a killed run left unfinished are removed."""
    for part in ("hands", "results"):
        remove_stale_temp_files(folder / part)
    done: dict[Unit, Result] = {}
    for unit in units:
        try:
            result = json.loads(result_path(folder, unit).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(result, dict) and isinstance(result.get("hands"), list):
            done[unit] = result
    return done
