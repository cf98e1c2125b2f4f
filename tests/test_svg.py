"""Pictures: SVG that parses as XML, PNG rendered by resvg whose pixels show
the right colour where a tile lies (and not where none does), for both board
sides and 2 and 4 players; the Akropolis twin; the notebook hook and the CLI."""

from __future__ import annotations

import io
import json
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner
from PIL import Image

from conftest import placing_position
from pavilion import Game, akropolis
from pavilion.akropolis import svg as akropolis_svg
from pavilion.cli import main
from pavilion.core import drawing
from pavilion.summer import svg

NS = {"s": "http://www.w3.org/2000/svg"}
STARS = "ORBYGPC"


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def close(a, b, tolerance=12) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def centroid(polygon: ET.Element) -> tuple[int, int]:
    pts = [tuple(map(float, p.split(","))) for p in polygon.get("points").split()]
    return round(sum(x for x, _ in pts) / len(pts)), round(sum(y for _, y in pts) / len(pts))


def render(text: str) -> Image.Image:
    return Image.open(io.BytesIO(drawing.to_png(text))).convert("RGB")


@pytest.mark.parametrize(("side", "players"), [("coloured", 2), ("gray", 2), ("coloured", 4), ("gray", 4)])
def test_covered_spaces_show_their_colour_and_open_ones_do_not(side, players):
    last = players - 1
    covered = {0: {"B4": "B", "R1": "R", "C3": "Y"}, last: {"G6": "G", "O2": "O", "C5": "P"}}
    game = placing_position(players=players, side=side, hands={0: "BB"}, covered=covered)
    text = svg.board(game)
    root = ET.fromstring(text)
    image = render(text)
    assert image.size == (round(float(root.get("width"))), round(float(root.get("height"))))
    polygons = {p.get("id"): p for p in root.iter("{http://www.w3.org/2000/svg}polygon") if p.get("id")}
    for seat in range(players):
        mine = covered.get(seat, {})
        for star in STARS:
            for position in range(1, 7):
                space = f"{star}{position}"
                pixel = image.getpixel(centroid(polygons[f"p{seat + 1}-{space}"]))
                if space in mine:
                    assert close(pixel, rgb(svg.FILL[mine[space]])), (seat, space, pixel)
                else:
                    assert close(pixel, rgb(svg.OPEN_FILL)), (seat, space, pixel)
                    assert not close(pixel, rgb(svg.FILL["B"]), 60)
    # Every tile also carries its letter, and every open space its printed value.
    labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert labels.count("B") >= 1 + 2  # the covered B4 and the two in hand
    assert f"P{players}  score {game.scores[last]}" in labels


def test_the_board_geometry_puts_each_feature_between_its_spaces():
    # Each star's spaces 2 and 3 face the centre, so each pillar stands between
    # its star and the centre star; a window lies outside its star's 5 and 6.
    import math

    from pavilion._engine import FEATURES

    for f in FEATURES:
        fx, fy = svg.feature_point(f)
        sx, sy = svg.star_centre(f["star"])
        outside = math.hypot(fx, fy) > math.hypot(sx, sy)
        assert outside == (f["kind"] == "window"), f
        if f["kind"] == "pillar":
            assert math.hypot(fx, fy) < math.hypot(sx, sy) - 1
    for star in "ORBYGP":
        two, three = svg.space_point(star, 2, 0.6), svg.space_point(star, 3, 0.6)
        five = svg.space_point(star, 5, 0.6)
        assert math.hypot(*two) < math.hypot(*five) and math.hypot(*three) < math.hypot(*five)


def test_akropolis_cities_show_each_hex_in_its_colour():
    g = akropolis.Game(players=3, seed=4)
    agent = akropolis.Agent("greedy", seed=1)
    for _ in range(9):
        g.play(agent.choose(g))
    text = akropolis_svg.board(g, size=24)
    root = ET.fromstring(text)
    image = render(text)
    polygons = {p.get("id"): p for p in root.iter("{http://www.w3.org/2000/svg}polygon") if p.get("id")}
    for seat in range(3):
        for (q, r), (level, letter, _tile) in g.city(seat).items():
            x, y = centroid(polygons[f"c{seat + 1}-{q},{r}"])
            pixel = image.getpixel((x + round(24 * 0.6), y))
            want = akropolis_svg.FILL[akropolis.HEXES[letter]["colour"]]
            assert close(pixel, rgb(want)), (seat, q, r, letter, pixel)
            assert f"{letter}{level}" in [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]


def test_games_draw_themselves_in_notebooks():
    g = Game(seed=2)
    assert g._repr_svg_() == svg.board(g)
    a = akropolis.Game(seed=2)
    assert a._repr_svg_() == akropolis_svg.board(a)
    ET.fromstring(a._repr_svg_())


def test_solve_marks_its_best_moves_on_the_picture():
    g = placing_position(round=6, hands={0: "R", 1: "GG"}, covered={0: {f"R{v}": "R" for v in range(2, 7)}})
    best = [m for m in g.legal_moves() if m.kind == "place"][:2]
    root = ET.fromstring(svg.board(g, marks=best))
    ranks = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text") if t.text in ("1", "2")]
    assert ranks.count("1") >= 1 and ranks.count("2") >= 1
    dashed = [p for p in root.iter("{http://www.w3.org/2000/svg}polygon") if p.get("stroke-dasharray")]
    assert len(dashed) == 2


@pytest.fixture
def runner(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return CliRunner()


def test_show_and_solve_write_pictures_and_never_over_other_files(runner, monkeypatch):
    open("g.json", "w").write(Game(seed=7).to_json())
    open("a.json", "w").write(akropolis.Game(seed=7).to_json())
    r = runner.invoke(main, ["show", "g.json", "--svg", "g.svg", "--png", "g.png"])
    assert r.exit_code == 0 and "picture written to 'g.svg'" in r.output
    ET.parse("g.svg")
    assert open("g.png", "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    r = runner.invoke(main, ["akropolis", "show", "a.json", "--png", "a.png"])
    assert r.exit_code == 0 and Image.open("a.png").size[0] > 300
    r = runner.invoke(main, ["solve", "g.json", "--iterations", "300", "--svg", "s.svg"])
    assert r.exit_code == 0 and "picture written to 's.svg'" in r.output
    r = runner.invoke(main, ["akropolis", "solve", "a.json", "--iterations", "300", "--svg", "as.svg", "--json"])
    assert r.exit_code == 0 and ET.parse("as.svg")
    # A picture replaces a picture, never a game.
    r = runner.invoke(main, ["show", "g.json", "--svg", "g.svg"])
    assert "picture written to 'g.svg'" in r.output
    r = runner.invoke(main, ["show", "g.json", "--svg", "a.json"])
    assert r.exit_code == 0 and "picture written to 'a-2.json' ('a.json' holds something else)" in r.output
    assert akropolis.Game.from_json(open("a.json").read()) == akropolis.Game(seed=7)
    r = runner.invoke(main, ["show", "g.json", "--png", "missing/x.png"])
    assert r.exit_code == 2 and r.output.startswith("Error: --png: cannot write 'missing/x.png'")
    # solve refuses a picture it could not write before searching, and keeps --json pure JSON.
    with monkeypatch.context() as m:
        m.setattr("pavilion.core.analysis.solve", lambda *a, **k: pytest.fail("searched before refusing the picture"))
        r = runner.invoke(main, ["solve", "g.json", "--time", "600", "--svg", "missing/s.svg"])
    assert r.exit_code == 2 and r.output.startswith("Error: --svg: cannot write 'missing/s.svg'")
    r = runner.invoke(main, ["solve", "g.json", "--iterations", "200", "--json", "--svg", "j.svg"])
    assert r.exit_code == 0 and json.loads(r.stdout)["moves"] and "picture written to 'j.svg'" in r.stderr


def test_show_and_solve_read_a_game_record_at_any_move(runner):
    from pavilion.akropolis.record import AkropolisRecord
    from pavilion.summer.record import GameRecord

    g = Game(seed=3)
    moves = []
    for _ in range(3):
        moves.append(str(g.legal_moves()[0]))
        g.play(moves[-1])
    rec = GameRecord(seed=3, seats=["greedy", "greedy"], moves=moves)
    open("r.json", "w").write(rec.to_json())
    open("p.json", "w").write(rec.replay(2).to_json())
    at_two = runner.invoke(main, ["show", "r.json", "--move", "2"])
    assert at_two.exit_code == 0 and at_two.output == runner.invoke(main, ["show", "p.json"]).output
    assert (
        runner.invoke(main, ["show", "r.json"]).output
        == runner.invoke(main, ["show", "-"], input=rec.replay().to_json()).output
    )
    solved = runner.invoke(main, ["solve", "r.json", "--move", "1", "--iterations", "200", "--json"])
    assert solved.exit_code == 0 and json.loads(solved.output)["to_move"] == 1
    for args, message in [
        (["show", "r.json", "--move", "4"], "'r.json': --move must be from 0 to 3 (the record's moves), not 4"),
        (
            ["show", "p.json", "--move", "1"],
            "'p.json': --move picks a position in a game record; this file is a position",
        ),
        (["show", "r.json", "--move", "-1"], "--move"),
    ]:
        r = runner.invoke(main, args)
        assert r.exit_code == 2 and message in r.output, r.output
    arec = AkropolisRecord(seed=3, seats=["greedy", "greedy"], moves=["0@1,0/0"])
    open("a.json", "w").write(arec.to_json())
    r = runner.invoke(main, ["akropolis", "show", "a.json", "--move", "0", "--svg", "a0.svg"])
    assert r.exit_code == 0
    assert ET.parse("a0.svg").getroot().get("width") == ET.fromstring(akropolis_svg.board(arec.replay(0))).get("width")
