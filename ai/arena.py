"""Duplicate arena: the same walls replayed with the seats rotated, so luck cancels.

Each wall (seed derived from --seed and the wall number) is one hand, dealer seat 0,
played once per seating: the 4 rotations of --seats (protocol `duplicate`), or all
12 seatings of two bots and two Easy (protocol `permutations`, the contest's).  Per
level: mean points per hand with confidence intervals over per-wall means (the
seatings of one wall are correlated, walls are independent), win, self-draw, deal-in
(paid for a discard win or a robbed kong) and draw rates, decision times, and the
points per hand by source (wins, and each kind of action payment: chi, peng, kongs, 报听).

    python -m ai.arena --walls 1000 --seed 1 --seats hard,medium,medium,medium --workers 2
    python -m ai.arena --walls 200 --seed 1 --protocol permutations --pair hard,medium
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import signal
import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from itertools import permutations
from pathlib import Path

import numpy as np

from ai.bot import DEFAULT_DEADLINE_MS, BotError, BotSeat, close_all
from ai.bot_process import signal_when_parent_dies
from ai.levels import make_seat, parse_spec
from ai.solo import ruleset_or_error, whole_number
from game.console import OneLineParser, exit_on_sigterm, run_cli
from game.engine.events import WinKind
from game.engine.match import Match
from game.engine.ruleset import Ruleset
from game.engine.state import RoundState
from game.engine.wall import derive_seed
from game.files import DataError, check_writable_folder, write_atomic
from game.play.driver import Driver, LoneRound
from game.play.seat import Seat
from game.play.setup import SeatKind, SeatSpec, SetupError
from game.rulesets import load_ruleset
from game.version import GAME_VERSION_KEY, game_version

Z95, Z99 = 1.959964, 2.575829
MAX_WORKERS = 64  # a typo such as --workers 10000 must not start that many processes


@dataclass
class Tally:
    """One level's results (over one wall, or pooled)."""

    hands: int = 0
    points: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    draws: int = 0
    faults: int = 0
    wall_means: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    sources: Counter[str] = field(default_factory=Counter)  # net points per payment reason

    def merge(self, other: Tally) -> None:
        """Pool another tally's hands into this one."""
        for name in ("hands", "points", "wins", "self_draws", "deal_ins", "draws", "faults"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.times += other.times
        self.sources.update(other.sources)

    def add_wall(self, wall: Tally) -> None:
        """Pool one wall's hands and keep that wall's mean points."""
        self.merge(wall)
        self.wall_means.append(wall.points / wall.hands)

    def interval(self, z: float) -> tuple[float, float]:
        n = len(self.wall_means)
        mean = statistics.fmean(self.wall_means)
        half = z * statistics.stdev(self.wall_means) / math.sqrt(n) if n > 1 else 0.0
        return mean - half, mean + half

    def summary(self) -> dict[str, object]:
        h = self.hands
        times = self.times or [0.0]
        p50, p90, p99 = (float(v) for v in np.percentile(times, [50, 90, 99]))
        return {"mean_points": self.points / h, "ci95": list(self.interval(Z95)),
                "ci99": list(self.interval(Z99)), "win_rate": self.wins / h,
                "self_draw_rate": self.self_draws / h, "deal_in_rate": self.deal_ins / h,
                "draw_rate": self.draws / h, "decisions": len(self.times),
                "decision_ms_mean": statistics.fmean(times), "decision_ms_p50": p50,
                "decision_ms_p90": p90, "decision_ms_p99": p99,
                "decision_ms_max": max(times),
                "hands": h, "faults": self.faults,
                "points_by_source": {k: v / h for k, v in sorted(self.sources.items())},
                "wall_means": list(self.wall_means)}


def source_of(reason: str, ruleset: Ruleset) -> str:
    """A payment's reason as a source of points: an action's name (chi, peng, the kongs,
    ready, chi_refund), or "win" for a win of any pattern."""
    return "win" if reason in ruleset.patterns else reason


def seatings(protocol: str, levels: Sequence[str]) -> list[tuple[str, ...]]:
    """Duplicate: the rotations of `levels`; permutations: every distinct seating of
    the pair and two Easy."""
    if protocol == "permutations":
        return sorted(set(permutations((levels[0], levels[1], "easy", "easy"))))
    n = len(levels)
    return [tuple(levels[(i + r) % n] for i in range(n)) for r in range(n)]


# makes a seat: (the hand's state, seat, seat spec text, seat seed) -> a seat
SeatMaker = Callable[[RoundState, int, str, int], Seat]


def arena_seat(state: RoundState, seat: int, spec: str, seed: int,
               bot_deadline_ms: int | None = None) -> Seat:
    """The arena's seat for a seat spec (a level, or "bot:COMMAND", given
    `bot_deadline_ms` for each decision); decides on its view alone."""
    return make_seat(parse_spec(spec), seed, seat, state.ruleset.players, state.ruleset.id,
                     deadline_ms=bot_deadline_ms)


def play_seated(ruleset_id: str, wall_seed: int, agent_seed: int, seating: Sequence[str],
                make: SeatMaker = arena_seat, strict: bool = True
                ) -> tuple[RoundState, Driver, list[Seat]]:
    """One hand on one wall (dealer seat 0) played to its end by a Driver over the seats
    `make` gives `seating`; the round, the driver (its decision times) and the seats
    (closed: their faults stay readable)."""
    state = RoundState.new(load_ruleset(ruleset_id), wall_seed, dealer=0)
    seats: list[Seat] = []
    try:
        for i, spec in enumerate(seating):
            seats.append(make(state, i, spec, derive_seed(agent_seed, i)))
        driver = Driver(LoneRound(state), seats, strict=strict, explained=False)
        driver.run_round()
    finally:
        for seat in seats:
            seat.close()
    return state, driver, seats


def play_hand(ruleset_id: str, wall_seed: int, agent_seed: int,
              seating: Sequence[str], records: Path | None = None,
              record_name: str = "", make: SeatMaker = arena_seat) -> dict[str, Tally]:
    """One hand on one wall (dealer seat 0) with `seating[i]` at seat i (a level, or
    "bot:COMMAND"); with `records`, the hand is written there as a match record."""
    state, driver, seats = play_seated(ruleset_id, wall_seed, agent_seed, seating, make)
    ruleset = state.ruleset
    if records is not None:
        write_record(records / f"{record_name}.json", state, seating)
    out: dict[str, Tally] = {}
    for s, level in enumerate(seating):
        t = out.setdefault(level, Tally())
        t.hands += 1
        t.points += state.scores[s]
        t.wins += any(w.seat == s for w in state.wins)
        t.self_draws += any(w.seat == s and w.how == WinKind.SELF_DRAW for w in state.wins)
        t.deal_ins += any(w.from_seat == s and w.how != WinKind.SELF_DRAW for w in state.wins)
        t.draws += not state.wins
        t.times += driver.times[s]
        player = seats[s]
        t.faults += player.faults if isinstance(player, BotSeat) else 0
        for p in state.payments:
            if s in (p.payer, p.payee):
                t.sources[source_of(p.reason, ruleset)] += p.amount if p.payee == s else -p.amount
    return out


def write_record(path: Path, state: RoundState, seating: Sequence[str]) -> None:
    """Write the hand as a match file (record_text)."""
    write_atomic(path, record_text(state, seating))


def record_text(state: RoundState, seating: Sequence[str]) -> str:
    """The hand as a match file the game opens: the engine's record of a one-hand match
    on this wall, with each seat's level (a bot: level "bot", its command as name)."""
    match = Match(state.ruleset, 0, 1, walls={0: state.initial_wall})
    for action in state.actions:
        match.apply(action)
    specs = [SeatSpec.parse(spec) for spec in seating]
    seats = [{"name": s.program if s.kind is SeatKind.PROGRAM else f"{s.level} {i + 1}",
              "level": s.tag} for i, s in enumerate(specs)]
    doc = {**match.to_record(), "seats": seats, "source": "arena", "finished": True,
           GAME_VERSION_KEY: game_version()}
    return json.dumps(doc, ensure_ascii=False)


Job = tuple[str, int, int, list[tuple[str, ...]], "Path | None"]


def play_wall(job: Job, make: SeatMaker = arena_seat) -> dict[str, Tally]:
    """Every seating on one wall; a level's results over the wall pooled."""
    ruleset_id, seed, wall, table, records = job
    out: dict[str, Tally] = {}
    for r, seating in enumerate(table):
        name = f"arena-s{seed}-w{wall:05d}-r{r}"
        for level, t in play_hand(ruleset_id, derive_seed(seed, wall),
                                  derive_seed(seed, wall, r + 1), seating, records,
                                  name, make).items():
            out.setdefault(level, Tally()).merge(t)
    return out


def play_wall_in_worker(job: Job, make: SeatMaker = arena_seat) -> dict[str, Tally]:
    """play_wall in a pool's worker, which ends without exit handlers (os._exit): a bot
    still starting when SIGTERM ends the worker (not yet any hand's agent, so not closed
    by play_hand) is ended here with what it started."""
    try:
        return play_wall(job, make)
    finally:
        close_all()


def worker_signals(arena: int) -> None:
    """In a worker: Ctrl-C is the parent's to handle (it then ends the pool), and the
    SIGTERM that ends the pool closes the hand's bots on the way out; a worker whose
    arena was killed outright is sent that SIGTERM by the kernel (Linux)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    exit_on_sigterm()
    signal_when_parent_dies(signal.SIGTERM, arena)


def run(walls: int, seed: int, table: list[tuple[str, ...]], workers: int = 1,
        ruleset_id: str = "dazhong", records: Path | None = None,
        make: SeatMaker = arena_seat) -> dict[str, Tally]:
    """Play every wall; per level, the pooled tally with one mean per wall (`make`:
    a module-level function, as the workers receive it by name)."""
    jobs: list[Job] = [(ruleset_id, seed, w, table, records) for w in range(walls)]
    if workers > 1:
        with multiprocessing.Pool(workers, initializer=worker_signals,
                                  initargs=(os.getpid(),)) as pool:
            results = pool.map(partial(play_wall_in_worker, make=make), jobs,
                               chunksize=1)
            # the workers leave by the pool's own end-of-work message, not by the SIGTERM
            # that leaving the `with` sends (which each worker turns into SystemExit,
            # wherever it is waiting): that stays for an arena interrupted mid-way
            pool.close()
            pool.join()
    else:
        results = [play_wall(j, make) for j in jobs]
    totals: dict[str, Tally] = {}
    for per_wall in results:
        for level, t in per_wall.items():
            totals.setdefault(level, Tally()).add_wall(t)
    return totals


def report(totals: dict[str, Tally], walls: int, seed: int, names: list[str],
           ruleset_id: str, as_json: bool, protocol: str = "duplicate") -> None:
    """Print the results: a table, or (`as_json`) one JSON object."""
    seatings_per_wall = len(seatings(protocol, names))
    hands = walls * seatings_per_wall
    if as_json:
        print(json.dumps({"walls": walls, "seed": seed, "seats": names,
                          "ruleset": ruleset_id, "hands": hands,
                          "levels": {k: t.summary() for k, t in totals.items()}}))
        return
    print(f"{protocol}: {walls} walls x {seatings_per_wall} seatings = {hands} hands "
          f"(seed {seed}, seats {','.join(names)})")
    print(f"{'level':8} {'pts/hand':>9} {'95% CI':>17} {'99% CI':>17} {'win':>6} {'tsumo':>6} "
          f"{'deal-in':>7} {'draw':>6} {'ms mean':>8} {'ms p99':>7}")
    for level, t in totals.items():
        s = t.summary()
        lo95, hi95 = t.interval(Z95)
        lo99, hi99 = t.interval(Z99)
        print(f"{level:8} {s['mean_points']:9.3f} [{lo95:7.3f},{hi95:7.3f}] "
              f"[{lo99:7.3f},{hi99:7.3f}] {s['win_rate']:6.3f} {s['self_draw_rate']:6.3f} "
              f"{s['deal_in_rate']:7.3f} {s['draw_rate']:6.3f} {s['decision_ms_mean']:8.2f} "
              f"{s['decision_ms_p99']:7.1f}")
    print("points per hand by source:")
    for level, t in totals.items():
        parts = "  ".join(f"{k} {v / t.hands:+.3f}" for k, v in sorted(t.sources.items()))
        print(f"  {level:8} {parts}")


def seat_specs(parser: argparse.ArgumentParser, text: str, option: str, want: int,
               ruleset_id: str) -> list[str]:
    """The comma-separated seat specs of `option`, `want` of them, each a level or
    "bot:COMMAND"; anything else ends the command through `parser`'s one-line error."""
    names = [n.strip() for n in text.split(",")]
    for name in names:
        try:
            parse_spec(name)
        except SetupError as exc:
            parser.error(str(exc))
    if len(names) != want:
        parser.error(f"{option} needs {want} levels for ruleset '{ruleset_id}', "
                     f"got {len(names)}")
    return names


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(prog="python -m ai.arena", description=__doc__)
    parser.add_argument("--walls", type=whole_number, default=100)
    parser.add_argument("--seed", type=whole_number, default=1)
    parser.add_argument("--seats", default="hard,medium,medium,medium")
    parser.add_argument("--protocol", choices=("duplicate", "permutations"), default="duplicate")
    parser.add_argument("--pair", default="hard,medium", help="the two bots (permutations)")
    parser.add_argument("--workers", type=whole_number, default=1)
    parser.add_argument("--ruleset", default="dazhong")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--records", metavar="DIR", type=Path,
                        help="write every hand played as a match file into DIR")
    parser.add_argument("--bot-deadline", metavar="MS", type=whole_number,
                        default=DEFAULT_DEADLINE_MS,
                        help="milliseconds an outside program has for each decision")
    args = parser.parse_args(argv)
    ruleset = ruleset_or_error(parser, args.ruleset)
    if args.records is not None:
        try:
            check_writable_folder(args.records, "--records")
        except DataError as exc:
            parser.error(str(exc))
    permutations = args.protocol == "permutations"
    if permutations and ruleset.players != 4:
        parser.error(f"the permutations protocol needs a 4-player ruleset; "
                     f"'{ruleset.id}' has {ruleset.players} seats")
    if permutations:
        names = seat_specs(parser, args.pair, "--pair", 2, ruleset.id)
    else:
        names = seat_specs(parser, args.seats, "--seats", ruleset.players, ruleset.id)
    if args.walls < 1 or args.workers < 1 or args.bot_deadline < 1:
        parser.error("--walls, --workers and --bot-deadline must be at least 1")
    if args.workers > MAX_WORKERS:
        parser.error(f"--workers must be at most {MAX_WORKERS}")
    table = seatings(args.protocol, names)
    try:
        totals = run(args.walls, args.seed, table, args.workers, args.ruleset, args.records,
                     partial(arena_seat, bot_deadline_ms=args.bot_deadline))
    except BotError as exc:     # a program that cannot be started at all
        parser.error(str(exc))
    report(totals, args.walls, args.seed, names, args.ruleset, args.json, args.protocol)
    return 0


if __name__ == "__main__":
    run_cli(main)
