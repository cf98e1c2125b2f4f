"""Game records: the options, the seed, who plays each seat and the moves —
enough to replay a game exactly and continue it as it would have gone on.

Format (JSON, versioned)::

    {"format": "pavilion-record", "version": 2,
     "players": 2, "side": "coloured", "wild_order": "PGOYBR", "seed": 7,
     "seats": ["human", "mcts:iterations=15000"], "moves": ["3B", "CY", "B4+2", ...]}

`seats` holds, per seat, `human` or the exact agent spec that played it (so a
loaded game resumes at the same strength). Version 1 records, whose seats said
only `mcts`, are read with the `normal` level for those seats, as they were
played. Loading checks every field, every agent spec and every move (replayed
with the rules), so a record that cannot continue is refused when it is read,
never halfway through a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pavilion._engine import AGENT_OPTIONS, DEFAULT_WILD_ORDER, SIDES, Agent, Game, Move, NotationError
from pavilion._engine.text import quote
from pavilion.files import parse_json

FORMAT = "pavilion-record"
VERSION = 2
#: The seat kind a person plays; every other seat is an agent spec.
HUMAN = "human"
#: The built-in agents' names (the engine's list).
AGENT_NAMES: list[str] = AGENT_OPTIONS["agents"]
#: Most moves a record may hold: far more than any game (~100 a player).
MAX_MOVES = 5000
#: What a bare `mcts` seat meant in a version 1 record (the `normal` level then).
V1_MCTS = "mcts:iterations=15000"


def check_seat(spec: str) -> str:
    """`human` or a valid agent spec (trimmed); NotationError naming the problem otherwise."""
    spec = spec.strip()
    if spec == HUMAN:
        return spec
    try:
        Agent(spec)
    except ValueError as e:
        if spec.partition(":")[0].strip() in AGENT_NAMES:
            raise NotationError(str(e)) from None
        raise NotationError(f"unknown player {quote(spec)}: choose {HUMAN}, {AGENT_OPTIONS['summary']}") from None
    return spec


@dataclass
class GameRecord:
    players: int = 2
    side: str = SIDES[0]
    wild_order: str = DEFAULT_WILD_ORDER
    seed: int = 0
    seats: list[str] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)

    def new_game(self) -> Game:
        return Game(players=self.players, seed=self.seed, side=self.side, wild_order=self.wild_order)

    def replay(self, upto: int | None = None) -> Game:
        """The game after the first `upto` moves (all by default)."""
        g = self.new_game()
        for i, text in enumerate(self.moves[:upto], 1):
            try:
                g.play(Move.parse(text))
            except ValueError as e:
                raise NotationError(f"record: move {i} ({quote(text)}): {e}") from None
        return g

    def same_game(self, other: GameRecord) -> bool:
        return (self.players, self.side, self.wild_order, self.seed) == (
            other.players,
            other.side,
            other.wild_order,
            other.seed,
        )

    def continues(self, text: str) -> bool:
        """Whether `text` is a record of this game that this one only extends
        (so replacing that file loses nothing)."""
        try:
            old = GameRecord.from_json(text, replay=False)
        except ValueError:
            return False
        return self.same_game(old) and self.moves[: len(old.moves)] == old.moves

    def to_json(self) -> str:
        doc = {
            "format": FORMAT,
            "version": VERSION,
            "players": self.players,
            "side": self.side,
            "wild_order": self.wild_order,
            "seed": self.seed,
            "seats": self.seats,
            "moves": self.moves,
        }
        return json.dumps(doc, indent=1)

    @staticmethod
    def from_json(text: str, replay: bool = True) -> GameRecord:
        """Reads and checks a record; NotationError names the bad field."""
        doc = parse_json(text, "record")
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise NotationError(f'record: "format" must be "{FORMAT}"')
        version = doc.get("version")
        if version not in (1, VERSION) or isinstance(version, bool):
            raise NotationError(f"record: this pavilion reads versions 1 and {VERSION}")
        expected: dict[str, type] = {
            "players": int,
            "side": str,
            "wild_order": str,
            "seed": int,
            "seats": list,
            "moves": list,
        }
        unknown = sorted(set(doc) - set(expected) - {"format", "version"})
        if unknown:
            raise NotationError(f"record: unknown field {quote(unknown[0])}")
        for key, kind in expected.items():
            value: Any = doc.get(key)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise NotationError(f"record: {key}: expected {'an int' if kind is int else 'a ' + kind.__name__}")
        if not all(isinstance(m, str) for m in doc["moves"]) or not all(isinstance(s, str) for s in doc["seats"]):
            raise NotationError("record: moves and seats are lists of strings")
        if len(doc["moves"]) > MAX_MOVES:
            raise NotationError(f"record: moves: more than {MAX_MOVES} moves")
        rec = GameRecord(**{k: doc[k] for k in expected})
        try:
            game = rec.new_game()
        except ValueError as e:  # players, seed, side or wild order out of range
            raise NotationError(f"record: {e}") from None
        rec.side, rec.wild_order = game.side, game.wild_order  # as the engine spells them
        if rec.seats:
            if len(rec.seats) != rec.players:
                raise NotationError(f"record: seats: {len(rec.seats)} seat(s) for {rec.players} players")
            if version == 1:
                rec.seats = [V1_MCTS if s.strip() == "mcts" else s for s in rec.seats]
            for i, s in enumerate(rec.seats):
                try:
                    rec.seats[i] = check_seat(s)
                except NotationError as e:
                    raise NotationError(f"record: seats[{i}]: {e}") from None
        if replay:
            rec.replay()
        return rec
