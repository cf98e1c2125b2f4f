"""A game at the table, as the front-ends play it (`pavilion board`, the web
board): the line-based `play` session of either game, driven by a screen or a
page instead of a prompt. The session keeps the record (the truth), plays
moves, undoes and saves exactly as `pavilion play` does; its console writes
into a buffer the front-end shows as its status line, so each speaks with the
engine's and `play`'s own words. The two games as a front-end opens them
(`GameKind`), and how a new game's record is made from a start page's or the
command line's choices (the same checks as `play`'s), are here too.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console

from pavilion._engine import NotationError
from pavilion.akropolis import play as akropolis_play
from pavilion.akropolis.record import AkropolisRecord
from pavilion.core.analysis import evaluated
from pavilion.core.files import MAX_INPUT_BYTES, SaveError, parse_json, read_input, shown
from pavilion.core.record import HUMAN, Record, move_seed
from pavilion.core.seats import resolve_record
from pavilion.core.session import Session
from pavilion.services.review import read_record
from pavilion.summer import play as summer_play
from pavilion.summer.record import GameRecord

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

    @property
    def shown_ply(self) -> int:
        """How many moves the position on the screen has: `shown`, or every move when following the game."""
        return self.shown if self.shown is not None else len(self.record.moves)

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

    def seat_agent(self) -> Any:
        """The agent of the seat to move, seeded as `play` seeds it for this move."""
        record = self.record
        return record.AGENT(record.seats[self.game.current_player], seed=move_seed(record.seed, len(record.moves)))

    def agent_move(self) -> Any:
        """The move the seat to move plays (its agent, seeded as `play` seeds it)."""
        return self.seat_agent().choose(self.game.copy())

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


@dataclass(frozen=True)
class GameKind:
    """One game as a front-end opens it: its record, play session and levels."""

    name: str
    title: str
    record: type[Record[Any]]
    session: type[Session[Any]]
    levels: Mapping[str, int]
    default_level: str


SUMMER = GameKind(
    "summer",
    "Azul: Summer Pavilion",
    GameRecord,
    summer_play.PlaySession,
    summer_play.LEVELS,
    summer_play.DEFAULT_LEVEL,
)
AKROPOLIS = GameKind(
    "akropolis",
    "Akropolis",
    AkropolisRecord,
    akropolis_play.AkropolisSession,
    akropolis_play.LEVELS,
    akropolis_play.DEFAULT_LEVEL,
)
KINDS = {k.name: k for k in (SUMMER, AKROPOLIS)}


def kind_of(record: Record[Any]) -> GameKind:
    return next(k for k in KINDS.values() if isinstance(record, k.record))


def new_table(
    kind: GameKind,
    options: Mapping[str, tuple[str, Any]],
    seats: str | None = None,
    level: str | None = None,
    ai_spec: str | None = None,
    record_path: str | None = None,
) -> BoardGame:
    """A new game from the options given (`{"--players": ("players", 2), ...}`,
    None for a default), checked as `play` checks them (SetupError)."""
    record = resolve_record(kind.record, None, options, seats, level, ai_spec, kind.levels, kind.default_level)
    return table_for(kind, record, level, record_path)


def table_for(kind: GameKind, record: Record[Any], level: str | None, record_path: str | None) -> BoardGame:
    table = BoardGame.of(kind.session, record, record_path)
    table.session.hint_iterations = kind.levels[level or kind.default_level]
    return table


#: Position file formats, by the game whose position they hold.
POSITION_FORMATS = {"pavilion-position": SUMMER, "pavilion-akropolis-position": AKROPOLIS}


def read_game_file(path: str) -> tuple[GameKind, Record[Any], bool]:
    """A record of either game, or a position file made into a record starting
    there (the flag says which: True for a record). NotationError names what is wrong."""
    return parse_game_text(read_input(path, "game record or position"), "file")


def read_game_text(text: str, what: str = "file") -> tuple[GameKind, Record[Any], bool]:
    """As `read_game_file`, from a file's text that no capped reader has read (the web board's uploads)."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_INPUT_BYTES:
        raise NotationError(f"{what} is larger than {MAX_INPUT_BYTES:,} bytes, the most a game file may be")
    return parse_game_text(text, what)


def parse_game_text(text: str, what: str) -> tuple[GameKind, Record[Any], bool]:
    """A record of either game, or a position made into a record starting there (True for a record)."""
    doc = parse_json(text, what)
    kind = POSITION_FORMATS.get(str(doc.get("format"))) if isinstance(doc, dict) else None
    if kind is not None:
        return kind, kind.record.from_position(text), False  # the engine's error names the position
    record = read_record(text)
    return kind_of(record), record, True


def table_from_file(
    kind: GameKind, record: Record[Any], path: str, is_record: bool, level: str | None, record_path: str | None
) -> BoardGame:
    """The game read from `path`: a record continues in its own file (it only grows, so
    nothing is lost) unless `record_path` names another; a position's game is saved as a new record."""
    table = table_for(kind, record, level, record_path or (path if is_record else None))
    if is_record and record_path is None:
        table.saved_to, table.saved_moves = path, len(record.moves)
    return table


def load_table(path: str) -> BoardGame:
    """The record or position in `path`, of either game, checked (NotationError);
    a position is played by humans in every seat."""
    kind, record, is_record = read_game_file(path)
    if not record.seats:
        record.seats = [HUMAN] * record.players
    return table_from_file(kind, record, path, is_record, None, None)
