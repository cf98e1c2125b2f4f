"""`pavilion.core.scale`'s own logic against a stand-in for Ray (no cluster, so it
runs in milliseconds): how a cluster is joined and left, how tasks are
submitted, collected, re-raised and cancelled, how games are cut into chunks,
and how an address is checked. `test_scale.py` runs the same code on a real
Ray instance."""

from __future__ import annotations

import os
import socket
import sys
import types
from typing import Any

import pytest

from pavilion import OptionsError
from pavilion.core import scale


class FakeRef:
    def __init__(self, k: int) -> None:
        self.k = k


class FakeRay(types.ModuleType):
    """The few parts of Ray that scale.py uses, recording every call. Tasks
    finish in the order `finish_order` gives (by submission index)."""

    def __init__(self) -> None:
        super().__init__("ray")
        self.calls: list[tuple[Any, ...]] = []
        self.initialized = False
        self.cpus = 6.0
        self.init_error: Exception | None = None
        self.finish_order: list[int] | None = None
        self.results: dict[int, Any] = {}
        self.exceptions = types.SimpleNamespace(RayTaskError=FakeTaskError)

    def is_initialized(self) -> bool:
        return self.initialized

    def init(self, **kwargs: Any) -> None:
        self.calls.append(("init", kwargs))
        if self.init_error:
            raise self.init_error
        self.initialized = True

    def shutdown(self) -> None:
        self.calls.append(("shutdown",))
        self.initialized = False

    def cluster_resources(self) -> dict[str, float]:
        return {"CPU": self.cpus} if self.cpus else {}

    def remote(self, **options: Any) -> Any:
        self.calls.append(("remote", options))

        def wrap(work: Any) -> Any:
            submitted: list[FakeRef] = []

            def submit(*args: Any) -> FakeRef:
                ref = FakeRef(len(submitted))
                submitted.append(ref)
                try:
                    self.results[ref.k] = work(*args)
                except BaseException as e:  # Ray catches everything the work raises
                    self.results[ref.k] = FakeTaskError(e)
                return ref

            return types.SimpleNamespace(remote=submit)

        return wrap

    def wait(self, pending: list[FakeRef], num_returns: int) -> tuple[list[FakeRef], list[FakeRef]]:
        assert num_returns == 1
        order = self.finish_order or sorted(r.k for r in pending)
        first = next(k for k in order if any(r.k == k for r in pending))
        done = [r for r in pending if r.k == first]
        return done, [r for r in pending if r.k != first]

    def get(self, ref: FakeRef) -> Any:
        result = self.results[ref.k]
        if isinstance(result, FakeTaskError):
            raise result
        return result

    def cancel(self, ref: FakeRef, force: bool) -> None:
        self.calls.append(("cancel", ref.k, force))


class FakeTaskError(Exception):
    def __init__(self, cause: Any) -> None:
        super().__init__(f"task failed: {cause}")
        self.cause = cause


@pytest.fixture
def ray(monkeypatch: pytest.MonkeyPatch) -> FakeRay:
    fake = FakeRay()
    monkeypatch.setitem(sys.modules, "ray", fake)
    monkeypatch.setattr(scale, "available", lambda: True)
    return fake


def test_a_local_instance_is_started_with_the_cpus_asked_quietly_and_stopped(ray: FakeRay) -> None:
    with scale.cluster("local", cpus=3) as cpus:
        assert cpus == 6 and ray.initialized
        (init,) = ray.calls
        assert init == (
            "init",
            {"num_cpus": 3, "include_dashboard": False, "log_to_driver": False, "logging_level": 40},
        )
    assert ray.calls[-1] == ("shutdown",) and not ray.initialized
    # Without a number, Ray counts the CPUs; a cluster reporting none counts as one.
    ray.cpus = 0
    with scale.cluster("local") as cpus:
        assert cpus == 1 and ray.calls[-1][1]["num_cpus"] is None


def test_a_cluster_is_left_even_when_the_work_fails(ray: FakeRay) -> None:
    with pytest.raises(KeyboardInterrupt), scale.cluster("local"):
        raise KeyboardInterrupt
    assert ray.calls[-1] == ("shutdown",)


def test_an_open_cluster_is_reused_and_not_stopped(ray: FakeRay) -> None:
    ray.initialized, ray.cpus = True, 2.7
    with scale.cluster("local") as cpus:
        assert cpus == 2
    assert ray.calls == [] and ray.initialized


def test_a_remote_address_is_checked_then_joined(ray: FakeRay, monkeypatch: pytest.MonkeyPatch) -> None:
    checked = []
    monkeypatch.setattr(scale, "check_reachable", checked.append)
    with scale.cluster("10.0.0.1:6379"):
        pass
    assert checked == ["10.0.0.1:6379"]
    assert ray.calls[0] == (
        "init",
        {"address": "10.0.0.1:6379", "include_dashboard": False, "log_to_driver": False, "logging_level": 40},
    )
    with (
        pytest.raises(OptionsError, match=r"^a Ray cluster has its own CPUs: give the number of CPUs only to a"),
        scale.cluster("10.0.0.1:6379", cpus=2),
    ):
        pass
    assert checked == ["10.0.0.1:6379"]  # refused before anything else


@pytest.mark.parametrize("error", [ConnectionError("no\n  head"), ValueError("no  head"), RuntimeError("no head")])
def test_a_failed_join_is_one_options_error(ray: FakeRay, error: Exception) -> None:
    ray.init_error = error
    with (
        pytest.raises(OptionsError, match=r"^cannot join the Ray cluster at 'local': no head$"),
        scale.cluster("local"),
    ):
        pass
    assert ("shutdown",) not in ray.calls


def test_without_ray_a_cluster_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scale, "available", lambda: False)
    with (
        pytest.raises(OptionsError, match=r"^Ray is not installed: pip install 'pavilion\[ray\]'$"),
        scale.cluster("local"),
    ):
        pass


def test_available_asks_whether_ray_can_be_imported(monkeypatch: pytest.MonkeyPatch) -> None:
    asked = []
    monkeypatch.setattr(scale.importlib.util, "find_spec", lambda name: asked.append(name) or None)
    assert scale.available() is False and asked == ["ray"]
    monkeypatch.setattr(scale.importlib.util, "find_spec", lambda name: object())
    assert scale.available() is True


def test_tasks_run_with_one_cpu_and_retries_and_come_back_as_they_finish(ray: FakeRay) -> None:
    ray.finish_order = [2, 0, 1]
    out = list(scale.run_tasks(lambda a, b: a * b, [(1, 2), (3, 4), (5, 6)]))
    assert out == [(2, 30), (0, 2), (1, 12)]
    assert ray.calls == [("remote", {"num_cpus": 1, "max_retries": 3, "retry_exceptions": False})]


def test_an_error_in_a_task_is_raised_as_itself_and_the_rest_are_cancelled(ray: FakeRay) -> None:
    def work(k: int) -> int:
        if k == 1:
            raise OptionsError("bad game")
        return k

    it = scale.run_tasks(work, [(0,), (1,), (2,), (3,)])
    assert next(it) == (0, 0)
    with pytest.raises(OptionsError, match=r"^bad game$"):
        next(it)
    assert [c for c in ray.calls if c[0] == "cancel"] == [("cancel", 2, True), ("cancel", 3, True)]

    # A cause that is not an Exception (a worker's SystemExit, say) comes back as Ray's error.
    def exits(k: int) -> int:
        raise SystemExit(k)

    with pytest.raises(FakeTaskError, match=r"^task failed: 5$"):
        next(scale.run_tasks(exits, [(5,)]))


def test_an_error_without_a_cause_is_raised_as_ray_s(ray: FakeRay) -> None:
    bare = FakeTaskError("lost")
    del bare.cause
    with pytest.raises(FakeTaskError) as raised:
        next(scale.run_tasks(lambda: bare, [()]))  # the fake raises an error the work returns
    assert raised.value is bare


def test_leaving_early_cancels_the_tasks_not_finished(ray: FakeRay) -> None:
    it = scale.run_tasks(lambda k: k, [(k,) for k in range(4)])
    assert next(it) == (0, 0)
    it.close()
    assert [c for c in ray.calls if c[0] == "cancel"] == [("cancel", 1, True), ("cancel", 2, True), ("cancel", 3, True)]


def test_chunks_are_about_four_per_cpu_and_at_most_the_limit() -> None:
    assert scale.chunks(list(range(10)), 1) == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]
    assert scale.chunks(list(range(8)), 2) == [[k] for k in range(8)]
    assert [len(c) for c in scale.chunks(list(range(1000)), 2)] == [16] * 62 + [8]
    assert [len(c) for c in scale.chunks(list(range(1000)), 2, most=200)] == [125] * 8
    assert scale.chunks([], 4) == []
    assert scale.chunks([7, 9], 1) == [[7], [9]]


def test_native_stderr_goes_nowhere_while_joining_and_comes_back(capfd: pytest.CaptureFixture[str]) -> None:
    with scale.native_stderr_silenced():
        os.write(2, b"native noise\n")
    os.write(2, b"heard\n")
    assert capfd.readouterr().err == "heard\n"


def test_an_address_is_checked_by_connecting_to_its_port() -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        scale.check_reachable(f"127.0.0.1:{port}")
        scale.check_reachable(f"ray://127.0.0.1:{port}")
        scale.check_reachable(f"[127.0.0.1]:{port}")
    with pytest.raises(
        OptionsError,
        match=rf"^cannot join the Ray cluster at '127.0.0.1:{port}': nothing answers at 127.0.0.1:{port} \(.+\)$",
    ):
        scale.check_reachable(f"127.0.0.1:{port}")
    with pytest.raises(OptionsError, match=r"nothing answers at 127.0.0.1:99999999 \(.+\)$"):
        scale.check_reachable("127.0.0.1:99999999")
    # Forms without a port are Ray's business.
    for address in ("auto", "ray://head", "head:", ":6379", "head:port"):
        scale.check_reachable(address)


def test_an_address_is_reached_at_its_host_and_port_within_the_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    tried: list[tuple[Any, ...]] = []

    class Connected:
        def __enter__(self) -> None:
            return None

        def __exit__(self, *exc: object) -> None:
            return None

    def connect(address: tuple[str, int], timeout: float | None = None) -> Connected:
        tried.append((address, timeout))
        return Connected()

    monkeypatch.setattr(scale.socket, "create_connection", connect)
    for address in ("headX:6379", "ray://[fe80::1]:10001", "[::1]:6379"):
        scale.check_reachable(address)
    assert tried == [(("headX", 6379), 5.0), (("fe80::1", 10001), 5.0), (("::1", 6379), 5.0)]


@pytest.mark.parametrize(
    "error, reason",
    [
        (ConnectionRefusedError(111, "Connection refused"), "Connection refused"),
        (TimeoutError("timed out"), "timed out"),
        (ValueError(), "ValueError"),
    ],
)
def test_an_unreachable_address_gives_the_reason(
    monkeypatch: pytest.MonkeyPatch, error: Exception, reason: str
) -> None:
    def refuse(address: tuple[str, int], timeout: float | None = None) -> None:
        raise error

    monkeypatch.setattr(scale.socket, "create_connection", refuse)
    with pytest.raises(OptionsError) as raised:
        scale.check_reachable("head:6379")
    assert str(raised.value) == f"cannot join the Ray cluster at 'head:6379': nothing answers at head:6379 ({reason})"
