"""Playing the units on Ray: a runtime started on this machine (--cluster local) or a
running cluster (--cluster ray://HOST:PORT). The units are the pool's, played by the
same function (ai.tournament.runner.play_unit), so the results are the same."""
from __future__ import annotations

import logging
import warnings
from collections.abc import Sequence
from typing import Any

from ai.tournament.runner import OnResult, Plan, Task, TournamentError, play_unit
from game import paths

LOCAL = "local"
OBJECT_STORE_BYTES = 100 * 1024 * 1024      # the results are small: keep Ray's memory so
NOT_COPIED = [".git", ".venv", "saves", "dist", "build", "*.egg-info", "__pycache__"]


def check_address(address: str) -> str | None:
    """None if `address` names a cluster (local, or ray://HOST:PORT), else the problem."""
    if address == LOCAL:
        return None
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not address.startswith("ray://") or not host or not port.isdigit():
        return f"--cluster takes 'local' or ray://HOST:PORT, not {address!r}"
    return None


def import_ray() -> Any:
    """The ray package, or a TournamentError saying how to install it."""
    try:
        import ray
    except ImportError:
        raise TournamentError("--cluster needs Ray: pip install '.[cluster]' "
                              "(or pip install 'ray[client]')") from None
    return ray


def run_ray(plan: Plan, tasks: Sequence[Task], address: str, workers: int | None,
            on_result: OnResult) -> None:
    """Play every task on Ray; each result handed to `on_result` as it finishes. A task
    whose worker is lost is retried by Ray."""
    ray = import_ray()
    if address == LOCAL:
        ray.init(num_cpus=workers, object_store_memory=OBJECT_STORE_BYTES,
                 include_dashboard=False, logging_level=logging.ERROR)
    else:
        root = paths.checkout_root()
        env = {"working_dir": str(root), "excludes": NOT_COPIED} if root else None
        try:
            with warnings.catch_warnings():     # Ray's own lines: the error says it once
                warnings.simplefilter("ignore")
                ray.init(address=address, runtime_env=env, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as exc:
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise TournamentError(f"cannot reach the Ray cluster at {address}: {first} "
                                  f"(a cluster with token authentication also needs "
                                  f"RAY_AUTH_MODE=token and RAY_AUTH_TOKEN here)") from None
    try:
        remote = ray.remote(num_cpus=1, max_retries=3)(play_unit)
        pending = [remote.remote(plan, task) for task in tasks]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            on_result(ray.get(done[0]))
    finally:
        ray.shutdown()
