"""Running a command-line tool: output closed early (``| head``) ends it quietly, Ctrl-C
ends it with status 130, SIGTERM with 143 after its clean-up, never a traceback; bad
arguments are one line on stderr, exit status 2."""
from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable
from types import FrameType
from typing import NoReturn


class OneLineParser(argparse.ArgumentParser):
    """Bad arguments: one line on stderr (no usage block), exit status 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


def exit_on_sigterm() -> None:
    """Let SIGTERM end this process by SystemExit(143), so that finally blocks and exit
    handlers still run (outside programs seated at the table end with it)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminated)


def _terminated(signum: int, _frame: FrameType | None) -> None:
    # a second SIGTERM (a pool ending its workers twice) must not cut the clean-up short
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise SystemExit(128 + signum)


def run_cli(main: Callable[[], int]) -> None:
    """Exit with `main()`'s status; a closed pipe or an interrupt ends it quietly."""
    exit_on_sigterm()
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader has gone: send the rest nowhere so the interpreter's flush is quiet
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        status = 130
    sys.exit(status)
