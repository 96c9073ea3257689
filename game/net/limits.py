"""What the server allows: its limits, and the token buckets that enforce rates."""
from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Caps on what one server process takes on."""

    rooms: int = 500                  # unfinished rooms at once
    connections: int = 2000           # open connections at once
    per_address: int = 600            # open connections from one address
    failures_per_minute: int = 30     # wrong codes and tokens from one address
    messages_per_second: float = 20.0
    message_burst: int = 60
    outbox_bytes: int = 1 << 20       # bytes waiting for a client that does not read
    idle_seconds: float = 1800.0      # a room nobody started is closed this long after its
                                      # last change
    after_bye_seconds: float = 300.0  # a connection told its match's end stays open this
                                      # long (for a rematch), unless it takes a new place
    phrase_gap_seconds: float = 1.0   # a seat's quick phrases: one at most this often,
    phrases_per_minute: int = 5       # and at most these in any minute
    lists_per_minute: int = 12        # room lists one connection asks for (bursts of 4)
    list_burst: int = 4
    listed_rooms: int = 50            # rooms one list shows at most


class Bucket:
    """A token bucket: `take()` is False once more than `burst` were taken at once and
    the refill (`rate` a second) has not caught up."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.level = float(burst)
        self.at = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now

    def full(self) -> bool:
        """Whether it has refilled: nothing taken for as long as a whole refill takes."""
        self._refill()
        return self.level >= self.burst

    def take(self) -> bool:
        self._refill()
        if self.level < 1.0:
            return False
        self.level -= 1.0
        return True
