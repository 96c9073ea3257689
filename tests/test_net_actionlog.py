"""A room's actions between whole writes of its file go to its log, one line each; a
restart adds the logged actions to the file's last hand, and leaves out what the file
already holds, a torn last line and anything after a gap."""
from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from game.net import actionlog
from game.net.rooms import Room
from game.net.store import Store
from game.net.wire import read_config


class AtOnce:
    """A writer that does each job as it is queued."""

    def put(self, key: str, job: Callable[[], object]) -> None:
        job()

    def put_state(self, key: str, render: Callable[[], Callable[[], object]]) -> None:
        render()()


class Quiet:
    def send(self, message: Any) -> None:
        pass


def played_room(store: Store, actions: int) -> Room:
    room = Room.new("K7QX2M", read_config({"seats": ["open", "open", "easy", "easy"]}),
                    store.save)
    room.join("Ann", Quiet())
    room.join("Bob", Quiet())
    room.start()
    rng = random.Random(4)
    for _ in range(actions):
        seat = room.driver.to_act()[0]
        room.driver.ask(seat)
        remote = room.remote(seat)
        turn = room.driver.turn(seat)
        if remote is not None and turn is not None:
            remote.answer(rng.choice(turn.legal))
        room.driver.play(seat, timeout=0)
        room.save()
    return room


def test_actions_go_to_the_log_and_come_back_on_loading(tmp_path: Path) -> None:
    store = Store(tmp_path, AtOnce())  # type: ignore[arg-type]
    room = played_room(store, 12)
    log = tmp_path / "rooms" / "K7QX2M.log"
    assert len(log.read_text().splitlines()) >= 10     # the file was written whole once
    rooms, problems = Store(tmp_path, AtOnce()).load(store.save, 3600)  # type: ignore[arg-type]
    assert not problems and rooms[0].match.to_record() == room.match.to_record()
    room.changed()                                       # a whole write: the log goes
    assert not log.exists()


def test_a_torn_line_and_a_gap_end_what_is_taken_from_the_log(tmp_path: Path) -> None:
    log = tmp_path / "x.log"
    hands = [["a", "b"], ["c"]]
    log.write_bytes(actionlog.lines(1, 0, ["c", "d", "e"]) + b'[1, 3, "f"')
    assert actionlog.continued(log, hands) == [["a", "b"], ["c", "d", "e"]]
    log.write_bytes(actionlog.lines(1, 1, ["d"]) + actionlog.lines(1, 3, ["f"]))
    assert actionlog.continued(log, hands) == [["a", "b"], ["c", "d"]]
    log.write_bytes(actionlog.lines(0, 2, ["x"]))        # of an earlier hand: not read
    assert actionlog.continued(log, hands) == hands
