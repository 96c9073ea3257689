"""Reading files from outside the game safely: every reader of saves, match records,
settings, scenarios and rulesets goes through here.

A file is refused, with a one-line DataError naming the problem, when it is not a
regular file (a folder, a FIFO, a device), is larger than the cap, is not UTF-8 text,
or is not JSON within limits (nesting depth, number size, no NaN/Infinity). Writing is
atomic: a temp file in the same folder, fsync, os.replace, then the folder is synced.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

MAX_BYTES = 32 * 1024 * 1024    # no save, record or setting comes near this
MAX_DEPTH = 32                  # match records nest 4 deep
MAX_NUMBER_CHARS = 40           # a 64-bit seed has 20 digits
TEMP_PREFIX = ".tmp-"


class DataError(ValueError):
    """Outside data that cannot be used; str() is one line naming the problem."""


def read_bytes(path: Path, cap: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `cap` bytes."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise DataError(f"no file at {path}") from None
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(info.st_mode):
        raise DataError(f"{path} is a folder, not a file")
    if not stat.S_ISREG(info.st_mode):
        raise DataError(f"{path} is not a regular file (a pipe or a device)")
    if info.st_size > cap:
        raise DataError(f"{path} is too large ({info.st_size} bytes; the limit is {cap})")
    try:
        with open(path, "rb") as f:
            data = f.read(cap + 1)
    except OSError as exc:
        raise DataError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(data) > cap:
        raise DataError(f"{path} is too large (the limit is {cap} bytes)")
    return data


def decode_text(data: bytes, what: str) -> str:
    """UTF-8 text (a byte-order mark is allowed) without NUL characters."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DataError(f"{what} is not UTF-8 text") from None
    if "\x00" in text:
        raise DataError(f"{what} holds binary data")
    return text


def _bounded_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise DataError(f"a number of {len(text)} digits")
    return int(text)


def _bounded_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise DataError(f"a number of {len(text)} characters")
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise DataError(f"the number {text} is out of range")
    return value


def _no_constant(name: str) -> Any:
    raise DataError(f"{name} is not a number this game accepts")


def _depth_ok(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            if depth > limit:
                return False
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return True


def parse_json(text: str, what: str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text within the limits; DataError says what is wrong and where."""
    try:
        value = json.loads(text, parse_int=_bounded_int, parse_float=_bounded_float,
                           parse_constant=_no_constant)
    except DataError as exc:
        raise DataError(f"{what}: {exc}") from None
    except RecursionError:
        raise DataError(f"{what} is nested too deeply") from None
    except json.JSONDecodeError as exc:
        problem = "is empty" if not text.strip() else f"is not valid JSON ({exc.msg}, " \
            f"line {exc.lineno} column {exc.colno})"
        raise DataError(f"{what} {problem}") from None
    except ValueError as exc:
        raise DataError(f"{what} holds an unreadable value ({exc})") from None
    if not _depth_ok(value, max_depth):
        raise DataError(f"{what} is nested too deeply (more than {max_depth} levels)")
    return value


def read_json(path: Path, what: str | None = None, cap: int = MAX_BYTES) -> Any:
    """A JSON file read and parsed within every limit above."""
    label = what or str(path)
    return parse_json(decode_text(read_bytes(path, cap), label), label)


def write_atomic(path: Path, text: str) -> None:
    """Write `text` so that a crash leaves either the old file or the new one, whole."""
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=".json", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    sync_folder(folder)


def shown_name(name: str | Path) -> str:
    """A file name for a one-line message: as it is, or quoted with escapes when it holds
    a newline or another character that is not printable."""
    text = str(name)
    return text if text.isprintable() else repr(text)


def check_writable_folder(folder: Path, what: str) -> None:
    """Make `folder` if it is missing and check that a file can be written in it;
    DataError (naming it as `what`) if not. Nothing is left behind."""
    try:
        if folder.exists() and not folder.is_dir():
            raise DataError(f"{what} {folder} is not a folder")
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, dir=folder)
        os.close(fd)
        os.unlink(tmp)
    except OSError as exc:
        raise DataError(f"cannot write in {what} {folder}: {exc.strerror or exc}") from None


def sync_folder(folder: Path) -> None:
    """fsync a folder, so a rename in it survives a power cut (where the OS allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def remove_stale_temp_files(folder: Path) -> int:
    """Delete temp files a crash left in `folder` (never anything else); how many."""
    removed = 0
    try:
        candidates = list(folder.glob(f"{TEMP_PREFIX}*"))
    except OSError:
        return 0
    for candidate in candidates:
        try:
            if candidate.is_file():
                candidate.unlink()
                removed += 1
        except OSError:
            continue
    return removed
