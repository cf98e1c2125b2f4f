"""The board app: the start screen, or a game opened directly, on one
`BoardGame`. Whatever ends the app (quit, Ctrl-C, a closed terminal or
browser tab, a crash), `run_board` saves the game as `play` does and says
where."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.app import App

from pavilion.board.games import kind_of, screen_for
from pavilion.board.play_screen import PlayScreen
from pavilion.board.start import StartScreen
from pavilion.services.table import BoardGame


class BoardApp(App[str]):
    """`pavilion board`: the game given, or the start screen to choose one."""

    CSS_PATH = Path(__file__).with_name("board.tcss")
    TITLE = "pavilion board"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, table: BoardGame | None = None) -> None:
        super().__init__()
        self.table = table

    def on_mount(self) -> None:
        if hasattr(signal, "SIGHUP"):
            # A closed terminal ends the app as a quit does (run_board then saves the game).
            asyncio.get_running_loop().add_signal_handler(signal.SIGHUP, self.exit)
        if self.table is not None:
            self.open_table(self.table)
        else:
            self.push_screen(StartScreen())

    async def on_event(self, event: events.Event) -> None:
        # Any key stops a hint being thought about (and still does what it does).
        if isinstance(event, events.Key) and isinstance(self.screen, PlayScreen) and self.screen.is_thinking:
            self.screen.action_stop()
            if event.key == "escape":
                return
        await super().on_event(event)

    def open_table(self, table: BoardGame) -> None:
        self.table = table
        self.push_screen(screen_for(kind_of(table.record), table))


def run_board(app: BoardApp, say: Callable[[str], None]) -> None:
    """Runs the app; the game is saved however it ends, and `say` hears where."""

    message: str | None = None
    try:
        message = app.run()
    finally:
        table = app.table
        if table is not None:
            # Quitting saved already (its message says where); any other end saves here.
            already = table.saved_to is not None and table.saved_moves == len(table.record.moves)
            text = table.save_on_exit()
            if not (already and message):
                message = text
        if message:
            # A terminal that is gone (hung up) cannot be told; the game is saved all the same.
            with contextlib.suppress(OSError):
                say(message)
