"""A room's action log: the actions played since its room file was last written whole.

Writing the whole room file atomically after every action costs two fsyncs and a
rename; appending the new actions to `rooms/CODE.log` costs one small write and one
fdatasync. Each line is `[hand, index, "action"]` (JSON): the action's hand and its
place in that hand. On loading, the lines that continue the room file's last hand are
added to it, in order; a line the file already holds, a torn last line (a kill in the
middle of a write) and anything after a gap are left out. The log goes whenever the
room file is written whole.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from game.files import DataError, read_bytes

LOG_CAP = 8 * 1024 * 1024


def lines(hand: int, start: int, texts: list[str]) -> bytes:
    """The log lines of `texts`, the actions of `hand` from place `start` on."""
    return "".join(json.dumps([hand, start + i, text], ensure_ascii=False) + "\n"
                   for i, text in enumerate(texts)).encode("utf-8")


def append(path: Path, data: bytes) -> None:
    """Add lines to a log, on disk when this returns."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        os.write(fd, data)
        os.fdatasync(fd)
    finally:
        os.close(fd)


def continued(path: Path, hands: list[list[str]]) -> list[list[str]]:
    """`hands` (a room file's record) with the logged actions that continue its last
    hand."""
    if not hands or not path.exists():
        return hands
    try:
        text = read_bytes(path, LOG_CAP).decode("utf-8", "replace")
    except DataError:
        return hands
    last = list(hands[-1])
    for line in text.splitlines():
        try:
            hand, index, action = json.loads(line)
        except (ValueError, TypeError):
            break
        if hand != len(hands) - 1 or type(index) is not int or not isinstance(action, str):
            break
        if index < len(last):
            continue
        if index > len(last):
            break
        last.append(action)
    return [*hands[:-1], last]
