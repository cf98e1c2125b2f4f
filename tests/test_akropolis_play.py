"""`pavilion akropolis play` end to end with scripted input, and its game
records (the pseudo-terminal test is in test_play_pty.py)."""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from pavilion import akropolis
from pavilion.akropolis.play import LEVELS
from pavilion.akropolis.record import AkropolisRecord
from pavilion.cli import main
from pavilion.core.session import level_spec
from pavilion.summer.record import GameRecord


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def play(runner, args, lines=()):
    text = "".join(line + "\n" for line in lines)
    return runner.invoke(main, ["akropolis", "play", *args], input=text, catch_exceptions=False)


def load(path) -> AkropolisRecord:
    return AkropolisRecord.from_json(open(path).read())


def test_full_game_human_vs_greedy_is_recorded_and_scored(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "4", "--record", "game.json"], ["1"] * 200)
    assert r.exit_code == 0, r.output[-2000:]
    assert "end of the game" in r.output
    rec = load("game.json")
    g = rec.replay()
    assert g.is_over and rec.seats == ["human", "greedy"]
    # The human typed 1 at every turn: every human move is the first legal one.
    replay = rec.new_game()
    for text in rec.moves:
        if replay.current_player == 0:
            assert text == str(replay.legal_moves()[0])
        replay.play(text)
    winner_line = next(line for line in r.output.splitlines() if line.startswith(("Winner", "Shared victory")))
    assert [f"P{w + 1}" in winner_line for w in range(2)] == [w in g.winners for w in range(2)]
    # The final score table (the last one printed) is the game's.
    for seat in range(2):
        row = next(line for line in reversed(r.output.splitlines()) if line.startswith(f"│ P{seat + 1} "))
        assert row.split("│")[-2].strip() == str(g.scores[seat])


def test_ai_moves_are_explained_with_the_engine_s_outcome(runner):
    r = play(runner, ["--seats", "greedy,random", "--seed", "2", "--record", "g.json"])
    assert r.exit_code == 0
    lines = [line for line in r.output.splitlines() if " plays " in line]
    rec = load("g.json")
    assert len(lines) == len(rec.moves)
    g = rec.new_game()
    for line, text in zip(lines, rec.moves, strict=True):
        seat = g.current_player
        out = g.play(text)
        price = "free" if out["cost"] == 0 else f"{out['cost']} stone" + ("s" if out["cost"] > 1 else "")
        expected = f"P{seat + 1} ({rec.seats[seat]}) plays {text}: takes {akropolis.TILES[out['tile']]} ({price}), "
        expected += f"level {out['level']}"
        if out["stones_gained"]:
            n = out["stones_gained"]
            expected += f", +{n} stone{'s' if n > 1 else ''} from quarries"
        assert line == expected + f"; score {g.scores[seat]}"
    assert r.output.count("round 1 of 12: ") == 1 and r.output.count("round 12 of 12: ") == 1


def test_mistyped_and_illegal_input_reprompts(runner):
    r = play(
        runner,
        ["--seats", "human,greedy", "--seed", "2"],
        ["0@50,50/0", "0@1,0/7", "zz", "99999", "moves 9", "save", "1", "quit", "n"],
    )
    assert r.exit_code == 0
    out = r.output
    assert "✗ illegal move: 0@50,50/0: a tile on the ground must touch the city" in out
    assert "✗ '0@1,0/7': the rotation must be 0 to 5" in out
    assert "✗ 'zz': no '@'; a move is i@q,r/k" in out
    assert "✗ no move 99999: the menu ('moves') runs 1.." in out
    assert "✗ moves takes a site tile, 0 to " in out
    assert "✗ save needs a file name" in out
    assert "P1 (human) plays" in out, "the game went on after the errors"
    assert "Traceback" not in out


def test_the_menu_lists_each_tile_s_moves_with_the_hexes_covered(runner):
    game = AkropolisRecord(seed=3).new_game()
    legal = game.legal_moves()
    r = play(runner, ["--seats", "human,greedy", "--seed", "3"], ["moves", "moves 1", "quit", "n"])
    assert r.exit_code == 0
    out = r.output
    # Without a tile: one line per site tile with its menu numbers.
    for i, tile in enumerate(game.site):
        numbers = [n for n, m in enumerate(legal, 1) if m.index == i]
        if i <= game.stones[0]:
            assert f"site tile {i} ({akropolis.TILES[tile]}): moves {numbers[0]}-{numbers[-1]}" in out
        else:
            assert not numbers
            assert f"site tile {i} ({akropolis.TILES[tile]}): costs {i} stones, more than you have" in out
    # With one: each of its moves, numbered as in the full menu, hex by hex.
    rows = re.findall(r"^ *(\d+)\. (\S+) +(.+?) +level (\d)$", out, re.M)
    ones = [(n, m) for n, m in enumerate(legal, 1) if m.index == 1]
    assert [(int(n), text) for n, text, _, _ in rows] == [(n, str(m)) for n, m in ones]
    letters = akropolis.TILES[game.site[1]]
    for (_, _, hexes, level), (_, m) in zip(rows, ones, strict=True):
        assert hexes.split() == [
            w for letter, (q, r) in zip(letters, m.footprint, strict=True) for w in (letter, f"{q},{r}")
        ]
        assert level == "1"


def test_coords_show_where_tiles_can_go(runner):
    game = AkropolisRecord(seed=3).new_game()
    reachable = {h for m in game.legal_moves() for h in m.footprint if h not in game.city(0)}
    r = play(runner, ["--seats", "human,greedy", "--seed", "3"], ["coords", "quit", "n"])
    assert r.exit_code == 0
    after = r.output[r.output.index("move (help for help)> ") :]
    mine = after[after.index("P1 (to move)") : after.index("P2:")]
    labels = set(re.findall(r"(·?)(-?\d+),(-?\d+)", mine))
    assert {(int(q), int(r_)) for dot, q, r_ in labels if dot} == reachable
    assert {(int(q), int(r_)) for dot, q, r_ in labels if not dot} == set(game.city(0))


def test_hint_undo_save_and_load_continue_identically(runner):
    whole = play(runner, ["--seats", "human,greedy", "--seed", "9", "--record", "whole.json"], ["1"] * 200)
    assert whole.exit_code == 0
    part = play(
        runner,
        ["--seats", "human,greedy", "--seed", "9", "--level", "easy"],
        ["1", "2", "hint", "undo", "1", "save mid.json", "quit", "n"],
    )
    assert part.exit_code == 0, part.output[-1500:]
    assert re.search(r"hint \(MCTS\): \d@-?\d+,-?\d+/\d  win rate \d+%, margin [+-]\d+\.\d", part.output)
    assert "undone: back to your move 2" in part.output
    mid = load("mid.json")
    assert len(mid.moves) == 4 and mid.moves == json.load(open("whole.json"))["moves"][:4]
    rest = play(runner, ["--load", "mid.json", "--record", "resumed.json"], ["1"] * 200)
    assert rest.exit_code == 0, rest.output[-1500:]
    assert "4 moves replayed" in rest.output
    assert json.load(open("resumed.json"))["moves"] == json.load(open("whole.json"))["moves"]


def test_an_interrupted_game_is_saved(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "1", "--variants", "hm"], ["1", "1"])  # input ends
    assert r.exit_code == 0
    assert "game interrupted" in r.output and "saved the game record to pavilion-akropolis-interrupted.json" in r.output
    assert "continue it with: pavilion akropolis play --load pavilion-akropolis-interrupted.json" in r.output
    rec = load("pavilion-akropolis-interrupted.json")
    assert len(rec.moves) == 4 and rec.variants == "hm" and rec.replay().variants == "hm"


def test_a_saved_game_is_never_written_over_another(runner):
    open("other.json", "w").write("my notes")
    r = play(runner, ["--seats", "human,greedy", "--seed", "1"], ["1", "save other.json", "quit", "n"])
    assert r.exit_code == 0
    assert open("other.json").read() == "my notes"
    saved = re.search(r"saved the game record to (\S+) \(other.json holds another game\)", r.output)
    assert saved and len(load(saved.group(1)).moves) == 2


@pytest.mark.parametrize(
    "args, words",
    [
        (["--seats", "human,alien"], "--seats: unknown player 'alien'"),
        (["--seats", "human"], "--seats names 1 seat(s) for 2 players"),
        (["--load", "missing.json"], "cannot read game record"),
        (["--ai", "greedy"], "--ai must be an mcts spec"),
        (["--variants", "hz"], "variants 'hz': use the letters h m b t g"),
        (["--long", "--players", "4"], "long"),
        (["--level", "godlike"], "godlike"),
        (["--seats", "human,mcts:iterations=-1"], "iterations"),
    ],
)
def test_play_option_errors(runner, args, words):
    r = runner.invoke(main, ["akropolis", "play", *args])
    assert r.exit_code == 2, r.output
    assert words in r.output and r.output.startswith("Error: ") and r.output.count("\n") == 1


def test_loading_checks_the_options_given_against_the_record(runner):
    AkropolisRecord(seed=5, variants="hm", seats=["human", "greedy"]).to_json()
    open("g.json", "w").write(AkropolisRecord(seed=5, variants="hm", seats=["human", "greedy"]).to_json())
    for args, message in [
        (["--players", "3"], "--players 3 does not match the record (2)"),
        (["--variants", "b"], "--variants b does not match the record (hm)"),
        (["--long"], "--long True does not match the record (False)"),
        (["--seed", "6"], "--seed 6 does not match the record (5)"),
        (["--level", "strong"], "the record says who plays each seat"),
    ]:
        r = runner.invoke(main, ["akropolis", "play", "--load", "g.json", *args])
        assert r.exit_code == 2 and message in r.output, r.output
    # A Summer Pavilion record is not an Akropolis game.
    open("summer.json", "w").write(GameRecord(seed=1).to_json())
    r = runner.invoke(main, ["akropolis", "play", "--load", "summer.json"])
    assert r.exit_code == 2 and 'record: "format" must be "pavilion-akropolis-record"' in r.output


BASE = {
    "format": "pavilion-akropolis-record",
    "version": 1,
    "players": 2,
    "variants": "",
    "long": False,
    "barracks_edge": "outside",
    "lake": "single_hex",
    "seed": 7,
    "seats": [],
    "moves": [],
}


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"version": 2}, "record: this pavilion reads version 1"),
        ({"long": 1}, "record: long: expected a bool"),
        ({"players": True}, "record: players: expected an int"),
        ({"variants": ["h"]}, "record: variants: expected a str"),
        ({"lake": "sea"}, "record: lake must be"),
        ({"long": True, "players": 4}, "record: "),
        ({"seats": ["human", "bogus"]}, "record: seats[1]: unknown player 'bogus'"),
        ({"seats": ["human"]}, "record: seats: 1 seat(s) for 2 players"),
        ({"moves": ["0@9,9/0"]}, "record: move 1 ('0@9,9/0'): illegal move"),
        ({"moves": ["1R"]}, "record: move 1 ('1R'): "),
        ({"rng": 3}, "record: unknown field 'rng'"),
    ],
)
def test_bad_records_are_refused_with_exact_reasons(changes, message):
    with pytest.raises(akropolis.NotationError) as e:
        AkropolisRecord.from_json(json.dumps({**BASE, **changes}))
    assert str(e.value).startswith(message), str(e.value)


def test_a_record_round_trips_and_spells_options_as_the_engine_does():
    rec = AkropolisRecord.from_json(json.dumps({**BASE, "variants": "MH", "long": True, "moves": ["0@1,0/0"]}))
    assert rec.variants == "hm" and rec.long
    again = AkropolisRecord.from_json(rec.to_json())
    assert again == rec and again.replay() == rec.replay()
    assert again.replay().move_stack == [akropolis.Move.parse("0@1,0/0")]


def test_levels_are_mcts_budgets_the_engine_accepts():
    assert list(LEVELS) == ["easy", "normal", "strong", "master"]
    assert LEVELS["easy"] < LEVELS["normal"] < LEVELS["strong"]
    for level in LEVELS:
        akropolis.Agent(level_spec(LEVELS, level))
    assert level_spec(LEVELS, "master") == f"mcts:iterations={LEVELS['master']},net=default"


def test_the_master_level_plays_with_the_shipped_network(runner):
    out = play(runner, ["--level", "master", "--seed", "2"], ["1", "save g.json", "quit", "n"])
    assert out.exit_code == 0, out.output
    record = load("g.json")
    assert record.seats == ["human", f"mcts:iterations={LEVELS['master']},net=default"]
    assert len(record.moves) == 2  # yours, and the network-guided search's answer


@pytest.mark.parametrize("players", [3, 4])
def test_the_master_level_plays_3_and_4_players_with_the_network_that_learned_them(runner, players):
    assert akropolis.Agent.DEFAULT_NET_PLAYERS == [2, 3, 4]
    args = ["--level", "master", "--players", str(players), "--seed", "2"]
    out = play(runner, args, ["1", "save g.json", "quit", "n"])
    assert out.exit_code == 0, out.output
    record = load("g.json")
    assert record.seats == ["human"] + [f"mcts:iterations={LEVELS['master']},net=default"] * (players - 1)
    assert len(record.moves) == players  # yours, and each network-guided answer


def test_a_record_s_game_has_every_option_of_the_record():
    from pavilion.akropolis.record import AkropolisRecord

    options = {
        "variants": "hmb",
        "long": True,
        "barracks_edge": "any_empty",
        "lake": "enclosed_region",
    }  # none the default
    record = AkropolisRecord(players=2, seed=4, **options)
    expected = akropolis.Game(players=2, seed=4, **options)
    assert record.new_game().to_json() == expected.to_json()
