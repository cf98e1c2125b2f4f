"""The two games as the board opens them: each game's kind (`pavilion.services.table`)
and the screen that shows it."""

from __future__ import annotations

from pavilion.board.play_screen import PlayScreen
from pavilion.services.table import AKROPOLIS, KINDS, SUMMER, BoardGame, GameKind, kind_of, load_table, new_table
from pavilion.summer.record import GameRecord

__all__ = ["AKROPOLIS", "KINDS", "SUMMER", "kind_of", "load_table", "new_table", "screen_for"]


def screen_for(kind: GameKind, table: BoardGame) -> PlayScreen:
    """The board's screen for a game of `kind`."""
    if kind.record is GameRecord:
        from pavilion.board.summer import SummerScreen

        return SummerScreen(table)
    from pavilion.board.akropolis import AkropolisScreen

    return AkropolisScreen(table)
