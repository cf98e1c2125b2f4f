"""Work spread over a Ray cluster (`pip install 'pavilion[ray]'`): arena games
and self-play shards run as Ray tasks, one CPU each, on every worker.

Ray does the distribution, the scheduling and the recovery: a task whose
worker dies (killed, out of memory, a lost node) is run again elsewhere, up to
`RETRIES` times, while the results of finished tasks stay with the caller. The
work itself is deterministic by game number, so a task run twice gives the
same games, and a distributed run the same results as a local one.

Every node must have pavilion installed (the same version): the tasks import it.
"""

from __future__ import annotations

import importlib.util
import logging
import os
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from pavilion._engine import OptionsError

#: How to get Ray, for messages.
RAY_HINT = "pip install 'pavilion[ray]'"

#: How often a task whose worker died is run again.
RETRIES = 3

#: The address that asks for a new Ray instance on this machine.
LOCAL = "local"

T = TypeVar("T")


def available() -> bool:
    """Whether Ray can be imported."""
    return importlib.util.find_spec("ray") is not None


@contextmanager
def cluster(address: str, cpus: int | None = None) -> Iterator[int]:
    """Joins the Ray cluster at `address` (`"local"`: a new Ray instance on this
    machine with `cpus` CPUs, default all) and yields its number of CPUs; leaves
    (and stops what it started) on the way out. Inside another `cluster`, that
    one is used. OptionsError when Ray is missing or the cluster cannot be joined."""
    if not available():
        raise OptionsError(f"Ray is not installed: {RAY_HINT}")
    import ray

    if address != LOCAL and cpus is not None:
        raise OptionsError("a Ray cluster has its own CPUs: give the number of CPUs only to a local instance")
    if address != LOCAL:
        check_reachable(address)
    if ray.is_initialized():
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
        return
    quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": logging.ERROR}
    try:
        with native_stderr_silenced():
            if address == LOCAL:
                ray.init(num_cpus=cpus, **quiet)
            else:
                ray.init(address=address, **quiet)
    except (ConnectionError, ValueError, RuntimeError) as e:
        raise OptionsError(f"cannot join the Ray cluster at {address!r}: {' '.join(str(e).split())}") from None
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        ray.shutdown()


@contextmanager
def native_stderr_silenced() -> Iterator[None]:
    """Ray's C++ core logs each retry of an unreachable head to the process's
    stderr; while joining, those lines go nowhere (a failure to join becomes
    one clear error instead)."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


#: How long joining a cluster may wait for its head to answer.
CONNECT_SECONDS = 5.0


def check_reachable(address: str) -> None:
    """OptionsError unless something answers at the `host:port` of `address`
    (Ray itself would retry an unreachable head for minutes). `auto` and other
    forms without a port are left to Ray."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit() or not host:
        return
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS):
            pass
    except (OSError, ValueError, OverflowError) as e:
        reason = getattr(e, "strerror", None) or str(e) or type(e).__name__
        raise OptionsError(
            f"cannot join the Ray cluster at {address!r}: nothing answers at {host}:{port} ({reason})"
        ) from None


def run_tasks(work: Callable[..., T], args: Sequence[tuple[Any, ...]]) -> Iterator[tuple[int, T]]:
    """Runs `work(*args[k])` for every k as Ray tasks of one CPU (inside
    `cluster`), yielding `(k, result)` as each finishes. A task whose worker
    dies is run again; an error raised by the work itself is raised here as
    it was (a ValueError stays a ValueError). Leaving early (Ctrl-C, an error)
    cancels the tasks not finished."""
    import ray

    remote = ray.remote(num_cpus=1, max_retries=RETRIES, retry_exceptions=False)(work)
    number = {remote.remote(*a): k for k, a in enumerate(args)}
    pending = list(number)
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    cause = getattr(e, "cause", None)
                    raise (cause if isinstance(cause, Exception) else e) from None
                yield number[ref], result
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def chunks(items: Sequence[int], cpus: int, most: int = 16) -> list[list[int]]:
    """`items` cut into consecutive chunks, about four for each CPU (so a slow
    or lost task holds back little), of at most `most` items."""
    size = max(1, min(most, -(-len(items) // (4 * cpus))))
    return [list(items[i : i + size]) for i in range(0, len(items), size)]
