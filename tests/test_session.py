"""The terminal game's shared helpers (`pavilion.core.session`): the move menu's
columns, names and plurals, and what each typed line does, on a session
driven by a scripted prompt."""

from __future__ import annotations

import io

from rich.console import Console

from pavilion import Agent, Game, Search
from pavilion.akropolis.play import AkropolisSession
from pavilion.akropolis.record import AkropolisRecord
from pavilion.core.files import SaveError
from pavilion.core.record import move_seed
from pavilion.core.session import level_spec, menu_lines, plural, short_name
from pavilion.summer.play import PlaySession
from pavilion.summer.record import GameRecord


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


def scripted(
    lines: list[str], seats: list[str] | None = None, *, colour: bool = False, prompts: list[str] | None = None
) -> tuple[PlaySession, io.StringIO]:
    """A session answering its prompts with `lines` (logged into `prompts`),
    printing to a string, on a colour terminal if asked."""
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=colour, color_system="standard" if colour else None)
    answers = iter(lines)

    def ask(prompt: str) -> str:
        if prompts is not None:
            prompts.append(prompt)
        return next(answers)

    record = GameRecord(seed=3, seats=seats or ["human", "greedy"])
    return PlaySession(record, console, ask, hint_iterations=50), out


def test_typed_lines_do_what_they_say(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session, out = scripted(["", "HELP", "moves", "0", "9999999", "save", "save  ", "quit", "no"])
    assert session.human_turn(0) == "quit"
    text = out.getvalue()
    n = len(session.game.legal_moves())
    assert f"✗ no move 0: the menu ('moves') runs 1..{n}" in text
    assert "Commands: moves, hint, undo (to your previous move), save FILE, help, quit" in text
    assert text.splitlines().count("✗ save needs a file name: save FILE") == 2
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
    assert (
        "✗ not saved: cannot write 'no/such/folder.json': the folder 'no/such' does not exist; the game goes on"
        in " ".join(out.getvalue().split())
    )


def test_undo_with_nothing_to_undo_and_after_a_move():
    session, out = scripted(["undo", "1", "undo", "quit", "n"])
    assert session.human_turn(0) is None  # "1" played the first menu move
    assert "✗ nothing to undo: you have not moved yet" in out.getvalue().splitlines()
    assert len(session.record.moves) == 1
    session.play_move(session.game.legal_moves()[0])  # the AI's reply
    assert session.human_turn(0) is None
    assert session.record.moves == [] and "undone: back to your move 1" in out.getvalue()


def test_a_hint_names_the_search_and_its_numbers():
    session, out = scripted(["hint", "quit", "n"])
    session.human_turn(0)
    line = next(line for line in out.getvalue().splitlines() if line.startswith("hint"))
    assert line.startswith("hint (MCTS): ") and "  win rate " in line and "%, margin " in line


def test_a_watched_game_ends_with_its_winner():
    session, out = scripted([], ["greedy", "greedy"])
    assert session.run() == "over"
    text = out.getvalue()
    assert "round 1" in text and "end of the game" in text
    winners = session.game.winners
    names = " and ".join(session.name(s) for s in winners)
    assert f"{'Winner' if len(winners) == 1 else 'Shared victory'}: {names}" in text


def test_a_human_s_moves_are_bold_and_every_move_bold_cyan():
    session, out = scripted([], colour=True)
    first = session.game.legal_moves()[0]
    session.play_move(first)
    mine = out.getvalue()
    out.truncate(0)
    out.seek(0)
    reply = session.game.legal_moves()[0]
    session.play_move(reply)
    theirs = out.getvalue()
    assert mine.startswith("\x1b[1mP1 (human) plays \x1b[0m\x1b[1;36m" + str(first) + "\x1b[0m")
    assert theirs.startswith("P2 (greedy) plays \x1b[1;36m" + str(reply) + "\x1b[0m")
    assert session.record.moves == [str(first), str(reply)]


def test_the_prompts_say_what_they_ask(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    prompts: list[str] = []
    session, out = scripted(["quit", "y", ""], prompts=prompts)
    assert session.run() == "quit"
    assert prompts == [
        "P1 (human) move (help for help)> ",
        "save the game before quitting? [y/N] ",
        "file name [pavilion-game.json]: ",
    ]
    assert "factories" in out.getvalue()  # the position is shown before a human moves


def test_six_digits_are_a_menu_number_and_seven_move_text():
    session, out = scripted([])
    assert session.read_move("000001") == session.game.legal_moves()[0]
    assert session.read_move("0000001") is None
    assert "no move" not in out.getvalue() and "✗" in out.getvalue()


def test_a_hint_is_the_search_seeded_by_the_move_number():
    session, out = scripted([])
    for _ in range(3):
        session.play_move(session.game.legal_moves()[0])
    session.hint()
    s = Search(session.game, seed=3)
    s.run(iterations=50)
    best = s.result(top=1)["moves"][0]
    expected = f"hint (MCTS): {best['move']}  win rate {100 * best['win_rate']:.0f}%, margin {best['margin']:+.1f}"
    assert out.getvalue().splitlines()[-1] == expected


def test_an_exact_hint_says_so():
    g, agent = Game(seed=1), Agent("greedy", seed=1)
    moves = []
    while not g.is_over:
        if Search(g, seed=0).exact:
            break
        m = agent.choose(g)
        moves.append(str(m))
        g.play(m)
    out = io.StringIO()
    session = PlaySession(
        GameRecord(seed=1, seats=["human", "human"], moves=moves), Console(file=out, width=100), lambda p: ""
    )
    session.hint()
    assert out.getvalue().startswith("hint (exact): ")


def test_a_game_nobody_could_save_prints_its_moves_on_one_line(tmp_path, monkeypatch):
    out = io.StringIO()
    session = PlaySession(GameRecord(seed=3, seats=["human", "human"]), Console(file=out, width=20), lambda p: "")
    for _ in range(4):
        session.play_move(session.game.legal_moves()[0])
    moves = list(session.record.moves)
    assert session.save_anywhere([str(tmp_path / "no" / "a.json")]) is not None  # the temporary folder
    out.truncate(0)
    out.seek(0)

    def nowhere(*args: object, **kwargs: object) -> None:
        raise SaveError("disk full")

    monkeypatch.setattr("pavilion.core.session.save_somewhere", nowhere)
    assert session.save_anywhere(["x.json"]) is None
    text = out.getvalue()
    assert " ".join(text.split()).startswith("✗ the game could not be saved anywhere: disk full its moves:")
    assert text.splitlines()[-1] == f"its moves: {' '.join(moves)} (seed 3)"  # one line, however narrow
    assert len(text.splitlines()[-1]) > 20


def test_a_shared_victory_names_every_winner():
    class Finished:
        is_over, winners = True, [0, 1]

    class Shown(PlaySession):
        def position(self) -> str:
            return "the final position"

        def final(self) -> list:
            return []

    out = io.StringIO()
    session = Shown(GameRecord(seed=3, seats=["greedy", "human"]), Console(file=out, width=60), lambda p: "")
    session.game = Finished()  # type: ignore[assignment]
    assert session.run() == "over"
    lines = [line for line in out.getvalue().splitlines() if line.strip()]
    assert lines[0].strip("─ ") == "end of the game" and lines[1:] == [
        "the final position",
        "Shared victory: P1 (greedy) and P2 (human)",
    ]
    Finished.winners = [1]
    out.truncate(0)
    out.seek(0)
    session.run()
    assert out.getvalue().splitlines()[-1] == "Winner: P2 (human)"


def test_a_watched_game_shows_the_position_at_every_round():
    session, out = scripted([], ["greedy", "greedy"])
    session.run()
    assert out.getvalue().count("factories") == 7  # rounds 1-6, then the end


def test_save_returns_the_path_written_and_a_failed_save_says_why(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session, out = scripted(["save no/such/a.json", "save mine.json", "quit", "n"])
    assert session.human_turn(0) == "quit"
    lines = out.getvalue().splitlines()
    assert "✗ not saved: cannot write 'no/such/a.json': the folder 'no/such' does not exist" in lines
    (tmp_path / "other.json").write_text("another game")
    assert session.save("mine.json") == "mine.json"
    assert session.save("other.json") == "other-2.json"  # never over something else


def test_a_watched_game_seeds_each_ai_move_by_its_number():
    spec = "mcts:iterations=10"
    session, _ = scripted([], [spec, "greedy"])
    assert session.run() == "over"
    replay = session.record.new_game()
    for number, text in enumerate(session.record.moves):
        seat = replay.current_player
        assert str(Agent([spec, "greedy"][seat], seed=move_seed(3, number)).choose(replay)) == text
        replay.play(text)


def test_an_interrupted_continued_game_is_saved_over_its_own_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    session, _ = scripted([])
    session.play_move(session.game.legal_moves()[0])
    assert session.save("game.json") == "game.json"
    session.play_move(session.game.legal_moves()[0])
    assert session.save_anywhere(["game.json"]) == "game.json"  # the same game, further on
    assert len(GameRecord.from_json((tmp_path / "game.json").read_text()).moves) == 2
    (tmp_path / "notes.json").write_text("{}")
    assert session.save_anywhere(["notes.json"]) == "notes-2.json"


def test_a_game_s_own_command_keeps_the_turn():
    out = io.StringIO()
    answers = iter(["coords", "quit", "n"])
    session = AkropolisSession(
        AkropolisRecord(seed=3, seats=["human", "greedy"]), Console(file=out, width=120), lambda p: next(answers)
    )
    assert session.human_turn(0) == "quit"
    assert session.coords
