"""What the board app plays: the line-based `play` session of either game,
driven by the screen instead of a prompt. The session keeps the record (the
truth), plays moves, undoes and saves exactly as `pavilion play` does; its
console writes into a buffer the app shows as its status line, so the app
speaks with the engine's and `play`'s own words.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from pavilion.analysis import evaluated
from pavilion.files import SaveError, shown
from pavilion.record import HUMAN, Record, move_seed
from pavilion.session import Session

#: How long one slice of background thinking runs before it looks for a stop.
THINK_SLICE = 0.05
#: Moves a hint ranks (the best and the next ones).
TOP_MOVES = 3


def quiet_console() -> Console:
    """A console that writes plain text into a buffer (read by `BoardGame.said`)."""
    return Console(file=io.StringIO(), width=200, color_system=None, force_terminal=False, soft_wrap=True)


@dataclass
class Thought:
    """What a background search found so far for the player to move."""

    move: Any
    win_rate: float
    margin: float
    exact: bool
    iterations: int
    pv: list[Any] = field(default_factory=list)
    #: The next best moves after `move`, with their win rates (as `solve` ranks them).
    others: list[tuple[Any, float]] = field(default_factory=list)


class BoardGame:
    """One game on the board: a `Session` (either game's) and where it is saved."""

    def __init__(self, session: Session[Any], record_path: str | None = None) -> None:
        self.session = session
        self.record_path = record_path
        #: Moves shown: `None` follows the game; a number shows the position after that many moves.
        self.shown: int | None = None
        #: The position last replayed for `shown` (every widget of a redraw asks for it).
        self._looked_back: tuple[int, list[str], Any] | None = None
        self.saved_to: str | None = None
        #: How many moves the file at `saved_to` holds (so an exit saves only what is new).
        self.saved_moves = -1

    @classmethod
    def of(cls, session_cls: type[Session[Any]], record: Record[Any], record_path: str | None = None) -> BoardGame:
        return cls(session_cls(record, quiet_console(), ask=lambda _: "", hint_iterations=None), record_path)

    # -- what the screen reads ----------------------------------------------------

    @property
    def record(self) -> Record[Any]:
        return self.session.record

    @property
    def game(self) -> Any:
        return self.session.game

    def said(self) -> str:
        """What the session printed since last asked, as one line."""
        buffer = self.session.console.file
        assert isinstance(buffer, io.StringIO)
        text = " ".join(line.strip() for line in buffer.getvalue().splitlines() if line.strip())
        buffer.seek(0)
        buffer.truncate()
        return text

    def _seat_to_move(self) -> str | None:
        """Who plays the seat to move (`human` or an agent spec); None when nobody may move now
        (the game is over, or the screen looks back at an earlier position)."""
        g = self.game
        return None if g.is_over or self.shown is not None else self.record.seats[g.current_player]

    @property
    def human_to_move(self) -> bool:
        return self._seat_to_move() == HUMAN

    @property
    def agent_to_move(self) -> bool:
        return self._seat_to_move() not in (None, HUMAN)

    def name(self, seat: int) -> str:
        return self.session.name(seat)

    def view(self) -> Any:
        """The position on the screen: the game, or an earlier position of it while stepping."""
        if self.shown is None:
            return self.game
        cached = self._looked_back
        if cached is None or cached[0] != self.shown or cached[1] != self.record.moves[: self.shown]:
            cached = self._looked_back = (self.shown, self.record.moves[: self.shown], self.record.replay(self.shown))
        return cached[2]

    # -- what the player does -----------------------------------------------------

    def play(self, move: Any) -> str:
        """Plays `move` (text or a move); the line `play` prints. Raises ValueError (the engine's reason)."""
        if isinstance(move, str):
            move = self.record.MOVE.parse(move)
        self.session.play_move(move)
        return self.said()

    def undo(self) -> str:
        """Takes back to the last human's previous move (as `play`'s `undo`)."""
        g = self.game
        humans = sorted(self.session.humans)
        if not humans:
            return "✗ nothing to undo: no seat is yours"
        seat = g.current_player if g.current_player in humans and not g.is_over else humans[0]
        self.session.undo(seat)
        return self.said()

    def save(self, path: str) -> str:
        """Saves the record to `path` (never over another game); what happened, in one line."""
        try:
            self.saved_to = self.session.save(path)
        except SaveError as e:
            return f"✗ not saved: {shown(str(e))}"
        self.saved_moves = len(self.record.moves)
        return self.said()

    def save_on_exit(self) -> str:
        """Saves wherever it can (the --record file, then the game's default name); never raises."""
        if not self.record.moves:
            return "nothing to save: no move was played"
        if self.saved_to and self.saved_moves == len(self.record.moves):
            return f"the game is saved in {shown(self.saved_to)}"
        paths = [self.saved_to] if self.saved_to else []
        paths += [p for p in self.session.interrupted_paths(self.record_path) if p not in paths]
        written = self.session.save_anywhere(paths)
        if written:
            self.saved_to, self.saved_moves = written, len(self.record.moves)
        return self.said()

    # -- what the AI does (in a worker thread: nothing here touches the screen) -----

    def agent_move(self) -> Any:
        """The move the seat to move plays (its agent, seeded as `play` seeds it)."""
        record = self.record
        seat = self.game.current_player
        agent = record.AGENT(record.seats[seat], seed=move_seed(record.seed, len(record.moves)))
        return agent.choose(self.game.copy())

    def think(
        self,
        position: Any,
        stop: threading.Event,
        budget: int,
        report: Callable[[Thought], None] | None = None,
    ) -> Thought | None:
        """Searches `position` (a copy) in slices until `budget` iterations or `stop`;
        `report` hears each slice's best. None if stopped before any result."""
        search = self.record.SEARCH(position, seed=len(self.record.moves))
        thought = None
        while True:
            if not search.exact:
                search.run(iterations=max(1, min(budget - search.iterations, 2000)), seconds=THINK_SLICE)
            result = search.result(top=TOP_MOVES, pv_length=8)
            if result["moves"]:
                best, *others = result["moves"]
                thought = Thought(
                    best["move"],
                    evaluated(best),
                    best["margin"] or 0.0,
                    result["exact"],
                    result["iterations"],
                    best["pv"],
                    [(m["move"], evaluated(m)) for m in others if m["win_rate"] is not None],
                )
                if report:
                    report(thought)
            if stop.is_set() or search.exact or search.iterations >= budget:
                return thought
