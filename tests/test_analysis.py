"""`pavilion.core.analysis`: the budgets and time slices of `solve`, the arena's
tallies and the Wilson interval, tested exactly (`make mutants-py` found them
held only loosely by the CLI tests)."""

from __future__ import annotations

import math

import pytest

import pavilion.core.analysis as analysis
from pavilion import Game, OptionsError
from pavilion._engine import MAX_ITERATIONS, MAX_SECONDS
from pavilion.core.analysis import AgentStats, arena, default_threads, solve


@pytest.mark.parametrize(
    ("wins", "seats", "low", "high"),
    [
        # Published 95% Wilson intervals (z = 1.96).
        (90, 100, 0.8256, 0.9448),
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (1, 1, 0.2065, 1.0),
    ],
)
def test_wilson_interval_matches_published_values(wins, seats, low, high):
    lo, hi = AgentStats("x", seats=seats, wins=wins).interval()
    assert lo == pytest.approx(low, abs=1e-4) and hi == pytest.approx(high, abs=1e-4)


def test_wilson_interval_edges():
    assert AgentStats("x").interval() == (0.0, 1.0), "no games: nothing is known"
    # Rounding can push the upper end of an all-wins record past 1: it is clipped.
    highs = [AgentStats("x", seats=n, wins=n).interval()[1] for n in range(1, 60)]
    assert all(h <= 1.0 for h in highs) and highs == pytest.approx([1.0] * 59)
    assert AgentStats("x", seats=4, wins=0).interval()[0] == 0.0
    assert AgentStats("x", seats=4, wins=4).interval()[1] == 1.0
    s = AgentStats("x", seats=3, wins=1.5, scores=[10, 20, 33])
    assert s.win_rate == 0.5 and s.mean_score == 21.0
    assert AgentStats("x").win_rate == 0.0 and AgentStats("x").mean_score == 0.0


def test_default_threads_is_every_core_and_at_least_one(monkeypatch):
    monkeypatch.setattr(analysis.os, "cpu_count", lambda: None)
    assert default_threads() == 1
    monkeypatch.setattr(analysis.os, "cpu_count", lambda: 6)
    assert default_threads() == 6


@pytest.mark.parametrize(
    ("budget", "message"),
    [
        ({"seconds": 0}, f"seconds must be above 0 and at most {MAX_SECONDS}, not 0"),
        ({"seconds": -1.0}, f"seconds must be above 0 and at most {MAX_SECONDS}, not -1.0"),
        ({"seconds": MAX_SECONDS * 1.5}, "seconds must be above 0"),
        ({"seconds": math.nan}, "not nan"),
        ({"iterations": 0}, f"iterations must be from 1 to {MAX_ITERATIONS}, not 0"),
        (
            {"iterations": MAX_ITERATIONS + 1},
            f"iterations must be from 1 to {MAX_ITERATIONS}, not {MAX_ITERATIONS + 1}",
        ),
    ],
)
def test_solve_refuses_budgets_out_of_range(budget, message):
    with pytest.raises(OptionsError) as e:
        solve(Game(seed=1), **budget)
    assert message in str(e.value)


class FakeClock:
    """A monotonic clock that moves `step` seconds each time it is read."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 100.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_solve_runs_exactly_the_iterations_asked_in_slices():
    seen: list[tuple[int, float]] = []
    r = solve(Game(seed=1), iterations=2500, seed=3, progress=lambda i, s: seen.append((i, s)))
    assert r["iterations"] == 2500 and not r["interrupted"] and r["to_move"] == 0
    counts = [i for i, _ in seen]
    # Slices of at most 2000 iterations (one thread) that also stop after a quarter second,
    # so a loaded machine may need more of them; the total is exact either way.
    steps = [b - a for a, b in zip([0, *counts[:-1]], counts, strict=True)]
    assert counts[-1] == 2500 and all(0 <= s <= 2000 for s in steps), counts
    assert len(counts) >= 2, "2500 iterations never fit in one 2000-iteration slice"
    assert all(s >= 0 for _, s in seen) and seen[0][1] <= seen[1][1]
    two = solve(Game(seed=1), iterations=2500, threads=2, seed=3, progress=lambda i, s: seen.append((i, s)))
    assert two["iterations"] == 2500 and seen[-1][0] == 2500 and len(seen) == 3, "one 4000-iteration slice for two"
    assert solve(Game(seed=1), iterations=1)["iterations"] == 1
    assert solve(Game(seed=1), seconds=1e-9)["iterations"] >= 0


def test_solve_is_reproducible_with_its_seed():
    a, b = (solve(Game(seed=4), iterations=1500, seed=9) for _ in range(2))
    assert [m["visits"] for m in a["moves"]] == [m["visits"] for m in b["moves"]]


def test_solve_time_budget_runs_slices_of_at_most_a_quarter_second(monkeypatch):
    """With a fake clock (0.1 s a read) the slices and the stop are exact."""
    runs: list[dict] = []
    made: list[dict] = []
    real = analysis.Search

    class Recording:
        def __init__(self, *args, **kwargs):
            made.append(kwargs)
            self.inner = real(*args, **kwargs)
            self.exact = self.inner.exact

        @property
        def iterations(self):
            return self.inner.iterations

        def run(self, iterations=None, seconds=None):
            runs.append({"iterations": iterations, "seconds": seconds})
            self.inner.run(iterations=min(iterations, 10), seconds=seconds)

        def result(self, top=None):
            return self.inner.result(top=top)

    monkeypatch.setattr(analysis, "Search", Recording)
    monkeypatch.setattr(analysis.time, "monotonic", FakeClock(0.1))
    solve(Game(seed=1), seconds=0.45)
    # The clock is read at the start and once a slice: 0.1, 0.2, 0.3, 0.4 s elapsed, then 0.5 ends it.
    lefts = [round(r["seconds"], 6) for r in runs]
    assert lefts == [0.25, 0.25, 0.15, 0.05], "a slice is a quarter second or what is left"
    assert all(r["iterations"] == 2000 for r in runs), "a time budget runs 2000-iteration slices"
    runs.clear()
    monkeypatch.setattr(analysis.time, "monotonic", FakeClock(0.5))
    solve(Game(seed=1))  # no budget: two seconds
    assert len(runs) == 3, "0.5 s a read on the fake clock: the default 2 s ends after three slices"
    runs.clear()
    monkeypatch.setattr(analysis.time, "monotonic", FakeClock(0.5))
    solve(Game(seed=1), iterations=45)  # iterations alone: no time limit, quarter-second slices
    assert runs == [{"iterations": n, "seconds": 0.25} for n in (45, 35, 25, 15, 5)], "each slice asks for what is left"
    assert made[-1] == {"seed": 0, "threads": 1, "net": None}, "the default seed is 0, and no network"
    solve(Game(seed=1), iterations=5, seed=12, threads=3)
    assert made[-1] == {"seed": 12, "threads": 3, "net": None}
    runs.clear()
    monkeypatch.setattr(analysis.time, "monotonic", FakeClock(100_000.0))
    solve(Game(seed=1), seconds=MAX_SECONDS)  # the longest budget is allowed
    assert len(runs) == 6 and runs[0]["seconds"] == 0.25
    runs.clear()
    solve(Game(seed=1), iterations=MAX_ITERATIONS, seconds=300_000.0)  # and the most iterations
    assert len(runs) == 2 and runs[0]["iterations"] == 2000


def test_solve_reports_progress_and_a_ctrl_c(monkeypatch):
    monkeypatch.setattr(analysis.time, "monotonic", FakeClock(1.0))
    seen: list[tuple[int, float]] = []
    r = solve(Game(seed=1), iterations=3000, progress=lambda i, s: seen.append((i, s)))
    # Slices of at most 2,000 iterations (fewer if one outlasts its 0.25 s on a
    # busy machine) until the budget; the clock is read at the start, then per
    # slice once for the budget and once for the progress report.
    counts = [i for i, _ in seen]
    assert counts[-1] == 3000 and counts == sorted(counts) and counts[0] <= 2000
    assert all(b - a <= 2000 for a, b in zip([0, *counts], counts, strict=False))
    assert [s for _, s in seen] == [2.0 * k for k in range(1, len(seen) + 1)] and r["interrupted"] is False
    real = analysis.Search

    def stopped(*args, **kwargs):
        search = real(*args, **kwargs)

        class Proxy:
            exact = search.exact

            @property
            def iterations(self):
                return search.iterations

            def run(self, iterations=None, seconds=None):
                search.run(iterations=10)
                raise KeyboardInterrupt

            def result(self, top=None):
                return search.result(top=top)

        return Proxy()

    monkeypatch.setattr(analysis, "Search", stopped)
    r = solve(Game(seed=1), iterations=3000)
    assert r["interrupted"] is True and r["iterations"] == 10, "Ctrl-C keeps the answer so far"


def test_ctrl_c_during_the_exact_attempt_leaves_no_answer_and_one_line(monkeypatch, tmp_path):
    # The search is built first, and building it tries the exact solve: a
    # Ctrl-C there leaves no move valued, which the CLI says in one line.
    from click.testing import CliRunner

    from pavilion.cli import main

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(analysis, "Search", interrupted)
    r = solve(Game(seed=1), iterations=3000)
    assert r["interrupted"] is True and r["moves"] == [] and r["iterations"] == 0 and r["to_move"] == 0
    (tmp_path / "p.json").write_text(Game(seed=1).to_json())
    out = CliRunner().invoke(main, ["solve", str(tmp_path / "p.json")])
    assert out.exit_code == 0 and "Traceback" not in out.output
    assert out.output.strip().splitlines()[-1] == "interrupted before any move was valued: there is no answer"


def test_arena_counts_shared_wins_as_fractions(monkeypatch):
    results = [
        {"index": 0, "seats": [0, 1], "scores": [50, 50], "winners": [0, 1], "moves": 90},
        {"index": 1, "seats": [1, 0], "scores": [40, 30], "winners": [0], "moves": 110},
    ]
    calls: list[dict] = []

    def fake_matches(agents, indices, **kwargs):
        if indices:  # (the empty call checks the agents before any game)
            calls.append({"indices": list(indices), **kwargs})
        return [results[i] for i in indices]

    monkeypatch.setattr(analysis, "play_matches", fake_matches)
    r = arena(["a", "b"], games=2, seed=7, threads=1, side="gray", players=2)
    assert calls == [{"indices": [0, 1], "players": 2, "side": "gray", "seed": 7, "threads": 1}]
    (a, b) = r["agents"]
    assert (a["wins"], b["wins"]) == (0.5, 1.5) and a["seats"] == b["seats"] == 2
    assert a["win_rate"] == 0.25 and b["win_rate"] == 0.75
    assert a["mean_score"] == 40.0 and b["mean_score"] == 45.0
    assert a["ci95"] == list(AgentStats("a", seats=2, wins=0.5).interval())
    assert r["mean_moves"] == 100.0 and r["games"] == 2 and r["interrupted"] is False
    assert 0 <= r["seconds"] < 60
    arena(["a", "b"], games=1, threads=1)
    assert calls[-1]["seed"] == 0 and calls[-1]["players"] == 2 and calls[-1]["side"] == "coloured", "the defaults"
    assert (r["players"], r["side"], r["seed"]) == (2, "gray", 7)


def test_arena_plays_in_batches_of_two_games_a_thread_and_reports_progress(monkeypatch):
    calls: list[list[int]] = []

    def fake_matches(agents, indices, **kwargs):
        if indices:
            calls.append(list(indices))
        return [{"index": i, "seats": [0, 1], "scores": [1, 2], "winners": [1], "moves": 10} for i in indices]

    monkeypatch.setattr(analysis, "play_matches", fake_matches)
    done: list[int] = []
    r = arena(["a", "b"], games=7, threads=2, progress=done.append)
    assert calls == [[0, 1, 2, 3], [4, 5, 6]] and done == [4, 7] and r["games"] == 7


def test_an_interrupted_arena_reports_the_finished_games(monkeypatch):
    def interrupted(agents, indices, **kwargs):
        if indices:
            raise KeyboardInterrupt
        return []

    monkeypatch.setattr(analysis, "play_matches", interrupted)
    r = arena(["a", "b"], games=10, threads=1)
    assert r["interrupted"] and r["games"] == 0 and r["mean_moves"] == 0.0
    assert r["agents"][0] == {"agent": "a", "seats": 0, "wins": 0.0, "win_rate": None, "ci95": None, "mean_score": None}
