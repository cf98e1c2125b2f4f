"""Search, solve and arena from Python and the CLI."""

import json

import pytest
from click.testing import CliRunner

import pavilion
from conftest import ROOT, placing_position
from pavilion import Game, OptionsError, Search
from pavilion.cli import main
from pavilion.cli.common import exact_outcome
from pavilion.core.analysis import AgentStats, arena, solve


def test_search_returns_legal_ranked_moves():
    g = Game(players=3, seed=2, side="gray")
    s = Search(g, seed=1)
    s.run(iterations=600)
    r = s.result(top=5)
    assert r["iterations"] == 600 and not r["exact"]
    assert 1 <= len(r["moves"]) <= 5
    visits = [m["visits"] for m in r["moves"]]
    assert visits == sorted(visits, reverse=True)
    for m in r["moves"]:
        assert g.is_legal(m["move"])
        assert 0.0 <= m["win_rate"] <= 1.0
        assert m["pv"][0] == m["move"]


def test_search_is_deterministic_and_ignores_the_hidden_bag():
    g = Game(seed=6)
    h = g.copy()
    h.redraw_hidden(99)

    def ranked(game):
        s = Search(game, seed=3)
        s.run(iterations=1500)
        return [(str(m["move"]), m["visits"]) for m in s.result()["moves"]]

    assert ranked(g) == ranked(g.copy())
    assert ranked(g) == ranked(h)


def test_exact_solve_of_a_last_round_position():
    g = placing_position(
        round=6,
        hands={0: "R", 1: "GG"},
        covered={0: {f"R{v}": "R" for v in range(2, 7)}},
        scores={0: 20, 1: 36},
    )
    s = Search(g)
    assert s.exact
    r = s.result()
    assert str(r["moves"][0]["move"]) == "R1" and r["moves"][0]["win_rate"] == 1.0


def test_a_search_among_given_moves_values_only_those():
    g = Game(seed=6)
    legal = g.legal_moves()
    chosen = [legal[4], str(legal[9])]
    s = Search(g, seed=3, moves=chosen)
    s.run(iterations=400)
    r = s.result()
    assert sorted(str(m["move"]) for m in r["moves"]) == sorted(map(str, chosen))
    assert sum(m["visits"] for m in r["moves"]) == 400
    # A single move gets every visit; its value is the same kind of number as in a full search.
    alone = Search(g, seed=3, moves=[legal[4]])
    alone.run(iterations=300)
    (only,) = alone.result()["moves"]
    assert only["move"] == legal[4] and only["visits"] == 300 and 0 <= only["win_rate"] <= 1


def test_an_exact_solve_among_given_moves_values_pruned_passes_too():
    g = placing_position(
        round=6,
        hands={0: "RGBYOP", 1: "GG"},
        covered={0: {f"R{v}": "R" for v in range(2, 7)}},
        scores={0: 20, 1: 36},
    )
    full = Search(g)
    ranked = {str(m["move"]): (m["win_rate"], m["margin"]) for m in full.result()["moves"]}
    pruned = [m for m in g.legal_moves() if str(m) not in ranked]
    assert len(pruned) > 20 and all(m.kind == "pass" for m in pruned)
    best_margin = max(margin for _, margin in ranked.values())
    for move in g.legal_moves():
        s = Search(g, moves=[move])
        assert s.exact
        (only,) = s.result()["moves"]
        assert only["move"] == move
        if str(move) in ranked:
            assert (only["win_rate"], only["margin"]) == ranked[str(move)]
        else:  # never better than a move the full solve kept: that is why it was pruned
            assert only["margin"] <= best_margin


def test_search_moves_errors():
    g = Game(seed=1)
    legal = g.legal_moves()
    for bad, message in [
        ([], "give at least one move"),
        ([legal[0], str(legal[0])], f"{legal[0]} is listed twice"),
        ("1O", "moves must be a list of moves"),
    ]:
        with pytest.raises(OptionsError, match=message):
            Search(g, moves=bad)
    with pytest.raises(pavilion.IllegalMoveError, match="this is the draft phase"):
        Search(g, moves=["pass"])
    with pytest.raises(pavilion.NotationError):
        Search(g, moves=["Z9"])


def test_search_errors():
    g = Game(seed=1)
    with pytest.raises(OptionsError):
        Search(g, rollout="psychic")
    with pytest.raises(OptionsError):
        Search(g, threads=0)
    with pytest.raises(OptionsError):
        Search(g).run()
    done = Game(seed=1)
    a = pavilion.Agent("random", seed=1)
    while not done.is_over:
        done.play(a.choose(done))
    with pytest.raises(OptionsError, match="over"):
        Search(done)


def test_a_search_takes_a_network_file_and_says_why_it_cannot():
    g = Game(seed=1)
    net = str(ROOT / "seeds" / "nets" / "summer-gen0" / "net.safetensors")
    guided = Search(g, seed=2, net=net, exact=False)
    guided.run(iterations=300)
    best = guided.result(top=1)["moves"][0]["move"]
    assert best == pavilion.Agent(f"mcts:net={net},iterations=300,exact=off", seed=2).choose(g)
    for name, words in [
        ("no-such-net.safetensors", "net: network 'no-such-net.safetensors'"),
        (str(ROOT / "seeds" / "nets" / "akropolis-gen4" / "net.safetensors"), "net: the network reads 'akropolis'"),
    ]:
        with pytest.raises(OptionsError, match=words):
            Search(g, net=name)


def test_a_search_takes_the_mix_and_horizon_an_agent_spec_names():
    g = Game(seed=4)
    net = str(ROOT / "seeds" / "nets" / "summer-gen1" / "net.safetensors")

    def top(search):
        search.run(iterations=400)
        return [(m["move"], m["visits"]) for m in search.result(top=10)["moves"]]

    for mix, horizon in [(0.5, "leaf"), (0.0, "stage")]:
        spec = f"mcts:net={net},iterations=400,exact=off,mix={mix},horizon={horizon}"
        searched = top(Search(g, seed=2, net=net, exact=False, mix=mix, horizon=horizon))
        assert searched[0][0] == pavilion.Agent(spec, seed=2).choose(g), (mix, horizon)
    assert top(Search(g, seed=2, net=net, exact=False, mix=0.5)) != top(Search(g, seed=2, net=net, exact=False))
    for kwargs, words in [({"mix": 1.5}, "mix"), ({"mix": float("nan")}, "mix"), ({"horizon": "later"}, "horizon")]:
        with pytest.raises(OptionsError, match=words):
            Search(g, net=net, **kwargs)
    with pytest.raises(TypeError, match="expected a number, not str"):
        Search(g, net=net, mix="half")
    # Summer Pavilion's network search reranks a node's unopened moves at 4
    # walks unless told (0: never; the game's greedy order stands).
    default = top(Search(g, seed=2, net=net, exact=False))
    assert default == top(Search(g, seed=2, net=net, exact=False, rerank=4))
    assert default != top(Search(g, seed=2, net=net, exact=False, rerank=0))
    reranked = top(Search(g, seed=2, net=net, exact=False, rerank=1))
    assert reranked != default
    spec = f"mcts:net={net},iterations=400,exact=off,rerank=1"
    assert reranked[0][0] == pavilion.Agent(spec, seed=2).choose(g)


def test_mcts_agent_and_specs():
    g = Game(seed=4)
    m = pavilion.Agent("mcts:iterations=200,threads=2", seed=5).choose(g)
    assert g.is_legal(m)
    for bad in ["mcts:iterations=-1", "mcts:depth=3", "mcts:rollout=lucky", "greedy:fast", "alphago"]:
        with pytest.raises(OptionsError):
            pavilion.Agent(bad)


def test_a_network_judging_at_the_round_s_end_plays_its_own_moves():
    # horizon=stage: each leaf's rollout plays to the end of the round, where the network judges.
    g = Game(seed=4)
    net = ROOT / "seeds" / "nets" / "summer-gen1" / "net.safetensors"
    spec = f"mcts:net={net},iterations=400,exact=off"
    staged = [pavilion.Agent(f"{spec},horizon=stage", seed=s).choose(g) for s in (1, 1, 2)]
    assert all(g.is_legal(m) for m in staged) and staged[0] == staged[1]
    assert pavilion.Agent(f"{spec},horizon=stage", seed=1).choose(g) == staged[0]
    with pytest.raises(OptionsError, match="horizon 'later': expected one of leaf, stage"):
        pavilion.Agent(f"{spec},horizon=later")


def test_solve_function_budget():
    r = solve(Game(seed=1), iterations=1000, seed=2, top=3)
    assert r["iterations"] == 1000 and len(r["moves"]) == 3 and r["to_move"] == 0 and not r["interrupted"]


def test_arena_is_seat_balanced_and_reproducible():
    a = arena(["greedy", "random"], games=6, seed=3, threads=2)
    b = arena(["greedy", "random"], games=6, seed=3, threads=2)

    def strip(r):
        return {k: v for k, v in r.items() if k != "seconds"}

    assert strip(a) == strip(b)
    assert [x["seats"] for x in a["agents"]] == [6, 6]
    assert a["agents"][0]["win_rate"] > 0.5
    three = arena(["greedy", "random"], games=4, players=3, threads=1)
    assert sum(x["seats"] for x in three["agents"]) == 12
    results = pavilion.play_matches(["greedy", "random"], [0, 1], seed=3)
    assert [r["seats"] for r in results] == [[0, 1], [1, 0]]


def test_wilson_interval():
    s = AgentStats("x", seats=100, wins=90)
    lo, hi = s.interval()
    assert 0.82 < lo < 0.84 and 0.94 < hi < 0.95


@pytest.fixture
def position(tmp_path):
    p = tmp_path / "pos.json"
    p.write_text(Game(seed=8).to_json())
    return str(p)


def test_cli_solve_table_and_json(position):
    runner = CliRunner()
    r = runner.invoke(main, ["solve", position, "--iterations", "800", "--top", "3"])
    assert r.exit_code == 0, r.output
    assert "MCTS, 800 iterations" in r.output and "win rate" in r.output
    r = runner.invoke(main, ["solve", position, "--iterations", "800", "--json"])
    data = json.loads(r.output)
    assert data["iterations"] == 800 and data["moves"][0]["pv"][0] == data["moves"][0]["move"]


def test_cli_solve_exact(tmp_path):
    g = placing_position(
        round=6, hands={0: "R", 1: "GG"}, covered={0: {f"R{v}": "R" for v in range(2, 7)}}, scores={0: 20, 1: 36}
    )
    p = tmp_path / "end.json"
    p.write_text(g.to_json())
    r = CliRunner().invoke(main, ["solve", str(p)])
    best = Search(g).result()["moves"][0]
    # R1 completes the red star (6 for the run, 14 for the star): 40; seat 1
    # places G1 and a green on the centre star: 38.
    assert (best["win_rate"], best["margin"]) == (1.0, 2.0)
    assert r.exit_code == 0 and "exact: a proven win by 2 points with R1" in r.output


@pytest.mark.parametrize(
    ("share", "margin", "words"),
    [
        (1.0, 4.0, "a proven win by 4 points with R1"),
        (1.0, 1.0, "a proven win by 1 point with R1"),
        (0.0, -12.0, "a proven loss by 12 points with R1"),
        (0.5, 0.0, "win share 50.0% and margin +0.0 to expect with R1 under best play"),
        (1.0, 2.5, "win share 100.0% and margin +2.5 to expect with R1 under best play"),
        (0.25, -3.125, "win share 25.0% and margin -3.1 to expect with R1 under best play"),
    ],
)
def test_an_exact_outcome_is_a_proof_only_without_draws_to_come(share, margin, words):
    assert exact_outcome({"move": "R1", "win_rate": share, "margin": margin}) == words


def test_cli_arena(tmp_path):
    r = CliRunner().invoke(main, ["arena", "greedy", "random", "--games", "4", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert data["games"] == 4 and len(data["agents"]) == 2


@pytest.mark.parametrize(
    "args, words",
    [
        (["solve", "nope.json"], ["cannot read"]),
        (["solve", "POS", "--threads", "0"], ["threads"]),
        (["arena", "greedy", "mcts:speed=9"], ["unknown option"]),
        (["arena", "greedy", "--games", "0"], ["games"]),
        (["solve", "POS", "--net", "nowhere.safetensors"], ["net: network 'nowhere.safetensors'"]),
    ],
)
def test_cli_search_errors(position, args, words):
    args = [position if a == "POS" else a for a in args]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    for w in words:
        assert w in r.output


def test_cli_solve_bad_position_file(tmp_path):
    p = tmp_path / "bad.json"
    p.write_text('{"format": "pavilion-position", "version": 1, "players": 2}')
    r = CliRunner().invoke(main, ["solve", str(p)])
    assert r.exit_code == 2
    assert len([line for line in r.output.splitlines() if line.strip()]) == 1


def test_tree_parallel_search_and_spec():
    g = Game(seed=12)
    s = Search(g, threads=2, parallel="tree", seed=1)
    s.run(iterations=1000)
    r = s.result()
    assert sum(m["visits"] for m in r["moves"]) == 1000
    assert g.is_legal(pavilion.Agent("mcts:iterations=300,threads=2,parallel=tree").choose(g))
    with pytest.raises(OptionsError):
        Search(g, parallel="forest")


def test_widening_opens_the_best_moves_first_and_can_be_turned_off():
    g = Game(seed=4)  # the opening draft: 12 moves, none pruned
    tried = {}
    for widening in ("prior", "off"):
        s = Search(g, seed=1, exact=False, widening=widening)
        s.run(iterations=4000)
        tried[widening] = sum(1 for m in s.result()["moves"] if m["visits"] > 0)
    # ceil((4000 + 1) ** 0.25) = 8 moves open with the widening, every move without it.
    assert tried == {"prior": 8, "off": len(g.legal_moves())}
    assert g.is_legal(pavilion.Agent("mcts:iterations=300,widening=off", seed=1).choose(g))
    with pytest.raises(OptionsError, match=r"widening must be prior or off, not .sideways."):
        Search(g, widening="sideways")
    with pytest.raises(OptionsError, match=r"widening 'sideways': expected one of prior, off"):
        pavilion.Agent("mcts:widening=sideways")
