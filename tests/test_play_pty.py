"""`pavilion play` in a real pseudo-terminal, as a person would use it: after
every kind of stop a loadable save exists and continues the same game."""

from __future__ import annotations

import os
import shutil
import signal
import sys
import time

import pytest

import pavilion
from pavilion.akropolis.record import AkropolisRecord
from pavilion.summer.record import GameRecord

pexpect = pytest.importorskip("pexpect")

PROMPT = r"move \(help for help\)> "


def ctrl_c_as_at_a_terminal() -> None:
    """Runs in each child before it starts: Ctrl-C interrupts, as at a
    terminal, even when the tests themselves were started in the background
    by a shell without job control, which starts them with SIGINT ignored
    (and Python then never raises KeyboardInterrupt)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def pavilion_in_a_terminal(tmp_path, args, timeout, columns=100):
    """`python -m pavilion ARGS` in a pseudo-terminal, started in `tmp_path`."""
    env = dict(os.environ, TERM="dumb", NO_COLOR="1", COLUMNS=str(columns))
    return pexpect.spawn(
        sys.executable,
        ["-m", "pavilion", *args],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=timeout,
        preexec_fn=ctrl_c_as_at_a_terminal,
    )


def spawn(tmp_path, *args, timeout=30):
    return pavilion_in_a_terminal(tmp_path, ["play", *args], timeout)


def finish(child):
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus


def load(path):
    rec = GameRecord.from_json(open(path).read())
    return rec, rec.replay()


def test_ctrl_c_stops_a_thinking_ai_at_once_and_saves(tmp_path):
    child = spawn(tmp_path, "--seats", "human,mcts:time=10", "--seed", "6")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect("P1 \\(human\\) plays")
    time.sleep(1.0)  # the AI is now searching for 10 s
    start = time.monotonic()
    child.sendintr()
    child.expect("game interrupted", timeout=5)
    stopped_after = time.monotonic() - start
    child.expect("saved the game record to pavilion-interrupted.json")
    assert finish(child) == 0
    assert stopped_after < 3, f"Ctrl-C took {stopped_after:.1f}s to stop a 10 s search"
    rec, game = load(tmp_path / "pavilion-interrupted.json")
    assert len(rec.moves) == 1 and rec.seats == ["human", "mcts:time=10"]
    assert game.current_player == 1, "the AI's interrupted move is not in the record"


def test_ctrl_c_and_ctrl_d_at_the_prompt_save_the_game_and_it_continues(tmp_path):
    child = spawn(tmp_path, "--seats", "human,greedy", "--seed", "8")
    for _ in range(3):
        child.expect(PROMPT)
        child.sendline("1")
    child.expect(PROMPT)
    child.sendintr()
    child.expect("saved the game record to pavilion-interrupted.json")
    assert finish(child) == 0
    first, _game = load(tmp_path / "pavilion-interrupted.json")
    assert len(first.moves) == 6

    child = spawn(tmp_path, "--load", "pavilion-interrupted.json")
    child.expect("6 moves replayed")
    child.expect(PROMPT)
    child.sendline("2")
    child.expect(PROMPT)
    child.sendeof()
    child.expect("saved the game record to pavilion-interrupted.json")  # the same game, extended in place
    assert finish(child) == 0
    second, _ = load(tmp_path / "pavilion-interrupted.json")
    assert second.moves[:6] == first.moves and len(second.moves) == 8


def test_hostile_and_mistyped_input_at_the_prompt(tmp_path):
    child = spawn(tmp_path, "--seats", "human,greedy", "--seed", "3")
    for text, answer in [
        ("²", "cannot read move '²'"),
        ("١", "cannot read move '١'"),
        ("\x1b[2J", "cannot read move"),
        ("save /nonexistent/x.json", "not saved"),
        ("999", "no move 999"),
    ]:
        child.expect(PROMPT)
        child.sendline(text)
        child.expect(answer)
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"\[y/N\]")
    child.sendline("y")
    child.expect("file name")
    child.sendline("")
    child.expect("saved the game record to pavilion-game.json")
    assert finish(child) == 0
    rec, _ = load(tmp_path / "pavilion-game.json")
    assert rec.moves == []


def test_a_record_folder_removed_mid_game_falls_back(tmp_path):
    (tmp_path / "out").mkdir()
    child = spawn(tmp_path, "--seats", "human,greedy", "--seed", "2", "--record", "out/game.json")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    shutil.rmtree(tmp_path / "out")
    child.sendintr()
    child.expect("'out/game.json'")
    child.expect("saved the game record to pavilion-interrupted.json")
    assert finish(child) == 0
    rec, game = load(tmp_path / "pavilion-interrupted.json")
    assert len(rec.moves) == 2 and game.current_player == 0


def test_akropolis_ctrl_c_and_ctrl_d_save_and_the_game_continues(tmp_path):
    def spawn(*args):
        return pavilion_in_a_terminal(tmp_path, ["akropolis", "play", *args], 60)

    child = spawn("--seats", "human,greedy", "--seed", "8")
    for _ in range(2):
        child.expect(r"move \(help for help\)> ")
        child.sendline("1")
    child.expect(r"move \(help for help\)> ")
    child.sendintr()
    child.expect("saved the game record to pavilion-akropolis-interrupted.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    first = AkropolisRecord.from_json(open(tmp_path / "pavilion-akropolis-interrupted.json").read())
    assert len(first.moves) == 4

    child = spawn("--load", "pavilion-akropolis-interrupted.json")
    child.expect("4 moves replayed")
    child.expect(r"move \(help for help\)> ")
    child.sendline("2")
    child.expect(r"move \(help for help\)> ")
    child.sendeof()
    child.expect("saved the game record to pavilion-akropolis-interrupted.json")
    child.expect(pexpect.EOF)
    child.close()
    second = AkropolisRecord.from_json(open(tmp_path / "pavilion-akropolis-interrupted.json").read())
    assert second.moves[:4] == first.moves and len(second.moves) == 6


def test_ctrl_c_during_a_review_shows_the_moves_reviewed_so_far(tmp_path):
    g = pavilion.Game(seed=4)
    agent = pavilion.Agent("greedy", seed=1)
    moves = []
    for _ in range(40):
        moves.append(str(agent.choose(g)))
        g.play(moves[-1])
    (tmp_path / "r.json").write_text(GameRecord(seed=4, seats=["greedy", "greedy"], moves=moves).to_json())
    args = ["review", "r.json", "--time-per-move", "0.3", "--threads", "1"]
    child = pavilion_in_a_terminal(tmp_path, args, 60, columns=120)
    time.sleep(2.5)  # a few moves reviewed, far from all 40
    child.sendintr()
    child.expect("interrupted: the moves reviewed so far")
    shown = child.before
    assert finish(child) == 0
    rows = [line for line in shown.splitlines() if line.startswith("│") and line.split("│")[1].strip().isdigit()]
    assert 1 <= len(rows) < 40
    assert [int(r.split("│")[1]) for r in rows] == list(range(1, len(rows) + 1))
