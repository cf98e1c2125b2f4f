"""Arenas and self-play on Ray (`--ray`): on a local Ray instance of 2 CPUs,
the same games and results as on this machine, even when a worker is killed
in the middle of a game."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from pavilion.cli import main
from pavilion.core import analysis, scale
from pavilion.learn.selfplay import read, selfplay

pytest.importorskip("ray")

ARENA = ["mcts:iterations=150", "greedy"]


def same_column(a: np.ndarray, b: np.ndarray) -> bool:
    """Two columns alike, the NaN of a decision with nothing searched (search_value) equal to itself."""
    return bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))


@pytest.fixture(scope="module")
def cluster():
    """One local Ray instance of 2 CPUs for the module (starting one takes seconds)."""
    with scale.cluster(scale.LOCAL, 2) as cpus:
        yield cpus


def same_results(a: dict, b: dict) -> None:
    """Two arena results agree in everything but the time taken."""
    assert {k: v for k, v in a.items() if k != "seconds"} == {k: v for k, v in b.items() if k != "seconds"}


def test_a_ray_arena_plays_the_local_games(cluster):
    assert cluster == 2
    local = analysis.arena(ARENA, games=10, seed=5, threads=2)
    same_results(analysis.arena(ARENA, games=10, seed=5, ray=scale.LOCAL), local)


def test_a_ray_akropolis_arena_plays_the_local_games(cluster):
    options = {"variants": "hm", "long": False, "barracks_edge": "any_empty", "lake": "enclosed_region"}
    local = analysis.arena(["greedy", "random"], games=6, players=3, seed=2, threads=2, akropolis_options=options)
    ray = analysis.arena(["greedy", "random"], games=6, players=3, seed=2, ray=scale.LOCAL, akropolis_options=options)
    same_results(ray, local)


def test_a_ray_round_robin_rates_as_the_local_one(cluster):
    from pavilion.services.ladder import round_robin

    local = round_robin(["random", "greedy", "mcts:iterations=50"], games=4, seed=3, threads=2)
    ray = round_robin(["random", "greedy", "mcts:iterations=50"], games=4, seed=3, ray=scale.LOCAL)
    assert ray == local


def test_ray_self_play_writes_the_local_shards(cluster, tmp_path):
    options = {"games": 5, "shard_games": 2, "seed": 3, "sample_moves": 2}
    selfplay("mcts:iterations=40", out=tmp_path / "local", threads=2, **options)
    run = selfplay("mcts:iterations=40", out=tmp_path / "ray", ray=scale.LOCAL, **options)
    assert (run["written"], run["interrupted"]) == (3, False)
    a, b = read(tmp_path / "local"), read(tmp_path / "ray")
    for k in a:
        assert same_column(a[k], b[k]), k


def test_ray_akropolis_self_play_writes_the_local_shards(cluster, tmp_path):
    options = {"games": 3, "shard_games": 1, "seed": 3, "akropolis_options": {"variants": "g"}}
    selfplay("mcts:iterations=40", out=tmp_path / "local", threads=2, **options)
    selfplay("mcts:iterations=40", out=tmp_path / "ray", ray=scale.LOCAL, **options)
    a, b = read(tmp_path / "local"), read(tmp_path / "ray")
    assert a["legal_moves"] == b["legal_moves"] and list(a["position"]) == list(b["position"])
    assert all(np.array_equal(x, y) for x, y in zip(a["policy"], b["policy"], strict=True))
    assert np.array_equal(a["scores"], b["scores"]) and np.array_equal(a["action"], b["action"])


def ray_workers(task: str) -> list[int]:
    """Process ids of the Ray workers running `task` now (Ray names its workers' processes)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if cmdline.split(b"\0")[0].strip() == f"ray::{task}".encode():
            found.append(int(pid))
    return found


def kill_a_worker_while(work, task: str) -> tuple[object, int]:
    """Runs `work()` in a thread and kills (SIGKILL) the first worker seen
    running `task`; returns what `work` returned and the pid killed."""
    out: dict[str, object] = {}
    thread = threading.Thread(target=lambda: out.update(result=work()))
    thread.start()
    killed = 0
    deadline = time.monotonic() + 120
    while not killed and thread.is_alive() and time.monotonic() < deadline:
        workers = ray_workers(task)
        if workers:
            os.kill(workers[0], signal.SIGKILL)
            killed = workers[0]
        time.sleep(0.05)
    thread.join(300)
    assert not thread.is_alive(), "the run did not finish"
    return out["result"], killed


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds Ray's workers through /proc")
def test_a_killed_worker_loses_no_game(cluster):
    local = analysis.arena(["mcts:iterations=400", "greedy"], games=12, seed=9, threads=2)
    result, killed = kill_a_worker_while(
        lambda: analysis.arena(["mcts:iterations=400", "greedy"], games=12, seed=9, ray=scale.LOCAL), "play_batch"
    )
    assert killed, "no worker was seen playing"
    same_results(result, local)


@pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="finds Ray's workers through /proc")
def test_a_killed_worker_loses_no_shard(cluster, tmp_path):
    options = {"games": 6, "shard_games": 2, "seed": 4}
    selfplay("mcts:iterations=150", out=tmp_path / "local", threads=2, **options)
    run, killed = kill_a_worker_while(
        lambda: selfplay("mcts:iterations=150", out=tmp_path / "ray", ray=scale.LOCAL, **options), "play_shard"
    )
    assert killed, "no worker was seen playing"
    assert run["written"] == 3 and not run["interrupted"]
    a, b = read(tmp_path / "local"), read(tmp_path / "ray")
    for k in a:
        assert same_column(a[k], b[k]), k


def test_an_error_in_a_task_comes_back_as_itself(cluster):
    from pavilion._engine import OptionsError

    def bad(x: int) -> int:
        raise OptionsError(f"no {x}")

    with pytest.raises(OptionsError, match=r"^no 3$"):
        list(scale.run_tasks(bad, [(3,)]))


def test_chunks_cover_every_game_once_in_order():
    for games, cpus in [(1, 1), (7, 2), (100, 2), (1000, 8), (10_000, 100)]:
        parts = scale.chunks(range(games), cpus)
        assert [i for p in parts for i in p] == list(range(games))
        assert max(map(len, parts)) <= 16
        assert len(parts) >= min(games, 4 * cpus) or max(map(len, parts)) == 16


def test_the_cli_arena_on_ray_prints_the_local_results():
    args = ["arena", "random", "greedy", "--games", "4", "--seed", "3", "--json", "--threads", "2"]
    local = CliRunner().invoke(main, args)
    ray = CliRunner().invoke(main, [*args, "--ray"])
    assert local.exit_code == 0 and ray.exit_code == 0, ray.output
    same_results(json.loads(ray.output), json.loads(local.output))


def test_without_ray_the_cli_plays_here_and_says_how_to_get_it(monkeypatch):
    monkeypatch.setattr(scale, "available", lambda: False)
    r = CliRunner().invoke(main, ["arena", "random", "greedy", "--games", "2", "--ray"])
    assert r.exit_code == 0, r.output
    assert "Ray is not installed (pip install 'pavilion[ray]'): playing on this machine" in r.output
    assert "2 games, 2 players" in r.output
    with pytest.raises(ValueError, match=r"Ray is not installed: pip install 'pavilion\[ray\]'"):
        analysis.arena(["random"], games=1, ray=scale.LOCAL)


@pytest.mark.parametrize(
    ("address", "message"),
    [
        ("127.0.0.1:9", "nothing answers at 127.0.0.1:9"),
        ("ray://127.0.0.1:9", "nothing answers at 127.0.0.1:9"),
        ("no-such-host.invalid:6379", "nothing answers at no-such-host.invalid:6379"),
    ],
)
def test_an_unreachable_cluster_is_one_clear_error(address, message):
    r = CliRunner().invoke(main, ["arena", "random", "greedy", "--games", "2", f"--ray={address}"])
    assert r.exit_code == 2
    assert r.output.startswith(f"Error: cannot join the Ray cluster at '{address}': {message}"), r.output
    assert r.output.count("\n") == 1


def test_a_cluster_has_its_own_cpus():
    r = CliRunner().invoke(main, ["arena", "random", "--games", "2", "--threads", "2", "--ray=127.0.0.1:9"])
    assert r.exit_code == 2
    assert "give the number of CPUs only to a local instance" in r.output
