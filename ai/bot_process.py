"""An outside program's process: started in a session of its own with a token in its
environment, watched without being reaped, and ended with everything it started.

What a program started is known by its process group and, for processes that leave the
group (daemons, new sessions), by the token (TOKEN_VARIABLE) they inherit. Where Linux
allows it, the program is also killed by the kernel when the game dies without a chance
to end it (SIGKILL, a crash): see dies_with_game.
"""
from __future__ import annotations

import ctypes
import os
import secrets
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable

CLOSE_WAIT_S = 1.0
KILL_ROUNDS = 100       # SIGKILL rounds for processes that fork as they are killed
TOKEN_VARIABLE = "MAHJONG_BOT_TOKEN"   # set in the environment of a bot (and what it starts)
PR_SET_PDEATHSIG = 1    # prctl option (linux/prctl.h)


def new_token() -> str:
    """A value of TOKEN_VARIABLE that marks one program and what it starts."""
    return secrets.token_hex(12)


def bot_environment(token: str) -> dict[str, str]:
    """The game's environment, with Python's output unbuffered (a Python bot that prints
    its answer without flushing it is still heard at once) and the bot's token."""
    return {**os.environ, "PYTHONUNBUFFERED": "1", TOKEN_VARIABLE: token}


def dies_with_game() -> Callable[[], None] | None:
    """A function for Popen's preexec_fn that has the kernel kill the program when the
    game process dies (Linux's parent-death signal), or None where that cannot be had:
    off Linux, or off the main thread (the signal follows the thread that started the
    program, and a worker thread's end would kill it)."""
    if threading.current_thread() is not threading.main_thread() or _prctl() is None:
        return None
    game = os.getpid()

    def arm() -> None:      # in the child, between fork and exec
        signal_when_parent_dies(signal.SIGKILL, game)
    return arm


def signal_when_parent_dies(sig: int, parent: int) -> bool:
    """Have the kernel send `sig` to this process when `parent` (the process that
    started it, from its main thread) dies; sent at once if it already has. Whether the
    platform allows it (Linux only)."""
    prctl = _prctl()
    if prctl is None or prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) != 0:
        return False
    if os.getppid() != parent:      # it died before the signal was armed
        os.kill(os.getpid(), sig)
    return True


def _prctl() -> Callable[..., int] | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        return ctypes.CDLL(None, use_errno=True).prctl  # type: ignore[no-any-return]
    except (OSError, AttributeError):
        return None


def exit_code(proc: subprocess.Popen[bytes]) -> int | None:
    """The program's exit status (minus the signal that ended it), None while it runs;
    it is not reaped: until then its pid keeps its process group's number reserved."""
    if proc.returncode is not None:
        return proc.returncode
    waitid = getattr(os, "waitid", None)
    if waitid is None:
        return proc.poll()
    try:
        info = waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return proc.poll()     # reaped elsewhere: ended, its status unknown
    if info is None:
        return None
    return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status


def exit_text(proc: subprocess.Popen[bytes]) -> str:
    """How the program ended: "exit status 3", "killed by signal 11, SIGSEGV"."""
    code = exit_code(proc)
    if code is None or code >= 0:
        return f"exit status {code}"
    try:
        return f"killed by signal {-code}, {signal.Signals(-code).name}"
    except ValueError:
        return f"killed by signal {-code}"


def wait_exit(proc: subprocess.Popen[bytes], seconds: float) -> bool:
    """Wait up to `seconds` for the program to end (not reaping it); whether it did."""
    end = time.monotonic() + seconds
    while exit_code(proc) is None:
        if time.monotonic() >= end:
            return False
        time.sleep(0.01)
    return True


def stop_all(proc: subprocess.Popen[bytes], token: str) -> None:
    """Terminate the program's process group (the program and anything it started) and
    the processes that left it but carry its token, then kill what is left; where there
    are no process groups, the program alone. The caller reaps it."""
    group = getattr(os, "killpg", None)
    if group is None:
        if exit_code(proc) is None:
            proc.terminate()
            if not wait_exit(proc, CLOSE_WAIT_S):
                proc.kill()
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            group(proc.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        _signal_all(_carrying(token), sig)
        if sig == signal.SIGTERM:
            wait_exit(proc, CLOSE_WAIT_S)
    for _ in range(KILL_ROUNDS):    # what forked while it was being killed
        left = _carrying(token)
        if not left:
            return
        _signal_all(left, signal.SIGKILL)
        time.sleep(0.01)


def _carrying(token: str) -> list[int]:
    """The processes whose environment holds the token (where /proc tells)."""
    mark = f"{TOKEN_VARIABLE}={token}".encode()
    try:
        names = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []
    found = []
    for name in names:
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                if mark in f.read().split(b"\0"):
                    found.append(int(name))
        except OSError:
            continue
    return found


def _signal_all(pids: list[int], sig: int) -> None:
    for pid in pids:
        try:
            os.kill(pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
