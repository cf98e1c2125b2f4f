"""The proven score ranges of Summer Pavilion's last round from Python and the
CLI: `Game.score_ranges`, `score_ranges_after`, `guaranteeing_move`, and
`solve` (table and JSON) where the exact value is out of reach. The rulings
themselves are tested in Rust (rust/summer/src/search/ranges_tests.rs)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import ROOT
from pavilion import Agent, Game, IllegalMoveError, NotationError, Search
from pavilion.cli import main
from pavilion.cli.review import proven_note
from pavilion.core.analysis import solve
from pavilion.services.review import review
from pavilion.summer.record import GameRecord

# Two players, P1 to move in the last round's placing: the exact solve is out
# of reach, P1's guaranteed score beats P2's best, and passing now loses that.
POSITION = ROOT / "seeds" / "positions" / "summer-last-round.json"


def position() -> Game:
    return Game.from_json(POSITION.read_text())


def test_the_ranges_prove_the_winner_where_the_solve_cannot_reach():
    g = position()
    assert not Search(g, seed=0, threads=1).exact
    p1, p2 = g.score_ranges()
    assert p1["guaranteed"] > p2["best"] and p1["guaranteed"] <= p1["best"]
    assert (p1["proven"], p2["proven"]) == ("wins", "cannot_win")


def test_which_moves_keep_the_proven_win():
    g = position()
    moves = list(g.legal_moves())
    after = g.score_ranges_after(moves)
    kept = {str(m) for m, r in zip(moves, after, strict=True) if r[0]["proven"] == "wins"}
    assert kept and len(kept) < len(moves)
    # Passing now leaves P1 its current score, which P2 can still beat.
    assert not any(str(m).startswith("pass") for m in kept)
    assert str(g.guaranteeing_move()) in kept
    assert after == g.score_ranges_after([str(m) for m in moves]), "text and Move alike"


@pytest.mark.parametrize("trial", range(3))
def test_the_guaranteeing_line_ends_with_the_guaranteed_score(trial):
    g = position()
    guaranteed = g.score_ranges()[0]["guaranteed"]
    other = Agent("random", seed=trial)
    while not g.is_over:
        g.play(g.guaranteeing_move() if g.current_player == 0 else other.choose(g))
    assert g.scores[0] >= guaranteed and g.winners == [0]


def test_no_ranges_before_the_last_round_and_exact_at_the_end():
    g = Game(players=3, seed=4)
    assert g.score_ranges() is None and g.guaranteeing_move() is None
    assert g.score_ranges_after(list(g.legal_moves())[:3]) == [None] * 3
    end = position()
    while not end.is_over:
        end.play(end.legal_moves()[0])
    assert [(r["guaranteed"], r["best"]) for r in end.score_ranges()] == [(s, s) for s in end.scores]


def test_an_illegal_or_mistyped_move_is_refused():
    g = position()
    with pytest.raises(IllegalMoveError, match="not legal here"):
        g.score_ranges_after(["1R"])
    with pytest.raises(NotationError):
        g.score_ranges_after(["no such move"])
    assert issubclass(IllegalMoveError, ValueError)


def test_solve_gives_the_ranges_where_the_exact_value_is_out_of_reach():
    result = solve(position(), iterations=300, seed=1)
    assert result["method"] == "mcts" and not result["exact"]
    assert [r["proven"] for r in result["score_ranges"]] == ["wins", "cannot_win"]
    ranked = result["moves"]
    assert all(m["score_ranges"] is not None for m in ranked)
    assert ranked[0]["score_ranges"] == position().score_ranges_after([ranked[0]["move"]])[0]


def test_solve_gives_no_ranges_where_it_solves_or_before_the_last_round():
    g = position()
    while not Search(g, seed=0, threads=1).exact:
        g.play(g.guaranteeing_move())
    solved = solve(g, iterations=100)
    assert solved["method"] == "solver" and solved["score_ranges"] is None
    assert all(m["score_ranges"] is None for m in solved["moves"])
    assert solve(Game(players=2, seed=1), iterations=50)["score_ranges"] is None


def test_the_solve_command_shows_and_writes_the_ranges():
    runner = CliRunner()
    r = runner.invoke(main, ["solve", str(POSITION), "--iterations", "300", "--threads", "1", "--top", "40"])
    assert r.exit_code == 0, r.output
    assert "proven (the exact value is out of reach)" in r.output
    table, verdict = r.output.split("proven (")
    assert "P1 76–99, P2 53–70; P1 wins whatever happens" in verdict
    assert "proven" in table and "53–70" in table, "each move's ranges are a column of the table"
    args = ["solve", str(POSITION), "--iterations", "300", "--top", "40", "--json"]
    data = json.loads(runner.invoke(main, args).output)
    assert [r["proven"] for r in data["score_ranges"]] == ["wins", "cannot_win"]
    passes = [m for m in data["moves"] if m["move"].startswith("pass")]
    assert passes and all(m["score_ranges"][0]["proven"] != "wins" for m in passes)


def test_a_review_says_where_a_proven_win_was_thrown_away(tmp_path):
    # The greedy game behind POSITION; there P1 passes, throwing its proven win away, and greedy play ends it.
    g, agents = Game(players=2, seed=30), [Agent("greedy", seed=30), Agent("greedy", seed=130)]
    target, moves = position().to_json(), []

    def play(move: str) -> None:
        moves.append(move)
        g.play(move)

    while g.to_json() != target:
        play(str(agents[g.current_player].choose(g)))
    thrown = next(str(m) for m in g.legal_moves() if str(m).startswith("pass"))
    play(thrown)
    while not g.is_over:
        play(str(agents[g.current_player].choose(g)))
    record = GameRecord(players=2, seed=30, moves=moves)
    result = review(record, iterations=30)
    the_pass = next(m for m in result["moves"] if m["move"] == thrown and m["round"] == 6)
    assert (the_pass["proven_before"], the_pass["proven_after"]) == ("wins", "open")
    assert all(m["proven_before"] is None for m in result["moves"] if m["round"] < 6)
    path = tmp_path / "game.json"
    path.write_text(record.to_json())
    r = CliRunner().invoke(main, ["review", str(path), "--iterations", "30", "--json"])
    assert r.exit_code == 0, r.output
    ply = result["moves"].index(the_pass)
    assert json.loads(r.output)["moves"][ply] == the_pass
    assert proven_note(the_pass) == " proven win lost"
    assert proven_note({**the_pass, "proven_before": "open", "proven_after": "wins"}) == " proven win"
    assert proven_note({**the_pass, "proven_before": None, "proven_after": None}) == ""
