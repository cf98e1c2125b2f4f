"""Drives the board app as a person would, for the board tests: it points at
cells with the arrow keys (or clicks them), answers the choosers, and waits
for the AI. Every move it makes is a move the engine lists, so a test can
check the record and the position after each one."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from textual.pilot import Pilot

from pavilion.board.cells import CellGrid
from pavilion.board.dialogs import ChoiceDialog, TilePicker


async def settle(pilot: Pilot[Any]) -> None:
    """Waits until the AI and every other worker are done and the screen is drawn."""
    for _ in range(200):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if not any(w.is_running for w in pilot.app.workers):
            return


#: Most arrow keys to reach a cell (far more than any board needs).
MAX_PRESSES = 100
ARROWS = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}


def arrow_path(grid: CellGrid, start: Hashable, goal: Hashable) -> list[str]:
    """The fewest arrow keys from `start` to `goal`, by the grid's own arrow moves."""
    came: dict[Hashable, tuple[Hashable, str] | None] = {start: None}
    frontier = [start]
    while frontier and goal not in came:
        nxt = []
        for key in frontier:
            for name, (dx, dy) in ARROWS.items():
                there = grid.neighbour(key, dx, dy)
                if there is not None and there not in came:
                    came[there] = (key, name)
                    nxt.append(there)
        frontier = nxt
    assert goal in came, f"{goal} cannot be reached from {start} with the arrows"
    path = []
    at = goal
    while (step := came[at]) is not None:
        at, name = step
        path.append(name)
    return path[::-1]


async def point(pilot: Pilot[Any], grid: CellGrid, key: Hashable) -> None:
    """Moves the grid's cursor onto `key` with the arrow keys."""
    grid.focus()
    await pilot.pause()
    for _ in range(MAX_PRESSES):
        assert grid.cursor is not None
        if grid.cursor == key:
            return
        # One key at a time: a city's map may grow as the cursor moves.
        await pilot.press(arrow_path(grid, grid.cursor, key)[0])
    raise AssertionError(f"{key} not reached in {MAX_PRESSES} arrow keys")


async def choose(pilot: Pilot[Any], grid: CellGrid, key: Hashable, mouse: bool) -> None:
    """Chooses a cell: arrows then Enter, or a click on it."""
    if mouse:
        cell = grid.cell(key)
        assert cell is not None, key
        grid.scroll_visible(animate=False)
        await pilot.pause()
        offset = grid.content_region.offset - grid.region.offset
        await pilot.click(grid, offset=(offset.x + cell.x, offset.y + cell.y))
    else:
        await point(pilot, grid, key)
        await pilot.press("enter")
    await pilot.pause()


async def pick_option(pilot: Pilot[Any], index: int, mouse: bool) -> None:
    """Picks option `index` of the open ChoiceDialog."""
    screen = pilot.app.screen
    assert isinstance(screen, ChoiceDialog), screen
    if mouse:
        options = screen.query_one("OptionList")
        await pilot.click(options, offset=(2, 1 + index))  # a border row above the first option
    else:
        for _ in range(index):
            await pilot.press("down")
        await pilot.press("enter")
    await pilot.pause()


async def tick_tiles(pilot: Pilot[Any], picks: list[int], mouse: bool) -> None:
    """Ticks the tiles at `picks` in the open TilePicker and presses its button."""
    screen = pilot.app.screen
    assert isinstance(screen, TilePicker), screen
    selection = screen.query_one("SelectionList")
    if mouse:
        for i in picks:
            await pilot.click(selection, offset=(3, 1 + i))
        await pilot.click("#done")
    else:
        selection.focus()
        await pilot.pause()
        at = 0
        for i in sorted(picks):
            for _ in range(i - at):
                await pilot.press("down")
            at = i
            await pilot.press("space")
        await pilot.press("tab")
        await pilot.press("enter")
    await pilot.pause()


def pick(rng: random.Random, moves: list[Any]) -> Any:
    return moves[rng.randrange(len(moves))]
