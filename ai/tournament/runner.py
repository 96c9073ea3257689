"""Playing the tournament's units (one wall of one table, in each of its seatings):
on this process, on a local process pool, or on a Ray cluster (ai.tournament.cluster).
Every backend plays the same function on the same units, so they give the same
results; the results come back in any order and are handed to `on_result` as they come.
"""
from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from functools import partial
from typing import Any

from ai.arena import arena_seat, play_seated, record_text, worker_signals
from ai.bot import BotSeat, close_all
from ai.tournament.schedule import FILLED, Table, Unit
from game.engine.events import WinKind

Result = dict[str, Any]             # one unit's hands, as kept on disk
OnResult = Callable[[Result], None]
Task = tuple[Table, int]            # a table and one of its walls


class TournamentError(RuntimeError):
    """A tournament that cannot go on; str() is one line."""


class WorkerLost(TournamentError):
    """A worker process died (killed, out of memory) while playing."""


@dataclass(frozen=True)
class Plan:
    """What every unit needs: the ruleset, the seed, each entrant's seat spec (by
    index), the fill's, the bots' deadline and whether the hands' match files are kept
    (they come back with the result, to be written where the tournament runs)."""

    ruleset_id: str
    seed: int
    specs: tuple[str, ...]
    fill_spec: str
    bot_deadline_ms: int
    records: bool = False

    def spec(self, entrant: int) -> str:
        return self.fill_spec if entrant == FILLED else self.specs[entrant]


def play_unit(plan: Plan, task: Task) -> Result:
    """One wall of one table in each of its seatings: per hand, who sat where, the
    points, the wins, the deal-ins and the bots' faults; with `plan.records`, each
    hand's match file under "records" (file name: text)."""
    table, wall = task
    unit = Unit(table.round, table.number, wall)
    make = partial(arena_seat, bot_deadline_ms=plan.bot_deadline_ms)
    hands, records = [], {}
    for r, seating in enumerate(table.seatings()):
        specs = [plan.spec(e) for e in seating]
        state, _, seats = play_seated(plan.ruleset_id, unit.wall_seed(plan.seed),
                                      unit.agent_seed(plan.seed, r), specs, make,
                                      strict=False)
        if plan.records:
            records[f"{unit.key}-s{r}.json"] = record_text(state, specs)
        hands.append({
            "seats": list(seating), "points": list(state.scores),
            "wins": [any(w.seat == s for w in state.wins) for s in range(len(seating))],
            "deal_ins": [any(w.from_seat == s and w.how != WinKind.SELF_DRAW for w in state.wins)
                         for s in range(len(seating))],
            "faults": [seat.faults if isinstance(seat, BotSeat) else 0 for seat in seats]})
    return {"round": unit.round, "table": unit.table, "wall": unit.wall, "hands": hands,
            "records": records}


def play_unit_in_worker(plan: Plan, task: Task) -> Result:
    """play_unit in a worker process, which ends without exit handlers: a bot still
    starting when the worker is ended is ended with it."""
    try:
        return play_unit(plan, task)
    finally:
        close_all()


def run_here(plan: Plan, tasks: Sequence[Task], on_result: OnResult) -> None:
    """Play every task on this process, in order."""
    for task in tasks:
        on_result(play_unit(plan, task))


def run_pool(plan: Plan, tasks: Sequence[Task], workers: int, on_result: OnResult) -> None:
    """Play every task on a pool of `workers` processes of this machine; a worker lost
    (killed) ends the run with WorkerLost (what was done is kept)."""
    pool = ProcessPoolExecutor(workers, initializer=worker_signals, initargs=(os.getpid(),))
    try:
        pending: set[Future[Result]] = {pool.submit(play_unit_in_worker, plan, t)
                                        for t in tasks}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                on_result(future.result())
    except BrokenProcessPool:
        pool.shutdown(wait=False, cancel_futures=True)
        raise WorkerLost("a worker process was lost") from None
    except BaseException:
        # interrupted: end the workers now (a worker takes SIGTERM for one unit's end and
        # goes on); their bots die with them (the kernel's parent-death signal)
        for process in list((pool._processes or {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
