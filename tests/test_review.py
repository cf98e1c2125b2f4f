"""`pavilion review`: a planted blunder is found, best play is not marked, the
same seed gives the same review, the plot has one curve per seat, and bad
input is one clear error."""

from __future__ import annotations

import json
import math
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from pavilion import Agent, Game, OptionsError, Search, akropolis
from pavilion.akropolis.record import AkropolisRecord
from pavilion.cli import main
from pavilion.record import GameRecord, move_seed
from pavilion.review import Marks, move_accuracy, plot, read_record, review


def greedy_until_the_last_placing(seed: int) -> tuple[Game, list[str]]:
    g = Game(seed=seed)
    agent = Agent("greedy", seed=seed)
    moves: list[str] = []
    while not (g.round == 6 and g.phase == "place"):
        m = agent.choose(g)
        moves.append(str(m))
        g.play(m)
    return g, moves


def planted_blunder(seed: int):
    """A record that plays greedy to the last round's placing, then at the
    first exact position where the worst move loses at least half the win
    rate, plays that worst move, then greedy to the end."""
    g, moves = greedy_until_the_last_placing(seed)
    agent = Agent("greedy", seed=seed)
    planted = None
    while not g.is_over:
        s = Search(g, seed=0)
        ranked = s.result()["moves"] if s.exact else []
        if planted is None and ranked and ranked[0]["win_rate"] - ranked[-1]["win_rate"] >= 0.5:
            planted = (len(moves) + 1, ranked[0], ranked[-1])
            m = ranked[-1]["move"]
        else:
            m = agent.choose(g)
        moves.append(str(m))
        g.play(m)
    return GameRecord(seed=seed, seats=["greedy", "greedy"], moves=moves), planted


def test_a_planted_blunder_in_the_last_round_is_marked():
    for seed in range(1, 40):
        record, planted = planted_blunder(seed)
        if planted:
            break
    assert planted, "no exact position with a losing move in 39 games"
    ply, best, worst = planted
    result = review(record, iterations=200, threads=1)
    found = result["moves"][ply - 1]
    assert (found["ply"], found["move"], found["exact"]) == (ply, str(worst["move"]), True)
    assert found["mark"] == "??"
    assert found["win_before"] == best["win_rate"] and found["win_after"] == worst["win_rate"]
    assert found["loss"] == pytest.approx(best["win_rate"] - worst["win_rate"])
    seat = result["seats"][found["seat"]]
    assert seat["blunders"] >= 1 and seat["accuracy"] < 100


def test_exact_best_play_gets_no_marks():
    # Greedy until the rest of the game can be solved, then the solver's best move at each exact turn.
    for seed in range(1, 30):
        g, moves = greedy_until_the_last_placing(seed)
        agent = Agent("greedy", seed=seed)
        exact_plies = []
        while not g.is_over:
            s = Search(g, seed=0)
            if s.exact:
                exact_plies.append(len(moves) + 1)
                m = s.result(top=1)["moves"][0]["move"]
            else:
                m = agent.choose(g)
            moves.append(str(m))
            g.play(m)
        if len(exact_plies) >= 5:
            break
    assert len(exact_plies) >= 5
    result = review(GameRecord(seed=seed, seats=["greedy", "greedy"], moves=moves), iterations=100, threads=1)
    best_play = [result["moves"][p - 1] for p in exact_plies]
    assert all(m["exact"] and m["loss"] == 0 and m["mark"] == "" for m in best_play)
    assert all(m["accuracy"] == pytest.approx(100, abs=1e-3) for m in best_play)


def test_the_reviewer_s_own_best_moves_get_no_marks_and_the_same_seed_the_same_review():
    # A whole Akropolis game where every move is what the review's search
    # (same seed, same budget) finds best: nothing can be marked.
    g = akropolis.Game(players=2, seed=5)
    moves: list[str] = []
    while not g.is_over:
        s = akropolis.Search(g, seed=move_seed(9, len(moves) + 1), threads=1)
        s.run(iterations=150)
        m = s.result(top=1)["moves"][0]["move"]
        moves.append(str(m))
        g.play(m)
    record = AkropolisRecord(seed=5, seats=["mcts", "mcts"], moves=moves)
    first = review(record, iterations=150, threads=1, seed=9)
    assert [m["move"] for m in first["moves"]] == moves
    assert all(m["best"] == m["move"] and m["loss"] == 0 and not m["mark"] for m in first["moves"])
    assert review(record, iterations=150, threads=1, seed=9) == first
    other = review(record, iterations=150, threads=1, seed=10)
    assert other["moves"] != first["moves"]


def test_marks_and_accuracy():
    marks = Marks()
    assert [marks.mark(x) for x in (0, 0.099, 0.1, 0.2, 0.299, 0.3, 1)] == ["", "", "?!", "?", "?", "??", "??"]
    assert Marks(0.05, 0.05, 0.5).mark(0.05) == "?"
    for bad in [(0, 0.2, 0.3), (0.3, 0.2, 0.4), (0.1, 0.2, 1.5)]:
        with pytest.raises(OptionsError):
            Marks(*bad)
    assert move_accuracy(0) == pytest.approx(100, abs=1e-3)
    assert move_accuracy(0.1) == pytest.approx(103.1668 * math.exp(-0.4354) - 3.1669)  # 10 points: 63.6%
    assert move_accuracy(1) == 0
    assert move_accuracy(0.05) > move_accuracy(0.1) > move_accuracy(0.3) > 0


def test_ctrl_c_keeps_the_moves_reviewed_so_far():
    record = GameRecord(seed=2, seats=["greedy", "greedy"], moves=greedy_until_the_last_placing(2)[1][:4])

    def stop_after_two(n: int) -> None:
        if n == 2:
            raise KeyboardInterrupt

    result = review(record, iterations=50, threads=1, progress=stop_after_two)
    assert result["interrupted"] and [m["ply"] for m in result["moves"]] == [1, 2]
    assert [s["moves"] for s in result["seats"]] == [1, 1]


def three_player_review():
    g = akropolis.Game(players=3, seed=2)
    agents = [akropolis.Agent("greedy", seed=1), akropolis.Agent("random", seed=2), akropolis.Agent("greedy", seed=3)]
    moves = []
    while not g.is_over:
        m = agents[g.current_player].choose(g)
        moves.append(str(m))
        g.play(m)
    record = AkropolisRecord(players=3, seed=2, seats=["greedy", "random", "greedy"], moves=moves)
    return record, review(record, iterations=60, threads=1)


def test_the_plot_has_one_curve_per_seat(tmp_path):
    _record, result = three_player_review()
    svg = tmp_path / "review.svg"
    plot(result, 3, str(svg))
    root = ET.parse(svg).getroot()
    ids = {el.get("id") for el in root.iter()}
    assert {"seat-1", "seat-2", "seat-3"} <= ids and "seat-4" not in ids
    png = tmp_path / "review.png"
    plot(result, 3, str(png))
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    from PIL import Image

    image = Image.open(png).convert("RGB")
    colours = {rgb for _count, rgb in image.getcolors(maxcolors=1 << 24)}
    # matplotlib's first three colours, one per seat's curve.
    for rgb in [(0x1F, 0x77, 0xB4), (0xFF, 0x7F, 0x0E), (0x2C, 0xA0, 0x2C)]:
        assert rgb in colours
    with pytest.raises(OptionsError):
        plot(result, 3, str(tmp_path / "review.pdf"))


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def test_the_command_reviews_a_saved_game(runner):
    record = GameRecord(seed=1, seats=["greedy", "greedy"], moves=greedy_until_the_last_placing(1)[1])
    open("game.json", "w").write(record.to_json())
    r = runner.invoke(main, ["review", "game.json", "--iterations", "100", "--threads", "1", "--json"])
    assert r.exit_code == 0, r.output[-800:]
    data = json.loads(r.output)
    assert [m["move"] for m in data["moves"]] == record.moves and len(data["seats"]) == 2
    table = runner.invoke(main, ["review", "game.json", "--iterations", "100", "--threads", "1", "--plot", "w.svg"])
    assert table.exit_code == 0
    assert "players" in table.output and "accuracy" in table.output and "plot written to 'w.svg'" in table.output
    # A plot never replaces anything but a picture, and says where it went instead.
    again = runner.invoke(main, ["review", "game.json", "--iterations", "20", "--threads", "1", "--plot", "game.svg"])
    assert "plot written to 'game.svg'" in again.output
    open("notes.png", "w").write("my notes")
    moved = runner.invoke(main, ["review", "game.json", "--iterations", "20", "--threads", "1", "--plot", "notes.png"])
    assert "plot written to 'notes-2.png' ('notes.png' holds something else)" in moved.output
    assert open("notes.png").read() == "my notes"
    rows = [line.split("│")[1:-1] for line in table.output.splitlines() if line.startswith("│")]
    by_ply = {int(cells[0]): cells for cells in rows if cells[0].strip().isdigit() and len(cells) == 9}
    assert sorted(by_ply) == list(range(1, len(record.moves) + 1))
    for m in data["moves"]:
        cells = [c.strip() for c in by_ply[m["ply"]]]
        assert cells[3] == m["move"] and cells[5] == f"{100 * m['win_before']:.0f}%"
        assert cells[8].split() == ([m["mark"]] if m["mark"] else [])
    assert read_record(record.to_json()).moves == record.moves


@pytest.mark.parametrize(
    "args, message",
    [
        (["missing.json"], "cannot read game record"),
        (["game.json", "--inaccuracy", "0.5"], "marks must satisfy 0 < inaccuracy <= mistake <= blunder <= 1"),
        (["game.json", "--blunder", "2"], "--blunder"),
        (["game.json", "--plot", "out.pdf"], "--plot: the plot is written as .png or .svg"),
        (
            ["game.json", "--plot", "nowhere/out.png", "--time-per-move", "600"],
            "--plot: cannot write 'nowhere/out.png'",
        ),
        (["summer-empty.json"], "the record has no moves to review"),
        (["notes.json"], 'record: "format" must be one of "pavilion-record", "pavilion-akropolis-record"'),
        (["game.json", "--time-per-move", "0"], "--time-per-move"),
    ],
)
def test_bad_input_is_one_clear_error(runner, monkeypatch, args, message):
    # Every refusal comes before any move is reviewed.
    monkeypatch.setattr("pavilion.cli_review.review", lambda *a, **k: pytest.fail("reviewed before refusing"))
    open("game.json", "w").write(GameRecord(seed=1, seats=["greedy", "greedy"], moves=["1O", "2B"]).to_json())
    open("summer-empty.json", "w").write(GameRecord(seed=1).to_json())
    open("notes.json", "w").write('{"format": "\\u001b[31mnotes"}')
    r = runner.invoke(main, ["review", *args])
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0], r.output
    assert "\x1b" not in r.output


def test_the_review_knows_no_more_than_the_players_did():
    # Round 1 of a game, reviewed twice: once as dealt, once with everything
    # still hidden (the future draws) dealt again. Nothing a player saw differs,
    # so neither may the review.
    _final, moves = greedy_until_the_last_placing(6)
    first_round = []
    replay = Game(seed=6)
    for text in moves:
        if replay.round > 1:
            break
        first_round.append(text)
        replay.play(text)

    class Redealt(GameRecord):
        def new_game(self) -> Game:
            game = super().new_game()
            game.redraw_hidden(12345)
            return game

    as_dealt = GameRecord(seed=6, seats=["greedy", "greedy"], moves=first_round)
    redealt = Redealt(seed=6, seats=["greedy", "greedy"], moves=first_round)
    assert as_dealt.new_game().to_json() != redealt.new_game().to_json()  # the future draws differ
    assert review(as_dealt, iterations=300, threads=1) == review(redealt, iterations=300, threads=1)
