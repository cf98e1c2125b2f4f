"""Hostile and careless input: games are never lost, nothing crashes or hangs,
hostile text stays text. Each test names the item of the hardening issue it proves."""

from __future__ import annotations

import json
import os
import pickle
import threading
import tracemalloc

import pytest
from click.testing import CliRunner

import pavilion
from conftest import placing_position
from pavilion import Agent, Game, IllegalMoveError, Move, NotationError, OptionsError, Search
from pavilion.cli import main
from pavilion.core.files import MAX_INPUT_BYTES
from pavilion.core.session import menu_lines
from pavilion.summer.record import GameRecord

ESC = "\x1b"


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def play(runner, args, lines):
    return runner.invoke(main, ["play", *args], input="".join(line + "\n" for line in lines))


def record_doc(**changes):
    doc = {
        "format": "pavilion-record",
        "version": 2,
        "players": 2,
        "side": "coloured",
        "wild_order": "PGOYBR",
        "seed": 3,
        "seats": ["human", "greedy"],
        "moves": [],
    }
    doc.update(changes)
    return doc


def write_record(name, **changes):
    with open(name, "w") as f:
        json.dump(record_doc(**changes), f)


def one_error_line(result):
    """The single `Error:` line of a failed command (stderr is mixed into output by CliRunner)."""
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "Traceback" not in result.output
    return lines[0]


# --- 1. menu numbers are ASCII digits ------------------------------------------


def test_1_unicode_digits_are_move_text_not_menu_numbers(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "3"], ["²", "③", "١", "save g.json", "quit", "n"])
    assert r.exit_code == 0 and "Traceback" not in r.output
    for ch in "²③١":
        assert f"✗ cannot read move '{ch}'" in r.output
    assert GameRecord.from_json(open("g.json").read()).moves == [], "no digit played a menu move"


# --- 2. --record is checked up front; a failed write never loses the game -------


def test_2_record_path_in_a_missing_folder_is_refused_at_once(runner):
    line = one_error_line(play(runner, ["--record", "/nonexistent/dir/r.json"], []))
    assert "does not exist" in line


def test_2_a_failed_save_falls_back_and_says_where(runner, tmp_path):
    from rich.console import Console

    from pavilion.summer.play import PlaySession

    rec = GameRecord(seed=5, seats=["human", "greedy"], moves=["1O"])
    out = Console(width=200, record=True)
    session = PlaySession(rec, out, ask=lambda _: "")
    os.mkdir("gone")
    os.rmdir("gone")
    written = session.save_anywhere(["gone/r.json", "pavilion-interrupted.json"])
    assert written == "pavilion-interrupted.json"
    text = out.export_text()
    assert "'gone/r.json'" in text and "saved the game record to pavilion-interrupted.json" in text
    assert GameRecord.from_json(open(written).read()).moves == ["1O"]


# --- 3. a record is checked whole when it is loaded -----------------------------


@pytest.mark.parametrize(
    "seat, words",
    [
        ("bogus", "unknown player 'bogus'"),
        ("mcts:iterations=-5", "iterations '-5': expected a whole number from 1"),
    ],
)
def test_3_unknown_agents_in_a_record_are_refused_on_load(runner, seat, words):
    write_record("r.json", seats=["human", seat])
    line = one_error_line(play(runner, ["--load", "r.json"], ["1"]))
    assert "seats[1]" in line and words in line


# --- 4. a failed save returns to the prompt --------------------------------------


def test_4_save_to_an_impossible_name_says_why_and_goes_on(runner):
    r = play(
        runner,
        ["--seats", "human,greedy", "--seed", "3"],
        ["save a\x00b", "save /nonexistent/x.json", "1", "quit", "n"],
    )
    assert r.exit_code == 0, r.output
    assert r.output.count("✗ not saved:") == 2
    assert "P1 (human) plays" in r.output, "the game went on"


# --- 5. saves never overwrite another game; they are atomic ---------------------


def test_5_a_second_interrupted_game_gets_a_new_name(runner):
    first = play(runner, ["--seats", "human,greedy", "--seed", "1"], ["1"] * 7)
    assert "saved the game record to pavilion-interrupted.json" in first.output
    moves = GameRecord.from_json(open("pavilion-interrupted.json").read()).moves
    assert len(moves) >= 7
    second = play(runner, ["--seats", "human,greedy", "--seed", "2"], [])
    assert "saved the game record to pavilion-interrupted-2.json" in second.output
    assert GameRecord.from_json(open("pavilion-interrupted.json").read()).moves == moves, "the first game is intact"
    assert GameRecord.from_json(open("pavilion-interrupted-2.json").read()).seed == 2
    assert not [f for f in os.listdir(".") if f.endswith(".tmp")], "no temporary file left behind"


def test_5_quit_and_save_does_not_replace_another_game(runner):
    write_record("pavilion-game.json", seed=99, moves=["1G"])
    before = open("pavilion-game.json").read()
    r = play(runner, ["--seats", "human,greedy", "--seed", "4"], ["1", "quit", "y", ""])
    assert "saved the game record to pavilion-game-2.json (pavilion-game.json holds another game)" in r.output
    assert open("pavilion-game.json").read() == before
    assert GameRecord.from_json(open("pavilion-game-2.json").read()).seed == 4


def test_5_continuing_a_loaded_game_updates_its_own_file(runner):
    play(runner, ["--seats", "human,greedy", "--seed", "4"], ["1", "save mine.json", "quit", "n"])
    n = len(GameRecord.from_json(open("mine.json").read()).moves)
    r = play(runner, ["--load", "mine.json"], ["1", "save mine.json", "quit", "n"])
    assert "saved the game record to mine.json;" in r.output, "the same game, extended: replaced in place"
    assert len(GameRecord.from_json(open("mine.json").read()).moves) > n


# --- 6. --load resumes exactly ---------------------------------------------------


def test_6_the_record_keeps_each_seats_agent(runner):
    play(runner, ["--seats", "human,mcts", "--level", "easy", "--seed", "4"], ["1", "save s.json", "quit", "n"])
    rec = GameRecord.from_json(open("s.json").read())
    assert rec.seats == ["human", "mcts:iterations=3000"]
    r = play(runner, ["--load", "s.json"], ["quit", "n"])
    assert r.exit_code == 0 and "P2 (mcts)" in r.output


@pytest.mark.parametrize(
    "option",
    [["--seed", "5"], ["--side", "gray"], ["--wild-order", "RBYOGP"], ["--players", "3"], ["--level", "strong"]],
)
def test_6_options_that_contradict_a_loaded_record_are_errors(runner, option):
    write_record("r.json")
    one_error_line(play(runner, ["--load", "r.json", *option], []))


def test_6_version_1_records_still_load(runner):
    write_record("old.json", version=1, seats=["human", "mcts"])
    assert GameRecord.from_json(open("old.json").read()).seats == ["human", "mcts:iterations=15000"]


# --- 7. budgets out of range ----------------------------------------------------


def test_7_huge_or_invalid_budgets_are_options_errors(runner):
    line = one_error_line(runner.invoke(main, ["arena", "mcts:time=1e20", "greedy", "--games", "2"]))
    assert "time '1e20'" in line and "604800" in line
    g = Game(seed=1)
    with pytest.raises(OptionsError):
        Agent("mcts:time=1e308")
    for bad in (1e30, float("nan"), float("inf"), -1):
        with pytest.raises(OptionsError):
            Search(g).run(seconds=bad)
    open("g.json", "w").write(g.to_json())
    for bad in ("nan", "inf", "1e30", "0"):
        one_error_line(runner.invoke(main, ["solve", "g.json", "--time", bad]))
    from pavilion.core.analysis import solve

    with pytest.raises(OptionsError):
        solve(g, seconds=float("nan"))


# --- 8. one size cap for every reader --------------------------------------------


@pytest.mark.parametrize(
    "args",
    [["show"], ["moves"], ["solve"], ["perft"], ["apply", "/dev/zero", "1O"], ["play", "--load"], ["score", "--file"]],
)
def test_8_dev_zero_is_refused_with_bounded_memory(runner, args):
    if "/dev/zero" not in args:
        args = [*args, "/dev/zero"]
    tracemalloc.start()
    r = runner.invoke(main, args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    line = one_error_line(r)
    assert "larger than 4 MiB" in line
    assert peak < 4 * MAX_INPUT_BYTES


def test_8_endless_stdin_is_refused(runner):
    r = runner.invoke(main, ["show", "-"], input=b"{" * (MAX_INPUT_BYTES + 10))
    assert "standard input is larger than 4 MiB" in one_error_line(r)


# --- 9. nested, huge and out-of-range JSON ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        '{"players": ["a", "b"], "rounds": ' + "[" * 50_000 + "]" * 50_000 + "}",
        '{"players": ["a", "b"], "rounds": [[' + "9" * 5000 + ", 1]]}",
        '{"players": ["a", "b"], "rounds": [[1000, 1]]}',
    ],
)
def test_9_score_sheets_nested_or_huge(runner, text):
    open("s.json", "w").write(text)
    one_error_line(runner.invoke(main, ["score", "--file", "s.json"]))


@pytest.mark.parametrize(
    "changes",
    [{"players": 2**70}, {"seed": -1}, {"seed": 2**64}, {"moves": "[" * 50_000}, {"players": True}, {"extra": 1}],
)
def test_9_records_nested_huge_or_out_of_range(runner, changes):
    text = json.dumps(record_doc(**changes))
    if changes.get("moves") == "[" * 50_000:
        text = text.replace('"' + "[" * 50_000 + '"', "[" * 50_000 + "]" * 50_000)
    open("r.json", "w").write(text)
    one_error_line(play(runner, ["--load", "r.json"], []))


def test_9_a_5000_digit_number_in_a_record(runner):
    open("r.json", "w").write(json.dumps(record_doc()).replace('"seed": 3', '"seed": ' + "7" * 5000))
    one_error_line(play(runner, ["--load", "r.json"], []))


# --- 11. scores cannot overflow ----------------------------------------------------


def test_11_unreachable_scores_are_refused_on_reading():
    doc = Game(seed=1).setup()
    doc["boards"][0]["score"] = 2147483647
    with pytest.raises(NotationError, match=r"boards\[0\]\.score.*257"):
        Game.from_setup(doc)


# --- 12. the API raises ValueError subclasses -------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda g: Game(players=2**70),
        lambda g: Game(players=-1),
        lambda g: g.apply_action(10**20),
        lambda g: g.apply_action(-1),
        lambda g: Move.from_action(10**20),
        lambda g: Move.from_action(pavilion.NUM_ACTIONS),
        lambda g: g.hand(-1),
        lambda g: g.board(2**80),
        lambda g: Search(g, threads=-1),
        lambda g: Search(g).run(iterations=-1),
        lambda g: Search(g).result(top=-1),
        lambda g: g.perft(-1),
        lambda g: g.perft(99),
        lambda g: Game(seed=-1),
        lambda g: pavilion.play_matches(["greedy"], [0], players=2**70),
        lambda g: pavilion.play_matches(["greedy"], [-1]),
    ],
)
def test_12_bad_numbers_raise_value_errors(call):
    with pytest.raises(ValueError) as e:
        call(Game(seed=1))
    assert type(e.value) in (OptionsError, NotationError, IllegalMoveError)


def test_12_messages_name_the_range():
    with pytest.raises(OptionsError, match="players must be from 2 to 4, not -1"):
        Game(players=-1)
    with pytest.raises(NotationError, match="action ids run from 0 to 1991"):
        Move.from_action(1992)


# --- 13. agent specs never change silently ----------------------------------------


@pytest.mark.parametrize(
    "spec, accepts",
    [
        ("mcts:iterations=0", "a whole number from 1 to"),
        ("mcts:time=0", "a number above 0"),
        ("mcts:iterations=0.5", "a whole number"),
        ("mcts:threads=0", "from 1 to 256"),
        ("mcts:threads=1000000", "from 1 to 256"),
        ("mcts:memory=0", "from 1 to"),
        ("mcts:rollout=random", "informed, uniform"),
        ("mcts:c=-1", "from 0 to 100"),
        ("mcts:widen=0", "a number above 0 and at most 100"),
        ("mcts:widen=nan", "a number above 0 and at most 100"),
        ("mcts:iterations=5,iterations=6", "given twice"),
    ],
)
def test_13_out_of_range_agent_options_are_refused(spec, accepts):
    with pytest.raises(OptionsError, match=accepts):
        Agent(spec)


def test_13_search_and_agent_accept_the_same_memory():
    g = Game(seed=1)
    Agent("mcts:memory=1")
    Search(g, memory_mb=1)
    with pytest.raises(OptionsError):
        Search(g, memory_mb=0)


# --- 14. threads and pickle ---------------------------------------------------------


def test_14_one_search_from_two_threads():
    s = Search(Game(seed=3), seed=1)
    errors = []

    def work():
        try:
            s.run(iterations=3000)
            s.result(top=2)
        except Exception as e:
            errors.append(e)

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors and s.iterations == 9000


def test_14_games_and_moves_pickle():
    g = Game(players=3, seed=12, side="gray")
    g.play(g.legal_moves()[3])
    back = pickle.loads(pickle.dumps(g))
    assert back == g and back.seed == 12 and back.legal_moves() == g.legal_moves()
    m = Move.parse("C3O+1")
    assert pickle.loads(pickle.dumps(m)) == m


# --- 15/16. hostile text stays text, and short ---------------------------------------


def test_15_escape_sequences_in_a_record_never_reach_the_terminal(runner):
    write_record("r.json", seats=["human", "x\x1b[31mRED\x1b]0;pwned\x07\x1b[2J"])
    line = one_error_line(play(runner, ["--load", "r.json"], []))
    assert ESC not in line and "\\x1b]0;pwned\\x07" in line


def test_15_escape_sequences_in_a_position_and_in_move_text(runner):
    doc = Game(seed=1).setup()
    doc["format"] = "\x1b]0;pwned\x07"
    open("p.json", "w").write(json.dumps(doc))
    assert ESC not in one_error_line(runner.invoke(main, ["show", "p.json"]))
    write_record("r.json", moves=["\x1b[2J1O"])
    assert ESC not in one_error_line(play(runner, ["--load", "r.json"], []))
    open("g.json", "w").write(Game(seed=1).to_json())
    assert ESC not in one_error_line(runner.invoke(main, ["apply", "g.json", "\x1b[2J"]))


def test_15_rich_markup_in_names_is_shown_as_typed(runner):
    r = runner.invoke(main, ["score", "--players", "Ann [host],Bo", "--round", "3,1"])
    assert "Ann [host]" in r.output and "Ann [host] leads" in r.output
    r = runner.invoke(main, ["score", "--players", "[x],[y]", "--round", "1,2"])
    assert "[x]" in r.output and "[y] leads" in r.output


def test_16_errors_quote_at_most_80_characters_of_a_bad_input(runner):
    doc = Game(seed=1).setup()
    doc["phase"] = "A" * 10_000_000
    open("p.json", "w").write(json.dumps(doc))
    line = one_error_line(runner.invoke(main, ["moves", "p.json"]))
    assert line.count("A") <= 80 and len(line) < 300
    line = one_error_line(runner.invoke(main, ["arena", "B" * 100_000]))
    assert line.count("B") <= 80


# --- 17. click's own errors are one line too ------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ["arena", "--bogus"],
        ["frobnicate"],
        ["solve"],
        ["play", "--players", "9"],
        ["new", "--seed", "x"],
        ["demo", "--side", "purple"],
    ],
)
def test_17_usage_errors_are_one_line(args):
    r = CliRunner().invoke(main, args)
    line = one_error_line(r)
    assert "Usage:" not in r.output and "Try " not in r.output
    assert "--help" in line


def test_17_help_still_works():
    r = CliRunner().invoke(main, ["--help"])
    assert r.exit_code == 0 and "Usage:" in r.output
    r = CliRunner().invoke(main, [])
    assert r.exit_code == 0 and "Commands:" in r.output


# --- 18-20. what a player sees ---------------------------------------------------------


def test_18_the_start_token_holder_is_shown(runner):
    from rich.console import Console

    from pavilion.summer import render

    doc = Game(seed=1).setup()
    doc["start_token"] = 1
    g = Game.from_setup(doc)

    def board_text(seat):
        out = Console(width=100, record=True, file=open(os.devnull, "w"))
        out.print(render.board_table(g, seat))
        return out.export_text()

    assert "holds the start token: starts the next round" in board_text(1)
    assert "start token" not in board_text(0)
    open("p.json", "w").write(g.to_json())
    assert runner.invoke(main, ["show", "p.json"]).output.count("holds the start token") == 1


@pytest.mark.parametrize("width", [60, 61, 80, 120])
def test_19_the_moves_menu_fits_any_width(width):
    g = placing_position(hands={0: "PPGGOOYYBBRR"})
    moves = g.legal_moves()
    assert len(moves) > 100
    lines = menu_lines(moves, width)
    assert all(len(line) <= width for line in lines)
    cells = [cell for line in lines for cell in line.split("  ") if cell.strip()]
    assert [c.split(". ")[1].strip() for c in cells] == [str(m) for m in sorted(moves, key=moves.index)][
        : len(cells)
    ] or sorted(c.split(". ")[1].strip() for c in cells) == sorted(str(m) for m in moves)
    numbers = sorted(int(c.split(".")[0]) for c in cells)
    assert numbers == list(range(1, len(moves) + 1)), "every move once, number and move together"


def test_19_the_menu_in_a_60_column_terminal(runner, monkeypatch):
    import pavilion.cli.root

    monkeypatch.setattr(pavilion.cli.root.console, "width", 60)
    r = runner.invoke(main, ["play", "--seats", "human,greedy", "--seed", "2"], input="moves\nquit\nn\n")
    menu = [line for line in r.output.splitlines() if ". " in line and line.strip()[0].isdigit()]
    assert menu and all(len(line) <= 60 for line in menu)


def test_20_help_explains_the_screen_and_bonus_prompt_shows_the_form(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "2"], ["help", "quit", "n"])
    assert "Legend:" in r.output and "w window (+3), s statue (+2), p pillar (+1)" in r.output
    from rich.console import Console

    from pavilion.summer.play import PlaySession

    g = placing_position(hands={0: "OOOOOO"}, covered={0: {"O5": "O"}})
    rec = GameRecord(seats=["human", "greedy"])
    session = PlaySession(rec, Console(), ask=lambda _: "")
    session.game = g
    assert "bonus" not in session.prompt(0)
    g.play("O6")  # completes the window O5-O6
    session.game = g
    prompt = session.prompt(0)
    assert g.bonus_owed == 3 and "takes 3 bonus tiles" in prompt and f"e.g. bonus:{g.supply[:3]}" in prompt


# --- 21. interactive score pad ------------------------------------------------------------


def test_21_bad_names_are_asked_again(runner):
    r = runner.invoke(main, ["score"], input="Ann\nAnn,Bo\n" + "1\n2\n" * 6)
    assert r.exit_code == 0 and "✗ a score pad is for 2 to 4 players" in r.output
    assert r.output.count("Score pad") == 6, "five running tables and the final one, printed once"
    assert "Winner: Bo" in r.output


def test_21_end_of_input_shows_the_standings_so_far(runner):
    r = runner.invoke(main, ["score"], input="Ann,Bo\n4\n9\n3\n")
    assert r.exit_code == 0 and "after 1 round(s): Bo leads" in r.output


def test_21_json_sheets_are_json_only(runner):
    open("s.json", "w").write("Ann,Bo\n1,2\n")
    assert "not JSON" in one_error_line(runner.invoke(main, ["score", "--file", "s.json"]))
    open("s.csv", "w").write("Ann,Bo\n1,2\n")
    assert runner.invoke(main, ["score", "--file", "s.csv"]).exit_code == 0


# --- 22. small ones --------------------------------------------------------------------------


def test_22_undo_counts_your_own_moves(runner):
    r = play(runner, ["--seats", "human,greedy", "--seed", "3"], ["1", "1", "1", "undo", "quit", "n"])
    assert "undone: back to your move 3" in r.output


def test_22_one_point_is_singular():
    from pavilion.summer.play import describe

    g = Game(seed=1)
    g.play("1" + g.factories[0][0])  # the rest of factory 1 goes to the centre
    doc = g.setup()
    doc["boards"][1]["score"] = 2  # the floor at 1 makes the token cost exactly one point
    g = Game.from_setup(doc)
    take = next(m for m in g.legal_moves() if m.source == "C")
    assert describe(g.play(take)).endswith("and the start token (-1 point)")


def test_22_factory_ten_is_named():
    with pytest.raises(NotationError, match="factory 10 does not exist"):
        Move.parse("10R")


def test_22_moves_of_a_finished_game(runner):
    g = Game(seed=1)
    a = Agent("greedy", seed=1)
    while not g.is_over:
        g.play(a.choose(g))
    open("over.json", "w").write(g.to_json())
    r = runner.invoke(main, ["moves", "over.json"])
    assert r.exit_code == 0 and "the game is over" in r.output


def test_22_an_arena_stopped_before_any_game_says_so(runner, monkeypatch):
    import pavilion.core.analysis

    def stopped(agents, indices, **kwargs):
        if indices:  # (the empty call checks the agents before any game)
            raise KeyboardInterrupt
        return []

    monkeypatch.setattr(pavilion.core.analysis, "play_matches", stopped)
    r = runner.invoke(main, ["arena", "greedy", "random", "--games", "4"])
    assert r.exit_code == 0 and "before any game finished" in r.output and "%" not in r.output


def test_22_play_wild_order_and_agent_specs_in_seats(runner):
    r = play(
        runner,
        ["--seats", "human,mcts:iterations=50,threads=1", "--wild-order", "RBYOGP", "--seed", "4"],
        ["1", "save w.json", "quit", "n"],
    )
    assert r.exit_code == 0 and "round 1: red is wild" in r.output
    rec = GameRecord.from_json(open("w.json").read())
    assert rec.wild_order == "RBYOGP" and rec.seats == ["human", "mcts:iterations=50,threads=1"]


# --- 23. finished positions, supply refill ------------------------------------------------------


def test_23_a_finished_games_file_carries_the_final_scores():
    g = Game(players=3, seed=8, side="gray")
    a = Agent("greedy", seed=2)
    while not g.is_over:
        g.play(a.choose(g))
    doc = g.setup()
    assert [b["final_score"] for b in doc["boards"]] == g.scores
    back = Game.from_json(g.to_json())
    assert (back.scores, back.winners, back.final_breakdown()) == (g.scores, g.winners, g.final_breakdown())


def test_12_integers_by_index_still_work_and_bools_do_not():
    class Index:  # numpy integers behave like this
        def __init__(self, v):
            self.v = v

        def __index__(self):
            return self.v

    g = Game(players=Index(3), seed=Index(2**64 - 1))
    assert (g.players, g.seed) == (3, 2**64 - 1)
    g.apply_action(Index(g.legal_actions()[0]))
    for bad in (True, 1.5, "3"):
        with pytest.raises(TypeError):
            Game(players=bad)


# --- 10. Ctrl-C stops any search at once -----------------------------------------

CHILD = """
import signal, sys, time
signal.signal(signal.SIGINT, signal.default_int_handler)  # even if the parent ignores SIGINT
import pavilion
g = pavilion.Game(seed=1)
placing = pavilion.Game(players=2, seed=5, side="gray")  # a place-phase position with 316 moves
for m in ["5R", "2B", "4B", "CR", "CB", "CG", "1R", "3R", "CO", "G2R", "P3R", "O2R"]:
    placing.play(m)
work = {
    "search": lambda: pavilion.Search(g).run(seconds=1e5),
    "agent": lambda: pavilion.Agent("mcts:time=100").choose(g),
    "matches": lambda: pavilion.play_matches(["mcts:time=100"], [0, 1], threads=2),
    "perft": lambda: placing.perft(6),
}[sys.argv[1]]
print("ready", flush=True)
try:
    work()
except KeyboardInterrupt:
    print("interrupted", flush=True)
"""


@pytest.mark.parametrize("work", ["search", "agent", "matches", "perft"])
def test_10_ctrl_c_stops_long_work_within_a_fraction_of_a_second(work):
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen([sys.executable, "-c", CHILD, work], stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "ready"
    time.sleep(0.5)  # well into the long work
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    out, _ = child.communicate(timeout=30)
    stopped_after = time.monotonic() - sent
    assert out.strip() == "interrupted" and child.returncode == 0
    assert stopped_after < 2.0, f"{work} took {stopped_after:.2f}s to stop"
