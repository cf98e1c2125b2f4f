"""The terminal game's shared helpers (`pavilion.session`): the move menu's
columns, names and plurals, and what each typed line does, on a session
driven by a scripted prompt."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from pavilion.play import PlaySession
from pavilion.record import GameRecord
from pavilion.session import level_spec, menu_lines, plural, short_name


def test_plural_counts_one_as_one():
    assert [plural(n, "move") for n in (0, 1, 2, -1, -2)] == ["0 moves", "1 move", "2 moves", "-1 move", "-2 moves"]


def test_the_menu_reads_down_columns_that_fit_the_width():
    cells = ["aaaa", "bbbb", "cccc", "dddd"]  # "1. aaaa": 7 wide, 2 apart
    assert menu_lines(cells, 16) == ["1. aaaa  3. cccc", "2. bbbb  4. dddd"]  # 7 + 2 + 7 = 16
    assert menu_lines(cells, 15) == ["1. aaaa", "2. bbbb", "3. cccc", "4. dddd"]
    assert menu_lines(cells, 25) == ["1. aaaa  3. cccc", "2. bbbb  4. dddd"]  # 3 columns would leave one empty
    assert menu_lines(cells, 34) == ["1. aaaa  2. bbbb  3. cccc  4. dddd"]
    assert menu_lines(cells, 1) == ["1. aaaa", "2. bbbb", "3. cccc", "4. dddd"]
    assert menu_lines([], 80) == []
    # Numbers right-aligned to the widest; short cells padded so columns line up, no trailing spaces.
    ten = ["x"] * 9 + ["yyy"]
    expected = [" 1. x     6. x", " 2. x     7. x", " 3. x     8. x", " 4. x     9. x", " 5. x    10. yyy"]
    assert menu_lines(ten, 16) == expected


def test_names_and_levels():
    assert short_name("mcts:iterations=15000") == "mcts" and short_name("greedy") == "greedy"
    assert short_name("a:b:c") == "a"
    assert level_spec({"easy": 300, "hard": 9000}, "hard") == "mcts:iterations=9000"


def scripted(lines: list[str], seats: list[str] | None = None) -> tuple[PlaySession, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    answers = iter(lines)
    record = GameRecord(seed=3, seats=seats or ["human", "greedy"])
    return PlaySession(record, console, lambda prompt: next(answers), hint_iterations=50), out


def test_typed_lines_do_what_they_say(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session, out = scripted(["", "HELP", "moves", "0", "9999999", "save", "save  ", "quit", "no"])
    assert session.human_turn(0) == "quit"
    text = out.getvalue()
    n = len(session.game.legal_moves())
    assert f"✗ no move 0: the menu ('moves') runs 1..{n}" in text
    assert "Commands: moves, hint, undo (to your previous move), save FILE, help, quit" in text
    assert text.count("✗ save needs a file name: save FILE") == 2
    assert "1. " in text  # the menu was shown
    assert "9999999" in text.split("✗ no move 0")[1]  # 7 digits are move text, refused as such
    assert not list(tmp_path.iterdir())


def test_quitting_saves_to_the_name_given_or_the_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session, out = scripted(["exit", "Y", ""])
    assert session.human_turn(0) == "quit"
    assert (tmp_path / "pavilion-game.json").exists()
    session, out = scripted(["quit", "yes", "mine.json"])
    assert session.human_turn(0) == "quit" and (tmp_path / "mine.json").exists()
    session, out = scripted(["quit", "y", "no/such/folder.json", "quit", "n"])
    assert session.human_turn(0) == "quit"
    assert "; the game goes on" in " ".join(out.getvalue().split())


def test_undo_with_nothing_to_undo_and_after_a_move():
    session, out = scripted(["undo", "1", "undo", "quit", "n"])
    assert session.human_turn(0) is None  # "1" played the first menu move
    assert "✗ nothing to undo: you have not moved yet" in out.getvalue()
    assert len(session.record.moves) == 1
    session.play_move(session.game.legal_moves()[0])  # the AI's reply
    assert session.human_turn(0) is None
    assert session.record.moves == [] and "undone: back to your move 1" in out.getvalue()


def test_a_hint_names_the_search_and_its_numbers():
    session, out = scripted(["hint", "quit", "n"])
    session.human_turn(0)
    line = next(line for line in out.getvalue().splitlines() if line.startswith("hint"))
    assert line.startswith("hint (MCTS): ") and "  win rate " in line and "%, margin " in line


@pytest.mark.parametrize("seats, banner", [(["greedy", "greedy"], "Winner: ")])
def test_a_watched_game_ends_with_its_winner(seats, banner):
    session, out = scripted([], seats)
    assert session.run() == "over"
    text = out.getvalue()
    assert "round 1" in text and "end of the game" in text
    winners = session.game.winners
    names = " and ".join(session.name(s) for s in winners)
    assert f"{'Winner' if len(winners) == 1 else 'Shared victory'}: {names}" in text
