"""Playing a started room on the server's event loop.

AI seats are asked as soon as it is their turn and think on the server's thread pool
(never on the loop); every answer known and every decision past its deadline (the safe
default) is played, one after the other, as soon as it comes (a person's decision played
so is marked in the room's timeouts, kept in the finished match's file); the
room is saved after each of those runs (game.net.writer writes it off the loop). A
person is asked (their seat sends `decide`) only once the room's file holds every action
played so far: a restart after a kill never asks anyone a decision the file has lost.
A person away longer than the room's grace time is played by the fill level until they
come back. After a restart, a person's decision waits with its clock stopped until they
are back (or their grace time, counted from the restart, has run out): it is then asked
with its whole time. Between hands the table pauses `pause_seconds`.
"""
from __future__ import annotations

import asyncio
import math
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future

from game.net.rooms import Room
from game.play.seat import Answer


class Table:
    """The clock of one started room: `poke()` it when an answer arrives."""

    def __init__(self, room: Room, on_end: Callable[[Room], None],
                 settled: Callable[[], bool]) -> None:
        self.room = room
        self.on_end = on_end
        self.settled = settled      # whether the room's file holds every action played
        self.wake = asyncio.Event()
        self._due: dict[int, tuple[int, float]] = {}   # seat: (decision number, deadline)

    def poke(self) -> None:
        """Something changed (an answer came, the room's file caught up): look again."""
        self.wake.set()

    async def run(self) -> None:
        """Play the match to its end (or until the room is closed)."""
        room = self.room
        try:
            while not room.closed:
                if not await self._step():
                    break
        except Exception as exc:  # noqa: BLE001 - one room's fault must not stop the server
            print(f"room {room.code}: stopped on an internal error: {exc!r}", file=sys.stderr,
                  flush=True)
            return
        if not room.closed:
            self.on_end(room)

    async def _step(self) -> bool:
        """One move of the table: play an action, start a hand, or wait; False at the end."""
        room, driver, match = self.room, self.room.driver, self.room.match
        driver.tell()
        room.tell_watchers()
        if match.round.is_over:
            room.reveal()
            room.changed()
            if match.is_over:
                return False
            await asyncio.sleep(room.config.pause_seconds)
            if not room.closed:
                room.next_hand()
                room.save()
            return True
        self.wake.clear()
        now = time.monotonic()
        wake_at = self._hand_over_the_away(now)
        self._start_held_clocks(now)
        if self._play_ready(now):
            room.save()
            return True
        seats = driver.to_act()
        if self.settled():      # nobody is asked before the file holds what was played
            for seat in seats:
                self._ask(seat, now)
        wake_at = min([wake_at, *(self._due[s][1] for s in seats if s in self._due)])
        alarm = asyncio.get_running_loop().call_later(max(0.0, wake_at - now), self.wake.set)
        await self.wake.wait()
        alarm.cancel()
        return True

    def _ask(self, seat: int, now: float) -> Answer:
        """Ask a seat (once) and note when its decision is due."""
        answer = self.room.driver.ask(seat)
        turn = self.room.driver.turn(seat)
        assert turn is not None
        if self._due.get(seat, (-1, 0.0))[0] != turn.number:
            start = math.inf if self._held(seat) else now
            self._due[seat] = (turn.number, start + (turn.deadline or 0.0))
        return answer

    def _held(self, seat: int) -> bool:
        """Whether the seat's clock waits for its person (a room taken up after a restart)."""
        remote = self.room.remote(seat)
        return remote is not None and remote.held and not remote.filling

    def _start_held_clocks(self, now: float) -> None:
        """A decision whose clock waited (a restart) gets its whole time from now: its
        person is back, or the fill level plays the seat."""
        for seat, (number, due) in list(self._due.items()):
            turn = self.room.driver.turn(seat)
            if due == math.inf and turn is not None and not self._held(seat):
                self._due[seat] = (number, now + (turn.deadline or 0.0))

    def _ask_ai(self, seat: int, now: float) -> Answer:
        """Ask an AI seat; one thinking on a thread pokes the table when it has decided."""
        answer = self._ask(seat, now)
        if isinstance(answer, Future) and not answer.done():
            loop = asyncio.get_running_loop()
            answer.add_done_callback(lambda _: loop.call_soon_threadsafe(self.poke))
        return answer

    def _play_ready(self, now: float) -> bool:
        """Play every answer known and every decision past its deadline, one after the
        other (AI seats are asked as they come; a person only once the room's file has
        caught up); whether anything was played."""
        room, driver = self.room, self.room.driver
        played = False
        while not room.round.is_over:
            ready, late = None, False
            for seat in driver.to_act():
                remote = room.remote(seat)
                asked = driver.asked(seat)
                if asked is None and (remote is None or remote.filling):
                    asked = self._ask_ai(seat, now)
                if asked is not None and (asked.done() or self._due[seat][1] <= now):
                    ready, late = seat, not asked.done()
                    break
            if ready is None:
                return played
            remote = room.remote(ready)
            if late and remote is not None and not remote.filling:   # a person's time ran
                room.timeouts.append((room.match.hand_number,        # out: the review keeps
                                      len(room.match.hand_actions[-1])))   # it apart
            driver.play(ready, timeout=0)
            self._due.pop(ready, None)
            played = True
        return played

    def _hand_over_the_away(self, now: float) -> float:
        """Let the fill level play every seat whose person has been away past the grace
        time; when the next one will be due."""
        room, grace = self.room, self.room.config.grace_seconds
        next_due = now + 3600.0
        for seat in room.people:
            remote = room.remote(seat)
            if remote is None or remote.filling or remote.dropped_at is None:
                continue
            due = remote.dropped_at + grace
            if due <= now:
                room.hand_over(seat)
                room.changed()
            else:
                next_due = min(next_due, due)
        return next_due

