"""Summer Pavilion's game record (`pavilion play`), on the shared base of
`pavilion.core.record`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pavilion._engine import DEFAULT_WILD_ORDER, SIDES, Agent, Game, Move, Search
from pavilion.core.record import Record

#: What a bare `mcts` seat meant in a version 1 record (the `normal` level then).
V1_MCTS = "mcts:iterations=15000"


@dataclass
class GameRecord(Record[Game]):
    """A Summer Pavilion game record (`pavilion play`)."""

    side: str = SIDES[0]
    wild_order: str = DEFAULT_WILD_ORDER

    FORMAT = "pavilion-record"
    VERSION = 2
    READS = (1, 2)
    OPTIONS: ClassVar[dict[str, type]] = {"players": int, "side": str, "wild_order": str}
    GAME = Game
    AGENT = Agent
    MOVE = Move
    SEARCH = Search
    PLAY_COMMAND = "pavilion play"
    INTERRUPTED = "pavilion-interrupted.json"

    def dealt_game(self) -> Game:
        return Game(players=self.players, seed=self.seed, side=self.side, wild_order=self.wild_order)

    def adopt(self, game: Game) -> None:
        self.side, self.wild_order = game.side, game.wild_order

    def upgrade_seats(self, version: int) -> None:
        if version == 1:
            self.seats = [V1_MCTS if s.strip() == "mcts" else s for s in self.seats]
