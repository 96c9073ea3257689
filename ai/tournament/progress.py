"""A progress bar on a terminal's stderr: hands done, hands per second, time left."""
from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 30


class Progress:
    """Counts hands as units finish; draws the bar only where `stream` is a terminal
    and `shown` (never in --json output)."""

    def __init__(self, total: int, done: int = 0, shown: bool = True,
                 stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.shown = shown and self.stream.isatty()
        self.total, self.done, self.start_done = total, done, done
        self.started = time.monotonic()

    def add(self, hands: int) -> None:
        self.done += hands
        if self.shown:
            self.stream.write("\r" + self.line(time.monotonic() - self.started))
            self.stream.flush()

    def line(self, elapsed: float) -> str:
        """The bar after `elapsed` seconds of this run."""
        rate = (self.done - self.start_done) / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else 0.0
        filled = WIDTH * self.done // max(self.total, 1)
        minutes, seconds = divmod(int(left), 60)
        return (f"[{'#' * filled}{'.' * (WIDTH - filled)}] {self.done}/{self.total} hands "
                f"{rate:6.1f} hands/s  {minutes}:{seconds:02d} left ")

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
