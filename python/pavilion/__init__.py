"""pavilion: a rules-exact engine and AI for *Azul: Summer Pavilion*.

>>> import pavilion
>>> g = pavilion.Game(players=2, seed=7)
>>> g.play(g.legal_moves()[0])["taken"]
'PRRR'
>>> g.current_player
1
"""

from pavilion._engine import (
    COLOURS,
    ENCODING_VERSION,
    MOVE_FEATURES,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_LEN,
    POSITION_FEATURES,
    Agent,
    Game,
    IllegalMoveError,
    LegalMoves,
    Move,
    NotationError,
    OptionsError,
    Search,
    VecGame,
    __version__,
    action_features,
    encode_observations,
    play_matches,
)

__all__ = [
    "COLOURS",
    "ENCODING_VERSION",
    "MOVE_FEATURES",
    "NUM_ACTIONS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_LEN",
    "POSITION_FEATURES",
    "Agent",
    "Game",
    "IllegalMoveError",
    "LegalMoves",
    "Move",
    "NotationError",
    "OptionsError",
    "Search",
    "VecGame",
    "__version__",
    "action_features",
    "encode_observations",
    "play_matches",
]
