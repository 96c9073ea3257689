"""The match library: every match is its own file in the player's data folder.

A match file is written atomically after every action (game.shell.saves); nothing
ever overwrites another match. The library lists them (newest first) from a summary
each save carries, so listing never replays a match; opening one replays and checks
it. Finished matches stay: they are the history replays and statistics read. A match
played in another copy of the game (game.shell.locks) is listed as in use and not opened.
"""
from __future__ import annotations

import itertools
import os
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from game import paths
from game.files import DataError, decode_text, parse_json, read_bytes
from game.play.setup import MatchSetup, SeatSpec, SetupError
from game.shell import locks
from game.shell.saves import SAVE_KIND, Save, SaveError, load_save

FOLDER = "matches"
LEGACY_FILES = ("autosave.json", "debug-autosave.json")  # saves of earlier versions
IN_USE = "this match is open in another window of the game"


def library_dir() -> Path:
    """The folder holding every match file."""
    return paths.data_dir() / FOLDER


def in_library(path: Path) -> bool:
    """Whether `path` is a match file of the library (not a file opened from elsewhere)."""
    try:
        return Path(path).resolve().parent == library_dir().resolve()
    except OSError:
        return False


def new_match_path(prefix: str = "match") -> Path:
    """A name for a new match file that no file has, its lock held: it never replaces
    another match, nor one another copy of the game is about to write."""
    folder = library_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in itertools.count(1):
        path = folder / f"{prefix}-{stamp}-{n}.json"
        if not path.exists() and locks.hold(path):
            if not path.exists():    # the lock reserves the name; the first save writes it
                return path
            locks.release(path)
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class MatchEntry:
    """One match of the library as the Matches page lists it."""

    path: Path
    updated: float                       # seconds since the epoch
    ruleset: str = ""
    seats: tuple[SeatSpec, ...] = ()     # who sat where, under which name
    hands_played: int = 0
    length: int = 0
    totals: tuple[int, ...] = ()        # the scores so far, the hand in progress included
    finished: bool = False
    debug: bool = False
    source: str = "game"
    problem: str | None = None           # why the file cannot be opened, if it cannot
    problem_kind: str = "damaged"        # what happened, for the player (SaveError.kind)
    in_use: bool = False                 # played in another copy of the game now

    @property
    def resumable(self) -> bool:
        return self.problem is None and not self.finished and not self.in_use


def _entry_from_document(path: Path, updated: float, doc: Any) -> MatchEntry:
    """An entry from a match file's JSON without replaying it (saves carry a summary)."""
    if isinstance(doc, dict) and doc.get("kind") == SAVE_KIND:
        record, summary = doc.get("match"), doc.get("summary")
        try:
            setup = MatchSetup.read(doc.get("setup"))
        except SetupError:
            return _entry_by_replay(path, updated)
        if not (isinstance(record, dict) and isinstance(summary, dict)
                and _listable(record, summary)):
            return _entry_by_replay(path, updated)
        return MatchEntry(path, updated, str(record.get("ruleset", "")), setup.seats,
                          int(summary.get("hands_played", 0)), int(record.get("length", 0)),
                          tuple(int(t) for t in summary.get("totals", [])),
                          bool(doc.get("finished")), setup.debug, setup.source)
    return _entry_by_replay(path, updated)


def _listable(record: dict[str, Any], summary: dict[str, Any]) -> bool:
    """Whether the fields listing reads without a replay have their types (if not, the file
    is replayed, which lists it properly or names its real problem)."""
    totals = summary.get("totals", [])
    return (type(summary.get("hands_played", 0)) is int and type(record.get("length", 0)) is int
            and isinstance(totals, list) and all(type(t) is int for t in totals))


def _entry_by_replay(path: Path, updated: float) -> MatchEntry:
    """An entry for a file without a summary (a bare record): replay it."""
    try:
        save = load_save(path)
    except SaveError as exc:
        return MatchEntry(path, updated, problem=str(exc), problem_kind=exc.kind)
    return entry_for(path, save, updated)


def entry_for(path: Path, save: Save, updated: float | None = None) -> MatchEntry:
    """The entry of a loaded match file."""
    match, setup = save.match, save.setup
    return MatchEntry(path, updated if updated is not None else time.time(), match.ruleset.id,
                      setup.seats, len(match.history), match.length,
                      tuple(match.running_totals), match.is_over, setup.debug, setup.source)


def read_entry(path: Path) -> MatchEntry:
    """The library's entry for one file; a damaged file is listed with its problem."""
    try:
        updated = path.stat().st_mtime
        doc = parse_json(decode_text(read_bytes(path), path.name), path.name)
        entry = _entry_from_document(path, updated, doc)
        return replace(entry, in_use=locks.in_use_elsewhere(path))
    except OSError as exc:
        return MatchEntry(path, 0.0, problem=str(exc), problem_kind="unreadable")
    except (DataError, ValueError, TypeError) as exc:
        return MatchEntry(path, 0.0, problem=str(exc))


def list_matches(folder: Path | None = None) -> list[MatchEntry]:
    """Every match file of the library, the most recently played first."""
    folder = folder or library_dir()
    try:
        files = [p for p in folder.glob("*.json") if not p.name.startswith(".")]
    except OSError:
        return []
    return sorted((read_entry(p) for p in files), key=lambda e: (e.updated, e.path.name),
                  reverse=True)


def latest_unfinished(folder: Path | None = None) -> MatchEntry | None:
    """The match Continue resumes: the most recent unfinished one that opens (a hotseat
    match too: it resumes in hotseat mode)."""
    return next((entry for entry in list_matches(folder) if entry.resumable), None)


def open_match(path: Path) -> Save:
    """Read and replay a match file without writing anything (SaveError if it can't, or
    if another copy of the game plays it)."""
    if locks.in_use_elsewhere(path):
        raise SaveError(IN_USE, "in_use")
    return load_save(path)


def delete_match(path: Path) -> None:
    """Delete one match file of the library (never a file outside it)."""
    if not in_library(path):
        raise SaveError(f"{path} is not a match of the library", "outside")
    if locks.in_use_elsewhere(path):
        raise SaveError(IN_USE, "in_use")
    Path(path).unlink(missing_ok=True)
    locks.lock_path(path).unlink(missing_ok=True)


def adopt_legacy_saves() -> list[Path]:
    """Move match files of earlier versions (autosave.json, replay-*.json in the data
    folder) into the library, so no match is lost; returns their new paths."""
    folder = paths.data_dir()
    try:
        legacy = [folder / n for n in LEGACY_FILES] + sorted(folder.glob("replay-*.json"))
    except OSError:
        return []
    moved = []
    for old in legacy:
        if old.is_file():
            new = new_match_path("match")
            os.replace(old, new)
            locks.release(new)      # moved, not played: another window may open it
            moved.append(new)
    return moved

