"""`make bench-net`: R rooms of four connected bot clients against one server process.

The server is `python -m game serve --port 0` in a process of its own; the clients (the
game's client library, answering each decision with a random legal action after a
think time, 0.1-0.4 s by default) run on one event loop here. Printed: rooms, hands per second, the time from an answer sent
to the next message that client receives (p50, p99: over the answers the server plays at
once — a claim of a discard waits for the other seats' answers, and is not timed), and
the server's CPU.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from game.engine import actions as A
from game.net.client import Client, stop

TICKS = os.sysconf("SC_CLK_TCK")
WAITING_KINDS = (A.CHI, A.PENG, A.KONG, A.HU)   # settled only once every seat answered


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class Bot:
    """One seat: answers at once, and times each answer to the next message."""

    def __init__(self, client: Client, rng: random.Random, latencies: list[float],
                 think: tuple[float, float]) -> None:
        self.client, self.rng, self.latencies, self.think = client, rng, latencies, think
        self.sent: float | None = None
        self.hands = 0

    async def play(self) -> None:
        while (message := await self.client.next()) is not None:
            if self.sent is not None:
                self.latencies.append(time.perf_counter() - self.sent)
                self.sent = None
            if message["type"] == "end_hand":
                self.hands += 1
            decision = self.client.decision
            if message["type"] == "decide" and decision is not None:
                if self.think[1] > 0:
                    await asyncio.sleep(self.rng.uniform(*self.think))
                action = self.rng.choice(decision.legal)
                if action.kind not in WAITING_KINDS:
                    self.sent = time.perf_counter()
                await self.client.act(action)


async def room(uri: str, hands: int, seed: int, latencies: list[float],
               think: tuple[float, float]) -> tuple[list[Bot], list[asyncio.Task[None]], list[Client]]:
    """Four bots in a new room (not started yet)."""
    setup = {"seats": ["open"] * 4, "hands": hands, "pause_seconds": 0, "turn_seconds": 30,
             "claim_seconds": 30}
    host = Client(uri, {"type": "create", "name": "bench", **setup})
    clients, tasks = [host], [asyncio.create_task(host.run())]
    while host.room is None:
        if await host.next() is None:
            raise RuntimeError(f"no room: {host.problem}")
    for i in range(1, 4):
        guest = Client(uri, {"type": "join", "room": host.room, "name": f"bench{i}"})
        clients.append(guest)
        tasks.append(asyncio.create_task(guest.run()))
        while guest.seat is None:
            if await guest.next() is None:
                raise RuntimeError(f"no seat: {guest.problem}")
    bots = [Bot(c, random.Random(seed * 4 + i), latencies, think)
            for i, c in enumerate(clients)]
    return bots, tasks, clients


async def bench(uri: str, rooms: int, hands: int, pid: int, think: tuple[float, float]
                ) -> None:
    latencies: list[float] = []
    tables = [await room(uri, hands, r, latencies, think) for r in range(rooms)]
    cpu0, start, mine = cpu_seconds(pid), time.perf_counter(), time.process_time()
    players = [asyncio.create_task(bot.play()) for bots, _, _ in tables for bot in bots]
    for bots, _, clients in tables:
        await clients[0].send({"type": "start"})
    await asyncio.gather(*players)
    elapsed, cpu = time.perf_counter() - start, cpu_seconds(pid) - cpu0
    mine = time.process_time() - mine
    for _, tasks, clients in tables:
        for task, client in zip(tasks, clients):
            await stop(task, client)
    played = sum(bots[0].hands for bots, _, _ in tables)
    latencies.sort()

    def pct(q: float) -> float:
        return latencies[min(len(latencies) - 1, int(q * len(latencies)))] * 1000

    print(f"rooms {rooms}, hands {played} in {elapsed:.1f} s = {played / elapsed:.2f} hands/s; "
          f"answer -> next message over {len(latencies)} answers: p50 {pct(0.5):.1f} ms, "
          f"p99 {pct(0.99):.1f} ms; server CPU {cpu:.1f} s = {100 * cpu / elapsed:.0f}% "
          f"of one core (the clients' process: {100 * mine / elapsed:.0f}%)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.net", description=__doc__)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--think", default="0.1-0.4", metavar="MIN-MAX",
                        help="seconds each bot waits before answering, drawn evenly between "
                             "MIN and MAX (0: answer at once; default 0.1-0.4)")
    args = parser.parse_args(argv)
    low, _, high = args.think.partition("-")
    think = (float(low), float(high or low))
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:
        proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0",
                                 "--data-dir", folder], stdout=subprocess.PIPE, text=True)
        try:
            assert proc.stdout is not None
            uri = proc.stdout.readline().strip().removeprefix("serving on ")
            print(f"{args.rooms} rooms of four bots thinking {args.think} s, one server "
                  f"process at {uri}", flush=True)
            asyncio.run(bench(uri, args.rooms, args.hands, proc.pid, think))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
