"""Akropolis from Python and the command line: the API, its errors, position
files, perft goldens shared with `cargo test`, and `pavilion akropolis ...`."""

from __future__ import annotations

import copy
import json
import pickle
import random
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from pavilion import IllegalMoveError, NotationError, OptionsError, akropolis
from pavilion.akropolis import DISTRICTS, TILES, Game, Move
from pavilion.cli import main

ROOT = Path(__file__).resolve().parent.parent
PERFT = json.loads((ROOT / "seeds" / "akropolis_perft.json").read_text())["cases"]


def played(game: Game, n: int, seed: int = 1) -> Game:
    rng = random.Random(seed)
    for _ in range(n):
        game.play(rng.choice(game.legal_moves()))
    return game


def test_a_new_game_follows_the_setup_table():
    for players, long, site, stacks, rounds in [(2, False, 4, 11, 12), (4, False, 6, 11, 12), (3, True, 5, 14, 15)]:
        g = Game(players=players, seed=3, long=long)
        assert (len(g.site), g.stacks_left, g.rounds) == (site, stacks, rounds)
        assert g.stones == list(range(1, players + 1))
        assert g.current_player == 0 and g.round == 1 and not g.is_over and g.winners == []
    assert len(TILES) == 61 and TILES[7] == "gqq" and akropolis.START_TILE == "Hqqq"
    assert Game(seed=9).site == Game(seed=9).site, "the same seed, the same game"


def test_bad_options_raise_options_error():
    for kwargs, words in [
        ({"players": 5}, "players must be from 2 to 4"),
        ({"variants": "hx"}, "variants 'hx'"),
        ({"players": 4, "long": True}, "long game is for 2 or 3 players"),
        ({"barracks_edge": "inside"}, "barracks_edge must be outside or any_empty, not 'inside'"),
        ({"lake": "sea"}, "lake must be single_hex or enclosed_region, not 'sea'"),
        ({"seed": -1}, "seed"),
    ]:
        with pytest.raises(OptionsError, match=words):
            Game(**kwargs)  # type: ignore[arg-type]


def test_moves_read_write_and_describe_their_footprint():
    m = Move.parse(" 1 @ -2,3 / 4 ")
    assert (m.index, m.at, m.rot, str(m)) == (1, (-2, 3), 4, "1@-2,3/4")
    assert m.footprint == [(-2, 3), (-3, 3), (-3, 4)]
    assert eval(repr(m), {"Move": Move}) == m and pickle.loads(pickle.dumps(m)) == m
    for bad in ["", "0@1,0", "9@0,0/0", "0@0,0/6", "x@1,1/1"]:
        with pytest.raises(NotationError, match="i@q,r/k"):
            Move.parse(bad)


def test_play_checks_and_reports_and_a_rejected_move_changes_nothing():
    g = Game(seed=7)
    before = g.copy()
    with pytest.raises(IllegalMoveError, match="must touch the city"):
        g.play("0@5,5/0")
    with pytest.raises(IllegalMoveError, match="costs 2 stones; you have 1"):
        g.play("2@1,0/0")
    with pytest.raises(NotationError):
        g.play("place it there")
    assert g == before and g.move_stack == []
    tile = g.site[1]
    out = g.play(Move.parse("1@1,0/0"))
    assert out == {
        "move": Move.parse("1@1,0/0"),
        "seat": 0,
        "tile": tile,
        "cost": 1,
        "level": 1,
        "stones_gained": 0,
        "new_round": False,
        "game_over": False,
    }
    assert g.stones == [0, 2] and g.current_player == 1
    letters = TILES[tile]
    assert [g.city(0)[h][1] for h in [(1, 0), (1, 1), (2, 0)]] == list(letters)
    assert g.placements(0) == [(0, (0, 0), 0), (tile, (1, 0), 0)]


def test_every_listed_move_is_legal_and_scores_add_up_over_whole_games():
    for players, variants in [(2, ""), (3, "hmbtg"), (4, "bg")]:
        g = Game(players=players, seed=players, variants=variants)
        rng = random.Random(players)
        turns = 0
        while not g.is_over:
            moves = g.legal_moves()
            assert len(set(moves)) == len(moves)
            assert all(g.is_legal(m) for m in rng.sample(moves, min(20, len(moves))))
            g.play(rng.choice(moves))
            turns += 1
        assert turns == g.rounds * (players + 1) and g.legal_moves() == []
        for seat in range(players):
            b = g.score_breakdown(seat)
            assert all(b[d]["score"] == b[d]["stars"] * b[d]["value"] for d in DISTRICTS)  # type: ignore[literal-required]
            assert b["total"] == sum(b[d]["score"] for d in DISTRICTS) + b["stones"] == g.scores[seat]  # type: ignore[literal-required]
        best = max((g.scores[s], g.stones[s]) for s in range(players))
        assert g.winners == [s for s in range(players) if (g.scores[s], g.stones[s]) == best]


def test_move_stack_copy_pickle_and_position_files():
    g = played(Game(players=3, seed=4, variants="m", lake="enclosed_region"), 13)
    positions = []
    h = Game(players=3, seed=4, variants="m", lake="enclosed_region")
    for m in g.move_stack:
        positions.append(h.copy())
        h.play(m)
    assert h == g
    for before in reversed(positions[-4:]):
        g.pop()
        assert g == before
    assert copy.deepcopy(g) == g and pickle.loads(pickle.dumps(g)) == g
    back = Game.from_json(g.to_json())
    assert back == g and back.lake == "enclosed_region" and back.variants == "m" and back.move_stack == []
    assert g.to_json(indent=None).count("\n") == 0 and '\n    "format"' in g.to_json(indent=4)
    assert eval(repr(g), {"Game": Game}) == g
    with pytest.raises(NotationError, match="format"):
        Game.from_json(g.to_json().replace("pavilion-akropolis-position", "pavilion-position"))
    with pytest.raises(NotationError, match=r"cities\[0\].stones"):
        doc = json.loads(g.to_json())
        doc["cities"][0]["stones"] = 500
        Game.from_json(json.dumps(doc))


def test_redraw_hidden_keeps_everything_visible():
    g = played(Game(players=2, seed=5), 5)
    visible = (g.site, g.stones, g.round, g.stacks_left, g.city(0), g.city(1))
    g.redraw_hidden(77)
    assert (g.site, g.stones, g.round, g.stacks_left, g.city(0), g.city(1)) == visible
    assert g.move_stack == []


@pytest.mark.parametrize("case", PERFT, ids=lambda c: f"{c['players']}p-long{c['long']}-seed{c['seed']}")
def test_perft_goldens_shared_with_cargo(case):
    g = Game(players=case["players"], seed=case["seed"], long=case["long"])
    for m in case["prefix"]:
        g.play(m)
    assert [g.perft(d) for d in range(1, len(case["counts"]) + 1)] == case["counts"]


def test_the_module_docstring_example_runs():
    import doctest

    failures, tries = doctest.testmod(akropolis)
    assert failures == 0 and tries >= 5


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    return lambda *args, **kw: runner.invoke(main, ["akropolis", *args], catch_exceptions=False, **kw)


def test_cli_new_apply_moves_show_perft(run):
    r = run("new", "--players", "3", "--seed", "5", "--variants", "hg", "--barracks-edge", "any_empty")
    assert r.exit_code == 0
    doc = json.loads(r.output)
    assert (doc["players"], doc["variants"], doc["barracks_edge"]) == (3, "hg", "any_empty")
    Path("a.json").write_text(r.output)
    r = run("moves", "a.json")
    assert r.exit_code == 0 and "180 legal moves, player 1 to move" in r.output
    assert "0@1,0/0" in r.output
    r = run("apply", "a.json", "0@1,0/0", "1@1,0/0")
    assert r.exit_code == 0
    g = Game.from_json(r.output)
    assert g.move_stack == [] and g.current_player == 2 and g.stones == [1, 1, 3]
    Path("b.json").write_text(r.output)
    r = run("show", "b.json")
    assert r.exit_code == 0
    assert "round 1 of 12" in r.output and "P3 (to move): 3 stones" in r.output and "H1" in r.output
    r = run("show", "--coords", "b.json")
    assert r.exit_code == 0 and "-1,0" in r.output and "1,-1" in r.output
    r = run("perft", "--depth", "2")
    assert r.exit_code == 0 and r.output.splitlines() == ["depth 1: 180", "depth 2: 48600"]


def test_cli_bad_input_is_one_line_and_exit_2(run):
    Path("a.json").write_text(run("new", "--seed", "1").output)
    Path("summer.json").write_text(main_new_summer())
    for args, words in [
        (["apply", "a.json", "0@9,9/0"], "move 1 ('0@9,9/0'): illegal move: 0@9,9/0: a tile on the ground must touch"),
        (["apply", "a.json", "\x1b[31m"], "move 1 ('\\x1b[31m')"),
        (["show", "missing.json"], "missing.json"),
        (["show", "summer.json"], 'format: expected "pavilion-akropolis-position"'),
        (["new", "--players", "4", "--long"], "the long game is for 2 or 3 players"),
        (["new", "--variants", "z"], "variants 'z'"),
        (["new", "--lake", "sea"], "sea"),
        (["perft", "--depth", "9"], "9"),
    ]:
        r = CliRunner().invoke(main, ["akropolis", *args])
        assert r.exit_code == 2, (args, r.output)
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("Error: ") and words in lines[0], (args, r.output)
        assert "\x1b" not in r.output


def main_new_summer() -> str:
    return CliRunner().invoke(main, ["new", "--seed", "1"]).output


@settings(max_examples=600, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet="0123456789@,/- x", max_size=14)))
def test_move_text_is_read_or_refused_with_a_notation_error(text):
    try:
        m = Move.parse(text)
    except NotationError as e:
        assert "i@q,r/k" in str(e) and "\n" not in str(e)
    else:
        assert Move.parse(str(m)) == m and 0 <= m.index <= 5 and 0 <= m.rot <= 5


@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=200))
def test_position_text_is_read_or_refused_with_a_notation_error(text):
    with pytest.raises(NotationError):
        Game.from_json(text)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4), plies=st.integers(0, 60))
def test_random_play_from_any_seed_round_trips(seed, players, plies):
    g = Game(players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    assert Game.from_json(g.to_json()) == g
    assert sum(len(g.placements(s)) - 1 for s in range(players)) == len(g.move_stack)


def test_agents_search_and_matches_from_python():
    g = Game(players=2, seed=3)
    for spec in ["random", "greedy", "mcts:iterations=200,rollout=uniform"]:
        m = akropolis.Agent(spec, seed=1).choose(g)
        assert m is not None and g.is_legal(m)
    # Greedy takes the biggest immediate gain (stones paid and earned included).
    greedy = akropolis.Agent("greedy", seed=1).choose(g)
    gains = []
    for m in g.legal_moves():
        after = g.copy()
        after.play(m)
        gains.append(after.scores[0] - g.scores[0])
    after = g.copy()
    after.play(greedy)
    assert after.scores[0] - g.scores[0] == max(gains)
    with pytest.raises(OptionsError, match="unknown agent"):
        akropolis.Agent("alphazero")
    s = akropolis.Search(g, seed=2)
    s.run(iterations=500)
    r = s.result(top=3)
    assert s.iterations == 500 and not s.exact and r["iterations"] == 500 and len(r["moves"]) == 3
    assert all(g.is_legal(m["move"]) for m in r["moves"]) and r["moves"][0]["pv"][0] == r["moves"][0]["move"]
    played_out = Game(seed=1)
    while not played_out.is_over:
        played_out.play(played_out.legal_moves()[0])
    with pytest.raises(OptionsError, match="nothing to search"):
        akropolis.Search(played_out)
    results = akropolis.play_matches(["greedy", "random"], [0, 1, 2, 3], seed=5, threads=2, variants="g")
    assert [r["index"] for r in results] == [0, 1, 2, 3] and all(r["moves"] == 36 for r in results)
    assert [r["seats"] for r in results] == [[0, 1], [1, 0], [0, 1], [1, 0]]
    assert results == akropolis.play_matches(["greedy", "random"], [0, 1, 2, 3], seed=5, threads=1, variants="g")
    assert all(r["seats"][r["winners"][0]] == 0 for r in results), "greedy beats random"
    with pytest.raises(OptionsError, match="long game"):
        akropolis.play_matches(["random"], [0], players=4, long=True)


def test_a_search_takes_the_network_an_agent_spec_names():
    g = Game(players=2, seed=3)
    g.play(g.legal_moves()[5])
    guided = akropolis.Search(g, seed=5, net="default")
    guided.run(iterations=3000)
    best = guided.result(top=1)["moves"][0]["move"]
    # The same search as the agent's: the network, and its exploration unless told.
    assert best == akropolis.Agent("mcts:net=default,iterations=3000", seed=5).choose(g)
    told = akropolis.Search(g, seed=5, net="default", exploration=0.7)
    told.run(iterations=3000)
    agent = akropolis.Agent("mcts:net=default,c=0.7,iterations=3000", seed=5)
    assert told.result(top=1)["moves"][0]["move"] == agent.choose(g)
    mixed = akropolis.Search(g, seed=5, net="default", mix=0.5, horizon="stage")
    mixed.run(iterations=1000)
    agent = akropolis.Agent("mcts:net=default,mix=0.5,horizon=stage,iterations=1000", seed=5)
    assert mixed.result(top=1)["moves"][0]["move"] == agent.choose(g)
    rolled = akropolis.Search(g, seed=5)
    rolled.run(iterations=3000)
    visits = [(m["move"], m["visits"]) for m in guided.result(top=20)["moves"]]
    assert visits != [(m["move"], m["visits"]) for m in rolled.result(top=20)["moves"]]
    missing = "no-such-file.safetensors"
    for net, words in [(missing, f"net: network '{missing}'"), ("", "net: network ''")]:
        with pytest.raises(OptionsError, match=re.escape(words)):
            akropolis.Search(g, net=net)


def test_a_network_search_reranks_its_nodes_moves_unless_told():
    # With a network a node visited `rerank` times orders its unopened moves
    # by the network's value after each (128 unless told; 0: never), the same
    # from a Search as from an agent's spec.
    g = Game(players=2, seed=3)
    g.play(g.legal_moves()[5])

    def visits(search: akropolis.Search) -> list[tuple[str, int]]:
        search.run(iterations=3000)
        return [(str(m["move"]), m["visits"]) for m in search.result(top=30)["moves"]]

    default = visits(akropolis.Search(g, seed=5, net="default"))
    assert default != visits(akropolis.Search(g, seed=5, net="default", rerank=0))
    assert default == visits(akropolis.Search(g, seed=5, net="default", rerank=128))
    for k in (0, 40):
        searched = akropolis.Search(g, seed=5, net="default", rerank=k)
        searched.run(iterations=3000)
        agent = akropolis.Agent(f"mcts:net=default,rerank={k},iterations=3000", seed=5)
        assert searched.result(top=1)["moves"][0]["move"] == agent.choose(g)
    for bad in (-1, 2**31):
        with pytest.raises(OptionsError, match="rerank"):
            akropolis.Search(g, net="default", rerank=bad)
    with pytest.raises(OptionsError, match="rerank 'some': expected a whole number from 0 to 1073741824"):
        akropolis.Agent("mcts:net=default,rerank=some")


def test_cli_solve_and_arena(run):
    Path("a.json").write_text(run("new", "--seed", "2").output)
    r = run("solve", "a.json", "--iterations", "400", "--top", "3")
    assert r.exit_code == 0 and "Player 1 to move — MCTS, 400 iterations" in r.output
    data = json.loads(run("solve", "a.json", "--iterations", "400", "--json").output)
    assert data["iterations"] == 400 and not data["exact"] and data["to_move"] == 0
    guided = json.loads(run("solve", "a.json", "--iterations", "400", "--json", "--net", "default").output)
    assert guided["iterations"] == 400 and guided["moves"] != data["moves"]
    assert all(Game.from_json(Path("a.json").read_text()).is_legal(m["move"]) for m in data["moves"])
    r = run("arena", "greedy", "random", "--games", "4", "--threads", "1", "--json", "--lake", "enclosed_region")
    out = json.loads(r.output)
    assert (out["games"], out["game"], out["lake"]) == (4, "akropolis", "enclosed_region")
    assert out["agents"][0]["wins"] == 4.0
    r = run("arena", "greedy", "random", "--games", "2", "--threads", "1")
    assert r.exit_code == 0 and "2 games, 2 players, variants none" in r.output
    for args, words in [
        (["arena", "greedy", "chess"], "unknown agent"),
        (["arena", "greedy", "random", "--players", "4", "--long"], "long game"),
        (["solve", "a.json", "--time", "nan"], "nan"),
        (["solve", "a.json", "--net", "missing.safetensors"], "net: network 'missing.safetensors'"),
        (["solve", "a.json", "--net", "a.json"], "net: 'a.json': network file: not safetensors"),
    ]:
        r = CliRunner().invoke(main, ["akropolis", *args])
        assert r.exit_code == 2 and words in r.output and len(r.output.strip().splitlines()) == 1, r.output


def test_a_search_proves_the_last_move_of_a_game_and_solve_says_so(run):
    # Played to its last move: no stack left to turn up, two tiles on the site.
    g = Game(players=2, seed=6)
    rng = random.Random(6)
    while not (g.stacks_left == 0 and len(g.site) == 2):
        g.play(rng.choice(g.legal_moves()))
    mover = g.current_player

    def final(m: Move) -> tuple[float, int]:
        end = g.copy()
        end.play(m)
        assert end.is_over
        share = 1 / len(end.winners) if mover in end.winners else 0.0
        return share, end.scores[mover] - end.scores[1 - mover]

    s = akropolis.Search(g, seed=1)
    s.run(iterations=100_000)
    r = s.result()
    assert s.exact and r["exact"] and s.iterations < 100_000, "proven, it stops searching"
    # The best move's values are what playing it gives, and no move does better.
    best = r["moves"][0]
    assert (best["win_rate"], best["margin"]) == final(best["move"])
    assert max((margin, share) for share, margin in map(final, g.legal_moves())) == (best["margin"], best["win_rate"])
    assert best["pv"] == [best["move"]]
    Path("last.json").write_text(g.to_json())
    data = json.loads(run("solve", "last.json", "--iterations", "100000", "--json").output)
    assert data["exact"] and data["method"] == "mcts" and data["iterations"] < 100_000
    assert run("solve", "last.json", "--iterations", "100000").output.count("proven") >= 1
