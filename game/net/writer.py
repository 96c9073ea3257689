"""File work of the server off its event loop: writing a file atomically (fsync) takes
milliseconds that no room should wait for.

Each room's jobs run in order, one at a time. A room's state is queued as a `render`
function, called on the loop only when its write begins, so it writes the room as it is
then: actions played while one write is on its way are coalesced into the next one, and
a busy room costs one write at a time however fast it plays. A render makes either a
job (a whole file: run on a small thread pool) or journal lines (game.net.actionlog):
the lines of every room gathered in one turn of the loop go to the journal together, in
one write and one fdatasync on a thread of its own, the next batch gathering meanwhile.
`settled(key)` says whether a room's files hold everything queued for it; `on_settled(key)`
is called each time it comes to; `flush()` waits for every room.
"""
from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

from game.net.actionlog import ROTATE_BYTES, Journal

Job = Callable[[], object]          # file work, run on a thread
Render = Callable[[], Job | bytes]  # makes a room's state job or journal lines, on the loop
THREADS = 4


class Writer:
    """Ordered file jobs per key (a room code), run on threads, and the journal."""

    def __init__(self, journal: Journal, on_settled: Callable[[str], None] | None = None
                 ) -> None:
        self.executor = ThreadPoolExecutor(THREADS, thread_name_prefix="room-files")
        self.journaling = ThreadPoolExecutor(1, thread_name_prefix="room-journal")
        self.journal = journal
        self.on_settled = on_settled
        # every room's journal lines that the room files may still need (a fresh journal)
        self.needed: Callable[[], bytes] = bytes
        self.queues: dict[str, deque[tuple[bool, Render]]] = {}   # (a state's, its render)
        self.running: set[str] = set()
        self.batch: list[tuple[str, bytes]] = []    # lines waiting for the journal
        self.committing = False

    def put(self, key: str, job: Job) -> None:
        """Queue `job` after the key's earlier jobs."""
        self.queues.setdefault(key, deque()).append((False, lambda: job))
        self._next(key)

    def put_state(self, key: str, render: Render) -> None:
        """Queue a write of the key's newest state (nothing more if one is waiting: it
        will be rendered when it starts)."""
        queue = self.queues.setdefault(key, deque())
        if not queue or not queue[-1][0]:
            queue.append((True, render))
        self._next(key)

    def settled(self, key: str) -> bool:
        """Whether every job queued for `key` has run."""
        return key not in self.running and key not in self.queues

    def _next(self, key: str) -> None:
        if key in self.running:
            return
        queue = self.queues.get(key)
        if not queue:
            self.queues.pop(key, None)
            if self.on_settled is not None:
                self.on_settled(key)
            return
        _, render = queue.popleft()
        self.running.add(key)
        loop = asyncio.get_running_loop()
        try:
            work = render()
        except Exception as exc:  # noqa: BLE001 - a room that cannot be written stays in play
            print(f"room {key}: its file could not be made: {exc!r}", file=sys.stderr,
                  flush=True)
            loop.call_soon(self._done, key, None)
            return
        if isinstance(work, bytes):
            self.batch.append((key, work))
            if not self.committing:
                self.committing = True
                loop.call_soon(self._commit)
            return
        done: asyncio.Future[object] = loop.run_in_executor(self.executor, work)
        done.add_done_callback(lambda future: self._done(key, future))

    def _commit(self) -> None:
        """Write the batch of journal lines (or, the journal grown past its size, a fresh
        journal of the lines still needed, which holds the batch's too)."""
        batch, self.batch = self.batch, []
        if not batch:
            self.committing = False
            return
        journal = self.journal
        write = partial(journal.replace, self.needed()) if journal.size > ROTATE_BYTES else \
            partial(journal.append, b"".join(lines for _, lines in batch))
        done = asyncio.get_running_loop().run_in_executor(self.journaling, write)
        done.add_done_callback(lambda future: self._committed(batch, future))

    def _committed(self, batch: list[tuple[str, bytes]], future: asyncio.Future[None]) -> None:
        problem = future.exception()
        if problem is not None:
            print(f"the rooms' journal could not be written: {problem}", file=sys.stderr,
                  flush=True)
        self._commit()
        for key, _ in batch:
            self._done(key, None)

    def _done(self, key: str, future: asyncio.Future[object] | None) -> None:
        self.running.discard(key)
        problem = future.exception() if future is not None else None
        if problem is not None:
            print(f"room {key}: its file could not be written: {problem}", file=sys.stderr,
                  flush=True)
        self._next(key)

    async def flush(self) -> None:
        """Wait until every queued job has run."""
        while self.running or self.queues:
            await asyncio.sleep(0.01)

    def close(self) -> None:
        self.executor.shutdown(wait=True)
        self.journaling.shutdown(wait=True)
        self.journal.close()
