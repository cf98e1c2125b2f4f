"""`pavilion review`: a planted blunder is found, best play is not marked, the
same seed gives the same review, the plot has one curve per seat, and bad
input is one clear error."""

from __future__ import annotations

import importlib.util
import json
import math
import xml.etree.ElementTree as ET
from typing import ClassVar

import pytest
from click.testing import CliRunner

from conftest import ROOT
from pavilion import Agent, Game, Move, NotationError, OptionsError, Search, akropolis
from pavilion.akropolis.record import AkropolisRecord
from pavilion.cli import main
from pavilion.core.record import move_seed
from pavilion.services.review import (
    DEFAULT_SECONDS,
    Marks,
    MoveReview,
    check_plot,
    move_accuracy,
    plot,
    read_record,
    review,
    seat_summaries,
)
from pavilion.summer.record import GameRecord


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


def test_a_review_with_the_network_agrees_with_the_network_s_own_moves(runner):
    # Moves that the network search (the review's seed and budget) finds best: no marks.
    g = akropolis.Game(players=2, seed=5)
    moves: list[str] = []
    for ply in range(1, 7):
        s = akropolis.Search(g, seed=move_seed(9, ply), threads=1, net="default")
        s.run(iterations=300)
        m = s.result(top=1)["moves"][0]["move"]
        moves.append(str(m))
        g.play(m)
    record = AkropolisRecord(seed=5, seats=["mcts:net=default,iterations=300"] * 2, moves=moves)
    guided = review(record, iterations=300, threads=1, seed=9, net="default")
    assert guided["net"] == "default" and [m["move"] for m in guided["moves"]] == moves
    assert all(m["best"] == m["move"] and m["loss"] == 0 and not m["mark"] for m in guided["moves"])
    open("city.json", "w").write(record.to_json())
    args = ["review", "city.json", "--iterations", "300", "--threads", "1", "--seed", "9", "--net", "default", "--json"]
    r = runner.invoke(main, args)
    assert r.exit_code == 0, r.output[-800:]
    assert json.loads(r.output) == guided


def test_marks_and_accuracy():
    marks = Marks()
    assert [marks.mark(x) for x in (0, 0.099, 0.1, 0.2, 0.299, 0.3, 1)] == ["", "", "?!", "?", "?", "??", "??"]
    assert Marks(0.05, 0.05, 0.5).mark(0.05) == "?"
    for bad in [(0, 0.2, 0.3), (0.3, 0.2, 0.4), (0.1, 0.2, 1.5)]:
        with pytest.raises(OptionsError):
            Marks(*bad)
    # The bounds are inclusive where the message says so.
    assert Marks(0.1, 0.2, 0.2).mark(0.2) == "??" and Marks(0.1, 0.2, 1).mark(0.99) == "?"
    with pytest.raises(OptionsError, match=r"^marks must satisfy 0 < inaccuracy <= mistake <= blunder <= 1, not 0.3"):
        Marks(0.3, 0.2, 0.4)
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


def test_seat_summaries_count_each_seat_s_marks_and_average_its_moves():
    record = GameRecord(seed=1, seats=["ann", "bob"], moves=["1O", "2B", "3R", "4Y", "5G"])

    def move(seat: int, loss: float, mark: str) -> MoveReview:
        return {
            "ply": 0,
            "round": 1,
            "seat": seat,
            "move": "",
            "best": "",
            "win_before": 0.5,
            "win_after": 0.5,
            "loss": loss,
            "mark": mark,
            "exact": False,
            "accuracy": move_accuracy(loss),
            "proven_before": None,
            "proven_after": None,
        }

    moves = [move(0, 0.0, ""), move(0, 0.15, "?!"), move(0, 0.45, "??"), move(1, 0.25, "?"), move(1, 0.35, "??")]
    ann, bob = seat_summaries(record, moves)
    assert ann == {
        "seat": 0,
        "player": "ann",
        "moves": 3,
        "inaccuracies": 1,
        "mistakes": 0,
        "blunders": 1,
        "mean_loss": pytest.approx(0.2),
        "accuracy": pytest.approx((move_accuracy(0) + move_accuracy(0.15) + move_accuracy(0.45)) / 3),
    }
    assert bob == {
        "seat": 1,
        "player": "bob",
        "moves": 2,
        "inaccuracies": 0,
        "mistakes": 1,
        "blunders": 1,
        "mean_loss": pytest.approx(0.3),
        "accuracy": pytest.approx((move_accuracy(0.25) + move_accuracy(0.35)) / 2),
    }
    # A seat with no moves reviewed yet (Ctrl-C early), and a record without names.
    unnamed = GameRecord(seed=1, moves=["1O"])
    assert [(s["player"], s["moves"], s["mean_loss"], s["accuracy"]) for s in seat_summaries(unnamed, moves[:1])] == [
        ("", 1, 0.0, pytest.approx(100, abs=1e-3)),
        ("", 0, 0.0, 0.0),
    ]


class ScriptedSearch:
    """Stands in for the engine's search: each ply's first search lists the
    moves of `SCRIPT[ply]`, found by an MCTS ("mcts"), by the solver before
    any search ("solver"), or by an MCTS whose tree proved the root on the
    way ("proven"); every construction and run is logged."""

    SCRIPT: ClassVar[dict[int, tuple[str, list[tuple[str, float | None, int]]]]] = {}
    log: ClassVar[list[tuple]] = []
    nets: ClassVar[list[str | None]] = []

    def __init__(
        self, game: Game, *, seed: int, threads: int, moves: list[str] | None = None, net: str | None = None
    ) -> None:
        self.ply, self.moves = len(game.move_stack) + 1, moves
        self.nets.append(net)
        self.kind = self.SCRIPT[self.ply][0]
        self.exact = self.kind == "solver"
        self.log.append(("search", self.ply, seed, threads, moves and [str(m) for m in moves]))

    def ran(self, iterations: int | None, seconds: float | None, threads: int) -> None:
        self.log.append(("run", self.ply, iterations, seconds, threads))
        self.exact = self.kind != "mcts"

    def result(self, *, pv_length: int) -> dict:
        self.log.append(("result", self.ply, pv_length))
        listed = self.SCRIPT[self.ply][1]
        if self.moves is not None:  # the played move's own search: its win rate a tenth lower
            listed = [(str(self.moves[0]), 0.05, 0)]
        parsed = [(m if m == "x" else Move.parse(m), w, v) for m, w, v in listed]  # "x": some other move
        return {"exact": self.exact, "moves": [{"move": m, "win_rate": w, "visits": v} for m, w, v in parsed]}


def test_each_move_is_searched_once_and_again_alone_only_when_the_first_search_hardly_tried_it(monkeypatch):
    monkeypatch.setattr(ScriptedSearch, "log", [])
    monkeypatch.setattr("pavilion.services.review.run_search", lambda s, i, sec, th: s.ran(i, sec, th))
    moves = greedy_until_the_last_placing(1)[1][:8]
    ScriptedSearch.SCRIPT = {
        1: ("mcts", [(moves[0], 0.6, 900), ("x", 0.5, 100)]),  # played the best
        2: ("mcts", [("x", 0.7, 900), (moves[1], 0.4, 50)]),  # tried 50 times: enough
        3: ("mcts", [("x", 0.7, 900), (moves[2], 0.65, 49)]),  # tried 49 times: searched alone
        4: ("solver", [("x", 0.9, 1), (moves[3], 0.5, 1)]),  # solved first: its value stands, however few visits
        5: ("solver", [("x", 0.9, 1)]),  # not listed (a pruned pass, say): searched alone
        6: ("proven", [("x", 1.0, 1), (moves[5], None, 0)]),  # never reached before the proof: searched alone
        7: ("proven", [("x", 1.0, 5), (moves[6], 0.3, 900)]),  # the proof is the best move's: searched alone
        8: ("proven", [(moves[7], 1.0, 1), ("x", None, 0)]),  # the proven best, played
    }

    class Scripted(GameRecord):
        SEARCH = ScriptedSearch  # type: ignore[assignment]

    record = Scripted(seed=1, seats=["a", "b"], moves=moves)
    result = review(record, iterations=77, threads=3, seed=4)
    assert [(m["ply"], m["best"], m["win_before"], m["win_after"]) for m in result["moves"]] == [
        (1, moves[0], 0.6, 0.6),
        (2, "x", 0.7, 0.4),
        (3, "x", 0.7, 0.05),
        (4, "x", 0.9, 0.5),
        (5, "x", 0.9, 0.05),
        (6, "x", 1.0, 0.05),
        (7, "x", 1.0, 0.05),
        (8, moves[7], 1.0, 1.0),
    ]
    assert [m["loss"] for m in result["moves"]] == pytest.approx([0, 0.3, 0.65, 0.4, 0.85, 0.95, 0.95, 0])
    assert [m["exact"] for m in result["moves"]] == [False, False, False, True, True, True, True, True]
    alone = [(e[1], e[2], e[3], e[4]) for e in ScriptedSearch.log if e[0] == "search" and e[4] is not None]
    assert alone == [(ply, move_seed(4, ply), 3, [moves[ply - 1]]) for ply in (3, 5, 6, 7)]
    first = [e for e in ScriptedSearch.log if e[0] == "search" and e[4] is None]
    assert first == [("search", ply, move_seed(4, ply), 3, None) for ply in range(1, 9)]
    assert {e for e in ScriptedSearch.log if e[0] == "run"} == {("run", ply, 77, None, 3) for ply in range(1, 9)}
    assert {e for e in ScriptedSearch.log if e[0] == "result"} == {("result", ply, 0) for ply in range(1, 9)}
    assert (result["game"], result["iterations"], result["seconds"], result["seed"], result["interrupted"]) == (
        "pavilion-record",
        77,
        None,
        4,
        False,
    )
    assert result["marks"] == {"inaccuracy": 0.1, "mistake": 0.2, "blunder": 0.3}
    assert review(record, iterations=5, marks=Marks(0.2, 0.4, 0.6))["marks"] == {
        "inaccuracy": 0.2,
        "mistake": 0.4,
        "blunder": 0.6,
    }
    # The defaults: seed 0, one thread, DEFAULT_SECONDS a move; seconds alone are passed on as given.
    ScriptedSearch.log.clear()
    result = review(record)
    assert (result["iterations"], result["seconds"], result["seed"]) == (None, DEFAULT_SECONDS, 0)
    assert ("search", 1, move_seed(0, 1), 1, None) in ScriptedSearch.log
    assert ("run", 1, None, DEFAULT_SECONDS, 1) in ScriptedSearch.log
    ScriptedSearch.log.clear()
    review(record, seconds=0.01)
    assert {e for e in ScriptedSearch.log if e[0] == "run"} == {("run", ply, None, 0.01, 1) for ply in range(1, 9)}
    # A network reaches every search, the played move's own included, and the review says which.
    monkeypatch.setattr(ScriptedSearch, "nets", [])
    assert review(record, iterations=5)["net"] is None and set(ScriptedSearch.nets) == {None}
    ScriptedSearch.nets.clear()
    assert review(record, iterations=5, net="my.safetensors")["net"] == "my.safetensors"
    assert ScriptedSearch.nets == ["my.safetensors"] * 12


def test_read_record_names_the_record_in_every_refusal():
    with pytest.raises(NotationError, match=r"^record: not JSON"):
        read_record("{")
    for doc in ("[1, 2]", '"text"', '{"format": 3}'):
        with pytest.raises(NotationError, match=r'^record: "format" must be one of "pavilion-record", "pavilion-akr'):
            read_record(doc)


def test_the_plot_format_is_the_last_suffix_in_any_case(monkeypatch):
    assert [check_plot(p) for p in ("a.png", "game.v2.svg", "OUT.SVG", "x.y.PNG")] == ["png", "svg", "svg", "png"]
    for bad in ("plot", "a.svg.pdf", "svg"):
        with pytest.raises(OptionsError, match=r"^the plot is written as .png or .svg, not"):
            check_plot(bad)
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name: None if name == "matplotlib" else real(name))
    with pytest.raises(OptionsError, match=r"^plots need matplotlib: pip install 'pavilion\[plot\]'$"):
        check_plot("a.png")


def svg_points(group: ET.Element) -> list[list[tuple[float, float]]]:
    """Each path's vertices in a group of a matplotlib SVG (its M, L and C end points)."""
    out = []
    for path in group.iter("{http://www.w3.org/2000/svg}path"):
        words = path.get("d", "").replace("\n", " ").split()
        numbers = [w for w in words if w not in ("M", "L", "C", "Q", "z")]
        pairs = [(float(numbers[i]), float(numbers[i + 1])) for i in range(0, len(numbers) - 1, 2)]
        out.append(pairs)
    return out


def svg_circles(group: ET.Element) -> list[tuple[float, float, float, str]]:
    """The circles of a matplotlib scatter group: centre, radius and style.
    One marker is drawn as a path; several, as uses of one path."""
    svg = "{http://www.w3.org/2000/svg}"
    uses = list(group.iter(svg + "use"))
    if not uses:
        ((xs, ys),) = [list(zip(*points, strict=True)) for points in svg_points(group)]
        style = group.find(svg + "path").get("style")
        return [((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, (max(xs) - min(xs)) / 2, style)]
    (shape,) = svg_points(group.find(svg + "defs"))
    radius = (max(x for x, _ in shape) - min(x for x, _ in shape)) / 2
    return [(float(u.get("x")), float(u.get("y")), radius, u.get("style")) for u in uses]


def test_the_plot_draws_each_seat_s_win_rates_and_circles_its_blunders(tmp_path):
    # Three seats over three rounds; seat 1 blunders twice, seat 3 once, seat 2 never.
    moves = []
    for ply in range(1, 19):
        seat = (ply - 1) % 3
        mark = "??" if ply in (4, 10, 12) else ("?" if ply == 5 else "")
        moves.append({"ply": ply, "round": 1 + (ply - 1) // 6, "seat": seat, "win_before": (ply % 7) / 7, "mark": mark})
    path = plot({"moves": moves}, 3, str(tmp_path / "review.svg"))  # type: ignore[typeddict-item]
    text = path.read_text()
    root = ET.fromstring(text)
    groups = {g.get("id"): g for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert (root.get("width"), root.get("height")) == ("720pt", "324pt")  # 10 x 4.5 inches
    (frame,) = svg_points(groups["patch_2"])  # the axes: y from -2% (bottom) to 102% (top)
    bottom, top = frame[0][1], frame[2][1]

    def y_of(win: float) -> float:
        return bottom - (100 * win + 2) / 104 * (bottom - top)

    x_of = {}
    for seat in range(3):
        mine = [m for m in moves if m["seat"] == seat]
        (line,) = svg_points(groups[f"seat-{seat + 1}"])
        assert len(line) == len(mine)
        assert [x for x, _ in line] == sorted(x for x, _ in line)
        assert [y for _, y in line] == pytest.approx([y_of(m["win_before"]) for m in mine], abs=0.01)
        x_of.update({m["ply"]: x for m, (x, _) in zip(mine, line, strict=True)})
        style = groups[f"seat-{seat + 1}"][0].get("style")
        assert "stroke-width: 1.8" in style
        circles = svg_circles(groups[f"blunders-{seat + 1}"]) if f"blunders-{seat + 1}" in groups else []
        blunders = [m for m in mine if m["mark"] == "??"]
        expected = [(x_of[m["ply"]], y_of(m["win_before"]), 90**0.5 / 2) for m in blunders]  # marker area 90 pt²
        assert [v for c in circles for v in c[:3]] == pytest.approx([v for e in expected for v in e], abs=0.01)
        colour = groups[f"seat-{seat + 1}"][0].get("style").split("stroke: ")[1][:7]
        assert all(c[3] == f"fill: none; stroke: {colour}; stroke-width: 2" for c in circles)
    assert "blunders-2" not in groups and "seat-4" not in groups
    # The curves over the round lines, the circles over every curve; the legend at the top left.
    order = [g.get("id") for g in root.iter("{http://www.w3.org/2000/svg}g")]
    assert max(
        order.index(g.get("id"))
        for g in groups.values()
        if "stroke: #d9d9d9" in str(g[0].get("style") if len(g) else "")
    ) < order.index("seat-1")
    assert min(order.index("blunders-1"), order.index("blunders-3")) > order.index("seat-3")
    (legend, *_) = svg_points(groups["legend_1"])
    assert min(x for x, _ in legend) - frame[0][0] < 10 and min(y for _, y in legend) - top < 10
    # A light line where each round starts, labelled with the round.
    starts = [g for g in groups.values() if "stroke: #d9d9d9" in str(g[0].get("style") if len(g) else "")]
    assert sorted(svg_points(g)[0][0][0] for g in starts) == pytest.approx([x_of[1], x_of[7], x_of[13]], abs=0.01)
    assert all("stroke-width: 0.8" in g[0].get("style") for g in starts)
    for label in [
        "round 1",
        "round 2",
        "round 3",
        "P1",
        "P2",
        "P3",
        "win rate before the move (%)",
        "win rate at each decision (circles: blunders)",
    ]:
        assert f"<!-- {label} -->" in text
    assert "<!-- round 4 -->" not in text
    from PIL import Image

    assert Image.open(plot({"moves": moves}, 3, str(tmp_path / "review.png"))).size == (1000, 450)  # type: ignore[typeddict-item]


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
        (
            ["game.json", "--net", str(ROOT / "seeds/nets/akropolis-gen4/net.safetensors")],
            "Error: net: the network reads 'akropolis'",
        ),
        (["game.json", "--net", "missing.safetensors"], "Error: net: network 'missing.safetensors'"),
    ],
)
def test_bad_input_is_one_clear_error(runner, monkeypatch, args, message):
    # Every refusal comes before any move is reviewed.
    monkeypatch.setattr("pavilion.cli.review.review", lambda *a, **k: pytest.fail("reviewed before refusing"))
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
