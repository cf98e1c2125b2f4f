"""The command line, driven with click's CliRunner."""

import json

import pytest
from click.testing import CliRunner

from pavilion import Game
from pavilion.cli import main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False)

    return invoke


@pytest.fixture
def position(tmp_path):
    p = tmp_path / "pos.json"
    p.write_text(Game(players=2, seed=4).to_json())
    return str(p)


def test_demo_plays_a_full_game(run):
    r = run("demo", "--seed", "3", "--seats", "greedy,random")
    assert r.exit_code == 0, r.output
    assert "round 6: red is wild" in r.output
    assert "Final scores" in r.output and ("Winner" in r.output or "Shared victory" in r.output)


def test_demo_defaults_pit_mcts_against_greedy(run):
    r = run("demo", "--seed", "2")
    assert r.exit_code == 0
    assert "P1 (mcts) plays" in r.output and "P2 (greedy) plays" in r.output and "Final scores" in r.output


def test_demo_is_deterministic(run):
    a = run("demo", "--seed", "11", "--players", "3", "--side", "gray", "--seats", "greedy,random,greedy")
    b = run("demo", "--seed", "11", "--players", "3", "--side", "gray", "--seats", "greedy,random,greedy")
    assert a.exit_code == 0 and a.output == b.output


def test_new_show_moves_apply(run, position):
    r = run("new", "--players", "3", "--seed", "9", "--side", "gray")
    assert r.exit_code == 0
    g = Game.from_json(r.output)
    assert (g.players, g.side, g.seed) == (3, "gray", None)
    assert g == Game(players=3, seed=9, side="gray")
    r = run("show", position)
    assert r.exit_code == 0 and "factories" in r.output
    r = run("moves", position)
    assert r.exit_code == 0
    first = str(Game.from_json(open(position).read()).legal_moves()[0])
    assert first in r.output
    r = run("apply", position, first)
    assert r.exit_code == 0
    assert json.loads(r.output)["current_player"] == 1


def test_position_from_stdin(run, position):
    r = run("show", "-", input=open(position).read())
    assert r.exit_code == 0


def test_perft_command(run, perft_cases):
    r = run("perft", "--depth", "3")
    assert r.exit_code == 0
    case = perft_cases[0]
    assert (case["players"], case["seed"], case["prefix"]) == (2, 1, [])
    assert r.output.splitlines()[2] == f"depth 3: {case['counts'][2]}"


@pytest.mark.parametrize(
    "args, words",
    [
        (["show", "missing.json"], ["cannot read position file"]),
        (["apply", "POS", "Z9"], ["move 1", "Z9", "not a star"]),
        (["apply", "POS", "pass"], ["move 1", "illegal move"]),
        (["demo", "--seats", "greedy,alphazero"], ["unknown player 'alphazero': choose human, random"]),
        (["demo", "--players", "5"], ["players"]),
        (["new", "--wild-order", "PPPPPP"], ["wild_order"]),
        (["demo", "--seed", "-3"], ["seed"]),
        (["frobnicate"], ["No such command"]),
    ],
)
def test_bad_input_exits_2_with_one_clear_line(run, position, args, words):
    args = [position if a == "POS" else a for a in args]
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    for w in words:
        assert w in r.output


def test_malformed_position_file(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "pavilion-position", "version": 1}')
    r = run("moves", str(bad))
    assert r.exit_code == 2
    lines = [line for line in r.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "missing field" in lines[0]
    bad.write_bytes(b"\xff\xfe")
    r = run("show", str(bad))
    assert r.exit_code == 2 and f"'{bad}' is not UTF-8 text (byte 0)" in r.output


def test_bench_quick_json(run):
    r = run("bench", "--quick", "--json", "--threads", "2")
    assert r.exit_code == 0, r.output
    import json as jsonlib

    data = jsonlib.loads(r.output)
    names = [f["name"] for f in data["figures"]]
    assert any("legal-move generation" in n for n in names)
    assert any("Python-driven" in n for n in names)
    assert any("MCTS" in n and "2 threads" in n for n in names)
    assert all(f["median"] > 0 and len(f["runs"]) == 3 for f in data["figures"])
    assert len(data["signature"]["digest"]) == 16
    # The signature is deterministic.
    again = jsonlib.loads(run("bench", "--quick", "--json", "--threads", "2").output)
    assert again["signature"] == data["signature"]
    assert any(f.get("game") == "akropolis" and f["unit"] == "games/s" for f in data["figures"])
    assert again["akropolis_signature"] == data["akropolis_signature"]
    assert set(data["akropolis_signature"]["counts"]) == {
        "movegen_moves",
        "random_turns_and_points_2p",
        "mcts_uniform_1t_best_visits",
        "mcts_informed_1t_best_visits",
        "mcts_informed_2t_best_visits",
        "mcts_net_best_visits",
        "mcts_net_best_visits_3p",
        "mcts_net_best_visits_4p",
    }
    net = {f["name"]: f for f in data["figures"] if "shipped network" in f["name"]}
    assert net["Akropolis MCTS with the shipped network, 1 thread"]["unit"] == "iterations/s"
    assert net["Akropolis network value evaluations (shipped network), 1 thread"]["count"] == 3000
    # The 3-player network (valuing every seat) is measured beside the 2-player one.
    assert net["Akropolis MCTS with the shipped network, 3 players, 1 thread"]["players"] == 3
    assert net["Akropolis network value evaluations (shipped network, 3 players), 1 thread"]["count"] == 3000
    # And the 4-player ones, and Summer Pavilion's at every count too.
    for game in ("", "Akropolis "):
        for shown in ("", ", 3 players", ", 4 players"):
            assert net[f"{game}MCTS with the shipped network{shown}, 1 thread"]["unit"] == "iterations/s"
            row = net[f"{game}network values after each candidate move (shipped network{shown}), 1 thread"]
            # Every candidate of the opening is judged, every round: the opening's moves times the rounds.
            assert row["count"] == row["candidates"] * 20 and row["candidates"] > 1 and row["unit"] == "candidates/s"
    assert {"mcts_net_best_visits", "mcts_net_best_visits_3p", "mcts_net_best_visits_4p"} <= set(
        data["signature"]["counts"]
    )
    two = [f for f in data["figures"] if f["name"] == "Akropolis MCTS, informed rollouts, 2 threads"]
    assert len(two) == 1 and two[0]["speedup"] > 0 and two[0]["per_thread"] == two[0]["median"] / 2


def test_version_names_the_engine_build_and_the_one_version(run):
    import importlib.metadata
    import re
    import tomllib
    from pathlib import Path

    from pavilion._engine import BUILD, __version__

    cargo = tomllib.loads((Path(__file__).resolve().parent.parent / "Cargo.toml").read_text())
    version = cargo["workspace"]["package"]["version"]
    assert __version__ == BUILD["version"] == importlib.metadata.version("pavilion") == version
    r = run("--version")
    assert r.exit_code == 0
    line = r.output.strip()
    build = r"([0-9a-f]{12}|commit unknown), (release|debug) build"
    v = re.escape(version)
    assert re.fullmatch(rf"pavilion {v} \(engine {v}, {build}\)", line), line
    if BUILD["commit"]:
        assert line.count(BUILD["commit"]) == 1


@pytest.mark.parametrize("command", [["train"], ["generations"], ["akropolis", "generations"]])
def test_both_commands_that_write_a_mix_say_it_is_the_rollouts_share(command):
    # The engine's mix= is the rollout's share of a leaf's value (the rest the network's); the
    # generations loop's help once said the network's, the other way round. No PyTorch needed.
    shown = CliRunner().invoke(main, [*command, "--help"], terminal_width=400).output
    assert "The share of a rollout's outcome beside the network's value" in shown, shown
    assert "value from the network in its searches" not in shown, shown
