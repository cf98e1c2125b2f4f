"""`pavilion.svg.board` and `to_png`, where the manual has always imported them
from; their homes are `pavilion.summer.svg` (the board) and
`pavilion.core.drawing` (PNG)."""

from pavilion.core.drawing import check_png_renderer, to_png
from pavilion.summer.svg import board

__all__ = ["board", "check_png_renderer", "to_png"]
