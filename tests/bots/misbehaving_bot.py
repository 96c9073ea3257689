"""A bot that misbehaves on purpose, the way given as its first argument:
crash (exits at the first decision), sleep (never answers in time), garbage (answers
nonsense), illegal (names an action that is not legal), silent (no hello either),
orphan (starts a child that would outlive it if not ended with its group),
crash_orphan (starts such a child, which holds its output open, then crashes),
late (answers every decision, echoing its id, after the deadline has passed),
flood (writes a hundred thousand lines of garbage at every decision),
careless (plays legally, but never flushes its output, writes a blank line before
each answer and echoes the decision's id as a string), slow_start (takes a second to start, then plays legally)."""
import json
import subprocess
import sys
import time

MODE = sys.argv[1]


def main() -> None:
    if MODE == "slow_start":
        time.sleep(1.0)
    if MODE in ("orphan", "crash_orphan"):
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            if MODE != "silent":
                print(json.dumps({"name": f"{MODE} bot"}), flush=MODE != "careless")
            continue
        if message["type"] != "decide":
            continue
        if MODE in ("crash", "crash_orphan"):
            sys.exit(3)
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
        if MODE == "slow_start":
            print(json.dumps({"action": message["legal"][0]}), flush=True)
        if MODE == "careless":
            print()
            print(json.dumps({"action": message["legal"][0], "id": str(message["id"])}))
        if MODE == "illegal":
            print(json.dumps({"action": "0 discard 9z"}), flush=True)


main()
