"""A room's actions between whole writes of its file go to the rooms' journal, one line
each; a restart adds the journal's lines to each file's last hand, and leaves out what
the file already holds, a torn last line and anything after a gap; a journal grown too
long is replaced by one that holds only what the room files still need."""
from __future__ import annotations

import asyncio
import random
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.engine.match import Match
from game.net import actionlog, writer
from game.net.actionlog import Journal
from game.net.rooms import Room
from game.net.store import Store
from game.net.wire import read_config
from game.net.writer import Writer
from game.rulesets import load_ruleset


class AtOnce:
    """A writer that does each job as it is queued."""

    def __init__(self, folder: Path) -> None:
        self.journal = Journal(folder / "rooms")
        self.needed: Callable[[], bytes] = bytes
        self.whole = True       # False: a whole file's write is held back (still on its way)

    def put(self, key: str, job: Callable[[], object]) -> None:
        job()

    def put_state(self, key: str, render: Callable[[], Any]) -> None:
        work = render()
        if isinstance(work, bytes):
            self.journal.append(work)
        elif self.whole:
            work()


class Quiet:
    protocol = 2

    def send(self, message: Any) -> None:
        pass


def new_room(store: Store, code: str = "K7QX2M") -> Room:
    """A started room of two people and two Easy seats, its walls fixed by its code (a
    room's seed is drawn at random: a test's is not)."""
    config = read_config({"seats": ["open", "open", "easy", "easy"], "hands": 4})
    match = Match(load_ruleset(config.ruleset), int.from_bytes(code.encode(), "big"), 4)
    room = Room(code, config, match, saver=store.save)
    room.join("Ann", Quiet())
    room.join("Bob", Quiet())
    room.start()
    return room


def step(room: Room, rng: random.Random) -> None:
    """Play one action (or start the next hand) and save the room."""
    if room.round.is_over:
        room.next_hand()
    else:
        seat = room.driver.to_act()[0]
        room.driver.ask(seat)
        remote = room.remote(seat)
        turn = room.driver.turn(seat)
        if remote is not None and turn is not None:
            remote.answer(rng.choice(turn.legal))
        room.driver.play(seat, timeout=0)
    room.save()


def played_room(store: Store, actions: int) -> Room:
    room, rng = new_room(store), random.Random(4)
    for _ in range(actions):
        step(room, rng)
    return room


def load(folder: Path) -> list[Room]:
    store = Store(folder, AtOnce(folder))  # type: ignore[arg-type]
    rooms, problems = store.load(store.save, 3600)
    assert not problems
    return rooms


def test_actions_go_to_the_journal_and_come_back_on_loading(tmp_path: Path) -> None:
    store = Store(tmp_path, AtOnce(tmp_path))  # type: ignore[arg-type]
    room = played_room(store, 12)
    journal = tmp_path / "rooms" / actionlog.JOURNAL
    assert len(journal.read_text().splitlines()) >= 10     # the file was written whole once
    assert load(tmp_path)[0].match.to_record() == room.match.to_record()
    room.changed()                          # a whole write: its lines are passed over
    assert load(tmp_path)[0].match.to_record() == room.match.to_record()


def test_a_torn_line_and_a_gap_end_what_is_taken_from_the_journal(tmp_path: Path) -> None:
    journal = tmp_path / actionlog.JOURNAL
    hands = [["a", "b"], ["c"]]

    def taken(data: bytes) -> list[list[str]]:
        journal.write_bytes(data)
        return actionlog.continued(actionlog.read(tmp_path).get("K7QX2M", []), hands)

    lines = actionlog.lines
    assert taken(lines("K7QX2M", 1, 0, ["c", "d", "e"]) + b'["K7QX2M", 1, 3, "f"') == \
        [["a", "b"], ["c", "d", "e"]]
    assert taken(lines("K7QX2M", 1, 1, ["d"]) + lines("K7QX2M", 1, 3, ["f"])) == \
        [["a", "b"], ["c", "d"]]
    assert taken(lines("K7QX2M", 0, 2, ["x"]) + lines("K7QX2M", 1, 1, ["d"])) == \
        [["a", "b"], ["c", "d"]]                # a line of an earlier hand is passed over
    assert taken(lines("ZZZZZZ", 1, 1, ["z"]) + lines("K7QX2M", 1, 1, ["d"])) == \
        [["a", "b"], ["c", "d"]]                # another room's lines are its own
    assert taken(lines("K7QX2M", 2, 0, ["g"])) == hands     # of a hand the file lacks


def test_a_long_journal_is_replaced_by_the_lines_still_needed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(writer, "ROTATE_BYTES", 2000)

    async def play() -> list[Room]:
        files = Writer(Journal(tmp_path / "rooms"))
        store = Store(tmp_path, files)
        store.load(store.save, 3600)
        rooms = [new_room(store, code) for code in ("K7QX2M", "M2XQ7K")]
        rng = random.Random(5)
        for _ in range(150):
            for room in rooms:
                step(room, rng)
            await files.flush()
        files.close()
        return rooms

    rooms = asyncio.run(play())
    every = sum(len(actionlog.lines(r.code, h, 0, texts)) for r in rooms
                for h, texts in enumerate(r.texts))
    assert (tmp_path / "rooms" / actionlog.JOURNAL).stat().st_size < every / 2
    assert [r.match.to_record() for r in load(tmp_path)] == \
        [r.match.to_record() for r in sorted(rooms, key=lambda r: r.code)]


def test_a_fresh_journal_keeps_the_hands_a_room_file_does_not_hold_yet(tmp_path: Path) -> None:
    files = AtOnce(tmp_path)
    store = Store(tmp_path, files)  # type: ignore[arg-type]
    room, rng = new_room(store), random.Random(6)
    while not room.round.is_over:
        step(room, rng)
    files.whole = False
    step(room, rng)                          # the next hand: its whole write on its way
    step(room, rng)
    assert {hand for hand, _, _ in kept(store.needed())["K7QX2M"]} == {0, 1}
    files.whole = True
    room.changed()                           # it is on disk: hand 0 is no longer needed
    assert {hand for hand, _, _ in kept(store.needed())["K7QX2M"]} == {1}


def kept(data: bytes) -> dict[str, list[actionlog.Entry]]:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / actionlog.JOURNAL).write_bytes(data)
        return actionlog.read(Path(folder))


def test_a_room_log_of_an_earlier_version_is_read_once_then_removed(tmp_path: Path) -> None:
    store = Store(tmp_path, AtOnce(tmp_path))  # type: ignore[arg-type]
    room = played_room(store, 12)
    rooms = tmp_path / "rooms"
    entries = actionlog.read(rooms)[room.code]
    (rooms / actionlog.JOURNAL).unlink()
    older = rooms / f"{room.code}.log"      # what a server before the journal kept
    older.write_text("".join(f'[{hand}, {index}, "{action}"]\n'
                             for hand, index, action in entries))
    assert load(tmp_path)[0].match.to_record() == room.match.to_record()
    assert not older.exists()
    assert load(tmp_path)[0].match.to_record() == room.match.to_record()   # now in the journal
