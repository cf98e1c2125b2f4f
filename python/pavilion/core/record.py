"""Game records: the options, the seed, who plays each seat and the moves —
enough to replay a game exactly and continue it as it would have gone on.

`Record` holds what every game's record shares (the seed, the seats, the
moves, the checks, the JSON); each game adds its options. Summer Pavilion's
(`GameRecord`)::

    {"format": "pavilion-record", "version": 2,
     "players": 2, "side": "coloured", "wild_order": "PGOYBR", "seed": 7,
     "seats": ["human", "mcts:iterations=15000"], "moves": ["3B", "CY", "B4+2", ...]}

`seats` holds, per seat, `human` or the exact agent spec that played it (so a
loaded game resumes at the same strength). A game set up from a position
rather than dealt from the seed carries that position file as `start` (an
object); its moves are played from there. Version 1 records, whose seats said
only `mcts`, are read with the `normal` level for those seats, as they were
played. Loading checks every field, every agent spec and every move (replayed
with the rules), so a record that cannot continue is refused when it is read,
never halfway through a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from pavilion._engine import AGENT_OPTIONS, Agent, NotationError
from pavilion._engine.text import quote
from pavilion.core.files import parse_json

#: The seat kind a person plays; every other seat is an agent spec.
HUMAN = "human"
#: The built-in agents' names (the engine's list, the same for every game).
AGENT_NAMES: list[str] = AGENT_OPTIONS["agents"]
#: Most moves a record may hold: far more than any game of either (~100 a player).
MAX_MOVES = 5000


class PlayableGame(Protocol):
    """What a record and a play session need of a game (both engines' `Game`)."""

    @property
    def players(self) -> int: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def current_player(self) -> int: ...
    @property
    def round(self) -> int: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def move_stack(self) -> Sequence[Any]: ...
    def legal_moves(self) -> Sequence[Any]: ...
    def play(self, move: Any) -> Mapping[str, Any]: ...
    def pop(self) -> Any: ...


GameT = TypeVar("GameT", bound=PlayableGame)


def move_seed(seed: int, number: int) -> int:
    """The seed of what is searched at move `number` of a game seeded `seed`:
    it depends only on the two, so a reloaded game or a review replays it."""
    return (seed * 1_000_003 + number) % 2**64


def check_seat(spec: str, agent: Any = Agent) -> str:
    """`human` or a valid agent spec (trimmed) for the game whose `Agent` class
    is `agent`; NotationError naming the problem otherwise."""
    spec = spec.strip()
    if spec == HUMAN:
        return spec
    try:
        agent(spec)
    except ValueError as e:
        if spec.partition(":")[0].strip() in AGENT_NAMES:
            raise NotationError(str(e)) from None
        raise NotationError(f"unknown player {quote(spec)}: choose {HUMAN}, {AGENT_OPTIONS['summary']}") from None
    return spec


@dataclass
class Record(Generic[GameT]):
    """What every game's record holds. A game's record adds its options as
    fields (named in `OPTIONS`, in file order) and says how to build its game."""

    players: int = 2
    seed: int = 0
    seats: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    #: The position file the game started from (its JSON text), for a game set
    #: up from a position rather than dealt from `seed`; None for a dealt game.
    start: str | None = None

    FORMAT: ClassVar[str]
    #: The version written; `READS` the versions read.
    VERSION: ClassVar[int]
    READS: ClassVar[tuple[int, ...]]
    #: The game's option fields and their JSON types, in file order.
    OPTIONS: ClassVar[dict[str, type]]
    #: The game's `Game` (to read a starting position), `Agent` (to check seat specs and
    #: play them), `Move` and `Search` classes.
    GAME: ClassVar[Any]
    AGENT: ClassVar[Any]
    MOVE: ClassVar[Any]
    SEARCH: ClassVar[Any]
    #: The command that continues a saved game (`... --load FILE`).
    PLAY_COMMAND: ClassVar[str]
    #: Where a game goes when it stops without a file named for it.
    INTERRUPTED: ClassVar[str]

    def new_game(self) -> GameT:
        """The game before the first move: the starting position, or the game dealt from `seed`."""
        if self.start is not None:
            game: GameT = self.GAME.from_json(self.start)
            return game
        return self.dealt_game()

    def dealt_game(self) -> GameT:
        raise NotImplementedError

    def options(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in self.OPTIONS}

    def adopt(self, game: GameT) -> None:
        """Takes the options as the engine spells them (hook: `side`, `wild_order`...)."""

    def upgrade_seats(self, version: int) -> None:
        """Reads an older version's seats as they were played (hook)."""

    def replay(self, upto: int | None = None) -> GameT:
        """The game after the first `upto` moves (all by default)."""
        g = self.new_game()
        for i, text in enumerate(self.moves[:upto], 1):
            try:
                g.play(self.MOVE.parse(text))
            except ValueError as e:
                raise NotationError(f"record: move {i} ({quote(text)}): {e}") from None
        return g

    def same_game(self, other: Record[GameT]) -> bool:
        mine, theirs = (self.options(), self.seed, self.start), (other.options(), other.seed, other.start)
        return type(self) is type(other) and mine == theirs

    def continues(self, text: str) -> bool:
        """Whether `text` is a record of this game that this one only extends
        (so replacing that file loses nothing)."""
        try:
            old = type(self).from_json(text, replay=False)
        except ValueError:
            return False
        return self.same_game(old) and self.moves[: len(old.moves)] == old.moves

    def to_json(self) -> str:
        doc = {
            "format": self.FORMAT,
            "version": self.VERSION,
            **self.options(),
            "seed": self.seed,
            "seats": self.seats,
            "moves": self.moves,
        }
        if self.start is not None:
            doc["start"] = json.loads(self.start)
        return json.dumps(doc, indent=1)

    @classmethod
    def from_position(cls, text: str, seed: int = 0) -> Self:
        """A record of a game starting at the position file `text` (checked: NotationError)."""
        game = cls.GAME.from_json(text)
        record = cls(players=game.players, seed=seed, start=json.dumps(json.loads(text)))
        record.adopt(game)
        return record

    @classmethod
    def from_json(cls, text: str, replay: bool = True) -> Self:
        """Reads and checks a record; NotationError names the bad field."""
        doc = parse_json(text, "record")
        if not isinstance(doc, dict) or doc.get("format") != cls.FORMAT:
            raise NotationError(f'record: "format" must be "{cls.FORMAT}"')
        version = doc.get("version")
        if version not in cls.READS or isinstance(version, bool):
            versions = " and ".join(map(str, cls.READS))
            raise NotationError(f"record: this pavilion reads version{'s' if len(cls.READS) > 1 else ''} {versions}")
        expected: dict[str, type] = {**cls.OPTIONS, "seed": int, "seats": list, "moves": list}
        unknown = sorted(set(doc) - set(expected) - {"format", "version", "start"})
        if unknown:
            raise NotationError(f"record: unknown field {quote(unknown[0])}")
        for key, kind in expected.items():
            value: Any = doc.get(key)
            if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
                article = "an" if kind is int else "a"
                raise NotationError(f"record: {key}: expected {article} {kind.__name__}")
        if not all(isinstance(m, str) for m in doc["moves"]) or not all(isinstance(s, str) for s in doc["seats"]):
            raise NotationError("record: moves and seats are lists of strings")
        if len(doc["moves"]) > MAX_MOVES:
            raise NotationError(f"record: moves: more than {MAX_MOVES} moves")
        start = doc.get("start")
        if start is not None and not isinstance(start, dict):
            raise NotationError("record: start: expected a position (an object)")
        rec = cls(**{k: doc[k] for k in expected}, start=None if start is None else json.dumps(start))
        try:
            game = rec.new_game()
        except ValueError as e:  # an option or the seed out of range, or a bad starting position
            where = "start: " if start is not None else ""
            raise NotationError(f"record: {where}{e}") from None
        if start is not None and game.players != rec.players:
            raise NotationError(f"record: players: {rec.players}, but the starting position has {game.players}")
        written = rec.options()
        rec.adopt(game)
        if start is not None and rec.options() != written:
            key = next(k for k in written if written[k] != rec.options()[k])
            raise NotationError(
                f"record: {key}: {written[key]!r}, but the starting position has {rec.options()[key]!r}"
            )
        if rec.seats:
            if len(rec.seats) != rec.players:
                raise NotationError(f"record: seats: {len(rec.seats)} seat(s) for {rec.players} players")
            rec.upgrade_seats(version)
            for i, s in enumerate(rec.seats):
                try:
                    rec.seats[i] = check_seat(s, cls.AGENT)
                except NotationError as e:
                    raise NotationError(f"record: seats[{i}]: {e}") from None
        if replay:
            rec.replay()
        return rec
