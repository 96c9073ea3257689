"""Outside programs at the table through the bot protocol: a real bot plays whole
hands; bots that crash, sleep, answer garbage or illegal actions are covered for, then
replaced by Medium; no process outlives its bot; a bot sees only its seat's view."""
from __future__ import annotations

import json
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from ai.arena import arena_seat, play_hand
from ai.bot import MAX_FAULTS, MAX_PENDING_LINES, BotError, BotSeat, medium_fallback
from ai.bot_process import dies_with_game
from ai.protocol import (
    ProtocolError,
    decide_message,
    event_message,
    is_stale,
    read_action,
    read_object,
    view_message,
)
from game.engine.match import Match
from game.engine.state import RoundState
from game.engine.tiles import format_tiles
from game.play.driver import safe_default
from game.rulesets import load_ruleset

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'simple_bot.py'}"
MISBEHAVING = f"{sys.executable} {ROOT / 'tests' / 'bots' / 'misbehaving_bot.py'}"


def processes(parent: int | None = None, group: int | None = None,
              marker: str | None = None) -> list[int]:
    """Live (not zombie) processes with that parent, in that process group, or with
    `marker` as one of their arguments."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            args = (entry / "cmdline").read_bytes().split(b"\0") if marker else []
        except OSError:
            continue
        if fields[0] != "Z" and (int(fields[1]) == parent or int(fields[2]) == group
                                 or (marker is not None and marker.encode() in args)):
            found.append(int(entry.name))
    return found


def children_of(pid: int) -> list[int]:
    return processes(parent=pid)


def test_the_example_bot_plays_whole_hands_in_the_arena(tmp_path: Path) -> None:
    seating = ("hard", f"bot:{EXAMPLE}", "medium", "medium")
    for wall in range(3):
        tallies = play_hand("dazhong", 100 + wall, 7, seating, tmp_path, f"hand{wall}")
        bot = tallies[f"bot:{EXAMPLE}"]
        assert bot.hands == 1 and bot.faults == 0
    for wall in range(3):
        record = json.loads((tmp_path / f"hand{wall}.json").read_text())
        match = Match.from_record(record, load_ruleset("dazhong"))
        assert match.is_over and record["seats"][1]["level"] == "bot"
    assert children_of(os.getpid()) == []


def test_the_arena_command_seats_a_bot_and_reports_it(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "ai.arena", "--walls", "2", "--seed", "4",
                          "--seats", f"medium,bot:{EXAMPLE},easy,easy", "--json",
                          "--records", str(tmp_path)], cwd=ROOT, check=False,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    levels = json.loads(out.stdout)["levels"]
    assert levels[f"bot:{EXAMPLE}"]["hands"] == 8 and levels[f"bot:{EXAMPLE}"]["faults"] == 0
    assert len(list(tmp_path.glob("arena-*.json"))) == 8


def test_the_arena_gives_a_bot_the_deadline_asked_for() -> None:
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = arena_seat(state, 1, f"bot:{EXAMPLE}", 7, bot_deadline_ms=4321)
    try:
        assert isinstance(bot, BotSeat) and bot.deadline_ms == 4321
        assert arena_seat(state, 2, "medium", 7, bot_deadline_ms=4321).name == "medium"
    finally:
        bot.close()


def misbehaving(mode: str, lines: list[str], **options: int) -> BotSeat:
    """The misbehaving test bot in `mode` at seat 0 of a four-seat table, its log lines
    going to `lines`."""
    return BotSeat(f"{MISBEHAVING} {mode}", 0, 4, "dazhong", medium_fallback(1),
                    log=lines.append, **options)


@pytest.mark.parametrize("mode", ["crash", "sleep", "garbage", "illegal", "silent", "orphan",
                                  "crash_orphan"])
def test_a_failing_bot_is_covered_for_then_replaced(mode: str) -> None:
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = misbehaving(mode, lines, deadline_ms=300)
    pid = os.getpid()
    assert bot._proc is not None
    group = bot._proc.pid
    try:
        for _ in range(MAX_FAULTS + 2):
            legal = state.legal_actions(0)
            action = bot.choose(state.view(0), legal)
            assert action in legal
    finally:
        bot.close()
    assert bot.faults >= MAX_FAULTS - (1 if mode == "silent" else 0)
    assert lines and all("\n" not in line and "seat 0" in line for line in lines)
    assert any("Medium takes the seat over" in line for line in lines)
    time.sleep(0.2)
    assert children_of(pid) == [], "no bot process is left"
    assert processes(group=group) == [], "nor anything it started"


def plays_first_legal_action(mode: str, **options: int) -> tuple[BotSeat, list[str]]:
    """Seat the misbehaving bot in `mode` for three decisions, each answered with the
    first legal action; the bot (closed) and the lines it logged."""
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = misbehaving(mode, lines, **options)
    try:
        for _ in range(3):
            legal = state.legal_actions(0)
            assert bot.choose(state.view(0), legal) == legal[0]
    finally:
        bot.close()
    return bot, lines


def test_a_bot_that_never_flushes_and_writes_blank_lines_is_heard() -> None:
    """Python bots run unbuffered, blank lines are passed over and an id echoed as a
    string is read as the number: no fault."""
    bot, lines = plays_first_legal_action("careless", deadline_ms=2000)
    assert (bot.name, bot.faults, lines) == ("careless bot", 0, [])


def test_a_deadline_longer_than_the_platform_can_wait_is_no_crash() -> None:
    bot, lines = plays_first_legal_action("careless", deadline_ms=10**17)
    assert (bot.faults, lines) == (0, [])


def test_an_answer_is_stale_only_when_it_echoes_another_decisions_id() -> None:
    assert [is_stale(reply, 12) for reply in (
        {"action": "x"}, {"id": 12}, {"id": "12"}, {"id": " 12 "}, {"id": "twelve"},
        {"id": None}, {"id": True}, {"id": 11}, {"id": "11"}, {"id": "١٢"})] == \
        [False, False, False, False, False, False, False, True, True, False]


def test_an_answer_names_a_legal_action_whatever_its_spacing() -> None:
    state = RoundState.new(load_ruleset("dazhong"), 3)
    legal = state.legal_actions(0)
    text = legal[0].to_text()
    for spaced in (text, f"  {text} ", text.replace(" ", "  "), text.replace(" ", "\t")):
        assert read_action({"action": spaced}, legal) == legal[0]
    for wrong in (text.replace(" ", ""), text.upper(), "", f"{text} ready"):
        with pytest.raises(ProtocolError):
            read_action({"action": wrong}, legal)


def test_a_reply_line_is_read_as_one_json_object() -> None:
    assert read_object(b'{"action": "0 pass"}\r\n') == {"action": "0 pass"}
    assert read_object('\ufeff{"name": "bot"}\n'.encode()) == {"name": "bot"}
    for bad in (b"[1, 2]\n", b"{not json\n", b"\xff\xfe\n", b'"text"\n'):
        with pytest.raises(ProtocolError):
            read_object(bad)


def test_a_greeting_after_its_deadline_is_not_taken_for_an_answer() -> None:
    """A program slower to start than the hello deadline: one fault for the hello, then
    its late greeting names it and its answers are played."""
    bot, lines = plays_first_legal_action("slow_start", deadline_ms=3000, hello_ms=200)
    assert bot.faults == 1 and len(lines) == 1 and "no hello" in lines[0]
    assert bot.name == "slow_start bot"


def test_a_flood_of_lines_is_not_kept() -> None:
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    view, legal = state.view(0), state.legal_actions(0)
    bot = misbehaving("flood", lines, deadline_ms=300)
    try:
        assert bot.choose(view, legal) == safe_default(view, legal)
        time.sleep(0.5)     # the rest of the flood arrives
        assert bot._lines.qsize() <= MAX_PENDING_LINES
    finally:
        bot.close()
    assert "not a JSON line" in lines[0]


def test_a_flood_of_late_answers_does_not_crowd_out_the_answer() -> None:
    """Twenty thousand answers echoing the last decision's id before each right one: they
    are dropped as they come, not kept as unread lines, so the answer is heard."""
    bot, lines = plays_first_legal_action("stale_flood", deadline_ms=5000)
    assert (bot.faults, lines) == (0, [])


def test_a_line_past_the_limit_is_garbage_all_of_it() -> None:
    """An answer at the end of a line longer than 64 KB is not taken (one fault, at once),
    and the rest of that line is not read as more lines: the next answers are played."""
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    view, legal = state.view(0), state.legal_actions(0)
    bot = misbehaving("long_line", lines, deadline_ms=5000)
    try:
        played = [bot.choose(view, legal) for _ in range(3)]
    finally:
        bot.close()
    assert played == [safe_default(view, legal), legal[0], legal[0]]
    assert bot.faults == 1 and "longer than 65536 bytes" in lines[0]


@pytest.mark.parametrize("mode, why", [
    ("crash", "the program has ended (exit status 3)"),
    ("segfault", "the program has ended (killed by signal 11, SIGSEGV)"),
    ("shut", "the program closed its output"),
])
def test_the_log_line_says_how_a_bot_fell_silent(mode: str, why: str) -> None:
    """How it ended, or what it closed while still running; on one line, whatever the
    command holds (here a line break between its words)."""
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = BotSeat(f"{MISBEHAVING}\n{mode}", 0, 4, "dazhong", medium_fallback(1),
                   deadline_ms=5000, log=lines.append)
    try:
        bot.choose(state.view(0), state.legal_actions(0))
    finally:
        bot.close()
    assert len(lines) == 1 and why in lines[0] and "\n" not in lines[0]


def test_processes_that_leave_the_bots_group_end_with_it() -> None:
    """A double-fork daemon in a session of its own and a child in a process group of its
    own, both ignoring SIGTERM, still carry the bot's token: they are ended with it."""
    marker = f"marker-{os.getpid()}-{time.monotonic_ns()}"
    state = RoundState.new(load_ruleset("dazhong"), 3)
    legal = state.legal_actions(0)
    bot = BotSeat(f"{MISBEHAVING} daemon {marker}", 0, 4, "dazhong", medium_fallback(1),
                   deadline_ms=5000)
    assert bot._proc is not None
    own = bot._proc.pid
    left: list[int] = []
    try:
        assert bot.choose(state.view(0), legal) == legal[0]
        end = time.monotonic() + 10
        while len([p for p in processes(marker=marker) if p != own]) < 2 \
                and time.monotonic() < end:
            time.sleep(0.05)
        assert len([p for p in processes(marker=marker) if p != own]) >= 2
    finally:
        bot.close()
        left = processes(marker=marker)
        for pid in left:    # a failed run leaves nothing behind either
            os.kill(pid, signal.SIGKILL)
    assert left == []


def table_match(tmp_path: Path, ruleset_id: str, seed: int, hands: int,
                seats: list[Any]) -> tuple[Any, list[Any]]:
    """A match of `hands` at the game's table (its controller, deciding inline) played to
    its end with `seats` (SeatSpecs): the session and the table's seats, closed."""
    from game.shell.controller import Controller, InlineExecutor
    from game.shell.session import MatchSession
    session = MatchSession.new(ruleset_id, seed, hands, seats)
    session.save_path = tmp_path / "match.json"
    controller = Controller(session, executor=InlineExecutor(), thinking_delay=0.0)
    try:
        while not session.match.is_over:
            if session.round.is_over:
                session.start_next_hand()
            controller.update(0.0)
    finally:
        controller.close()
    return session, list(controller.driver.seats)


def test_a_bot_at_the_table_hears_the_end_of_each_hand(tmp_path: Path) -> None:
    """The game tells a program how each hand ended (its last events, then end_hand), as
    the arena does, and says bye when the table is left."""
    from game.play.setup import SeatSpec
    heard = tmp_path / "heard.txt"
    seats = [SeatSpec.parse("medium", "A"),
             SeatSpec.parse(f"bot:{MISBEHAVING} record {shlex.quote(str(heard))}", "bot"),
             SeatSpec.parse("medium", "C"), SeatSpec.parse("medium", "D")]
    session, _seats = table_match(tmp_path, "dazhong", 3, 2, seats)
    types = heard.read_text().split()
    ends = [i for i, kind in enumerate(types) if kind == "end_hand"]
    assert len(ends) == 2 and all(types[i - 1] == "event" for i in ends)
    assert types[-1] == "bye" and "decide" in types[ends[0]:ends[1]]
    told = [json.loads(line) for line in Path(f"{heard}.ends").read_text().splitlines()]
    last = session.round     # every seat's tiles at the end, the hand being over
    assert told[-1]["hands"] == [format_tiles(last.hand_of(s)) for s in range(4)]
    assert all(len(end["hands"]) == 4 for end in told)


def test_a_late_answer_is_never_played_for_a_later_decision() -> None:
    """The late bot answers each decision (with its id) after the deadline, while the
    next decision is waiting: that answer is skipped, the safe default is played."""
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    view, legal = state.view(0), state.legal_actions(0)
    default = safe_default(view, legal)
    assert legal[-1] != default
    bot = misbehaving("late", lines, deadline_ms=300)
    try:
        played = [bot.choose(view, legal) for _ in range(MAX_FAULTS)]
    finally:
        bot.close()
    assert played == [default] * MAX_FAULTS
    assert sum("no answer within 300 ms" in line for line in lines) == MAX_FAULTS


EXPECTED_EXIT = {"sigterm": 143, "ctrl-c": 130, "sigkill": -signal.SIGKILL}


@pytest.mark.parametrize("how", EXPECTED_EXIT)
def test_an_arena_ended_early_ends_its_bots(how: str) -> None:
    """SIGTERM to the arena (as `timeout` sends) or Ctrl-C at its terminal (SIGINT to its
    process group) ends the workers' hands cleanly: no bot it seated is left running.
    Killed outright (SIGKILL to the arena alone), its workers are told by the kernel and
    end theirs the same way."""
    marker = f"marker-{os.getpid()}-{time.monotonic_ns()}"
    bot = f"bot:{MISBEHAVING} sleep {marker}"
    command = [sys.executable, "-m", "ai.arena", "--walls", "4", "--seed", "3",
               "--seats", f"hard,{bot},medium,{bot}", "--workers", "2"]
    # as from a terminal: Ctrl-C not ignored (a shell's background job would ignore it)
    launch = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
              "os.execv(sys.argv[1], sys.argv[1:])")

    def stop(arena: subprocess.Popen[bytes]) -> None:
        time.sleep(2.0)     # into the hands: bots answering late, Medium taking seats over
        if how == "ctrl-c":
            os.killpg(arena.pid, signal.SIGINT)
        else:
            arena.send_signal(signal.SIGTERM if how == "sigterm" else signal.SIGKILL)

    left = end_arena([sys.executable, "-c", launch, *command], marker, 1, stop,
                     EXPECTED_EXIT[how])
    assert left == []


def end_arena(command: list[str], marker: str, bots: int,
              stop: Callable[[subprocess.Popen[bytes]], None], code: int) -> list[int]:
    """Start an arena, wait until `bots` processes carry `marker`, end it with `stop`
    (it must exit with `code`); the marked processes left 5 s later (killed, so that a
    failed run leaves nothing behind either)."""
    arena = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        end = time.monotonic() + 60
        while len(processes(marker=marker)) < bots and time.monotonic() < end:
            time.sleep(0.1)
        assert len(processes(marker=marker)) >= bots, "the bots did not start"
        stop(arena)
        assert arena.wait(timeout=60) == code
    finally:
        if arena.poll() is None:
            os.killpg(arena.pid, signal.SIGKILL)
        arena.wait()
    end = time.monotonic() + 5
    while processes(marker=marker) and time.monotonic() < end:
        time.sleep(0.1)
    left = processes(marker=marker)
    for pid in left:
        os.kill(pid, signal.SIGKILL)
    return left


def test_a_game_killed_outright_takes_its_bots_with_it() -> None:
    """SIGKILL leaves the game no chance to end its bots: the kernel ends them (the
    parent-death signal armed when each was started), even one that keeps running when
    its input closes."""
    marker = f"marker-{os.getpid()}-{time.monotonic_ns()}"
    script = ("import sys, time\n"
              "from ai.bot import BotSeat, medium_fallback\n"
              "bot = BotSeat(sys.argv[1], 1, 4, 'dazhong', medium_fallback(1))\n"
              "print('ready', flush=True)\n"
              "time.sleep(120)\n")
    game = subprocess.Popen([sys.executable, "-c", script, f"{MISBEHAVING} shut {marker}"],
                            cwd=ROOT, stdout=subprocess.PIPE, start_new_session=True)
    try:
        assert game.stdout is not None and game.stdout.readline() == b"ready\n"
        assert processes(marker=marker), "the bot did not start"
        game.kill()
        game.wait(timeout=10)
        end = time.monotonic() + 5
        while processes(marker=marker) and time.monotonic() < end:
            time.sleep(0.05)
        left = processes(marker=marker)
    finally:
        if game.poll() is None:
            game.kill()
        for pid in processes(marker=marker):    # a failed run leaves nothing behind either
            os.kill(pid, signal.SIGKILL)
    assert left == []


def test_a_bot_started_off_the_main_thread_is_not_tied_to_that_thread() -> None:
    """The parent-death signal follows the thread that started the program: a program
    started from a worker thread must not die when that thread ends."""
    found: list[object] = []
    worker = threading.Thread(target=lambda: found.append(dies_with_game()))
    worker.start()
    worker.join()
    assert found == [None]
    assert dies_with_game() is not None


def test_a_missing_program_is_refused_in_one_line() -> None:
    with pytest.raises(BotError, match="cannot start"):
        BotSeat("/no/such/program --x", 1, 4, "dazhong", medium_fallback(1))
    with pytest.raises(BotError, match="cannot read"):
        BotSeat("python3 'unclosed", 1, 4, "dazhong", medium_fallback(1))
    with pytest.raises(BotError, match="empty"):
        BotSeat("'' --x", 1, 4, "dazhong", medium_fallback(1))
    with pytest.raises(BotError, match="it is a folder"):
        BotSeat(str(ROOT / "tests"), 1, 4, "dazhong", medium_fallback(1))


def test_the_safe_default_passes_or_discards_the_drawn_tile() -> None:
    state = RoundState.new(load_ruleset("dazhong"), 3)
    view = state.view(0)
    action = safe_default(view, state.legal_actions(0))
    assert action.kind == "discard" and action.tile == view.drawn


def test_a_bot_is_told_only_what_its_seat_may_know() -> None:
    """The view message holds the seat's own concealed tiles and nothing concealed of
    anyone else; the events it is sent hide others' draws and concealed kongs."""
    from game.engine.tiles import format_tiles
    state = RoundState.new(load_ruleset("dazhong"), 11)
    for _ in range(60):
        if state.is_over:
            break
        seat = state.seats_to_act()[0]
        state.apply(state.legal_actions(seat)[0])
    for seat in range(4):
        message = decide_message(state.view(seat), state.legal_actions(seat), 500)
        view = message["view"]
        assert view["hand"] == format_tiles(state.hand_of(seat))
        assert set(view) == {"seat", "players", "ruleset", "phase", "dealer", "current", "hand",
                             "drawn", "hand_sizes", "melds", "discards", "ready", "auto",
                             "scores", "wall", "claim", "wildcard"}
        assert view["hand_sizes"] == [sum(h) for h in state.hands]
        for event in state.events_for(seat):
            sent = event_message(event)
            if event.seat != seat and event.kind in ("draw",):
                assert sent["tile"] is None
            assert "waits" not in sent["data"] or event.seat == seat
    assert json.dumps(view_message(state.view(0)))


def test_a_bot_seat_at_the_table_plays_and_ends_with_the_table(tmp_path: Path) -> None:
    """The game's controller seats an outside program; leaving the table ends it."""
    from game.play.setup import SeatSpec
    from game.scenes.table import TableScene
    from game.shell.session import MatchSession
    from tests.shell_helpers import make_app

    seats = [SeatSpec.parse("medium", "A"), SeatSpec.parse(f"bot:{EXAMPLE}", "bot"),
             SeatSpec.parse("medium", "C"), SeatSpec.parse("medium", "D")]
    session = MatchSession.new("dazhong", 3, 1, seats)
    session.setup = replace(session.setup, thinking_delay=0.0)
    app = make_app(tmp_path, "en", lambda a: TableScene(a, session))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    bot = table.controller.driver.seats[1]
    assert isinstance(bot, BotSeat) and bot.name == "simple bot"
    assert [seat.name for seat in session.seats] == ["A", "simple bot", "C", "D"]
    try:
        deadline = time.monotonic() + 30   # the bot answers through a pipe, in real time
        while time.monotonic() < deadline and not session.match.round.is_over \
                and not any(a.seat == 1 for a in session.match.round.actions):
            app.step(0.05, [])
            time.sleep(0.005)
        assert any(a.seat == 1 for a in session.match.round.actions), "the bot took turns"
    finally:
        app.scenes.replace("menu")
    assert bot._proc is None and children_of(os.getpid()) == []


@pytest.mark.parametrize("command, name", [
    ("python3 examples/bots/simple_bot.py", "simple_bot.py"),
    ("python3 -u 'my bots/strong bot.py' --fast", "strong bot.py"),
    ("/usr/bin/env python3 -m mybot", "mybot"),
    ("java -jar bots/strong.jar", "strong.jar"),
    ("./bots/a-rather-long-name/bot --fast --seed 7", "bot"),
    ("python3 'unclosed", "'unclosed"),
])
def test_a_program_seat_is_named_by_its_program_until_it_names_itself(command: str,
                                                                      name: str) -> None:
    from game.scenes.new_match import program_name
    assert program_name(command) == name


def test_the_game_command_line_checks_bot_options() -> None:
    for bad in ("x=python3 bot.py", "7=python3 bot.py", "1="):
        out = subprocess.run([sys.executable, "-m", "game", "--bot", bad], cwd=ROOT,
                             check=False, capture_output=True, text=True, timeout=60,
                             env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
        assert out.returncode == 2 and "--bot" in out.stderr and "Traceback" not in out.stderr


def test_the_new_match_form_seats_an_outside_program(tmp_path: Path, monkeypatch) -> None:
    from tests.shell_helpers import dialogs, make_app, use_fake_table
    fake_table = use_fake_table(monkeypatch)
    app = make_app(tmp_path, "en")
    app.settings.bots = {2: EXAMPLE}
    app.scenes.push("new_match")
    form = app.scenes.top
    assert form.kinds[2] == "bot" and form.bot_commands[2] == EXAMPLE
    form._set_kind(3, "bot")
    form = app.scenes.top
    form.start()
    assert not fake_table and "Seat 4" in dialogs(app)[0].message
    dialogs(app)[0].kill()
    form.bot_commands[3] = EXAMPLE
    form.start()
    [session] = fake_table
    assert [s.text for s in session.seats][2:] == [f"bot:{EXAMPLE}"] * 2
    assert children_of(os.getpid()) == []      # the table starts the programs, not the form


def test_an_arena_ended_while_its_bots_start_ends_them(tmp_path: Path) -> None:
    """SIGTERM to an arena whose workers are still waiting for their bots' hello (the
    bots not yet any hand's agents): a worker ends without exit handlers, yet each bot
    and what it started are ended with it."""
    marker = f"marker-{os.getpid()}-{time.monotonic_ns()}"
    script = tmp_path / "slow_bot.py"
    script.write_text("import subprocess, sys, time\n"
                      "subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(120)',"
                      " sys.argv[1]])\n"
                      "time.sleep(60)\n")
    bot = f"bot:{shlex.quote(sys.executable)} {shlex.quote(str(script))} {marker}"
    command = [sys.executable, "-m", "ai.arena", "--walls", "2", "--workers", "2", "--seats",
               f"{bot},medium,medium,medium"]
    # both workers' bots, each with its child
    left = end_arena(command, marker, 4, lambda arena: arena.send_signal(signal.SIGTERM), 143)
    assert left == []


def test_a_greeting_between_decisions_names_the_bot() -> None:
    """A greeting later than its deadline that comes before the next decision is asked
    (not while one is waited for) still names the bot, as one that comes during it does."""
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = misbehaving("slow_start", lines, deadline_ms=3000, hello_ms=200)
    try:
        time.sleep(2.0)     # the greeting comes before the first decision
        legal = state.legal_actions(0)
        assert bot.choose(state.view(0), legal) == legal[0]
    finally:
        bot.close()
    assert bot.faults == 1 and bot.name == bot.hello_name == "slow_start bot"


def test_a_bot_taken_over_is_ended_without_waiting(monkeypatch: pytest.MonkeyPatch) -> None:
    """The decision that hands the seat to Medium does not also wait a grace second for
    a program that has stopped answering (it would count in the decision's time)."""
    import ai.bot
    waits: list[float] = []
    real_wait = ai.bot.wait_exit
    monkeypatch.setattr(ai.bot, "wait_exit",
                        lambda proc, seconds: waits.append(seconds) or real_wait(proc, seconds))
    lines: list[str] = []
    state = RoundState.new(load_ruleset("dazhong"), 3)
    bot = misbehaving("sleep", lines, deadline_ms=200)
    try:
        for _ in range(MAX_FAULTS):
            bot.choose(state.view(0), state.legal_actions(0))
    finally:
        bot.close()
    assert bot.faults == MAX_FAULTS and waits == [0.0]
    assert children_of(os.getpid()) == []
