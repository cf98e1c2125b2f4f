"""Positions as pictures: SVG built with the standard library's XML tools, PNG
through resvg (`pip install 'pavilion[png]'`).

A Summer Pavilion board is drawn in its real geometry: six outer stars around
the centre star (orange, red, blue, yellow, green, purple clockwise from the
upper left), each a ring of six diamond spaces, position 1 to 6 clockwise,
turned so that its spaces 2 and 3 face the centre — as the features require
(a pillar joins S2, S3 and two centre spaces; a statue S1, S2 and the next
star's 3 and 4; a window S5 and S6, on the outside). A covered space is
filled with its tile's colour and carries its letter, an open one shows its
printed value; so the picture reads without colour too.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from pavilion._engine import COLOUR_LETTERS, FEATURES, SIDES, STARS, Game, space_cost
from pavilion.core import drawing
from pavilion.core.drawing import fmt, points

if TYPE_CHECKING:
    from pavilion._engine import Feature

#: Tile fills (presentation only: which colour a tile has is the engine's), in the engine's letter order.
FILL = dict(zip(COLOUR_LETTERS, ["#7b3fa0", "#2e8b3e", "#e8730c", "#e8c20c", "#1f5fbf", "#c8202a"], strict=True))
#: Letters drawn on each fill: dark on the light ones.
INK = {c: ("#111111" if c in "OY" else "#ffffff") for c in COLOUR_LETTERS}
OPEN_FILL = "#f4efe6"
#: Direction of each outer star from the centre, degrees counter-clockwise from east.
STAR_ANGLE = dict(zip(STARS[:6], [120, 60, 0, -60, -120, 180], strict=True))
#: Board geometry, in units of a space's side.
SPACE = 1.0
STAR_GAP = 3.6
BOARD_RADIUS = STAR_GAP + 2.2


def polar(r: float, degrees: float) -> tuple[float, float]:
    a = math.radians(degrees)
    return r * math.cos(a), -r * math.sin(a)  # SVG's y grows downwards


def star_centre(star: str) -> tuple[float, float]:
    """A star's centre on the board (the centre star at the origin)."""
    return (0.0, 0.0) if star == STARS[6] else polar(STAR_GAP, STAR_ANGLE[star])


def space_angle(star: str, position: int) -> float:
    """The direction of a space from its star's centre. Positions run
    clockwise; an outer star's 2|3 edge faces the centre, the centre star's
    6|1 edge faces orange, 1|2 red, and so on round."""
    if star == STARS[6]:
        return 90 - 60 * (position - 1)
    facing = STAR_ANGLE[star] + 180
    return facing + 90 - 60 * (position - 1)


def space_polygon(star: str, position: int) -> list[tuple[float, float]]:
    """A space's diamond: the star's centre, two side corners and the tip."""
    cx, cy = star_centre(star)
    a = space_angle(star, position)
    corners = [(0.0, 0.0), polar(SPACE, a - 30), polar(SPACE * math.sqrt(3), a), polar(SPACE, a + 30)]
    return [(cx + x, cy + y) for x, y in corners]


def space_point(star: str, position: int, depth: float) -> tuple[float, float]:
    """A point inside a space, `depth` of the way from its star's centre to its tip."""
    cx, cy = star_centre(star)
    x, y = polar(depth * SPACE * math.sqrt(3), space_angle(star, position))
    return cx + x, cy + y


def feature_point(feature: Feature) -> tuple[float, float]:
    """Where a feature stands: the middle of its spaces' outer corners, pushed
    out for a window (it sits on the board's edge)."""
    pts = [space_point(sp[0], int(sp[1:]), 0.62) for sp in feature["spaces"]]
    x, y = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    if feature["kind"] == "window":
        sx, sy = star_centre(feature["star"])
        return sx + (x - sx) * 2.2, sy + (y - sy) * 2.2
    return x, y


class Drawing(drawing.Drawing):
    """A Summer Pavilion picture under construction: the shared drawing, plus tiles."""

    def tile(
        self, x: float, y: float, size: float, letter: str, parent: ET.Element | None = None, target: str = ""
    ) -> None:
        """A square tile with its letter (colour-blind safe); `target` names what a
        click on it points at (`data-target`, read by the web board)."""
        g = self.add("g", parent, data_target=target) if target else parent
        self.add(
            "rect",
            g,
            x=fmt(x),
            y=fmt(y),
            width=fmt(size),
            height=fmt(size),
            rx=fmt(size / 6),
            fill=FILL[letter],
            stroke="#333333",
            stroke_width="0.8",
        )
        self.text(x + size / 2, y + size / 2, letter, size * 0.62, g, fill=INK[letter], font_weight="bold")

    def tiles(
        self, x: float, y: float, size: float, letters: str, parent: ET.Element | None = None, target: str = ""
    ) -> float:
        """A row of tiles; with `target`, each tile points at `TARGET-LETTER`."""
        for i, letter in enumerate(letters):
            self.tile(x + i * size * 1.1, y, size, letter, parent, f"{target}-{letter}" if target else "")
        return x + len(letters) * size * 1.1


def draw_board(
    d: Drawing,
    game: Game,
    seat: int,
    ox: float,
    oy: float,
    scale: float,
    highlight: Sequence[tuple[str, int, int]] = (),
) -> None:
    """One player's board centred on (ox, oy): stars, features, values, tiles;
    `highlight` rings spaces (star, position, rank) with their rank."""
    covered = game.board(seat)
    g = d.add("g", id=f"board-{seat + 1}")
    d.add(
        "circle",
        g,
        cx=fmt(ox),
        cy=fmt(oy),
        r=fmt(BOARD_RADIUS * scale),
        fill="#fbf8f2",
        stroke="#b8a98a",
        stroke_width="1.5",
    )
    coloured = game.side == SIDES[0]
    for star in STARS:
        for position in range(1, 7):
            name = f"{star}{position}"
            tile = covered.get(name)
            if tile:
                fill, stroke = FILL[tile], "#333333"
            else:
                fill = OPEN_FILL
                stroke = FILL[star] if coloured and star in FILL else "#8a7f6a"
            d.add(
                "polygon",
                g,
                points=points(space_polygon(star, position), scale, ox, oy),
                fill=fill,
                stroke=stroke,
                stroke_width=fmt(max(1.0, scale * 0.06)),
                id=f"p{seat + 1}-{name}",
                data_target=f"space-{seat}-{name}",
            )
            lx, ly = space_point(star, position, 0.78)
            if tile:
                d.text(ox + lx * scale, oy + ly * scale, tile, scale * 0.5, g, fill=INK[tile], font_weight="bold")
            else:
                value = str(space_cost(game.side, star, position))
                d.text(ox + lx * scale, oy + ly * scale, value, scale * 0.45, g, fill="#6b6250")
    for f in FEATURES:
        fx, fy = feature_point(f)
        done = all(sp in covered for sp in f["spaces"])
        letter = f["kind"][0]
        d.add(
            "circle",
            g,
            cx=fmt(ox + fx * scale),
            cy=fmt(oy + fy * scale),
            r=fmt(scale * 0.3),
            fill="#3b3329" if done else "#ffffff",
            stroke="#3b3329",
            stroke_width="1",
        )
        d.text(
            ox + fx * scale,
            oy + fy * scale,
            letter.upper() if done else letter,
            scale * 0.36,
            g,
            fill="#ffffff" if done else "#3b3329",
        )
    for star, position, rank in highlight:
        d.add(
            "polygon",
            g,
            points=points(space_polygon(star, position), scale, ox, oy),
            fill="none",
            stroke="#000000",
            stroke_width=fmt(scale * 0.14),
            stroke_dasharray=f"{fmt(scale * 0.3)}",
        )
        tx, ty = space_point(star, position, 0.35)
        d.add("circle", g, cx=fmt(ox + tx * scale), cy=fmt(oy + ty * scale), r=fmt(scale * 0.26), fill="#000000")
        d.text(ox + tx * scale, oy + ty * scale, str(rank), scale * 0.34, g, fill="#ffffff", font_weight="bold")


def board(game: Game, seat: int | None = None, size: int = 260, marks: Sequence[Any] = ()) -> str:
    """An SVG of the whole position (or of one seat's board): the round and
    wild colour, factories, centre with the start token, supply, then each
    board with its score, hand and kept tiles. `size` is a board's width in
    pixels; `marks` are moves (best first) drawn as numbered rings on their
    target spaces or sources."""
    seats = range(game.players) if seat is None else [seat]
    scale = size / (2 * BOARD_RADIUS + 0.6)
    tile = max(10.0, size / 16)
    cols = min(2, len(seats))
    rows = math.ceil(len(seats) / cols)
    cell_h = size + tile * 4.4
    width = cols * (size + 20) + 20
    d = Drawing(width, 0)
    ranked = [(i + 1, m) for i, m in enumerate(marks)]
    table_h = 0.0 if seat is not None else draw_table(d, game, tile, width, ranked)
    for k, s in enumerate(seats):
        x0 = 20 + (k % cols) * (size + 20)
        y0 = table_h + 10 + (k // cols) * cell_h
        head = f"P{s + 1}  score {game.scores[s]}"
        if game.start_token == s and not game.is_over:
            head += "  · start token"
        if game.has_passed(s) and not game.is_over:
            head += "  · passed"
        if s == game.current_player and not game.is_over:
            head += "  · to move"
        d.text(x0, y0 + tile * 0.6, head, tile * 0.8, text_anchor="start", font_weight="bold")
        highlight = [(m.star, m.space, r) for r, m in ranked if m.kind == "place" and s == game.current_player]
        draw_board(d, game, s, x0 + size / 2, y0 + tile * 1.4 + size / 2, scale, highlight)
        y = y0 + tile * 1.8 + size
        d.text(x0, y + tile / 2, "hand", tile * 0.6, text_anchor="start", fill="#555555")
        d.tiles(x0 + tile * 2.6, y, tile, game.hand(s), target=f"hand-{s}")
        if game.kept(s):
            d.text(x0, y + tile * 1.8, "kept", tile * 0.6, text_anchor="start", fill="#555555")
            d.tiles(x0 + tile * 2.6, y + tile * 1.3, tile, game.kept(s))
    d.resize(width, table_h + rows * cell_h + 20)
    return d.to_string()


def draw_table(d: Drawing, game: Game, tile: float, width: float, ranked: Sequence[tuple[int, Any]]) -> float:
    """The round, the factories, the centre and the supply, in a band at the top; returns its height."""
    state = "game over" if game.is_over else f"{game.phase}, player {game.current_player + 1} to move"
    d.text(
        20,
        tile * 0.7,
        f"Summer Pavilion · round {game.round}/6 · wild {game.wild} · {state}",
        tile * 0.8,
        text_anchor="start",
        font_weight="bold",
    )
    x, y = 20.0, tile * 1.8
    drafts = {(m.source, m.colour): r for r, m in ranked if m.kind == "draft"}
    for i, f in enumerate(game.factories):
        w = max(2, len(f)) * tile * 1.1 + tile * 0.6
        if x + w > width - 10:
            x, y = 20.0, y + tile * 2.2
        g = d.add("g", id=f"factory-{i + 1}")
        d.add(
            "rect",
            g,
            x=fmt(x),
            y=fmt(y),
            width=fmt(w),
            height=fmt(tile * 1.6),
            rx=fmt(tile * 0.8),
            fill="#efe7d6",
            stroke="#b8a98a",
        )
        d.text(x + tile * 0.3, y - tile * 0.15, str(i + 1), tile * 0.5, g, text_anchor="start", fill="#555555")
        d.tiles(x + tile * 0.3, y + tile * 0.3, tile, f, g, target=f"draft-{i + 1}")
        # Every mark on this factory in one label (two marks each with its own would overlap).
        label = " ".join(
            f"#{r} {colour}" for (source, colour), r in sorted(drafts.items(), key=lambda kv: kv[1]) if source == i + 1
        )
        if label:
            d.text(x + w - tile * 0.2, y - tile * 0.15, label, tile * 0.5, g, text_anchor="end", font_weight="bold")
        x += w + tile * 0.5
    y += tile * 2.4
    g = d.add("g", id="centre")
    label = "centre" + (" + start token" if game.start_token is None and game.phase == "draft" else "")
    for (source, colour), r in drafts.items():
        if source == "C":
            label += f"  #{r} {colour}"
    d.text(20, y + tile / 2, label, tile * 0.6, g, text_anchor="start", fill="#555555")
    after = d.tiles(20 + tile * 7.5, y, tile, game.centre, g, target="draft-C")
    g = d.add("g", id="supply")
    d.text(
        max(after, 20 + tile * 7.5) + tile, y + tile / 2, "supply", tile * 0.6, g, text_anchor="start", fill="#555555"
    )
    d.tiles(max(after, 20 + tile * 7.5) + tile * 4, y, tile, game.supply, g, target="supply")
    return y + tile * 2.2
