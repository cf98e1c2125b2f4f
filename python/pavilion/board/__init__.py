"""`pavilion board` and `pavilion serve`: both games on a full-screen board
(Textual), played and analysed by pointing, in the terminal or a browser.

`pavilion play` stays the line-based mode; both read and write the same
records, so either continues the other's games."""

from pavilion.board.app import BoardApp, run_board
from pavilion.services.table import BoardGame

__all__ = ["BoardApp", "BoardGame", "run_board"]
