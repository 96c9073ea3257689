"""Versioned, checksummed JSON saves written atomically; loading replays the match.

A save holds the match record (ruleset digest, seed, every action) plus the table
set-up (who sits where, at which level). Loading refuses, with one line naming the
problem, anything truncated, tampered with, from a newer version or for a ruleset
this game does not have.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.engine.match import Match, RecordError
from game.engine.ruleset import RulesetError
from game.rulesets import load_ruleset

SAVE_KIND = "mahjong-table-save"
SAVE_VERSION = 1


class SaveError(Exception):
    """A save that cannot be used; str() is a one-line reason for the player."""


@dataclass
class Save:
    """A loaded save: the match replayed to where it was, and the table set-up."""

    match: Match
    setup: dict[str, Any]


def _checksum(body: dict[str, Any]) -> str:
    canon = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canon.encode("utf-8")).hexdigest()


def save_document(match: Match, setup: dict[str, Any]) -> dict[str, Any]:
    """The JSON object written for a match and its table set-up."""
    body = {"kind": SAVE_KIND, "version": SAVE_VERSION, "setup": setup,
            "finished": match.is_over, "match": match.to_record()}
    return {**body, "checksum": _checksum(body)}


def write_save(path: Path, match: Match, setup: dict[str, Any]) -> None:
    """Write atomically: a temp file in the same folder, then os.replace."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(save_document(match, setup), ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=".save-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def parse_save(text: str) -> Save:
    """Check and replay a save's text; SaveError names the first problem."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        raise SaveError("the save file is truncated or is not JSON") from None
    if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
        raise SaveError("this is not a save file of this game")
    version = doc.get("version")
    if not isinstance(version, int):
        raise SaveError("the save file has no version number")
    if version > SAVE_VERSION:
        raise SaveError(f"the save was made by a newer version of the game (save format {version}, "
                        f"this game reads up to {SAVE_VERSION})")
    body = {k: v for k, v in doc.items() if k != "checksum"}
    if doc.get("checksum") != _checksum(body):
        raise SaveError("the save file was changed or damaged (checksum mismatch)")
    record = doc.get("match")
    setup = doc.get("setup")
    if not isinstance(record, dict) or not isinstance(setup, dict):
        raise SaveError("the save file is missing its match or set-up")
    try:
        ruleset = load_ruleset(str(record.get("ruleset")))
    except RulesetError as exc:
        raise SaveError(f"the save needs {exc}") from None
    try:
        match = Match.from_record(record, ruleset)
    except RecordError as exc:
        raise SaveError(f"the save cannot be replayed: {exc}") from None
    return Save(match, setup)


def load_save(path: Path) -> Save:
    """Read and check a save file (see parse_save)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"no save file at {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"cannot read {path}: {exc}") from None
    return parse_save(text)
