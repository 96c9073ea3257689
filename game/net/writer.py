"""File work of the server off its event loop: writing a file atomically (fsync) takes
milliseconds that no room should wait for.

Each room's jobs run in order on a small thread pool; a newer state of a room replaces
one still waiting to be written (the newest is what a restart needs), so a busy room
costs one write at a time. `settled(key)` waits until a room's files are on disk (a
room waits for it after each action: the next decision is asked of the state a restart
would find); `flush()` until everything queued is.
"""
from __future__ import annotations

import asyncio
import sys
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

STATE = "state"     # a job that only writes the newest state: may be replaced
THREADS = 8


class Writer:
    """Ordered file jobs per key (a room code), run on threads."""

    def __init__(self) -> None:
        self.executor = ThreadPoolExecutor(THREADS, thread_name_prefix="room-files")
        self.queues: dict[str, deque[tuple[str, Callable[[], object]]]] = {}
        self.running: set[str] = set()
        self.waiting: dict[str, asyncio.Future[None]] = {}

    def put(self, key: str, job: Callable[[], object], kind: str = "") -> None:
        """Queue `job` after the key's earlier jobs (a STATE job replaces a STATE job
        that has not started)."""
        queue = self.queues.setdefault(key, deque())
        if kind == STATE and queue and queue[-1][0] == STATE:
            queue[-1] = (kind, job)
        else:
            queue.append((kind, job))
        self._next(key)

    def _next(self, key: str) -> None:
        if key in self.running:
            return
        queue = self.queues.get(key)
        if not queue:
            self.queues.pop(key, None)
            waiting = self.waiting.pop(key, None)
            if waiting is not None and not waiting.done():
                waiting.set_result(None)
            return
        _, job = queue.popleft()
        self.running.add(key)
        done = asyncio.get_running_loop().run_in_executor(self.executor, job)
        done.add_done_callback(lambda future: self._done(key, future))

    def _done(self, key: str, future: asyncio.Future[object]) -> None:
        self.running.discard(key)
        problem = future.exception()
        if problem is not None:
            print(f"room {key}: its file could not be written: {problem}", file=sys.stderr,
                  flush=True)
        self._next(key)

    async def settled(self, key: str) -> None:
        """Wait until every job queued for `key` has run."""
        if key in self.running or key in self.queues:
            waiting = self.waiting.get(key)
            if waiting is None:
                waiting = self.waiting[key] = asyncio.get_running_loop().create_future()
            await asyncio.shield(waiting)

    async def flush(self) -> None:
        """Wait until every queued job has run."""
        while self.running or self.queues:
            await asyncio.sleep(0.01)

    def close(self) -> None:
        self.executor.shutdown(wait=True)
