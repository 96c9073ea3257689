"""An outside program at a seat: the bot protocol's game side.

The program is started with its command line (split like a shell line), greeted, and
asked for each decision of its seat; events of its seat are sent between decisions.
A bot that crashes, answers late, answers garbage or names an illegal action gets a
one-line log message and a safe default is played for it (pass, else discard the
drawn tile); after MAX_FAULTS faults Medium takes the seat over. The program and
anything it started end with the bot (close(), or at exit): no orphans, no zombies
(ai.bot_process).
"""
from __future__ import annotations

import atexit
import os
import queue
import random
import shlex
import shutil
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any

from ai.base import Agent
from ai.bot_process import (
    CLOSE_WAIT_S,
    bot_environment,
    dies_with_game,
    exit_code,
    exit_text,
    new_token,
    stop_all,
    wait_exit,
)
from ai.estimates import Estimate
from ai.features import ruleset_for
from ai.protocol import (
    MAX_REPLY_BYTES,
    ProtocolError,
    decide_message,
    encode,
    end_message,
    event_message,
    hello_message,
    is_stale,
    read_action,
    read_object,
    wins_message,
)
from game.engine import actions as A
from game.engine.actions import Action
from game.engine.events import Event
from game.engine.view import PlayerView
from game.play.driver import safe_default
from game.play.seat import HandEnd, ThinkingSeat, Turn

MAX_FAULTS = 3
DEFAULT_DEADLINE_MS = 1000
HELLO_DEADLINE_MS = 10000   # once a match: room for a program that loads a model first
ENDED_WAIT_S = 0.25     # a program whose output has closed is given this to finish exiting
MAX_PENDING_LINES = 64   # lines kept unread at most (one answer is all a decision needs)
_LIVE: weakref.WeakSet[BotSeat] = weakref.WeakSet()


class BotError(ValueError):
    """A bot that cannot be started; str() is one line."""


def command_words(command: str) -> list[str]:
    """A bot command split like a shell line; BotError if unreadable or empty."""
    try:
        argv = shlex.split(command)
    except ValueError as exc:
        raise BotError(f"cannot read the bot command {command!r}: {exc}") from None
    if not argv or not argv[0]:
        raise BotError("the bot command is empty")
    return argv


def check_startable(command: str) -> None:
    """BotError (the one line starting it would give) if `command` cannot be started:
    unreadable, empty, or its program not found or a folder. Starts nothing."""
    argv = command_words(command)
    if os.path.isdir(argv[0]):
        raise BotError(f"cannot start bot {command!r}: it is a folder")
    if shutil.which(argv[0]) is None:
        raise BotError(f"cannot start bot {command!r}: No such file or directory")


class BotSeat(ThinkingSeat):
    """A seat played by an outside program speaking the bot protocol. Events it is told
    are sent before its next decision or the end of the hand, from the thread that
    decides (the executor's, if it has one), so its pipe has one writer."""

    def __init__(self, command: str, seat: int, players: int, ruleset_id: str,
                 fallback: Callable[[], Agent], deadline_ms: int = DEFAULT_DEADLINE_MS,
                 log: Callable[[str], None] | None = None,
                 hello_ms: int = HELLO_DEADLINE_MS, executor: Executor | None = None) -> None:
        super().__init__(command, executor)
        self.command = command
        self.seat = seat
        self.deadline_ms = deadline_ms
        self.ruleset = ruleset_for(ruleset_id)   # its end_hand itemises each win's fans by it
        self.faults = 0
        self._decisions = 0
        self._unsent: list[Event] = []
        self.hello_name: str | None = None    # the name the program gave itself, if any
        self._fallback_factory = fallback
        self._fallback: Agent | None = None
        self._log = log or (lambda line: print(line, file=sys.stderr, flush=True))
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self.reasoning: tuple[Estimate, ...] = ()   # the move, unweighed: a program says no more
        argv = command_words(command)
        self._token = new_token()
        try:
            self._proc: subprocess.Popen[bytes] | None = subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=None,
                start_new_session=True, env=bot_environment(self._token),
                preexec_fn=dies_with_game())  # noqa: PLW1509 (arm() only calls prctl, getppid, kill)
        except OSError as exc:
            why = "it is a folder" if os.path.isdir(argv[0]) else exc.strerror or exc
            raise BotError(f"cannot start bot {command!r}: {why}") from None
        _LIVE.add(self)
        threading.Thread(target=self._read_lines, daemon=True).start()
        self._greet(players, ruleset_id, hello_ms)

    # ----------------------------------------------------------- process
    def _read_lines(self) -> None:
        proc = self._proc
        assert proc is not None and proc.stdout is not None
        with proc.stdout:   # closed here, never under a blocked read
            while True:
                line = proc.stdout.readline(MAX_REPLY_BYTES + 1)
                if not line:
                    self._lines.put(None)
                    return
                too_long = len(line) > MAX_REPLY_BYTES and not line.endswith(b"\n")
                if not too_long and (not line.strip() or self._answers_another(line)):
                    continue    # a blank line says nothing; nor does a late answer
                if self._lines.qsize() < MAX_PENDING_LINES:   # a flood is not kept
                    self._lines.put(line)
                if too_long:
                    _skip_line(proc.stdout)     # the rest of that line is no answer either

    def _answers_another(self, line: bytes) -> bool:
        """Whether a line echoes another decision's id: such lines are dropped as they
        come, so that a flood of late answers cannot crowd out the current one."""
        try:
            return is_stale(read_object(line), self._decisions)
        except ProtocolError:
            return False

    def _send(self, message: dict[str, Any]) -> bool:
        proc = self._proc
        if proc is None or proc.stdin is None or exit_code(proc) is not None:
            return False
        try:
            proc.stdin.write(encode(message))
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            return False
        return True

    def _reply(self, deadline_ms: int, left_s: float | None = None) -> bytes:
        """The next line the bot writes; ProtocolError if none comes within the deadline
        (`left_s`: the part of it still left)."""
        wait_s = deadline_ms / 1000.0 if left_s is None else left_s
        try:    # a deadline of ages is waited for as long as the platform can
            line = self._lines.get(timeout=min(wait_s, threading.TIMEOUT_MAX))
        except queue.Empty:
            raise ProtocolError(f"no answer within {deadline_ms} ms") from None
        if line is None:
            self._lines.put(None)  # stays ended
            raise ProtocolError(self._gone("closed its output"))
        return line

    def _gone(self, closed: str) -> str:
        """Why the program is not heard: how it ended, or (still running) what it
        `closed`."""
        proc = self._proc
        if proc is None:
            return "the program has ended"
        if wait_exit(proc, ENDED_WAIT_S):
            return f"the program has ended ({exit_text(proc)})"
        return f"the program {closed}"

    def _greet(self, players: int, ruleset_id: str, hello_ms: int) -> None:
        if not self._send(hello_message(self.seat, players, ruleset_id)):
            self._fault(f"no hello: {self._gone('closed its input')}")
            return
        try:
            self._take_name(read_object(self._reply(hello_ms)))
        except ProtocolError as exc:
            self._fault(f"no hello: {exc}")

    def _take_name(self, hello: dict[str, Any]) -> None:
        name = hello.get("name")
        if isinstance(name, str) and name.isprintable() and name.strip():
            self._name = self.hello_name = " ".join(name.split())[:40]

    # ------------------------------------------------------------ seat
    def think(self, turn: Turn) -> Action:
        """The bot's answer, or a safe default for it when it fails."""
        self._send_events()
        return self.choose(turn.view, list(turn.legal))

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        """The bot's answer to a decision on `view`, or a safe default for it."""
        if self._fallback is not None:
            return self._fallback.choose(view, legal)
        self._decisions += 1
        self._drop_late_answers()
        if not self._send(decide_message(view, legal, self.deadline_ms, self._decisions)):
            return self._fault(self._gone("closed its input"), view, legal)
        try:
            action = read_action(self._answer(), legal)
        except ProtocolError as exc:
            return self._fault(str(exc), view, legal)
        self.reasoning = (Estimate(action.to_text(), 1.0),)
        return action

    def _drop_late_answers(self) -> None:
        """Lines written since the last decision (late answers to it) answer nothing; a
        greeting among them (one that came after its deadline) still names the bot."""
        while True:
            try:
                line = self._lines.get_nowait()
            except queue.Empty:
                return
            if line is None:
                self._lines.put(None)  # stays ended
                return
            try:
                reply = read_object(line)
            except ProtocolError:
                continue
            if _is_greeting(reply):
                self._take_name(reply)

    def _answer(self) -> dict[str, Any]:
        """The reply to the current decision within its deadline, skipping replies that
        echo an earlier decision's id."""
        end = time.monotonic() + self.deadline_ms / 1000.0
        while True:
            left_s = max(0.0, end - time.monotonic())
            reply = read_object(self._reply(self.deadline_ms, left_s))
            if _is_greeting(reply):
                self._take_name(reply)      # a greeting that came after its deadline
                continue
            if not is_stale(reply, self._decisions):
                return reply

    def explain(self) -> tuple[Estimate, ...]:
        if self._fallback is not None:
            return self._fallback.explain()
        return self.reasoning

    def observe(self, events: Sequence[Event]) -> None:
        """Events of the bot's seat, kept until its next message."""
        self._unsent.extend(events)

    def _send_events(self) -> None:
        events, self._unsent = self._unsent, []
        if self._fallback is None:
            for event in events:
                self._send(event_message(event))

    def end_hand(self, end: HandEnd) -> None:
        """The last events of the hand, then its result (on the deciding thread)."""
        scores, wins = list(end.scores), wins_message(end.wins, self.ruleset)
        if self.executor is None:
            self.send_end(scores, wins, end.hands)
        else:
            self.executor.submit(self.send_end, scores, wins, end.hands)

    def send_end(self, scores: list[int], wins: list[dict[str, Any]],
                 hands: Sequence[Sequence[int]] | None) -> None:
        """The last events of the hand, then its result as the bot protocol words it
        (every seat's concealed tiles too, unless a server did not tell them: None)."""
        self._send_events()
        if self._fallback is None:
            self._send(end_message(scores, wins, hands))

    def _fault(self, why: str, view: PlayerView | None = None,
               legal: list[Action] | None = None) -> Action:
        self.faults += 1
        taken = self.faults >= MAX_FAULTS
        played = safe_default(view, legal) if view is not None and legal else None
        what = f"; played {played.to_text()} for it" if played is not None else ""
        self._log(f"bot at seat {self.seat} ({' '.join(self.command.split())}): {why}{what}"
                  f"{'; Medium takes the seat over' if taken else ''}")
        if taken:   # a failing program is not waited for: the decision stays in time
            self.close(grace_s=0.0)
            self._fallback = self._fallback_factory()
        return played if played is not None else Action(self.seat, A.PASS)

    def close(self, grace_s: float = CLOSE_WAIT_S) -> None:
        """End the program: say goodbye, give it `grace_s` to leave, then stop its whole
        process group (anything it started goes too); always reaped."""
        proc = self._proc
        if proc is None:
            return
        try:
            if proc.stdin is not None and not proc.stdin.closed:
                proc.stdin.write(encode({"type": "bye"}))
                proc.stdin.close()
        except (BrokenPipeError, OSError, ValueError):
            pass
        wait_exit(proc, grace_s)
        stop_all(proc, self._token)
        proc.wait()
        self._proc = None   # only now: a close cut short is finished by the next one
        _LIVE.discard(self)


def _is_greeting(reply: dict[str, Any]) -> bool:
    """Whether a line the bot wrote is its hello rather than an answer."""
    return "action" not in reply and ("name" in reply or reply.get("type") == "hello")


def _skip_line(stream: Any) -> None:
    """Read past the end of the line being read (or to the end of the stream)."""
    while True:
        chunk = stream.readline(MAX_REPLY_BYTES)
        if not chunk or chunk.endswith(b"\n"):
            return


@atexit.register
def close_all() -> None:
    """End every bot still running in this process (at exit; and where a process ends
    without exit handlers, as a pool's worker does, by its own hand)."""
    for bot in list(_LIVE):
        bot.close()


def medium_fallback(seed: int) -> Callable[[], Agent]:
    """The agent that takes over a failing bot's seat."""
    def make() -> Agent:
        from ai.medium import MediumAgent
        return MediumAgent(random.Random(seed))
    return make
