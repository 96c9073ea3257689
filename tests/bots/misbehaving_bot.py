"""A bot that misbehaves on purpose, the way given as its first argument:
crash (exits at the first decision), sleep (never answers in time), garbage (answers
nonsense), illegal (names an action that is not legal), silent (no hello either),
orphan (starts a child that would outlive it if not ended with its group),
crash_orphan (starts such a child, which holds its output open, then crashes),
late (answers every decision, echoing its id, after the deadline has passed),
flood (writes a hundred thousand lines of garbage at every decision),
careless (plays legally, but never flushes its output, writes a blank line before
each answer and echoes the decision's id as a string), slow_start (takes a second to start, then plays legally),
stale_flood (writes twenty thousand answers echoing an earlier decision's id before each
right one), long_line (answers its first decision inside a line longer than the limit,
then plays legally), daemon (starts processes that leave its process group, a
double-fork daemon in a new session and a child in a group of its own, then plays
legally), shut (closes its output and keeps running), segfault (dies of SIGSEGV at
the first decision), record (plays legally and writes
the type of every message it receives to the file named by its second argument, each
end_hand whole to that name with ".ends" after it, and every message whole to that name
with ".all" after it)."""
import json
import os
import signal
import subprocess
import sys
import time

MODE = sys.argv[1]


def main() -> None:
    if MODE == "slow_start":
        time.sleep(1.0)
    if MODE in ("orphan", "crash_orphan"):
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    if MODE == "daemon":
        start_daemons()
    for line in sys.stdin:
        message = json.loads(line)
        if MODE == "record":
            with open(sys.argv[2], "a", encoding="utf-8") as f:
                f.write(message["type"] + "\n")
            with open(sys.argv[2] + ".all", "a", encoding="utf-8") as f:
                f.write(line)
            if message["type"] == "end_hand":
                with open(sys.argv[2] + ".ends", "a", encoding="utf-8") as f:
                    f.write(line)
        if message["type"] == "hello":
            if MODE != "silent":
                print(json.dumps({"name": f"{MODE} bot"}), flush=MODE != "careless")
            if MODE == "shut":
                os.close(sys.stdout.fileno())
                time.sleep(60)
            continue
        if message["type"] != "decide":
            continue
        if MODE in ("crash", "crash_orphan"):
            sys.exit(3)
        if MODE == "segfault":
            os.kill(os.getpid(), signal.SIGSEGV)
        if MODE in ("sleep", "silent", "orphan"):
            time.sleep(60)
        if MODE == "garbage":
            print("{this is not json", flush=True)
        if MODE == "flood":
            sys.stdout.write("garbage\n" * 100_000)
            sys.stdout.flush()
        if MODE == "late":
            time.sleep(0.5)
            print(json.dumps({"action": message["legal"][-1], "id": message.get("id")}), flush=True)
        if MODE == "stale_flood":
            stale = json.dumps({"action": message["legal"][0], "id": message["id"] - 1})
            sys.stdout.write(f"{stale}\n" * 20_000)
        if MODE == "long_line" and message["id"] == 1:
            sys.stdout.write(" " * 70_000)     # past the limit, then the answer on the line
            sys.stdout.flush()
            time.sleep(1.0)
        if MODE in ("slow_start", "stale_flood", "long_line", "daemon", "record"):
            print(json.dumps({"action": message["legal"][0]}), flush=True)
        if MODE == "careless":
            print()
            print(json.dumps({"action": message["legal"][0], "id": str(message["id"])}))
        if MODE == "illegal":
            print(json.dumps({"action": "0 discard 9z"}), flush=True)


def start_daemons() -> None:
    """A double-fork daemon in a session of its own and a child in a process group of
    its own, both ignoring SIGTERM, both named by the third argument."""
    sleeper = ("import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); "
               "time.sleep(120)")
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execv(sys.executable, [sys.executable, "-c", sleeper, sys.argv[2]])
        os._exit(0)
    os.wait()
    if os.fork() == 0:
        os.setpgid(0, 0)
        os.execv(sys.executable, [sys.executable, "-c", sleeper, sys.argv[2]])


main()
