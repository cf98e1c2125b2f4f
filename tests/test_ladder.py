"""The round robin and its Bradley–Terry ratings: the fit against closed
forms, the prior, the intervals, and `arena --round-robin` for both games."""

from __future__ import annotations

import json
import math
import random
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pavilion import NotationError, OptionsError
from pavilion.akropolis import BARRACKS_EDGES, LAKES
from pavilion.cli import main
from pavilion.core.files import SaveError
from pavilion.services.ladder import ELO, PRIOR_GAMES, bradley_terry, invert, rate, round_robin


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

    monkeypatch.setattr("pavilion.services.ladder.analysis.arena", arena)
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
    monkeypatch.setattr("pavilion.core.scale.cluster", Cluster)
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


RECORD = {
    ("a", "b"): 7.0,
    ("a", "c"): 9.0,
    ("b", "c"): 6.0,
    ("a", "d"): 5.0,
    ("b", "d"): 2.0,
    ("c", "d"): 4.0,
    ("d", "a"): 5.0,
}


def test_a_saved_ladder_goes_on_where_it_was_interrupted(monkeypatch, tmp_path):
    path = tmp_path / "ladder.json"
    calls = fake_arena(monkeypatch, RECORD, stop_at=2)
    first = round_robin(["a", "b", "c"], games=10, seed=4, save=path, side="gray")
    assert first["interrupted"] and len(calls) == 2
    saved = json.loads(path.read_text())
    # Only the finished pairing is kept: the interrupted one is played again in full.
    assert [p["agents"] for p in saved["pairs"]] == [["a", "b"]]
    assert (saved["format"], saved["game"], saved["rules"], saved["games"], saved["seed"]) == (
        "pavilion-ladder",
        "summer-pavilion",
        {"side": "gray"},
        10,
        4,
    )
    calls = fake_arena(monkeypatch, RECORD)
    seen: list[int] = []
    second = round_robin(["a", "b", "c"], games=10, seed=4, save=path, side="gray", progress=seen.append)
    assert [c["agents"] for c in calls] == [["a", "c"], ["b", "c"]]
    assert (second["reused"], second["games"], second["interrupted"]) == (1, 20, False)
    assert seen == [10, 20, 30], "a reused pairing counts as done"
    whole = rate(
        ["a", "b", "c"],
        [
            {"agents": [x, y], "games": 10, "wins": [w, 10 - w], "mean_scores": [50.0, 40.0]}
            for (x, y), w in list(RECORD.items())[:3]
        ],
    )
    assert second["ratings"] == whole
    # A third run plays nothing and rates the same.
    calls = fake_arena(monkeypatch, RECORD)
    third = round_robin(["a", "b", "c"], games=10, seed=4, save=path, side="gray")
    assert calls == [] and third["ratings"] == whole and third["reused"] == 3


def test_a_new_agent_plays_only_its_own_pairings_and_the_others_stay_in_the_file(monkeypatch, tmp_path):
    path = tmp_path / "ladder.json"
    fake_arena(monkeypatch, RECORD)
    round_robin(["a", "b", "c"], games=10, save=str(path))
    calls = fake_arena(monkeypatch, RECORD)
    # d's pairings are played; a against b, seen the other way round, is reused with its seats swapped.
    ladder = round_robin(["b", "a", "d"], games=10, save=str(path))
    assert [c["agents"] for c in calls] == [["b", "d"], ["a", "d"]]
    assert ladder["pairs"][0] == {"agents": ["b", "a"], "games": 10, "wins": [3.0, 7.0], "mean_scores": [40.0, 50.0]}
    saved = json.loads(path.read_text())
    assert sorted(sorted(p["agents"]) for p in saved["pairs"]) == [
        ["a", "b"],
        ["a", "c"],
        ["a", "d"],
        ["b", "c"],
        ["b", "d"],
    ]


def test_a_ladder_file_of_other_settings_or_not_a_ladder_is_refused_and_kept(monkeypatch, tmp_path):
    calls = fake_arena(monkeypatch, RECORD)
    path = tmp_path / "ladder.json"
    round_robin(["a", "b"], games=10, seed=4, save=path)
    before = path.read_text()
    for kwargs, message in [
        ({"games": 20, "seed": 4}, r"holds another ladder \(games 10, not 20\)"),
        ({"games": 10, "seed": 5}, r"holds another ladder \(seed 4, not 5\)"),
        ({"games": 10, "seed": 4, "side": "gray"}, r'rules \{"side": "coloured"\}, not \{"side": "gray"\}'),
        ({"games": 10, "seed": 4, "akropolis_options": {}}, r'game "summer-pavilion", not "akropolis"'),
    ]:
        with pytest.raises(OptionsError, match=message):
            round_robin(["a", "b"], save=path, **kwargs)
        assert path.read_text() == before
    other = tmp_path / "game.json"
    for text, message in [
        ('{"format": "pavilion-record"}', "is not a pavilion-ladder v1 file"),
        ("not json at all \x1b[2J", "not JSON"),
        ("[]", "is not a pavilion-ladder v1 file"),
    ]:
        other.write_text(text)
        with pytest.raises(NotationError, match=message):
            round_robin(["a", "b"], games=10, save=other)
        assert other.read_text() == text
    good = json.loads(before)
    pair = good["pairs"][0]
    for bad, message in [
        ({"pairs": {}}, "'pairs' is not a list"),
        ({"pairs": [{**pair, "wins": [7, 2]}]}, "pairing 1: 'wins' is not two numbers adding up to the games"),
        ({"pairs": [{**pair, "wins": [11, -1]}]}, "'wins' is not two numbers"),
        ({"pairs": [{**pair, "games": 9}]}, "pairing 1: 10 games a pairing expected"),
        ({"pairs": [{**pair, "agents": ["a"]}]}, "'agents' is not two agent names"),
        ({"pairs": [pair, {**pair, "agents": ["b", "a"]}]}, "pairing 2: the same two agents again"),
        ({"pairs": [{**pair, "mean_scores": [1, "x"]}]}, "'mean_scores' is not two numbers"),
        ({"pairs": [{**pair, "extra": 1}]}, "pairing 1: not a pairing"),
    ]:
        path.write_text(json.dumps({**good, **bad}))
        with pytest.raises(NotationError, match=message):
            round_robin(["a", "b"], games=10, seed=4, save=path)
    for where, message in [(tmp_path, "is a directory"), (tmp_path / "no" / "l.json", "does not exist")]:
        with pytest.raises(OptionsError, match=message):
            round_robin(["a", "b"], games=10, save=where)
    assert len(calls) == 1, "nothing is played when the file is refused"


def test_akropolis_rules_given_in_full_or_left_to_their_defaults_are_one_ladder(monkeypatch, tmp_path):
    calls = fake_arena(monkeypatch, RECORD)
    path = tmp_path / "ladder.json"
    round_robin(["a", "b"], games=10, save=path, akropolis_options={})
    defaults = {"variants": "", "long": False, "barracks_edge": BARRACKS_EDGES[0], "lake": LAKES[0]}
    again = round_robin(["a", "b"], games=10, save=path, akropolis_options=defaults)
    assert len(calls) == 1 and again["reused"] == 1
    with pytest.raises(OptionsError, match="holds another ladder"):
        round_robin(["a", "b"], games=10, save=path, akropolis_options={"variants": "h"})


def test_a_ladder_that_cannot_be_saved_keeps_its_results_and_says_why(monkeypatch, tmp_path):
    fake_arena(monkeypatch, {**RECORD, ("random", "greedy"): 1.0})

    def full(path, data):
        raise SaveError(f"cannot write {path}: No space left on device")

    monkeypatch.setattr("pavilion.services.ladder.replace_atomically", full)
    ladder = round_robin(["a", "b", "c"], games=10, save=tmp_path / "l.json")
    assert len(ladder["pairs"]) == 3 and ladder["games"] == 30
    assert ladder["save_error"] is not None and "No space left on device" in ladder["save_error"]
    r = CliRunner().invoke(
        main, ["arena", "random", "greedy", "--round-robin", "--games", "10", "--save", str(tmp_path / "l.json")]
    )
    assert r.exit_code == 2
    assert "Elo" in r.output and r.output.strip().splitlines()[-1].startswith("Error: the ladder was not saved:")


def test_arena_round_robin_save_from_the_command_line(tmp_path):
    path = tmp_path / "ladder.json"
    args = ["akropolis", "arena", "random", "greedy", "--round-robin", "--games", "2", "--threads", "1"]
    r = CliRunner().invoke(main, [*args, "--save", str(path)])
    assert r.exit_code == 0, r.output
    assert "0 of 1 pairings taken from" in r.output and "1 played and written there" in r.output
    first = path.read_text()
    r = CliRunner().invoke(main, [*args, "--save", str(path), "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert (data["reused"], data["games"]) == (1, 0) and data["pairs"][0]["wins"] == [0, 2]
    assert path.read_text() == first
    for extra, message in [
        (["--seed", "9"], "holds another ladder (seed 1, not 9)"),
        (["--variants", "h"], "holds another ladder (rules"),
    ]:
        r = CliRunner().invoke(main, [*args, "--save", str(path), *extra])
        assert r.exit_code == 2 and message in r.output and "Traceback" not in r.output
    r = CliRunner().invoke(main, ["arena", "random", "greedy", "--save", str(path)])
    assert r.exit_code == 2 and "--save keeps a round robin's pairings: add --round-robin" in r.output
    assert path.read_text() == first


def test_the_manual_s_ladder_is_the_one_kept_in_benches(monkeypatch, tmp_path):
    # The strength page's command, given the committed file (a copy), rates every
    # pairing from it without playing a game, and the page's table shows
    # exactly those ratings.
    root = Path(__file__).resolve().parent.parent
    readme = (root / "docs" / "strength.md").read_text(encoding="utf-8")
    command = next(line for line in readme.splitlines() if "--save benches/ladder-seed31.json" in line)
    words = command.split()
    agents = words[2 : words.index("--round-robin")]
    path = tmp_path / "ladder.json"
    shutil.copy(root / "benches" / "ladder-seed31.json", path)

    def no_game(*args, **kwargs):
        raise AssertionError("a game was played")

    monkeypatch.setattr("pavilion.core.analysis.arena", no_game)
    ladder = round_robin(agents, games=10, seed=31, save=path)
    assert ladder["reused"] == 28 and ladder["games"] == 0
    old = ",rollout=noisy,margin=0.1,widening=off"
    for r in ladder["ratings"]:
        a = r["agent"]
        name = f"old, {a[len('mcts:time=') : -len(old)]} s" if a.endswith(old) else f"`{a}`"
        low, high = (f"{round(x):+d}".replace("-", "−") for x in r["ci95"])
        row = f"| {name} | {round(r['elo']):+d} ({low} … {high}) | {100 * r['score']:.1f}% |".replace("-", "−")
        assert re.search(re.escape(row), readme), row
