"""Akropolis: the game and its moves (`pavilion.akropolis` re-exports these)."""

from typing import Any, ClassVar, Protocol, Self, TypedDict, final

import numpy as np
from numpy.typing import NDArray

from . import MatchResult

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
    "Move",
    "Search",
    "_game_from_state",
    "play_matches",
    "selfplay",
]

class _Event(Protocol):
    """What `Agent.choose` watches to stop early: a `threading.Event`, say."""
    def is_set(self) -> bool: ...

class HexInfo(TypedDict):
    kind: str
    colour: str
    plaza: bool
    stars: int

TILES: dict[int, str]
"""City tiles 1-61 by id: their three letters, anchor first, then clockwise."""
START_TILE: str
"""The starting tile's letters (tile id 0): a House plaza and three quarries."""
HEXES: dict[str, HexInfo]
"""Each hex letter (`h m b t g q H M B T G`): its kind, colour, whether a plaza, its stars."""
DISTRICTS: list[str]
"""The district kinds in scoring order: houses, markets, barracks, temples, gardens."""
VARIANT_LETTERS: str
BARRACKS_EDGES: list[str]
LAKES: list[str]
MOVE_SYNTAX: str
ENCODING_VERSION: int
POSITION_FEATURES: int
MOVE_FEATURES: int
PLANES_SHAPE: tuple[int, int, int, int]
ENCODING_FACES: str
BOARD_FEATURES: int
"""The board features a network may see (`Encoding.board` indexes them): each seat's."""
BOARD_SEAT_FEATURES: int

class Encoding(TypedDict):
    """`Game.encode()`: what a network sees, from the view of the player to move."""

    position: NDArray[np.float32]
    moves: list[Move]
    move_features: NDArray[np.float32]
    planes: NDArray[np.float32]
    outside_window: int
    board: NDArray[np.int32]

class MoveOutcome(TypedDict):
    move: Move
    seat: int
    tile: int
    cost: int
    level: int
    stones_gained: int
    new_round: bool
    game_over: bool

class DistrictScore(TypedDict):
    stars: int
    value: int
    score: int

class ScoreBreakdown(TypedDict):
    houses: DistrictScore
    markets: DistrictScore
    barracks: DistrictScore
    temples: DistrictScore
    gardens: DistrictScore
    stones: int
    total: int

@final
class Move:
    """A move `i@q,r/k`: site tile i, anchor hex q,r, rotation k."""

    @staticmethod
    def parse(text: str) -> Move: ...
    @property
    def index(self) -> int: ...
    @property
    def at(self) -> tuple[int, int]: ...
    @property
    def rot(self) -> int: ...
    @property
    def footprint(self) -> list[tuple[int, int]]: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Move, /) -> bool: ...
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Game:
    """An Akropolis game: 2 to 4 players, the five variants, the long game and the two rule options."""

    def __new__(
        cls,
        players: int = 2,
        seed: int | None = None,
        variants: str = "",
        long: bool = False,
        barracks_edge: str = "outside",
        lake: str = "single_hex",
    ) -> Self: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def players(self) -> int: ...
    @property
    def variants(self) -> str: ...
    @property
    def long(self) -> bool: ...
    @property
    def barracks_edge(self) -> str: ...
    @property
    def lake(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def rounds(self) -> int: ...
    @property
    def current_player(self) -> int: ...
    @property
    def chief_architect(self) -> int: ...
    @property
    def site(self) -> list[int]: ...
    @property
    def stacks_left(self) -> int: ...
    @property
    def stones(self) -> list[int]: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def move_stack(self) -> list[Move]: ...
    def city(self, seat: int) -> dict[tuple[int, int], tuple[int, str, int]]:
        """Visible hexes: {(q, r): (height, letter, tile id)}; tile 0 is the starting tile."""

    def placements(self, seat: int) -> list[tuple[int, tuple[int, int], int]]:
        """Tiles in the order placed, the starting tile first: (tile id, (q, r), rotation)."""

    def score_breakdown(self, seat: int) -> ScoreBreakdown: ...
    def encode(self) -> Encoding: ...
    def legal_moves(self) -> list[Move]: ...
    def is_legal(self, move: Move | str) -> bool: ...
    def play(self, move: Move | str) -> MoveOutcome: ...
    def pop(self) -> Move: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def to_json(self, indent: int | None = 2) -> str: ...
    @staticmethod
    def from_json(text: str) -> Game: ...
    def redraw_hidden(self, seed: int) -> None: ...
    def perft(self, depth: int) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

def _game_from_state(text: str, seed: int | None) -> Game: ...

class MoveStats(TypedDict):
    """One candidate. `win_rate` and `margin` are None (and `pv` empty) for a
    move the search never evaluated: no visit and no proof."""

    move: Move
    visits: int
    win_rate: float | None
    margin: float | None
    pv: list[Move]

class SearchResult(TypedDict):
    """`Search.result()`: candidates for the player to move, best first."""

    exact: bool
    iterations: int
    seconds: float
    nodes: int
    moves: list[MoveStats]

@final
class Agent:
    """A built-in player: "random", "greedy" (biggest immediate score gain) or "mcts[:options]"."""

    #: The player counts the shipped network (`net=default`) learned for.
    DEFAULT_NET_PLAYERS: ClassVar[list[int]]

    def __new__(cls, spec: str, seed: int | None = None) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, game: Game, stop: _Event | None = None) -> Move | None: ...

@final
class Search:
    """Monte-Carlo tree search for the player to move."""

    def __new__(
        cls,
        game: Game,
        seed: int | None = None,
        threads: int | None = None,
        rollout: str | None = None,
        exploration: float | None = None,
        margin: float | None = None,
        memory_mb: float | None = None,
        parallel: str | None = None,
        moves: list[Move | str] | None = None,
        widening: str | None = None,
        net: str | None = None,
        mix: float | None = None,
        horizon: str | None = None,
        rerank: int | None = None,
    ) -> Self:
        """With `moves`, only those (legal now) are searched; with `net` (a
        network file, or "default"), the network judges the leaves; `mix`, `horizon`
        and `rerank` are its spec's `mix=`, `horizon=` and `rerank=`."""
    @property
    def exact(self) -> bool: ...
    @property
    def iterations(self) -> int: ...
    def run(self, iterations: int | None = None, seconds: float | None = None) -> None: ...
    def result(self, top: int | None = None, pv_length: int = 12) -> SearchResult: ...

def play_matches(
    agents: list[str],
    indices: list[int],
    players: int = 2,
    variants: str = "",
    long: bool = False,
    barracks_edge: str = "outside",
    lake: str = "single_hex",
    seed: int | None = None,
    threads: int = 1,
) -> list[MatchResult]: ...

class SelfPlayLists(TypedDict):
    """`selfplay`'s answer: one item per decision (game, ply, to_move,
    position, legal_moves, policy, search_value, action, full), then one per game (index, scores,
    returns, moves)."""

    game: list[int]
    ply: list[int]
    to_move: list[int]
    position: list[str]
    legal_moves: list[list[str]]
    policy: list[list[float]]
    search_value: list[float]
    action: list[int]
    full: list[bool]
    index: list[int]
    scores: list[list[int]]
    returns: list[list[float]]
    moves: list[int]

def selfplay(
    agent: str,
    indices: list[int],
    players: int = 2,
    variants: str = "",
    long: bool = False,
    barracks_edge: str = "outside",
    lake: str = "single_hex",
    seed: int = 0,
    threads: int = 1,
    sample_moves: int = 0,
    fast_iterations: int = 0,
    full_share: float = 0.25,
) -> SelfPlayLists: ...
