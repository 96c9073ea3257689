"""`mahjong serve`: run the room server until Ctrl-C or SIGTERM, every room saved.

It prints `serving on ws://HOST:PORT` once it accepts connections (with `--port 0`, the
port it was given; `wss://` with `--tls-cert FILE --tls-key FILE`, which serve TLS
itself), then one line on standard error for each room file it could not
take up, and at the end how many rooms it saved. With MAHJONG_SERVE_PROFILE=FILE in its
environment it runs under cProfile and leaves the statistics in FILE when it stops
(`python -m game.bench.net --profile FILE`).
"""
from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import os
import signal
import ssl
import sys
from pathlib import Path

from websockets.asyncio.server import serve

from game import paths
from game.console import OneLineParser
from game.files import DataError, check_writable_folder
from game.net.limits import Limits
from game.net.server import Server
from game.net.tls import TlsError, server_context
from game.net.wire import MAX_FRAME

PROFILE_ENV = "MAHJONG_SERVE_PROFILE"
SWITCH_S = 0.001    # an AI thinking on a thread holds the loop up at most this long at a time
GC_YOUNG = 10_000   # objects made (less those freed) between two collections of the youngest


def parse_args(argv: list[str], prog: str) -> argparse.Namespace:
    parser = OneLineParser(prog=f"{prog} serve",
                           description="Run a room server for network play.")
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (0.0.0.0: every interface; default "
                             "127.0.0.1, this computer only)")
    parser.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="where rooms and finished matches are kept (default: the "
                             "data folder's server/)")
    parser.add_argument("--max-rooms", type=int, default=Limits.rooms, metavar="N",
                        help=f"unfinished rooms at once (default {Limits.rooms})")
    parser.add_argument("--idle-seconds", type=float, default=Limits.idle_seconds,
                        metavar="S", help="a room nobody started is closed S seconds after "
                        f"its last change (default {Limits.idle_seconds:g})")
    parser.add_argument("--tls-cert", type=Path, metavar="FILE",
                        help="serve wss:// (TLS) with this certificate (PEM; the chain after it)")
    parser.add_argument("--tls-key", type=Path, metavar="FILE",
                        help="the private key of --tls-cert (PEM)")
    args = parser.parse_args(argv)
    if (args.tls_cert is None) != (args.tls_key is None):
        parser.error("--tls-cert and --tls-key go together: give both, or neither")
    if not 0 <= args.port <= 65535:
        parser.error(f"--port {args.port}: a port is a number from 0 to 65535")
    if not 1 <= args.max_rooms <= 100000:
        parser.error("--max-rooms: a number from 1 to 100000")
    if not 0.1 <= args.idle_seconds <= 7 * 86400:
        parser.error("--idle-seconds: a number of seconds from 0.1 to 604800 (a week)")
    return args


def main(argv: list[str], prog: str) -> int:
    args = parse_args(argv, prog)
    folder = args.data_dir if args.data_dir is not None else paths.data_dir() / "server"
    try:
        check_writable_folder(folder, "the data folder")
    except DataError as exc:
        print(f"{prog} serve: {exc}", file=sys.stderr)
        return 2
    limits = Limits(rooms=args.max_rooms, idle_seconds=args.idle_seconds)
    try:
        tls = None if args.tls_cert is None else server_context(args.tls_cert, args.tls_key)
    except TlsError as exc:
        print(f"{prog} serve: {exc}", file=sys.stderr)
        return 2
    profile = os.environ.get(PROFILE_ENV)
    profiler = cProfile.Profile() if profile else None
    try:
        if profiler is not None:
            profiler.enable()
        return asyncio.run(run(args.host, args.port, folder, limits, tls))
    except OSError as exc:
        print(f"{prog} serve: cannot listen on {args.host}:{args.port}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return 2
    finally:
        if profiler is not None and profile:
            profiler.disable()
            profiler.dump_stats(profile)


def settle_memory() -> None:
    """What start-up made lives as long as the server: no collection looks at it again
    (a full one took 20 ms for it alone). The rooms make and drop many small objects
    a move: the youngest are collected every GC_YOUNG of them rather than every 700,
    a tenth of the time spent collecting, the longest pause halved."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(GC_YOUNG, 10, 10)


async def run(host: str, port: int, folder: Path, limits: Limits,
              tls: ssl.SSLContext | None = None) -> int:
    """Serve until SIGINT or SIGTERM (over TLS with `tls`)."""
    sys.setswitchinterval(SWITCH_S)
    settle_memory()
    server = Server(folder, limits)
    for problem in server.load():
        print(f"room file not taken up: {problem}", file=sys.stderr, flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    async with serve(server.handle, host, port, max_size=MAX_FRAME, compression=None,
                     max_queue=4, ssl=tls) as listening:
        bound = next(iter(listening.sockets)).getsockname()[1]
        shown = f"[{host}]" if ":" in host else host
        print(f"serving on {'ws' if tls is None else 'wss'}://{shown}:{bound}", flush=True)
        await stop.wait()
        saved = await server.stop()
        await asyncio.sleep(0.2)    # let the goodbyes go out
    print(f"stopped; {saved} room(s) saved in {folder}", file=sys.stderr, flush=True)
    return 0
