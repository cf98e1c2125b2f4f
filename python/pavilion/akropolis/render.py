"""Akropolis positions for the terminal: each city as a hex map.

Every visible hex is drawn as its letter and its level (`H1`, `g2`), so the
map reads without colour; colours (the hexes' own, from the engine) help where
the terminal has them. North is up: a hex's northern neighbour is two rows
above it, its north-eastern one a column to the right and a row above.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group
from rich.table import Table
from rich.text import Text

from pavilion._engine.akropolis import DISTRICTS, HEXES, TILES, Game

#: How each hex colour is drawn (presentation only; which colour a hex has is the engine's).
COLOUR_STYLE = {
    "blue": "blue",
    "yellow": "yellow3",
    "red": "red",
    "purple": "magenta",
    "green": "green",
    "grey": "grey50",
}

#: Columns between neighbouring hex columns (a label is two or three characters).
COLUMN = 4


def hex_style(letter: str) -> str:
    style = COLOUR_STYLE[HEXES[letter]["colour"]]
    return f"bold {style}" if HEXES[letter]["plaza"] else style


def tile_text(tile: int) -> Text:
    """A tile's letters, coloured: `Hmb`."""
    t = Text()
    for letter in TILES[tile]:
        t.append(letter, style=hex_style(letter))
    return t


def city_map(
    city: dict[tuple[int, int], tuple[int, str, int]],
    coords: bool = False,
    empty: Iterable[tuple[int, int]] = (),
) -> Text:
    """A city as text: each hex's letter and level at its place on the plane.
    With `coords`, each hex is labelled `q,r` instead (to write moves). `empty`
    hexes (where a tile could go) are drawn dim: `·`, or `·q,r`."""
    width = 7 if coords else COLUMN
    spots = [*city, *(h for h in empty if h not in city)]
    qs = [q for q, _ in spots]
    rows = [-(2 * r + q) for q, r in spots]
    q0, y0 = min(qs), min(rows)
    lines: dict[int, dict[int, tuple[str, str]]] = {}
    for q, r in spots:
        if (q, r) in city:
            height, letter, _tile = city[(q, r)]
            label = f"{q},{r}" if coords else f"{letter}{height if height < 10 else '+'}"
            style = hex_style(letter)
        else:
            label, style = (f"·{q},{r}" if coords else "·"), "dim"
        lines.setdefault(-(2 * r + q) - y0, {})[(q - q0) * width] = (label, style)
    out = Text()
    for y in range(max(rows) - y0 + 1):
        row = lines.get(y, {})
        x = 0
        for col in sorted(row):
            label, style = row[col]
            out.append(" " * (col - x))
            out.append(label, style=style)
            x = col + len(label)
        out.append("\n")
    return out


def site(game: Game) -> Text:
    t = Text("site: ")
    for i, tile in enumerate(game.site):
        t.append(f"[{i}] ")
        t.append_text(tile_text(tile))
        t.append(f" #{tile}" + (" (free)" if i == 0 else f" ({i} stone{'s' if i > 1 else ''})") + "   ")
    return t


def scores(game: Game) -> Table:
    t = Table(title="scores (stars × value per district, plus stones)")
    t.add_column("player")
    for name in DISTRICTS:
        t.add_column(name, justify="right")
    t.add_column("stones", justify="right")
    t.add_column("total", justify="right")
    for seat in range(game.players):
        b = game.score_breakdown(seat)
        parts = [f"{b[d]['stars']}×{b[d]['value']}={b[d]['score']}" for d in DISTRICTS]  # type: ignore[literal-required]
        t.add_row(f"P{seat + 1}", *parts, str(b["stones"]), str(b["total"]))
    return t


def empty_reachable(game: Game) -> set[tuple[int, int]]:
    """The empty hexes of the mover's city that some legal move covers."""
    city = game.city(game.current_player)
    return {h for m in game.legal_moves() for h in m.footprint if h not in city}


def position(game: Game, coords: bool = False, show_empty: bool = False) -> Group:
    """The whole position: options, round, site, each city, the scores. With
    `show_empty`, the mover's city also shows the empty hexes a tile can cover."""
    state = "game over" if game.is_over else f"player {game.current_player + 1} to move"
    head = Text(
        f"Akropolis · {game.players} players{' · long game' if game.long else ''} · "
        f"variants: {game.variants or 'none'} · round {game.round} of {game.rounds} · "
        f"{game.stacks_left} stacks left · {state}",
        style="bold",
    )
    parts: list[Text | Table] = [head, site(game) if not game.is_over else Text("")]
    for seat in range(game.players):
        mark = " (to move)" if seat == game.current_player and not game.is_over else ""
        stones = f"{game.stones[seat]} stone{'' if game.stones[seat] == 1 else 's'}"
        parts.append(Text(f"\nP{seat + 1}{mark}: {stones}, score {game.scores[seat]}", style="bold"))
        empty = empty_reachable(game) if show_empty and mark else ()
        parts.append(city_map(game.city(seat), coords, empty))
    parts.append(scores(game))
    if game.is_over:
        parts.append(Text("winner(s): " + ", ".join(f"P{s + 1}" for s in game.winners), style="bold"))
    return Group(*parts)


def legend() -> Text:
    """What each hex letter means (from the engine's hex table)."""
    t = Text("hexes: ")
    for letter, info in HEXES.items():
        t.append(letter, style=hex_style(letter))
        kind = info["kind"]
        t.append(f" {kind} plaza ★{info['stars']}   " if info["plaza"] else f" {kind}   ")
    t.append("\nA label is the letter and the level (H1: a house plaza on level 1).")
    return t
