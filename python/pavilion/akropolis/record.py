"""Akropolis game records (`pavilion akropolis play`): the rules options, the
seed, who plays each seat and the moves, read and checked as Summer
Pavilion's are (`pavilion.core.record.Record`)::

    {"format": "pavilion-akropolis-record", "version": 1,
     "players": 2, "variants": "", "long": false, "barracks_edge": "outside",
     "lake": "single_hex", "seed": 7,
     "seats": ["human", "mcts:iterations=5000"], "moves": ["0@1,0/0", ...]}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from pavilion._engine.akropolis import BARRACKS_EDGES, LAKES, Agent, Game, Move, Search
from pavilion.core.record import Record


@dataclass
class AkropolisRecord(Record[Game]):
    variants: str = ""
    long: bool = False
    barracks_edge: str = BARRACKS_EDGES[0]
    lake: str = LAKES[0]

    FORMAT = "pavilion-akropolis-record"
    VERSION = 1
    READS = (1,)
    OPTIONS: ClassVar[dict[str, type]] = {
        "players": int,
        "variants": str,
        "long": bool,
        "barracks_edge": str,
        "lake": str,
    }
    GAME = Game
    AGENT = Agent
    MOVE = Move
    SEARCH = Search
    PLAY_COMMAND = "pavilion akropolis play"
    INTERRUPTED = "pavilion-akropolis-interrupted.json"

    def dealt_game(self) -> Game:
        return Game(
            players=self.players,
            seed=self.seed,
            variants=self.variants,
            long=self.long,
            barracks_edge=self.barracks_edge,
            lake=self.lake,
        )

    def adopt(self, game: Game) -> None:
        self.variants, self.barracks_edge, self.lake = game.variants, game.barracks_edge, game.lake
