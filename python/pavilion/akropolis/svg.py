"""Akropolis positions as SVG: each city as flat-topped hexes on the plane
(north up, as `pavilion akropolis show` draws them), each visible hex filled
with its kind's colour and labelled with its letter and level (a plaza's
letter is upper case, with its stars), so the picture reads without colour.
PNG through `pavilion.core.drawing.to_png`."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

from pavilion._engine.akropolis import HEXES, TILES, Game
from pavilion.core.drawing import Drawing, fmt

#: The six neighbours of a hex, in axial steps (north, then clockwise).
NEIGHBOURS = [(0, 1), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1)]
#: Fills by the colour the engine gives each kind (presentation only).
FILL = {
    "blue": "#2f6fc0",
    "yellow": "#e3c11f",
    "red": "#c8302a",
    "purple": "#7d3fa0",
    "green": "#3c9a3c",
    "grey": "#9a9a9a",
}
INK = {"yellow": "#111111", "grey": "#111111"}


def window(city: Iterable[tuple[int, int]], margin: int) -> set[tuple[int, int]]:
    """The city's hexes and the empty ones within `margin` of it."""
    out = set(city)
    ring = set(out)
    for _ in range(margin):
        ring = {(q + dq, r + dr) for q, r in ring for dq, dr in NEIGHBOURS} - out
        out |= ring
    return out


def hex_centre(q: int, r: float, radius: float) -> tuple[float, float]:
    """Flat-topped axial hexes: north (0,+1) straight up, north-east (+1,0) up and right."""
    return 1.5 * q * radius, -math.sqrt(3) * (r + q / 2) * radius


def hex_corners(x: float, y: float, radius: float) -> str:
    return " ".join(
        f"{fmt(x + radius * math.cos(math.radians(60 * k)))},{fmt(y + radius * math.sin(math.radians(60 * k)))}"
        for k in range(6)
    )


def fill_of(letter: str) -> str:
    return FILL[HEXES[letter]["colour"]]


def ink_of(letter: str) -> str:
    return INK.get(HEXES[letter]["colour"], "#ffffff")


def draw_city(
    d: Drawing,
    game: Game,
    seat: int,
    x0: float,
    y0: float,
    radius: float,
    marks: Sequence[tuple[int, Any]] = (),
    room: int = 0,
) -> tuple[float, float]:
    """One city with its top-left corner at (x0, y0); returns its width and height.
    `marks` (rank, move) outline each move's footprint with its rank; `room`
    draws the empty hexes within that many steps of the city faintly, so a
    tile can be put there (the web board)."""
    city = game.city(seat)
    around = sorted(window(city, room) - set(city))
    spots = list(city) + around + [h for _, m in marks for h in m.footprint if h not in city]
    centres = {h: hex_centre(h[0], h[1], radius) for h in spots}
    left = min(x for x, _ in centres.values()) - radius
    top = min(y for _, y in centres.values()) - radius
    width = max(x for x, _ in centres.values()) + radius - left
    height = max(y for _, y in centres.values()) + radius - top
    # Where hex (0, 0) is drawn and how big a hex is: the web board finds the hex under the mouse from these.
    g = d.add(
        "g",
        id=f"city-{seat + 1}",
        data_seat=seat,
        data_ox=fmt(x0 - left),
        data_oy=fmt(y0 - top),
        data_radius=fmt(radius),
    )

    def at(hex_: tuple[int, int]) -> tuple[float, float]:
        """Where a hex's centre is drawn."""
        cx, cy = centres[hex_]
        return x0 + cx - left, y0 + cy - top

    for q, r in around:
        blank = {"fill": "#ffffff", "stroke": "#e2dccf"}
        d.add("polygon", g, points=hex_corners(*at((q, r)), radius * 0.97), data_target=f"hex-{seat}-{q},{r}", **blank)
    for (q, r), (height_, letter, _tile) in city.items():
        x, y = at((q, r))
        d.add(
            "polygon",
            g,
            points=hex_corners(x, y, radius * 0.97),
            fill=fill_of(letter),
            stroke="#222222",
            stroke_width=fmt(1 + 0.8 * (height_ - 1)),
            id=f"c{seat + 1}-{q},{r}",
            data_target=f"hex-{seat}-{q},{r}",
        )
        label = f"{letter}{height_}"
        stars = HEXES[letter]["stars"]
        d.text(x, y - (radius * 0.18 if stars else 0), label, radius * 0.55, g, fill=ink_of(letter), font_weight="bold")
        if stars:
            d.text(x, y + radius * 0.42, "★" * stars, radius * 0.32, g, fill=ink_of(letter))
    for rank, m in marks:
        for h in m.footprint:
            d.add(
                "polygon",
                g,
                points=hex_corners(*at(h), radius * 0.8),
                fill="none",
                stroke="#000000",
                stroke_width=fmt(radius * 0.12),
                stroke_dasharray=fmt(radius * 0.25),
            )
        x, y = at(m.footprint[0])
        d.add("circle", g, cx=fmt(x), cy=fmt(y), r=fmt(radius * 0.3), fill="#000000")
        d.text(x, y, str(rank), radius * 0.4, g, fill="#ffffff", font_weight="bold")
    return width, height


def board(
    game: Game,
    seat: int | None = None,
    size: int = 30,
    marks: Sequence[Any] = (),
    site: bool | None = None,
    room: int = 0,
) -> str:
    """An SVG of the position (or of one seat's city): the round, the site
    with each tile's price, then each city with its stones and score. `size`
    is a hex's radius in pixels; `marks` are moves (best first) outlined on
    the mover's city with their rank; `site` draws the site (by default only
    with every city); `room` draws that many rings of empty hexes around each city."""
    with_site = (seat is None if site is None else site) and not game.is_over
    seats = list(range(game.players)) if seat is None else [seat]
    radius = float(size)
    ranked = [(i + 1, m) for i, m in enumerate(marks)]
    # Lay the cities out side by side, measured first on a scratch drawing.
    scratch = Drawing(1, 1)
    sizes = [draw_city(scratch, game, s, 0, 0, radius, ranked if s == game.current_player else (), room) for s in seats]
    head = radius * 1.2
    site_h = radius * 2.2 if with_site else 0.0
    width = max(sum(w for w, _ in sizes) + radius * (len(sizes) + 1), radius * 24)
    height = head + site_h + max(h for _, h in sizes) + radius * 2.4
    d = Drawing(width, height)
    state = "game over" if game.is_over else f"player {game.current_player + 1} to move"
    d.text(
        radius * 0.5,
        head * 0.5,
        f"Akropolis · round {game.round} of {game.rounds} · {state}",
        radius * 0.6,
        text_anchor="start",
        font_weight="bold",
    )
    if with_site:
        x = radius * 0.5
        site_g = d.add("g", id="site")
        for i, tile in enumerate(game.site):
            g = d.add("g", site_g, data_target=f"site-{i}")
            price = "free" if i == 0 else f"{i} stone{'s' if i > 1 else ''}"
            # A clear rectangle under the slot, so a click anywhere on it chooses the tile.
            box = {"width": fmt(radius * 3.3), "height": fmt(radius * 2), "fill_opacity": "0"}
            d.add("rect", g, x=fmt(x - radius * 0.2), y=fmt(head), fill="#ffffff", **box)
            d.text(x, head + radius * 0.4, f"[{i}] {price}", radius * 0.4, g, text_anchor="start", fill="#555555")
            for k, letter in enumerate(TILES[tile]):
                cx, cy = x + radius * 0.45 + k * radius * 0.95, head + radius * 1.3
                d.add("polygon", g, points=hex_corners(cx, cy, radius * 0.45), fill=fill_of(letter), stroke="#222222")
                d.text(cx, cy, letter, radius * 0.4, g, fill=ink_of(letter), font_weight="bold")
            x += radius * 3.6
    x = radius
    top = head + site_h + radius * 1.2
    for s, (w, _h) in zip(seats, sizes, strict=True):
        mark = " · to move" if s == game.current_player and not game.is_over else ""
        stones = game.stones[s]
        d.text(
            x,
            top - radius * 0.6,
            f"P{s + 1}: score {game.scores[s]}, {stones} stone{'' if stones == 1 else 's'}{mark}",
            radius * 0.45,
            text_anchor="start",
            font_weight="bold",
        )
        draw_city(d, game, s, x, top, radius, ranked if s == game.current_player else (), room)
        x += w + radius
    return d.to_string()
