"""The two games as the board opens them: each game's record, play session,
levels and screen, and how a new game's record is made from the start
screen's or the command line's choices (the same checks as `play`'s)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pavilion import play as summer_play
from pavilion.akropolis import play as akropolis_play
from pavilion.akropolis.record import AkropolisRecord
from pavilion.board.model import BoardGame
from pavilion.board.play_screen import PlayScreen
from pavilion.cli_play import resolve_record
from pavilion.files import parse_json, read_input
from pavilion.record import HUMAN, GameRecord, Record
from pavilion.review import read_record
from pavilion.session import Session


@dataclass(frozen=True)
class BoardKind:
    """One game as the board knows it."""

    name: str
    title: str
    record: type[Record[Any]]
    session: type[Session[Any]]
    levels: Mapping[str, int]
    default_level: str

    def screen(self, table: BoardGame) -> PlayScreen:
        if self.record is GameRecord:
            from pavilion.board.summer import SummerScreen

            return SummerScreen(table)
        from pavilion.board.akropolis import AkropolisScreen

        return AkropolisScreen(table)


SUMMER = BoardKind(
    "summer",
    "Azul: Summer Pavilion",
    GameRecord,
    summer_play.PlaySession,
    summer_play.LEVELS,
    summer_play.DEFAULT_LEVEL,
)
AKROPOLIS = BoardKind(
    "akropolis",
    "Akropolis",
    AkropolisRecord,
    akropolis_play.AkropolisSession,
    akropolis_play.LEVELS,
    akropolis_play.DEFAULT_LEVEL,
)
KINDS = {k.name: k for k in (SUMMER, AKROPOLIS)}


def kind_of(record: Record[Any]) -> BoardKind:
    return next(k for k in KINDS.values() if isinstance(record, k.record))


def new_table(
    kind: BoardKind,
    options: Mapping[str, tuple[str, Any]],
    seats: str | None = None,
    level: str | None = None,
    ai_spec: str | None = None,
    record_path: str | None = None,
) -> BoardGame:
    """A new game from the options given (`{"--players": ("players", 2), ...}`,
    None for a default), checked as `play` checks them (InputError)."""
    record = resolve_record(kind.record, None, options, seats, level, ai_spec, kind.levels, kind.default_level)
    return table_for(kind, record, level, record_path)


def table_for(kind: BoardKind, record: Record[Any], level: str | None, record_path: str | None) -> BoardGame:
    table = BoardGame.of(kind.session, record, record_path)
    table.session.hint_iterations = kind.levels[level or kind.default_level]
    return table


#: Position file formats, by the game whose position they hold.
POSITION_FORMATS = {"pavilion-position": SUMMER, "pavilion-akropolis-position": AKROPOLIS}


def read_game_file(path: str) -> tuple[BoardKind, Record[Any], bool]:
    """A record of either game, or a position file made into a record starting
    there (the flag says which: True for a record). NotationError names what is wrong."""
    text = read_input(path, "game record or position")
    doc = parse_json(text, "file")
    kind = POSITION_FORMATS.get(str(doc.get("format"))) if isinstance(doc, dict) else None
    if kind is not None:
        return kind, kind.record.from_position(text), False  # the engine's error names the position
    record = read_record(text)
    return kind_of(record), record, True


def table_from_file(
    kind: BoardKind, record: Record[Any], path: str, is_record: bool, level: str | None, record_path: str | None
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
