"""The server's data folder: one file per unfinished room, a match file per finished one.

`rooms/CODE.json` holds the room's set-up, its people (names and token hashes, never a
token), its match record (game.engine.match) and the people's decisions its clock took
(game.shell.saves' timeouts; a new one has the whole file written). After every action the room's files
are brought up to date (coalesced by game.net.writer while a write is on its way): the
new actions added to the rooms' journal (game.net.actionlog), or, when more than actions
changed (people, the hand, the start), the whole file written atomically. A restart on
the same folder loads every room, its journal lines added, and the hands go on (a room
never started whose last change is older than the server's idle time is not: its file
goes). A finished match is written to `matches/` as an ordinary match file, kept for its
people to collect for 7 days (game.net.finished), and its room file removed.
"""
from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from concurrent.futures import Executor
from datetime import datetime, timezone
from functools import partial
from pathlib import Path
from typing import Any

from game.fair import FairError, read_salt
from game.files import DataError, read_json, remove_stale_temp_files, write_atomic
from game.net import actionlog
from game.net.finished import Archive, Ended
from game.net.people import people_doc, read_people
from game.net.rooms import Room
from game.net.wire import WireError, read_code, read_config
from game.net.writer import Writer
from game.shell.saves import SaveError, parse_match_document, read_timeouts
from game.version import GAME_VERSION_KEY, game_version, newer_than_this

ROOM_KIND = "mahjong-net-room"
ROOM_VERSION = 1
ROOM_CAP = 8 * 1024 * 1024


class Store:
    """Room files in `folder`, written in order by `writer` off the event loop (the
    texts are made on the loop, where the room is)."""

    def __init__(self, folder: Path, writer: Writer) -> None:
        self.folder = folder
        self.rooms = folder / "rooms"
        self.matches = folder / "matches"
        self.archive = Archive(folder / "finished")
        self.writer = writer
        writer.needed = self.needed
        self._open: dict[str, Room] = {}      # every room saved and not discarded
        self._held: dict[str, int] = {}       # code: the last hand its file holds on disk
        self.taken: set[str] = set()    # every room's code since the start: never a new one's
        self._seating: dict[str, tuple[tuple[object, ...], str]] = {}   # code: (key, text)
        # code: what its files will hold (seating, last change, hand, actions of that hand)
        self._written: dict[str, tuple[tuple[object, ...], float, int, int]] = {}

    def save(self, room: Room) -> None:
        """Queue a write of the room as it will be when its write begins."""
        self._open[room.code] = room
        self.taken.add(room.code)
        self.writer.put_state(room.code, partial(self._state_job, room))

    def _state_job(self, room: Room) -> Callable[[], object] | bytes:
        """What brings the room's files up to date: the actions played since the last
        write, as journal lines, when only those changed, else the whole file."""
        key = (*self._seating_key(room), len(room.timeouts))
        hand = len(room.texts) - 1
        played = room.texts[hand] if hand >= 0 else []
        before = self._written.get(room.code)
        self._written[room.code] = (key, room.active_at, hand, len(played))
        if before is not None and before[:3] == (key, room.active_at, hand):
            done = before[3]
            if done == len(played):
                return _nothing
            return actionlog.lines(room.code, hand, done, played[done:])
        text = "{" + self._seating_text(room, key) + ',"active_at":' + \
            json.dumps(round(room.active_at, 3)) + ',"timeouts":' + \
            json.dumps(room.timeouts) + ',"salts":' + json.dumps(room.salts) + \
            ',"record":' + room.record_text() + "}"
        return partial(self._write_whole, room.code, hand, self._file(room), text)

    def _write_whole(self, code: str, hand: int, path: Path, text: str) -> None:
        write_atomic(path, text)
        if code in self._open:
            self._held[code] = hand

    def needed(self) -> bytes:
        """The journal lines the room files may still need: each open room's actions from
        the last hand its file holds on disk on."""
        return b"".join(actionlog.lines(code, hand, 0, room.texts[hand])
                        for code, room in self._open.items()
                        for hand in range(max(self._held.get(code, 0), 0), len(room.texts)))

    @staticmethod
    def _seating_key(room: Room) -> tuple[object, ...]:
        return (room.host, room.started, tuple(seat.name for seat in room.seats),
                tuple((s, p.name, p.token_sha256) for s, p in sorted(room.people.items())))

    def _seating_text(self, room: Room, key: tuple[object, ...]) -> str:
        """The members of a room file that change only when people come and go, made
        again only then."""
        kept = self._seating.get(room.code)
        if kept is not None and kept[0] == key:
            return kept[1]
        doc = {"kind": ROOM_KIND, "version": ROOM_VERSION, GAME_VERSION_KEY: game_version(),
               "code": room.code, "config": room.config.to_dict(), "host": room.host,
               "started": room.started, "people": people_doc(room.people), "setup": room.setup().to_dict()}
        text = json.dumps(doc, ensure_ascii=False)[1:-1]
        self._seating[room.code] = (key, text)
        return text

    def finish(self, room: Room, match: dict[str, Any]) -> Ended:
        """Keep a finished room's match (`match`, its document) as a match file, and for
        its people to collect; its room file goes."""
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        path = self.matches / f"online-{room.code}-{stamp}.json"
        text = json.dumps(match, ensure_ascii=False, indent=1)
        self.writer.put(room.code, partial(write_atomic, path, text))
        ended = Ended(room.code, room.config, room.host, dict(room.people))
        self.writer.put(room.code, self.archive.keep(ended, match))
        self.discard(room)
        return ended

    def forget_old(self, paths: list[Path]) -> None:
        """Remove finished matches' files older than 7 days (off the loop)."""
        for path in paths:
            self.writer.put(path.stem[:6], partial(path.unlink, missing_ok=True))

    def discard(self, room: Room) -> None:
        """The room file goes (after the room's earlier writes)."""
        self._seating.pop(room.code, None)
        self._written.pop(room.code, None)
        self._open.pop(room.code, None)
        self._held.pop(room.code, None)
        self.writer.put(room.code, partial(self._file(room).unlink, missing_ok=True))

    def _file(self, room: Room) -> Path:
        return self.rooms / f"{room.code}.json"

    def load(self, saver: Callable[[Room], None], idle_seconds: float,
             thinkers: Executor | None = None) -> tuple[list[Room], list[str]]:
        """Every unfinished room of the folder, and one line per file that could not be
        used (it is left where it is); rooms not started and idle for `idle_seconds`
        are discarded. The journal starts afresh, with the lines the rooms need."""
        remove_stale_temp_files(self.rooms)
        self.forget_old(self.archive.load())
        journal = actionlog.read(self.rooms)
        rooms: list[Room] = []
        problems: list[str] = []
        for path in sorted(self.rooms.glob("*.json")) if self.rooms.is_dir() else []:
            try:
                doc = read_json(path, path.name, cap=ROOM_CAP)
                try:
                    room = read_room(with_log(doc, journal.get(path.stem, [])), saver,
                                     thinkers)
                except SaveError:       # lines that do not replay: the file as it is
                    room = read_room(doc, saver, thinkers)
            except (DataError, SaveError, WireError) as exc:
                problems.append(f"{path.name}: {exc}")
                continue
            if path.stem != room.code:
                problems.append(f"{path.name}: names room {room.code}")
            elif room.match.is_over:
                self.finish(room, room.document())
            elif room.abandoned(time.time(), idle_seconds):
                self.discard(room)
            else:
                rooms.append(room)
                self._open[room.code] = room
                self.taken.add(room.code)
                self._held[room.code] = _hands_in(doc) - 1
        self.writer.journal.replace(self.needed())
        for older in actionlog.older_logs(self.rooms):
            older.unlink(missing_ok=True)
        return rooms, problems


def _hands_in(doc: Any) -> int:
    """How many hands a room file's record holds."""
    hands = doc.get("record", {}).get("hands") if isinstance(doc, dict) else None
    return len(hands) if isinstance(hands, list) else 0


def with_log(doc: Any, entries: list[actionlog.Entry]) -> Any:
    """A room file's contents with its journal lines added to its record."""
    record = doc.get("record") if isinstance(doc, dict) else None
    if not isinstance(record, dict):
        return doc
    hands = record.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        return doc
    return {**doc, "record": {**record, "hands": actionlog.continued(entries, hands)}}


def _nothing() -> None:
    """A write with nothing to write."""


def read_room(doc: Any, saver: Callable[[Room], None], thinkers: Executor | None = None
              ) -> Room:
    """A room file's contents as a Room; WireError/SaveError name the first problem."""
    if not isinstance(doc, dict) or doc.get("kind") != ROOM_KIND:
        raise WireError("not a room file")
    newer = newer_than_this(doc.get(GAME_VERSION_KEY))
    if newer is not None:
        raise WireError(newer)
    if doc.get("version") != ROOM_VERSION:
        raise WireError(f"room file version {doc.get('version')!r} is not read here")
    code = read_code(doc.get("code"))
    config = read_config(doc.get("config") or {})
    save = parse_match_document(doc.get("record"))
    if save.match.ruleset.id != config.ruleset or save.match.length != config.hands:
        raise WireError("the room's match does not fit its set-up")
    people = read_people(doc.get("people"), config)
    host = doc.get("host")
    if host is not None and host not in people:
        raise WireError("the room's host holds no seat")
    started = doc.get("started")
    if not isinstance(started, bool):
        raise WireError("the room file does not say whether the match started")
    active_at = doc.get("active_at", time.time())     # older room files: from now
    if type(active_at) not in (int, float) or not math.isfinite(active_at):
        raise WireError("the room file's time of its last change is not a number")
    salts = doc.get("salts", [])        # older room files: drawn afresh
    try:
        salts = [read_salt(salt) for salt in salts] if isinstance(salts, list) else []
    except FairError as exc:
        raise WireError(f"the room file's salts: {exc}") from None
    room = Room(code, config, save.match, people, host, started, saver,
                min(float(active_at), time.time()), thinkers, salts)
    room.timeouts = list(read_timeouts(doc.get("timeouts"), save.match))   # older: none
    return room

