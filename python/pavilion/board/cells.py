"""A widget of things to point at: text laid out in lines, some pieces of it
cells one can choose (a tile in a factory, a space on a board, a hex of a
city). Arrows move a cursor to the nearest cell that way, Enter or a click
chooses the cell; the widget says so with a `CellGrid.Chosen` message and
leaves what it means to the screen.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

#: How much a row counts against a column when the cursor looks for the next cell
#: (cells sit further apart across than down, so a row weighs more).
ROW_WEIGHT = 3


@dataclass(frozen=True)
class Piece:
    """Text on a line; with `key`, a cell that can be chosen."""

    text: str
    style: str = ""
    key: Hashable | None = None


def placed_lines(grid: dict[int, dict[int, Piece]], rows: int) -> list[list[Piece]]:
    """Pieces placed at (row, column) as `rows` lines, spaces filling the gaps."""
    lines = []
    for y in range(rows):
        line: list[Piece] = []
        x = 0
        for col in sorted(grid.get(y, {})):
            piece = grid[y][col]
            line.append(Piece(" " * (col - x)))
            line.append(piece)
            x = col + len(piece.text)
        lines.append(line)
    return lines


@dataclass(frozen=True)
class Cell:
    key: Hashable
    x: int
    y: int
    width: int


class CellGrid(Widget, can_focus=True):
    """Lines of pieces with a cursor over the cells (see the module)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1, 0)", "left", show=False),
        Binding("right", "step(1, 0)", "right", show=False),
        Binding("up", "step(0, -1)", "up", show=False),
        Binding("down", "step(0, 1)", "down", show=False),
        Binding("enter", "choose", "choose"),
    ]

    class Chosen(Message):
        """A cell was chosen (Enter or a click)."""

        def __init__(self, grid: CellGrid, key: Hashable) -> None:
            super().__init__()
            self.grid = grid
            self.key = key

        @property
        def control(self) -> CellGrid:
            return self.grid

    class Pointed(Chosen):
        """The cursor moved onto a cell (arrows or the mouse)."""

    def __init__(self, *, name: str | None = None, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.cells: list[Cell] = []
        self.cursor: Hashable | None = None
        #: Cells drawn as choosable now (the rest are drawn plain).
        self.marked: set[Hashable] = set()
        self._lines: list[list[Piece]] = []

    # -- what a subclass says -------------------------------------------------------

    def layout_lines(self) -> Sequence[Sequence[Piece]]:
        raise NotImplementedError

    def refresh_cells(self) -> None:
        """Lays the pieces out again (after the position changed) and redraws."""
        self._lines = [list(line) for line in self.layout_lines()]
        cells = []
        for y, line in enumerate(self._lines):
            x = 0
            for piece in line:
                if piece.key is not None:
                    cells.append(Cell(piece.key, x, y, len(piece.text)))
                x += len(piece.text)
        self.cells = cells
        keys = [c.key for c in cells]
        if self.cursor not in keys or (self.marked and self.cursor not in self.marked):
            # Start on something that can be chosen now, if anything can.
            self.cursor = next((k for k in keys if k in self.marked), keys[0] if keys else None)
        self.refresh(layout=True)

    # -- drawing ----------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max((sum(len(p.text) for p in line) for line in self._lines), default=0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self._lines)

    def render(self) -> Text:
        out = Text(no_wrap=True, overflow="crop")
        for y, line in enumerate(self._lines):
            if y:
                out.append("\n")
            for piece in line:
                style = piece.style
                if piece.key is not None and piece.key in self.marked:
                    style += " underline"
                if piece.key is not None and piece.key == self.cursor and self.has_focus:
                    style += " reverse"
                out.append(piece.text, style=style.strip())
        return out

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    # -- pointing ---------------------------------------------------------------------

    def cell(self, key: Hashable | None) -> Cell | None:
        return next((c for c in self.cells if c.key == key), None)

    def point(self, key: Hashable) -> None:
        if key != self.cursor:
            self.cursor = key
            self.refresh()
            self.post_message(self.Pointed(self, key))

    def neighbour(self, key: Hashable, dx: int, dy: int) -> Hashable | None:
        """The cell an arrow (dx, dy) moves to from `key`: the nearest one that way."""
        here = self.cell(key)
        if here is None:
            return None
        cx, cy = here.x + here.width / 2, here.y
        best: tuple[float, Hashable] | None = None
        for c in self.cells:
            if c.key == key:
                continue  # another piece of the same cell (a factory's second blue tile)
            ox, oy = c.x + c.width / 2 - cx, c.y - cy
            along = ox * dx + oy * dy
            if along <= 0:
                continue
            across = abs(oy) if dx else abs(ox)
            cost = (along + ROW_WEIGHT * across) if dx else (along * ROW_WEIGHT + across)
            if best is None or cost < best[0]:
                best = (cost, c.key)
        return best[1] if best else None

    def action_step(self, dx: int, dy: int) -> None:
        if self.cursor is not None:
            there = self.neighbour(self.cursor, dx, dy)
            if there is not None:
                self.point(there)

    def action_choose(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Chosen(self, self.cursor))

    def cell_at(self, x: int, y: int) -> Cell | None:
        return next((c for c in self.cells if c.y == y and c.x <= x < c.x + c.width), None)

    def cell_under(self, event: events.MouseEvent) -> Cell | None:
        """The cell under the mouse, if any."""
        offset = event.get_content_offset(self)
        return None if offset is None else self.cell_at(offset.x, offset.y)

    def on_click(self, event: events.Click) -> None:
        hit = self.cell_under(event)
        if hit is not None:
            self.focus()
            self.point(hit.key)
            self.post_message(self.Chosen(self, hit.key))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        hit = self.cell_under(event)
        if hit is not None:
            self.point(hit.key)
