"""The rooms' journal: the actions played since each room file was last written whole,
every room's in one file, `rooms/journal.log`.

Appending a move to a room file of its own cost a thread's turn, a write and an
fdatasync for each action of each room; the journal takes the new actions of every room
of a turn of the event loop in one write and one fdatasync (a group commit). Each line
is `["CODE", hand, index, "action"]` (JSON): the room, the action's hand and its place in
that hand. On loading, the lines of a room that continue its file's last hand are added
to it, in order; a line the file already holds or of an earlier hand is passed over, a
torn last line (a kill in the middle of a write) ends the reading and a gap ends the
room's. When it has grown past ROTATE_BYTES, and at every start, the journal is replaced
whole by one that holds only the lines the room files may still need (atomically: a
crash leaves the old journal or the new one).
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path

from game.files import DataError, read_bytes, sync_folder

JOURNAL = "journal.log"
FRESH = "journal.new"       # a replacing journal until it is whole on disk
LOG_CAP = 64 * 1024 * 1024
ROTATE_BYTES = 4 * 1024 * 1024

Entry = tuple[int, int, str]    # hand, index, action


def lines(code: str, hand: int, start: int, texts: Iterable[str]) -> bytes:
    """The journal lines of `texts`, the actions of a room's `hand` from place `start` on."""
    return "".join(json.dumps([code, hand, start + i, text], ensure_ascii=False) + "\n"
                   for i, text in enumerate(texts)).encode("utf-8")


def read(folder: Path) -> dict[str, list[Entry]]:
    """Every room's journal lines in `folder`, in order (room code: entries): the lines
    of the rooms' own logs that earlier versions kept (`CODE.log`), then the journal's."""
    rooms: dict[str, list[Entry]] = {}
    for path in older_logs(folder):
        for code, entry in _read_lines(path, 3):
            rooms.setdefault(code or path.stem, []).append(entry)
    for code, entry in _read_lines(folder / JOURNAL, 4):
        if code is not None:
            rooms.setdefault(code, []).append(entry)
    return rooms


def older_logs(folder: Path) -> list[Path]:
    """The rooms' own logs an earlier version wrote (`rooms/CODE.log`, lines
    `[hand, index, "action"]`), read once and removed once the journal holds theirs."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("*.log") if p.name != JOURNAL)


def _read_lines(path: Path, width: int) -> list[tuple[str | None, Entry]]:
    """The lines of a journal (`width` 4, a room code first) or of an older room log
    (`width` 3), up to the first that is not one (a torn last line ends the reading)."""
    try:
        text = read_bytes(path, LOG_CAP).decode("utf-8", "replace")
    except DataError:
        return []
    found: list[tuple[str | None, Entry]] = []
    for line in text.splitlines():
        try:
            item = json.loads(line)
        except ValueError:
            break
        if not isinstance(item, list) or len(item) != width:
            break
        code = item[0] if width == 4 else None
        hand, index, action = item[-3:]
        if not ((code is None or isinstance(code, str)) and type(hand) is int
                and type(index) is int and isinstance(action, str)):
            break
        found.append((code, (hand, index, action)))
    return found


def continued(entries: list[Entry], hands: list[list[str]]) -> list[list[str]]:
    """`hands` (a room file's record) with the journal entries that continue its last
    hand."""
    if not hands or not entries:
        return hands
    last = list(hands[-1])
    for hand, index, action in entries:
        if hand < len(hands) - 1 or (hand == len(hands) - 1 and index < len(last)):
            continue
        if hand > len(hands) - 1 or index > len(last):
            break
        last.append(action)
    return [*hands[:-1], last]


class Journal:
    """The journal file of a folder, written by one thread at a time."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.size = 0
        self._fd: int | None = None

    def append(self, data: bytes) -> None:
        """Add lines to the journal, on disk when this returns (the first lines start a
        journal of their own)."""
        if self._fd is None:
            self.replace(data)
            return
        _write_all(self._fd, data)
        os.fdatasync(self._fd)
        self.size += len(data)

    def replace(self, data: bytes) -> None:
        """A journal of `data` alone in place of the one written so far."""
        self.folder.mkdir(parents=True, exist_ok=True)
        fresh = self.folder / FRESH
        fd = os.open(fresh, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o600)
        try:
            _write_all(fd, data)
            os.fdatasync(fd)
            os.replace(fresh, self.folder / JOURNAL)
        except BaseException:
            os.close(fd)
            raise
        sync_folder(self.folder)
        self.close()
        self._fd, self.size = fd, len(data)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]
