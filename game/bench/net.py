"""`make bench-net`: R rooms of four connected bot clients against one server process.

The server is `python -m game serve --port 0` in a process of its own; the clients (bare
WebSocket connections that read of each message only what a bot needs — its type, and
a decide's id and legal list — and answer with a random legal action after a think
time, 0.1-0.4 s by default) are spread over a few processes of their own, so that what
is timed is the server rather than the clients' own wait for a core.
Printed: rooms, hands per second, two times (p50, p99), the server's CPU and the
machine's load average (before and after: the machine may be shared):

- answer -> next message: from an answer sent to the next message its client receives,
  over the answers the server plays at once (a claim of a discard waits for the other
  seats' answers, and is not timed);
- answer -> next decide: from the answer a room was waiting for (no other decision of
  the room pending) to the next `decide` any seat of that room receives: the time a
  table waits for the server, the room's file included.

`--profile FILE` runs the server under cProfile and leaves its statistics in FILE.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from multiprocessing.synchronize import Event as Flag
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from game.engine import actions as A
from game.net.serve import PROFILE_ENV
from game.net.wire import MAX_FRAME

TICKS = os.sysconf("SC_CLK_TCK")
WAITING_KINDS = (A.CHI, A.PENG, A.KONG, A.HU)   # settled only once every seat answered


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


@dataclass
class Times:
    """What the bots of one client process measured."""

    answers: list[float] = field(default_factory=list)    # answer -> next message
    decides: list[float] = field(default_factory=list)    # answer -> the room's next decide
    hands: int = 0
    cpu: float = 0.0


class Waiting:
    """One room's clock: which of its bots hold a decision, and since when the room has
    been waiting for the server (every decision answered)."""

    def __init__(self) -> None:
        self.holding: set[int] = set()
        self.since: float | None = None


class Bot:
    """One seat on a connection of its own: answers after its think time, and times each
    answer."""

    def __init__(self, ws: ClientConnection, seat: int, rng: random.Random, room: Waiting,
                 times: Times, think: tuple[float, float]) -> None:
        self.ws, self.seat, self.rng, self.room = ws, seat, rng, room
        self.times, self.think = times, think
        self.sent: float | None = None
        self.hands = 0

    async def play(self) -> None:
        room, ws = self.room, self.ws
        with contextlib.suppress(ConnectionClosed):
            while True:
                message = orjson.loads(await ws.recv(decode=False))
                now = time.perf_counter()
                if self.sent is not None:
                    self.times.answers.append(now - self.sent)
                    self.sent = None
                kind = message["type"]
                if kind == "bye":
                    break
                if kind == "end_hand":
                    self.hands += 1
                    room.since = None
                elif kind == "decide":
                    await self.answer(message, now)

    async def answer(self, decide: dict[str, Any], now: float) -> None:
        room = self.room
        if room.since is not None:
            self.times.decides.append(now - room.since)
            room.since = None
        room.holding.add(self.seat)
        if self.think[1] > 0:
            await asyncio.sleep(self.rng.uniform(*self.think))
        action = self.rng.choice(decide["legal"])
        now = time.perf_counter()
        if action.split(" ", 2)[1] not in WAITING_KINDS:
            self.sent = now
        room.holding.discard(self.seat)
        if not room.holding:
            room.since = now
        await self.ws.send(orjson.dumps({"type": "action", "id": decide["id"],
                                         "action": action}), text=True)


async def enter(uri: str, first: dict[str, Any]) -> tuple[ClientConnection, dict[str, Any]]:
    """A connection that sent `first` (create or join), and the server's `joined`."""
    ws = await connect(uri, max_size=MAX_FRAME, compression=None)
    await ws.send(orjson.dumps(first), text=True)
    while (message := orjson.loads(await ws.recv(decode=False)))["type"] != "joined":
        if message["type"] == "error":
            raise RuntimeError(f"no seat: {message['message']}")
    return ws, message


async def seat_room(uri: str, setup: dict[str, Any], seed: int, times: Times,
                    think: tuple[float, float]) -> list[Bot]:
    """A bot in each open seat of a new room (not started yet)."""
    host, joined = await enter(uri, {"type": "create", "name": "bench", **setup})
    links = [(host, joined)] + [await enter(uri, {"type": "join", "room": joined["room"],
                                                  "name": f"bench{i}"})
                                for i in range(1, setup["seats"].count("open"))]
    waiting = Waiting()
    return [Bot(ws, said["seat"], random.Random(seed * 4 + said["seat"]), waiting, times,
                think) for ws, said in links]


async def play_rooms(uri: str, seeds: list[int], setup: dict[str, Any],
                     think: tuple[float, float],
                     ready: Flag, go: Flag) -> Times:
    """Seat a room for each seed, say so, wait for the word, then play them all."""
    times = Times()
    tables = [await seat_room(uri, setup, seed, times, think) for seed in seeds]
    ready.set()
    while not go.is_set():
        await asyncio.sleep(0.01)
    mine = time.process_time()
    players = [asyncio.create_task(bot.play()) for bots in tables for bot in bots]
    for bots in tables:
        await bots[0].ws.send(orjson.dumps({"type": "start"}), text=True)
    await asyncio.gather(*players)
    times.cpu = time.process_time() - mine
    times.hands = sum(bots[0].hands for bots in tables)
    for bots in tables:
        for bot in bots:
            await bot.ws.close()
    return times


def client_process(uri: str, seeds: list[int], setup: dict[str, Any],
                   think: tuple[float, float], ready: Flag, go: Flag, out: Any) -> None:
    """One process of clients (multiprocessing target): its Times go to `out`."""
    out.put(asyncio.run(play_rooms(uri, seeds, setup, think, ready, go)))


def percentiles(values: list[float]) -> str:
    if not values:
        return "p50 -, p99 -"
    ordered = sorted(values)

    def pct(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return f"p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms"


def bench(uri: str, rooms: int, setup: dict[str, Any], pid: int, think: tuple[float, float],
          processes: int) -> None:
    """Play the rooms over `processes` client processes and print the figures."""
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    go = context.Event()
    flags, workers = [], []
    for p in range(processes):
        ready = context.Event()
        worker = context.Process(target=client_process, daemon=True, args=(
            uri, list(range(p, rooms, processes)), setup, think, ready, go, out))
        worker.start()
        flags.append(ready)
        workers.append(worker)
    for ready, worker in zip(flags, workers):
        while not ready.wait(0.5):
            if not worker.is_alive():
                raise RuntimeError("a client process stopped before its rooms were seated")
    cpu0, start, load0 = cpu_seconds(pid), time.perf_counter(), os.getloadavg()[0]
    go.set()
    results: list[Times] = [out.get() for _ in workers]
    elapsed, cpu = time.perf_counter() - start, cpu_seconds(pid) - cpu0
    for worker in workers:
        worker.join()
    played = sum(t.hands for t in results)
    answers = [x for t in results for x in t.answers]
    decides = [x for t in results for x in t.decides]
    clients_cpu = sum(t.cpu for t in results)
    print(f"rooms {rooms}, hands {played} in {elapsed:.1f} s = {played / elapsed:.2f} hands/s; "
          f"answer -> next message over {len(answers)} answers: {percentiles(answers)}; "
          f"answer -> next decide over {len(decides)}: {percentiles(decides)}; "
          f"server CPU {cpu:.1f} s = {100 * cpu / elapsed:.0f}% of one core, "
          f"{1000 * cpu / max(1, len(answers)):.2f} ms an answer (the {processes} client "
          f"processes: {100 * clients_cpu / elapsed:.0f}%); the machine's load average "
          f"{load0:.1f} -> {os.getloadavg()[0]:.1f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.net", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rooms", type=int, default=100)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seats", default="open,open,open,open", metavar="S,S,S,S",
                        help="the rooms' seats: open (a bot client) or an AI level played "
                             "by the server (default: four open seats)")
    parser.add_argument("--think", default="0.1-0.4", metavar="MIN-MAX",
                        help="seconds each bot waits before answering, drawn evenly between "
                             "MIN and MAX (0: answer at once; default 0.1-0.4)")
    parser.add_argument("--client-processes", type=int, default=2, metavar="N",
                        help="processes the clients are spread over (default 2)")
    parser.add_argument("--profile", metavar="FILE",
                        help="run the server under cProfile, its statistics left in FILE")
    args = parser.parse_args(argv)
    low, _, high = args.think.partition("-")
    think = (float(low), float(high or low))
    processes = max(1, min(args.client_processes, args.rooms))
    setup = {"seats": args.seats.split(","), "hands": args.hands, "pause_seconds": 0,
             "turn_seconds": 30, "claim_seconds": 30}
    env = dict(os.environ)
    if args.profile:
        env[PROFILE_ENV] = str(Path(args.profile).resolve())
    with tempfile.TemporaryDirectory(prefix="bench-net-") as folder:
        proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", "0",
                                 "--data-dir", folder], stdout=subprocess.PIPE, text=True,
                                env=env)
        try:
            assert proc.stdout is not None
            uri = proc.stdout.readline().strip().removeprefix("serving on ")
            print(f"{args.rooms} rooms of seats {args.seats}, bots thinking {args.think} s, "
                  f"over {processes} client processes; one server process at {uri}",
                  flush=True)
            bench(uri, args.rooms, setup, proc.pid, think, processes)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=60)
    return 0


if __name__ == "__main__":
    sys.exit(main())
