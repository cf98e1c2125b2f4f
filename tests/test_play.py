"""`pavilion play`, `score` and `star`, driven end to end with scripted input."""

import json
from typing import ClassVar

import pytest
from click.testing import CliRunner

from pavilion.cli import main
from pavilion.summer.record import GameRecord
from pavilion.summer.scorepad import ScorePad, ScorePadError


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def play(runner, args, lines):
    return runner.invoke(main, ["play", *args], input="".join(line + "\n" for line in lines), catch_exceptions=False)


def breakdown_rows(output):
    """The cells after the player column of the 'Final scores' table."""
    table = output[output.index("Final scores") :]
    rows = [[c.strip() for c in line.split("│")[1:-1]] for line in table.splitlines() if line.startswith("│")]
    return [row[1:] for row in rows]


def test_full_game_human_vs_greedy(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "4", "--record", "game.json"], ["1"] * 400)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Final scores" in r.output and "end of the game" in r.output
    rec = GameRecord.from_json(open("game.json").read())
    g = rec.replay()
    assert g.is_over and rec.seats == ["human", "greedy"]
    # The printed breakdown is the game's, row by row.
    assert breakdown_rows(r.output) == [
        [str(b["before_end"]), f"+{b['stars']}", f"+{b['all_n']}", str(b["leftovers"]), str(b["total"])]
        for b in g.final_breakdown()
    ]
    winner_line = next(line for line in r.output.splitlines() if line.startswith(("Winner", "Shared victory")))
    assert all(f"P{w + 1}" in winner_line for w in g.winners)


def test_mistyped_and_illegal_input_reprompts(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "2"], ["Z9", "pass", "99999", "save", "", "1", "quit", "n"])
    assert r.exit_code == 0
    out = r.output
    assert "✗ cannot read move 'Z9'" in out
    assert "✗ illegal move: this is the draft phase" in out
    assert "✗ no move 99999" in out
    assert "✗ save needs a file name" in out
    assert "P1 (human) plays" in out, "the game went on after the errors"
    assert "Traceback" not in out


def test_undo_restores_the_exact_position(runner):
    r = play(
        runner,
        ["--seats", "human,greedy", "--seed", "3"],
        ["1", "1", "save before.json", "undo", "save after.json", "quit", "n"],
    )
    assert r.exit_code == 0, r.output
    before = GameRecord.from_json(open("before.json").read())
    after = GameRecord.from_json(open("after.json").read())
    # Back to just before the human's second decision.
    first_human_moves = [i for i in range(len(before.moves)) if before.replay(i).current_player == 0]
    assert after.moves == before.moves[: first_human_moves[-1]]
    assert after.replay().current_player == 0
    assert after.replay() == before.replay(first_human_moves[-1])


def test_save_then_load_continues_identically(runner):
    whole = play(runner, ["--seats", "human,greedy", "--seed", "9", "--record", "whole.json"], ["1"] * 400)
    assert whole.exit_code == 0
    part = play(runner, ["--seats", "human,greedy", "--seed", "9"], ["1"] * 7 + ["save mid.json", "quit", "n"])
    assert part.exit_code == 0
    rest = play(runner, ["--load", "mid.json", "--record", "resumed.json"], ["1"] * 400)
    assert rest.exit_code == 0, rest.output[-1500:]
    assert "moves replayed" in rest.output
    assert json.load(open("resumed.json"))["moves"] == json.load(open("whole.json"))["moves"]


def test_interrupted_game_is_saved(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "1"], ["1", "1"])  # input ends mid-game
    assert r.exit_code == 0
    assert "game interrupted" in r.output and "saved the game record to pavilion-interrupted.json" in r.output
    rec = GameRecord.from_json(open("pavilion-interrupted.json").read())
    assert len(rec.moves) >= 2


def test_all_ai_game_can_be_watched(runner):
    r = runner.invoke(
        main, ["play", "--players", "3", "--seats", "greedy,random,greedy", "--seed", "5", "--side", "gray"]
    )
    assert r.exit_code == 0
    assert r.output.count("round 6: ") == 1 and "Final scores" in r.output
    assert "P3 (greedy) plays" in r.output and "points" in r.output


def test_ai_moves_are_explained(runner):
    import re

    r = runner.invoke(main, ["play", "--seats", "greedy,greedy", "--seed", "2"])
    assert r.exit_code == 0
    lines = [line for line in r.output.splitlines() if " plays " in line]
    assert all(re.fullmatch(r"P[12] \(greedy\) plays \S+: .+", line) for line in lines)
    assert any(re.search(r"plays \d[PGOYBR]: takes \d+ tiles?$", line) for line in lines)
    assert any(re.search(r"plays [PGOYBRC]\d[PGOYBR]?(\+\d)?: \+\d+ points?", line) for line in lines)
    assert any(re.search(r"plays pass(:[PGOYBR]+)?: passes, keeping", line) for line in lines)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--seats", "human,alien"], ["unknown player 'alien'"]),
        (["--seats", "human"], ["1 seat(s) for 2 players"]),
        (["--load", "missing.json"], ["cannot read game record"]),
        (["--ai", "greedy"], ["mcts spec"]),
        (["--level", "godlike"], ["level"]),
    ],
)
def test_play_option_errors(runner, args, words):
    r = runner.invoke(main, ["play", *args])
    assert r.exit_code == 2
    for w in words:
        assert w in r.output


def test_bad_record_file(runner):
    open("bad.json", "w").write(
        json.dumps(
            {
                "format": "pavilion-record",
                "version": 1,
                "players": 2,
                "side": "coloured",
                "wild_order": "PGOYBR",
                "seed": 1,
                "seats": [],
                "moves": ["pass"],
            }
        )
    )
    r = runner.invoke(main, ["play", "--load", "bad.json"])
    assert r.exit_code == 2 and "move 1 ('pass')" in r.output


# --- score pad -----------------------------------------------------------


def test_score_pad_totals_and_winner(runner):
    # Bo's round 1: five tiles scooped first from the centre, −5 (the seeds' FAQ).
    args = ["score", "--players", "Ann,Bo"]
    for r in ["12,-5", "8,10", "1,1", "5,5", "0,0", "30,40"]:
        args += ["--round", r]
    r = runner.invoke(main, args)
    assert r.exit_code == 0
    assert "Winner: Ann" in r.output
    total = next(line for line in r.output.splitlines() if "total" in line)
    assert [c.strip() for c in total.split("│") if c.strip()] == ["total", "61", "57"]
    assert "-5 → 1" in r.output, "the total never drops below 1"


def test_score_pad_shared_victory_and_files(runner):
    pad = ScorePad(["A", "B", "C"], [[10, 10, 3]] * 6)
    assert pad.totals() == [65, 65, 23] and pad.winners() == ["A", "B"]
    open("s.csv", "w").write("A,B,C\n" + "10,10,3\n" * 6)
    r = runner.invoke(main, ["score", "--file", "s.csv"])
    assert r.exit_code == 0 and "Shared victory: A and B" in r.output
    open("s.json", "w").write(json.dumps({"players": ["A", "B"], "rounds": [[-5, 3]]}))
    r = runner.invoke(main, ["score", "--file", "s.json"])
    assert r.exit_code == 0 and "after 1 round(s): B leads" in r.output


def test_score_pad_interactive(runner):
    lines = ["Ann,Bo"] + [str(x) for x in range(1, 12)] + ["oops", "12"]
    r = runner.invoke(main, ["score"], input="\n".join(lines) + "\n")
    assert r.exit_code == 0
    assert "Winner: Bo" in r.output and "47" in r.output


@pytest.mark.parametrize(
    "args, words",
    [
        (["--players", "Ann,Bo", "--round", "1,2,3"], ["2 scores needed"]),
        (["--players", "Ann,Bo", "--round", "x,2"], ["whole numbers"]),
        (["--players", "Ann"], ["2 to 4 players"]),
        (["--round", "1,2"], ["--round needs --players"]),
        (["--file", "nope.csv"], ["cannot read score file"]),
    ],
)
def test_score_errors(runner, args, words):
    r = runner.invoke(main, ["score", *args])
    assert r.exit_code == 2
    for w in words:
        assert w in r.output


def test_score_pad_rejects_a_seventh_round():
    pad = ScorePad(["A", "B"], [[1, 1]] * 6)
    with pytest.raises(ScorePadError):
        pad.add_round([1, 1])


# --- try a star ------------------------------------------------------------


def star_rows(output):
    rows = {}
    for line in output.splitlines():
        cells = [c.strip() for c in line.split("│") if c.strip()]
        if len(cells) == 4 and cells[0].isdigit():
            rows[int(cells[0])] = cells[1:]
    return rows


def test_star_costs_and_points_with_the_wrap(runner):
    r = runner.invoke(main, ["star", "--covered", "1,2,5"])
    assert r.exit_code == 0
    rows = star_rows(r.output)
    assert rows[6] == ["6", "open", "4"], "5-6-1-2: the ring wraps"
    assert rows[3] == ["3", "open", "3"]
    assert rows[4] == ["4", "open", "2"]
    assert rows[1][1] == "covered"


def test_star_empty_and_gray(runner):
    rows = star_rows(runner.invoke(main, ["star"]).output)
    assert all(rows[v] == [str(v), "open", "1"] for v in range(1, 7))
    rows = star_rows(runner.invoke(main, ["star", "--side", "gray", "--covered", "2,3"]).output)
    assert rows[1] == ["3", "open", "3"] and rows[4] == ["4", "open", "3"] and rows[6] == ["6", "open", "1"]
    rows = star_rows(runner.invoke(main, ["star", "--side", "gray", "--star", "C"]).output)
    assert all(rows[v][0] == "3" for v in range(1, 7))


@pytest.mark.parametrize("args", [["--covered", "1,9"], ["--covered", "a"], ["--star", "X"]])
def test_star_errors(runner, args):
    r = runner.invoke(main, ["star", *args])
    assert r.exit_code == 2


def test_levels_are_mcts_budgets_the_engine_accepts():
    import pavilion
    from pavilion.summer.play import LEVELS, level_spec

    assert list(LEVELS) == ["easy", "normal", "strong", "master"]
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["strong"]
    for level in LEVELS:
        pavilion.Agent(level_spec(level))
    assert level_spec("master") == f"mcts:iterations={LEVELS['master']},net=default"


def test_the_master_level_plays_with_the_shipped_network(runner):
    from pavilion.summer.play import LEVELS

    out = play(runner, ["--level", "master", "--seed", "2"], ["1", "save g.json", "quit", "n"])
    assert out.exit_code == 0, out.output
    record = GameRecord.from_json(open("g.json").read())
    assert record.seats == ["human", f"mcts:iterations={LEVELS['master']},net=default"]
    assert len(record.moves) == 2  # yours, and the network-guided search's answer


@pytest.mark.parametrize("players", [3, 4])
def test_the_master_level_plays_3_and_4_players_with_their_own_networks(runner, players):
    import pavilion
    from pavilion.summer.play import LEVELS

    assert pavilion.Agent.DEFAULT_NET_PLAYERS == [2, 3, 4]
    out = play(runner, ["--level", "master", "--players", str(players), "--seed", "2"], ["save g.json", "quit", "n"])
    assert out.exit_code == 0, out.output
    record = GameRecord.from_json(open("g.json").read())
    assert record.seats == ["human"] + [f"mcts:iterations={LEVELS['master']},net=default"] * (players - 1)


def test_the_master_level_is_refused_where_its_network_did_not_learn():
    # Every player count ships a network now: a game whose agent knows only
    # 2-player networks stands for one that does not.
    import pavilion
    from pavilion.core.seats import SetupError, resolve_record
    from pavilion.summer.play import LEVELS

    class TwoOnly:
        DEFAULT_NET_PLAYERS: ClassVar[list[int]] = [2]

        def __init__(self, spec: str) -> None:
            pavilion.Agent(spec)

    class Record(GameRecord):
        AGENT = TwoOnly

    given = {"--players": ("players", 3), "--seed": ("seed", 1)}
    with pytest.raises(SetupError, match="plays the network shipped for 2-player games, not 3 players"):
        resolve_record(Record, None, given, None, "master", None, LEVELS, "normal")
