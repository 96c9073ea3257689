"""`python -m game.bench.ui`: frame time (update + draw) of a busy table.

A busy table: four hands, pools many rows deep, melds, the human's claim bubbles
with their countdown, the log and waits panels, the mouse sweeping over the hand.
Runs headless (SDL dummy driver) and prints the mean and p99 frame time, both as
wall-clock time and as this thread's CPU time (the latter is not inflated when other
processes compete for the cores).
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from game.engine import actions as A
from game.shell.specimens import busy_session


def run(frames: int, size: tuple[int, int],
        paced: bool = False) -> tuple[list[float], list[float]]:
    """Wall-clock and thread-CPU frame times in ms of the table scene (dummy driver)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game.scenes.table import TableScene
    from game.shell.app import App
    from game.shell.settings import Settings

    tmp = Path(tempfile.mkdtemp(prefix="bench-ui-"))
    settings = Settings(path=tmp / "settings.json")
    settings.sound_on = False
    session = busy_session(tmp)
    session.setup = replace(session.setup, claim_countdown=60.0, thinking_delay=0.8)
    app = App(settings, lambda a: TableScene(a, session), size=size)
    scene = app.scenes.top
    assert isinstance(scene, TableScene)
    for _ in range(60):                      # warm-up: tile art and text caches
        app.step(1 / 60, [])
    rects = scene.hand.rects
    wall, cpu = [], []
    for i in range(frames):
        pos = rects[(i // 6) % len(rects)].center
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        dt = app.clock.tick(60) / 1000.0 if paced else 1 / 60
        start, start_cpu = time.perf_counter(), time.thread_time()
        app.step(dt, [event])
        cpu.append((time.thread_time() - start_cpu) * 1000.0)
        wall.append((time.perf_counter() - start) * 1000.0)
    assert session.round.window is not None and scene.bubbles.options, "the table moved on"
    assert any(a.kind != A.PASS for a in scene.legal)
    return wall, cpu


def summary(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return f"{label}: mean {statistics.fmean(ordered):.2f} ms, p99 {p99:.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.bench.ui", description=__doc__)
    parser.add_argument("--frames", type=int, default=1200)
    parser.add_argument("--size", default="1280x800", help="window size WxH")
    parser.add_argument("--paced", action="store_true",
                        help="run at the game's 60 fps clock and report the rate reached "
                             "(use with a real display, e.g. SDL_VIDEODRIVER=x11 under Xvfb)")
    args = parser.parse_args(argv)
    w, h = (int(v) for v in args.size.split("x"))
    start = time.perf_counter()
    wall, cpu = run(args.frames, (w, h), args.paced)
    if args.paced:
        print(f"paced at 60 fps: {len(wall) / (time.perf_counter() - start):.1f} frames/s "
              "including warm-up")
    print(f"table frame time (update + draw) over {len(wall)} frames at {w}x{h}, "
          "target p99 <= 5 ms")
    print(summary("  wall clock ", wall))
    print(summary("  thread CPU ", cpu))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
