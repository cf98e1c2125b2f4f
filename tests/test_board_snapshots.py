"""The board's main screens as drawn (pytest-textual-snapshot): each game at
80x24 and 120x40. A change in how a screen looks shows as a failing
snapshot with its picture; `pytest --snapshot-update` accepts it."""

from __future__ import annotations

from typing import Any

import pytest

from pavilion.board import BoardApp
from pavilion.board.games import AKROPOLIS, SUMMER, new_table

SIZES = [(80, 24), (120, 40)]


def summer_app() -> BoardApp:
    options = {"--players": ("players", 2), "--seed": ("seed", 5), "--side": ("side", None)}
    options["--wild-order"] = ("wild_order", None)
    table = new_table(SUMMER, options, "human,human")
    for move in ["1O", "2B", "CR"]:
        table.play(move)
    return BoardApp(table)


def akropolis_app() -> BoardApp:
    table = new_table(AKROPOLIS, {"--players": ("players", 2), "--seed": ("seed", 5)}, "human,human")
    for move in ["0@-2,2/1", "0@2,-2/1"]:
        table.play(move)
    return BoardApp(table)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_summer_pavilion_screen(snap_compare: Any, size: tuple[int, int]) -> None:
    assert snap_compare(summer_app(), terminal_size=size)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_akropolis_screen_with_a_ghost(snap_compare: Any, size: tuple[int, int]) -> None:
    # Site tile 1 in hand, turned once, two hexes left of the start: the ghost and its preview.
    assert snap_compare(akropolis_app(), terminal_size=size, press=["1", "r", "left", "left"])
