"""Game records: the seed, the options and the moves — enough to replay a game exactly.

Format (JSON, versioned)::

    {"format": "pavilion-record", "version": 1,
     "players": 2, "side": "colored", "wild_order": "PGOYBR", "seed": 7,
     "seats": ["human", "mcts"], "moves": ["3B", "CY", "B4+2", ...]}

`seats` says who played each seat (informational; `pavilion play --load`
uses it unless --seats is given). Loading replays every move with the rules
checked, so a record that does not fit its seed fails with the move number.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from pavilion._engine import Game, Move, NotationError

FORMAT = "pavilion-record"
VERSION = 1


@dataclass
class GameRecord:
    players: int = 2
    side: str = "colored"
    wild_order: str = "PGOYBR"
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
                raise NotationError(f"record: move {i} ('{text}'): {e}") from None
        return g

    def to_json(self) -> str:
        doc = {"format": FORMAT, "version": VERSION, "players": self.players, "side": self.side,
               "wild_order": self.wild_order, "seed": self.seed, "seats": self.seats, "moves": self.moves}
        return json.dumps(doc, indent=1)

    @staticmethod
    def from_json(text: str) -> GameRecord:
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as e:
            raise NotationError(f"record: not JSON ({e})") from None
        if not isinstance(doc, dict) or doc.get("format") != FORMAT:
            raise NotationError(f'record: "format" must be "{FORMAT}"')
        if doc.get("version") != VERSION:
            raise NotationError(f"record: version must be {VERSION}")
        expected = {"players": int, "side": str, "wild_order": str, "seed": int, "seats": list, "moves": list}
        for key, kind in expected.items():
            if not isinstance(doc.get(key), kind) or isinstance(doc.get(key), bool):
                raise NotationError(f"record: {key}: expected {kind.__name__}")
        if not all(isinstance(m, str) for m in doc["moves"]) or not all(isinstance(s, str) for s in doc["seats"]):
            raise NotationError("record: moves and seats are lists of strings")
        rec = GameRecord(**{k: doc[k] for k in expected})
        try:
            rec.replay()
        except NotationError:
            raise
        except ValueError as e:  # options out of range
            raise NotationError(f"record: {e}") from None
        return rec
