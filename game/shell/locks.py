"""One lock per match file, so two copies of the game on the same data folder never
write the same match: the copy that plays a match holds its lock, the other shows that
match as in use. The lock is an OS lock (fcntl on POSIX, msvcrt on Windows) on a small
hidden file beside the match (removed with the match), so a copy that crashes lets go of it with its process.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import IO

LOCK_SUFFIX = ".lock"
_held: dict[Path, IO[bytes]] = {}     # the match files this process plays


def lock_path(match_path: Path) -> Path:
    """The lock file of a match file (hidden, beside it)."""
    path = Path(match_path)
    return path.with_name(f".{path.name}{LOCK_SUFFIX}")


def _key(match_path: Path) -> Path:
    return Path(os.path.abspath(match_path))


def _try_lock(handle: IO[bytes]) -> bool:
    """Take the OS lock on an open lock file without waiting; False if another holds it."""
    try:
        if sys.platform == "win32":
            import msvcrt
            handle.seek(0)
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        else:
            import fcntl
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def hold(match_path: Path) -> bool:
    """Hold the lock of `match_path` for this process (True at once if it already does);
    False if another copy of the game holds it. A folder where no lock file can be made
    (read-only) holds nothing and is not refused: the write itself will fail there."""
    key = _key(match_path)
    if key in _held:
        return True
    try:
        handle = open(lock_path(key), "a+b")    # noqa: SIM115 - kept open while held
    except OSError:
        return True
    if not _try_lock(handle):
        handle.close()
        return False
    _held[key] = handle
    return True


def release(match_path: Path | None) -> None:
    """Let go of a match file's lock (nothing if this process does not hold it)."""
    if match_path is None:
        return
    handle = _held.pop(_key(match_path), None)
    if handle is not None:   # the file stays: removing it could let two copies lock two files
        handle.close()       # closing it releases the OS lock


def in_use_elsewhere(match_path: Path) -> bool:
    """Whether another copy of the game holds the lock of `match_path` now."""
    key = _key(match_path)
    if key in _held or not lock_path(key).exists():
        return False
    try:
        with open(lock_path(key), "a+b") as handle:
            return not _try_lock(handle)       # closing releases a lock taken to test
    except OSError:
        return False
