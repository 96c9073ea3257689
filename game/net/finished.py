"""Finished matches kept for their people to collect: for KEEP_SECONDS (7 days) after
its end, `rejoin` with any seat token of a match is answered with its record.

`finished/CODE-ENDED.json` (ENDED: the Unix time of the end, in whole seconds) holds the
room's set-up and host, its people (names and token hashes, as the room file keeps them)
and the match document the `record` message carries. The files' names are the index: no
file is read before someone collects from it. Each is written atomically off the event
loop (its text is kept here until it is on disk) and removed once older than 7 days, at
start and by the server's sweeper.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from game.files import DataError, parse_json, read_bytes, remove_stale_temp_files, write_atomic
from game.net.people import Person, people_doc, read_people, seat_of_token
from game.net.wire import CODE_ALPHABET, CODE_LENGTH, RoomConfig, WireError, read_config

KIND = "mahjong-net-finished"
VERSION = 1
KEEP_SECONDS = 7 * 86400
CAP = 8 * 1024 * 1024
GONE = "no such room (or its match is over)"


@dataclass(frozen=True)
class Ended:
    """A finished match as far as a rematch needs it: its room's code, set-up, host and
    people."""

    code: str
    config: RoomConfig
    host: int | None
    people: dict[int, Person]


def _entry(path: Path) -> tuple[str, float] | None:
    """(code, end time) from a kept file's name; None for any other file."""
    code, _, ended = path.stem.partition("-")
    if path.suffix != ".json" or len(code) != CODE_LENGTH or \
            any(c not in CODE_ALPHABET for c in code) or not ended.isdigit():
        return None
    return code, float(ended)


class Archive:
    """The finished matches of a data folder's `finished/`."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.ended: dict[str, tuple[float, Path]] = {}   # code: (end time, its file)
        self.pending: dict[str, str] = {}     # code: the text of a file not yet on disk

    def __contains__(self, code: str) -> bool:
        return code in self.ended

    def load(self) -> list[Path]:
        """Index the kept files; those to remove: older than 7 days, or kept again (a
        kill before its room file went: the newer is kept)."""
        remove_stale_temp_files(self.folder)
        again: list[Path] = []
        for path in sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []:
            entry = _entry(path)
            if entry is not None:
                before = self.ended.get(entry[0])
                if before is not None:
                    again.append(min(before, (entry[1], path))[1])
                self.ended[entry[0]] = max(before or (0.0, path), (entry[1], path))
        return again + self.expired(time.time())

    def expired(self, now: float) -> list[Path]:
        """The files older than 7 days, out of the index (the caller removes them)."""
        old = [code for code, (ended, _) in self.ended.items() if now - ended >= KEEP_SECONDS]
        return [self.ended.pop(code)[1] for code in old]

    def keep(self, ended: Ended, match: dict[str, Any]) -> partial[None]:
        """Index a finished match now; the job that writes its file."""
        at = int(time.time())
        path = self.folder / f"{ended.code}-{at}.json"
        doc = {"kind": KIND, "version": VERSION, "code": ended.code,
               "config": ended.config.to_dict(), "host": ended.host,
               "people": people_doc(ended.people), "match": match}
        self.ended[ended.code] = (float(at), path)
        self.pending[ended.code] = json.dumps(doc, ensure_ascii=False)
        return partial(self._write, ended.code, path)

    def _write(self, code: str, path: Path) -> None:
        write_atomic(path, self.pending[code])
        self.pending.pop(code, None)

    def collect(self, code: str, token: str) -> tuple[Ended, int, dict[str, Any]]:
        """The finished match of `code`, the seat of `token` in it and its match document;
        WireError when there is none (or it is older than 7 days) or the token is wrong."""
        entry = self.ended.get(code)
        if entry is None or time.time() - entry[0] >= KEEP_SECONDS:
            raise WireError(GONE, "no_such_room")
        try:
            text = self.pending.get(code) or read_bytes(entry[1], CAP).decode("utf-8")
            doc = parse_json(text, "a finished match")
        except (DataError, UnicodeDecodeError):
            raise WireError(GONE, "no_such_room") from None
        if not isinstance(doc, dict) or doc.get("kind") != KIND or doc.get("code") != code \
                or not isinstance(doc.get("match"), dict) or \
                not isinstance(doc.get("config"), dict):
            raise WireError(GONE, "no_such_room")
        try:
            config = read_config(doc["config"])
            people = read_people(doc.get("people"), config)
        except WireError:
            raise WireError(GONE, "no_such_room") from None
        host = doc.get("host")
        ended = Ended(code, config, host if host in people else None, people)
        return ended, seat_of_token(people, token), doc["match"]
