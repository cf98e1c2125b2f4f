"""The round robin and its Bradley–Terry ratings: the fit against closed
forms, the prior, the intervals, and `arena --round-robin` for both games."""

from __future__ import annotations

import json
import math
import random

import pytest
from click.testing import CliRunner

from pavilion import OptionsError
from pavilion.cli import main
from pavilion.ladder import ELO, PRIOR_GAMES, bradley_terry, invert, round_robin


def test_two_agents_get_the_closed_form_rating_and_error():
    elo, se = bradley_terry(2, [(0, 1, 75.0, 100)])
    wins, losses = 75 + PRIOR_GAMES / 2, 25 + PRIOR_GAMES / 2
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(wins / losses))
    assert elo[0] + elo[1] == pytest.approx(0, abs=1e-9)
    n, p = 100 + PRIOR_GAMES, wins / (wins + losses)
    # var(θ0 − θ1) = 1 / (n p (1 − p)); centred, each rating carries half the difference.
    assert se[0] == pytest.approx(ELO * math.sqrt(1 / (4 * n * p * (1 - p))))
    assert se[0] == pytest.approx(se[1])


def test_equal_records_rate_equal_and_a_perfect_record_stays_finite():
    elo, _ = bradley_terry(3, [(0, 1, 5.0, 10), (1, 2, 5.0, 10), (0, 2, 5.0, 10)])
    assert elo == pytest.approx([0, 0, 0], abs=1e-6)
    elo, se = bradley_terry(2, [(0, 1, 50.0, 50)])
    assert 0 < elo[0] < 1000 and math.isfinite(se[0])


def test_ratings_order_a_transitive_ladder_and_fit_the_likelihood():
    # A beats B 70%, B beats C 70%, A beats C 85%.
    results = [(0, 1, 70.0, 100), (1, 2, 70.0, 100), (0, 2, 85.0, 100)]
    elo, se = bradley_terry(3, results)
    assert elo[0] > elo[1] > elo[2] and sum(elo) == pytest.approx(0, abs=1e-9)
    theta = [e / ELO for e in elo]
    # At the maximum of the (prior-augmented) likelihood, each agent's expected wins equal its wins.
    for k in range(3):
        expected = observed = 0.0
        for i, j, w, g in [*results, *[(i, j, PRIOR_GAMES / 2, PRIOR_GAMES) for i, j in [(0, 1), (1, 2), (0, 2)]]]:
            if k in (i, j):
                p = 1 / (1 + math.exp(theta[j] - theta[i]))
                expected += g * (p if k == i else 1 - p)
                observed += w if k == i else g - w
        assert expected == pytest.approx(observed, rel=1e-6)
    assert all(s > 0 for s in se)


def test_the_matrix_inverse_is_an_inverse():
    rng = random.Random(3)
    m = [[rng.uniform(-1, 1) + (5 if i == j else 0) for j in range(5)] for i in range(5)]
    inv = invert(m)
    for i in range(5):
        for j in range(5):
            assert sum(m[i][k] * inv[k][j] for k in range(5)) == pytest.approx(float(i == j), abs=1e-9)


def test_results_of_the_same_pair_add_up():
    split = bradley_terry(3, [(0, 1, 3.0, 5), (1, 2, 2.0, 4), (0, 1, 4.0, 5), (2, 1, 1.0, 3)])
    whole = bradley_terry(3, [(0, 1, 7.0, 10), (1, 2, 4.0, 7)])
    assert split[0] == pytest.approx(whole[0]) and split[1] == pytest.approx(whole[1])
    with pytest.raises(OptionsError, match=r"^ratings need at least two agents$"):
        bradley_terry(1, [])


def test_the_inverse_pivots_past_a_zero_and_a_tiny_diagonal():
    inv = invert([[2.0, 1.0], [0.0, 1.0]])
    assert inv[0] == pytest.approx([0.5, -0.5]) and inv[1] == pytest.approx([0.0, 1.0])
    inv = invert([[1e-14, 1.0], [1.0, 1.0]])
    assert inv[0] == pytest.approx([-1.0, 1.0], abs=1e-9) and inv[1] == pytest.approx([1.0, 0.0], abs=1e-9)
    m = [[0.0, 2.0, 1.0], [1.0, 0.0, 0.0], [0.0, 1.0, 3.0]]
    inv = invert(m)
    for i in range(3):
        for j in range(3):
            assert sum(m[i][k] * inv[k][j] for k in range(3)) == pytest.approx(float(i == j), abs=1e-12)


def fake_arena(monkeypatch, wins_of_first: dict[tuple[str, str], float], stop_at: int | None = None):
    """Replaces the arena: pairing (a, b) gives a `wins_of_first[(a, b)]` of 10
    games, mean scores 50/40; the `stop_at`-th pairing is interrupted after 4
    games. Records every call's arguments."""
    calls: list[dict] = []

    def arena(agents, **kw):
        calls.append({"agents": agents, **{k: v for k, v in kw.items() if k != "progress"}})
        interrupted = stop_at is not None and len(calls) == stop_at
        games = 4 if interrupted else 10
        w = wins_of_first[tuple(agents)] * games / 10
        kw["progress"](games)
        return {
            "games": games,
            "interrupted": interrupted,
            "agents": [{"wins": w, "mean_score": 50.0}, {"wins": games - w, "mean_score": 40.0}],
        }

    monkeypatch.setattr("pavilion.ladder.analysis.arena", arena)
    return calls


def test_a_round_robin_reports_each_rating_with_its_interval_and_score(monkeypatch):
    record = {("a", "b"): 7.0, ("a", "c"): 9.0, ("b", "c"): 6.0}
    calls = fake_arena(monkeypatch, record)
    seen: list[int] = []
    ladder = round_robin(["a", "b", "c"], games=10, seed=5, threads=3, progress=seen.append, side="gray")
    assert calls == [
        {"agents": [x, y], "games": 10, "players": 2, "seed": 5, "threads": 3, "side": "gray"}
        for x, y in [("a", "b"), ("a", "c"), ("b", "c")]
    ]
    assert seen == [10, 20, 30]
    elo, se = bradley_terry(3, [(0, 1, 7.0, 10), (0, 2, 9.0, 10), (1, 2, 6.0, 10)])
    by_agent = {r["agent"]: r for r in ladder["ratings"]}
    for k, name in enumerate("abc"):
        r = by_agent[name]
        assert r["elo"] == pytest.approx(elo[k])
        assert r["ci95"] == pytest.approx([elo[k] - 1.96 * se[k], elo[k] + 1.96 * se[k]])
        assert r["games"] == 20
    assert [by_agent[x]["score"] for x in "abc"] == pytest.approx([16 / 20, 9 / 20, 5 / 20])
    assert [r["agent"] for r in ladder["ratings"]] == ["a", "b", "c"]
    assert ladder["pairs"][0] == {"agents": ["a", "b"], "games": 10, "wins": [7.0, 3.0], "mean_scores": [50.0, 40.0]}
    assert (ladder["games"], ladder["seed"], ladder["interrupted"]) == (30, 5, False)


def test_an_interrupted_round_robin_rates_what_was_played(monkeypatch):
    calls = fake_arena(monkeypatch, {("a", "b"): 7.0, ("a", "c"): 9.0, ("b", "c"): 6.0}, stop_at=2)
    ladder = round_robin(["a", "b", "c"], games=10, seed=1)
    assert len(calls) == 2 and ladder["interrupted"] is True and ladder["games"] == 14
    assert [p["games"] for p in ladder["pairs"]] == [10, 4]
    by_agent = {r["agent"]: r for r in ladder["ratings"]}
    assert (by_agent["a"]["games"], by_agent["b"]["games"], by_agent["c"]["games"]) == (14, 10, 4)
    assert by_agent["b"]["score"] == pytest.approx(3 / 10)
    with pytest.raises(OptionsError, match=r"^a round robin needs at least two different agents$"):
        round_robin(["a"], games=1)


def test_an_agent_that_never_played_scores_nothing(monkeypatch):
    calls = fake_arena(monkeypatch, {("a", "b"): 7.0, ("a", "c"): 9.0, ("b", "c"): 6.0}, stop_at=1)
    ladder = round_robin(["a", "b", "c"], games=10)
    assert calls[0]["seed"] == 0, "the default seed"
    by_agent = {r["agent"]: r for r in ladder["ratings"]}
    assert (by_agent["c"]["games"], by_agent["c"]["score"]) == (0, 0.0)


def test_a_round_robin_on_ray_joins_one_cluster_for_every_pairing(monkeypatch):
    joined: list[tuple] = []

    class Cluster:
        def __init__(self, address, cpus):
            joined.append((address, cpus))

        def __enter__(self):
            return 2

        def __exit__(self, *exc):
            return False

    calls = fake_arena(monkeypatch, {("a", "b"): 5.0, ("a", "c"): 5.0, ("b", "c"): 5.0})
    monkeypatch.setattr("pavilion.scale.cluster", Cluster)
    round_robin(["a", "b", "c"], games=10, threads=2, ray="ray://head:10001")
    assert joined == [("ray://head:10001", 2)]
    assert all(c["ray"] == "ray://head:10001" for c in calls)


def test_a_round_robin_plays_every_pairing_seat_balanced():
    seen: list[int] = []
    ladder = round_robin(["random", "greedy", "mcts:iterations=50"], games=4, seed=2, threads=1, progress=seen.append)
    assert [p["agents"] for p in ladder["pairs"]] == [
        ["random", "greedy"],
        ["random", "mcts:iterations=50"],
        ["greedy", "mcts:iterations=50"],
    ]
    assert all(p["games"] == 4 and sum(p["wins"]) == 4 for p in ladder["pairs"])
    assert ladder["games"] == 12 and seen[-1] == 12 and seen == sorted(seen)
    assert [r["games"] for r in ladder["ratings"]] == [8, 8, 8]
    assert ladder["ratings"][-1]["agent"] == "random"
    assert round_robin(["random", "greedy", "mcts:iterations=50"], games=4, seed=2, threads=1) == ladder
    with pytest.raises(OptionsError):
        round_robin(["greedy", "greedy"], games=2)


def test_arena_round_robin_from_the_command_line():
    r = CliRunner().invoke(
        main, ["akropolis", "arena", "random", "greedy", "--round-robin", "--games", "4", "--threads", "1", "--json"]
    )
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert [x["agent"] for x in data["ratings"]] == ["greedy", "random"]
    assert data["pairs"][0]["wins"] == [0, 4]
    r = CliRunner().invoke(main, ["arena", "random", "greedy", "--round-robin", "--games", "2", "--threads", "1"])
    assert r.exit_code == 0 and "round robin: 2 games a pairing" in r.output and "Elo" in r.output
    for args, message in [
        (["arena", "greedy", "random", "--round-robin", "--players", "3"], "plays 2-player games"),
        (["arena", "greedy", "--round-robin"], "at least two different agents"),
        (["akropolis", "arena", "greedy", "greedy", "--round-robin"], "at least two different agents"),
    ]:
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 2 and message in r.output
