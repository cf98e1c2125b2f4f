"""Akropolis (Jules Messaud, Gigamic 2022): the rules-exact engine from Python.

Shaped like the Summer Pavilion API (`pavilion.Game`), so one habit serves both:

>>> from pavilion import akropolis
>>> g = akropolis.Game(players=2, seed=7)
>>> g.site, g.stones
([18, 27, 35, 30], [1, 2])
>>> out = g.play("0@1,0/0")                # site tile 0 (free), anchor at 1,0, rotation 0
>>> out["tile"], akropolis.TILES[out["tile"]], g.current_player
(18, 'Hmb', 1)
>>> g.city(0)[(1, 0)]                      # (height, letter, tile id) of a visible hex
(1, 'H', 18)

The rules it follows, each with its test: docs/AKROPOLIS.md.
"""

from pavilion._engine import IllegalMoveError, NotationError, OptionsError
from pavilion._engine.akropolis import (
    BARRACKS_EDGES,
    BOARD_FEATURES,
    BOARD_SEAT_FEATURES,
    DISTRICTS,
    ENCODING_FACES,
    ENCODING_VERSION,
    HEXES,
    LAKES,
    MOVE_FEATURES,
    MOVE_SYNTAX,
    PLANES_SHAPE,
    POSITION_FEATURES,
    START_TILE,
    TILES,
    VARIANT_LETTERS,
    Agent,
    Game,
    Move,
    Search,
    play_matches,
)

__all__ = [
    "BARRACKS_EDGES",
    "BOARD_FEATURES",
    "BOARD_SEAT_FEATURES",
    "DISTRICTS",
    "ENCODING_FACES",
    "ENCODING_VERSION",
    "HEXES",
    "LAKES",
    "MOVE_FEATURES",
    "MOVE_SYNTAX",
    "PLANES_SHAPE",
    "POSITION_FEATURES",
    "START_TILE",
    "TILES",
    "VARIANT_LETTERS",
    "Agent",
    "Game",
    "IllegalMoveError",
    "Move",
    "NotationError",
    "OptionsError",
    "Search",
    "play_matches",
]
