"""Type stubs for the Rust extension `pavilion._engine` (hand-written, checked by
`python -m mypy.stubtest pavilion._engine`, see `stubtest-allowlist.txt`).

The game API is here; the benchmark workloads are in `pavilion._engine.bench` and the
quoting of untrusted text in `pavilion._engine.text` (stubs beside this file)."""

from collections.abc import Iterator, Sequence
from typing import Any, ClassVar, Literal, NotRequired, Protocol, Self, TypedDict, final, overload

import numpy as np
from numpy.typing import NDArray

from . import akropolis as akropolis
from . import bench as bench
from . import text as text

# Stub-only aliases (no runtime object): the values these properties take.
Phase = Literal["draft", "place", "over"]
MoveKind = Literal["draft", "place", "bonus", "pass"]

__all__ = [
    "AGENT_OPTIONS",
    "BUILD",
    "COLOURS",
    "COLOUR_LETTERS",
    "DEFAULT_FULL_SHARE",
    "DEFAULT_WILD_ORDER",
    "ENCODING_VERSION",
    "FEATURES",
    "MAX_ITERATIONS",
    "MAX_SAMPLE_MOVES",
    "MAX_SECONDS",
    "MOVE_FEATURES",
    "NUM_ACTIONS",
    "OBSERVATION_LAYOUT",
    "OBSERVATION_LEN",
    "POSITION_FEATURES",
    "ROUNDS",
    "SCORE_FLOOR",
    "SIDES",
    "STARS",
    "START_SCORE",
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
    "_game_from_state",
    "action_features",
    "akropolis",
    "bench",
    "encode_observations",
    "parse_side",
    "play_matches",
    "selfplay",
    "space_cost",
    "star_points",
    "text",
]

NUM_ACTIONS: int

class _Event(Protocol):
    """What `Agent.choose` watches to stop early: a `threading.Event`, say."""
    def is_set(self) -> bool: ...

class BuildInfo(TypedDict):
    version: str
    commit: str
    profile: str

class ObservationBlock(TypedDict):
    name: str
    offset: int
    length: int
    help: str

OBSERVATION_LEN: int
"""Length of `Game.observation(seat)`."""
OBSERVATION_LAYOUT: list[ObservationBlock]
"""The observation's blocks in order (players' slots expanded: `players[0].hand`, ...)."""
ENCODING_VERSION: int
"""The version of the network encoding (docs/ENCODING.md): a network records the one it was trained on."""
POSITION_FEATURES: int
"""Numbers of a position as a network reads it (the observation, scaled, then the boards' prospects)."""
MOVE_FEATURES: int
"""Numbers of a move as a network reads it (a fixed row per action id)."""

def action_features() -> NDArray[np.float32]:
    """Every action id's move features: float32[NUM_ACTIONS, MOVE_FEATURES] (needs numpy)."""

def encode_observations(observations: NDArray[np.float32], side: str = "coloured") -> NDArray[np.float32]:
    """Observations (rows of OBSERVATION_LEN) of games on `side` as a network's
    position features: each scaled, then its boards' prospects (needs numpy)."""

COLOURS: list[str]
"""Colour names in wild order: purple green orange yellow blue red."""
COLOUR_LETTERS: str
"""The colours' letters in the same order: PGOYBR."""
DEFAULT_WILD_ORDER: str
SIDES: list[str]
"""Board sides as pavilion writes them, the default first: coloured, gray."""
STARS: str
"""Star letters in board order: the outer stars clockwise from the upper left, then C."""
ROUNDS: int
START_SCORE: int
SCORE_FLOOR: int
"""Penalties never take a score below this."""
MAX_SECONDS: float
"""Longest time budget a search or agent accepts (one week)."""
DEFAULT_FULL_SHARE: float
"""The share of self-play decisions searched in full when the others search fast (playout-cap randomisation)."""
MAX_ITERATIONS: int
MAX_SAMPLE_MOVES: int
"""The most decisions of a self-play game that may be drawn from the search's probabilities."""
"""Most iterations a move a search or agent accepts."""

class BoardSetup(TypedDict):
    """One player's board in a `Setup`."""

    score: int
    final_score: NotRequired[int]
    hand: str
    kept: str
    covered: dict[str, str]
    """Covered spaces: space name (`B4`) → colour letter."""

class Setup(TypedDict):
    """A position as plain data, not necessarily legal (`Game.setup()`, `Game.from_setup()`):
    the fields of the position file (docs/summer-pavilion.md, "Position files")."""

    format: str
    version: int
    players: int
    side: str
    wild_order: str
    rng: str
    round: int
    phase: Phase
    current_player: int
    starter: int
    start_token: int | None
    passed: list[int]
    bonus_owed: int
    factories: list[str]
    """Factory 1 first, each as colour letters."""
    centre: str
    supply: str
    bag: str
    tower: str
    boards: list[BoardSetup]

class AgentOption(TypedDict, total=False):
    """One option of the `mcts` agent spec."""

    key: str
    form: str
    accepts: str
    help: str
    default: str | None
    choices: list[str]

class AgentOptions(TypedDict):
    summary: str
    agents: list[str]
    mcts: list[AgentOption]

AGENT_OPTIONS: AgentOptions
"""The agent vocabulary: {"summary": "random, greedy, mcts[:…]", "agents": ["random", "greedy", "mcts"],
"mcts": [{"key", "form", "accepts", "help", "choices"?}]}."""
__version__: str
BUILD: BuildInfo

def parse_side(text: str) -> str:
    """A side as typed (either spelling, any case) → its name in SIDES; OptionsError otherwise."""

def _game_from_state(text: str, seed: int | None) -> Game: ...

class IllegalMoveError(ValueError):
    """A well-formed move the rules do not allow now."""

class NotationError(ValueError):
    """Move text or a position file that cannot be read."""

class OptionsError(ValueError):
    """Game options out of range (players, side, wild order)."""

@final
class Move:
    """One decision: a draft, a placement, a bonus pick or a pass."""

    @staticmethod
    def parse(text: str) -> Move: ...
    @staticmethod
    def from_action(action: int) -> Move: ...
    @property
    def kind(self) -> MoveKind: ...
    @property
    def action(self) -> int | None: ...
    @property
    def source(self) -> int | Literal["C"] | None: ...
    @property
    def colour(self) -> str | None: ...
    @property
    def star(self) -> str | None: ...
    @property
    def space(self) -> int | None: ...
    @property
    def wilds(self) -> int | None: ...
    @property
    def tiles(self) -> str | None: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __lt__(self, other: Move, /) -> bool: ...
    def __le__(self, other: Move, /) -> bool: ...
    def __gt__(self, other: Move, /) -> bool: ...
    def __ge__(self, other: Move, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[object, tuple[str]]: ...

@final
class LegalMoves(Sequence[Move]):
    """A position's legal moves: `in` checks one move without listing any; the list is made once, on first use."""

    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __contains__(self, item: object, /) -> bool: ...
    @overload
    def __getitem__(self, index: int, /) -> Move: ...
    @overload
    def __getitem__(self, index: slice, /) -> list[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def index(self, item: Move | str) -> int: ...  # type: ignore[override]
    def count(self, item: object) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

class MoveOutcome(TypedDict):
    """What a played move did (`Game.play`, `Game.apply_action`)."""

    move: Move
    seat: int
    points: int
    """Points a placement scored (its run)."""
    penalty: int
    """Points lost: a first draft from the centre, or a pass's discards (never below 1)."""
    taken: str
    """Tiles into the mover's hand (draft or bonus), as colour letters."""
    discarded: str
    """Tiles a pass discarded, as colour letters."""
    start_token: bool
    bonus_owed: int
    """Bonus tiles the mover must now take from the supply."""
    round_over: bool
    game_over: bool

class Breakdown(TypedDict):
    """How a player's final score is made up (`Game.final_breakdown`)."""

    before_end: int
    stars: int
    star_points: list[int]
    all_n: int
    all_n_points: list[int]
    leftover_tiles: int
    leftovers: int
    total: int

class MoveStats(TypedDict):
    """One candidate. `win_rate` and `margin` are None (and `pv` empty) for a
    move the search never evaluated: no visit and no proof."""

    move: Move
    visits: int
    win_rate: float | None
    margin: float | None
    pv: list[Move]

class SeatRange(TypedDict):
    """One player's proven final-score range (`Game.score_ranges`): a score
    its own line reaches whatever the others and the refills do, a score no
    line beats, and what the ranges decide of its result."""

    guaranteed: int
    best: int
    proven: Literal["open", "wins", "cannot_lose", "cannot_win"]

class SearchResult(TypedDict):
    """`Search.result()`: candidates for the player to move, best first."""

    exact: bool
    iterations: int
    seconds: float
    nodes: int
    moves: list[MoveStats]

class MatchResult(TypedDict):
    """One finished game of `play_matches`."""

    index: int
    seats: list[int]
    scores: list[int]
    winners: list[int]
    moves: int

@final
class Game:
    """A game of Summer Pavilion; every draw comes from `seed`."""

    def __new__(
        cls,
        players: int = 2,
        seed: int | None = None,
        side: str = "coloured",
        wild_order: str | list[str] | None = None,
    ) -> Self: ...
    @property
    def seed(self) -> int | None: ...
    @property
    def players(self) -> int: ...
    @property
    def side(self) -> str: ...
    @property
    def wild_order(self) -> str: ...
    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def current_player(self) -> int: ...
    @property
    def wild(self) -> str: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def winners(self) -> list[int]: ...
    @property
    def bonus_owed(self) -> int: ...
    @property
    def starter(self) -> int: ...
    @property
    def start_token(self) -> int | None: ...
    @property
    def factories(self) -> list[str]: ...
    @property
    def centre(self) -> str: ...
    @property
    def supply(self) -> str: ...
    @property
    def bag(self) -> str: ...
    @property
    def tower(self) -> str: ...
    def hand(self, seat: int) -> str: ...
    def kept(self, seat: int) -> str: ...
    def has_passed(self, seat: int) -> bool: ...
    def board(self, seat: int) -> dict[str, str]: ...
    def legal_moves(self) -> LegalMoves:
        """The legal moves now, as a lazy view (`in`, `len`, indexing, iteration)."""
    def legal_actions(self) -> list[int]: ...
    def score_ranges(self) -> list[SeatRange] | None:
        """Each player's proven final-score range in the last round's placing
        (None elsewhere, or where a board is too wide to search alone)."""
    def score_ranges_after(self, moves: list[Move | str]) -> list[list[SeatRange] | None]:
        """`score_ranges` after each of `moves` (legal now), in one search."""
    def guaranteeing_move(self) -> Move | None:
        """A move keeping the mover's guaranteed score; None outside the last round's placing."""
    def is_legal(self, move: Move | str) -> bool: ...
    def play(self, move: Move | str) -> MoveOutcome: ...
    @property
    def move_stack(self) -> list[Move]:
        """The moves played on this object, oldest first (empty for a game read from a file)."""
    def pop(self) -> Move:
        """Takes back the last move (the position returns exactly as it was) and returns it."""
    def legal_actions_mask(self) -> NDArray[np.bool_]:
        """The legal actions as a bool array over the action ids (needs numpy)."""
    def observation(self, seat: int) -> NDArray[np.float32]:
        """What `seat` can see, laid out as OBSERVATION_LAYOUT says (needs numpy)."""
    def apply_action(self, action: int) -> MoveOutcome: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any) -> Game: ...
    def to_json(self, indent: int | None = 2) -> str: ...
    @staticmethod
    def from_json(text: str) -> Game: ...
    def setup(self) -> Setup:
        """The position as plain data (the position file's fields), to read or edit."""

    @staticmethod
    def from_setup(setup: Setup | dict[str, Any]) -> Game:
        """Checks a setup (possibly edited) and makes it a game; NotationError names the bad field."""

    def census(self) -> dict[str, int]: ...
    def final_breakdown(self) -> list[Breakdown]: ...
    def redraw_hidden(self, seed: int) -> None:
        """Replaces the bag's future draw order; the move stack starts again here."""
    def perft(self, depth: int) -> int: ...
    def __reduce__(self) -> tuple[object, tuple[str, int | None]]: ...

@final
class Agent:
    """A built-in player: "random", "greedy" or "mcts[:options]"."""

    #: The player counts the shipped network (`net=default`) learned for.
    DEFAULT_NET_PLAYERS: ClassVar[list[int]]

    def __new__(cls, spec: str, seed: int | None = None) -> Self: ...
    @property
    def name(self) -> str: ...
    def choose(self, game: Game, stop: _Event | None = None) -> Move | None: ...

@final
class Search:
    """MCTS (or an exact endgame solve) for the player to move."""

    def __new__(
        cls,
        game: Game,
        seed: int | None = None,
        threads: int | None = None,
        rollout: str | None = None,
        exploration: float | None = None,
        margin: float | None = None,
        memory_mb: float | None = None,
        exact: bool = True,
        parallel: str | None = None,
        moves: list[Move | str] | None = None,
        widening: str | None = None,
        net: str | None = None,
        mix: float | None = None,
        horizon: str | None = None,
        rerank: int | None = None,
    ) -> Self:
        """Options left as None take the engine's defaults (those of `mcts` agents).
        With `moves`, only those (legal now) are searched; with `net` (a network
        file, or "default"), the network judges the leaves; `mix`, `horizon`
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
    side: str = "coloured",
    seed: int | None = None,
    threads: int = 1,
) -> list[MatchResult]: ...

class SelfPlayArrays(TypedDict):
    """`selfplay`'s answer: one row per decision (game, ply, to_move, action,
    observation, legal_mask, policy, search_value, full), then one row per game (index, scores,
    returns, moves)."""

    game: NDArray[np.int64]
    ply: NDArray[np.int16]
    to_move: NDArray[np.int8]
    action: NDArray[np.int16]
    observation: NDArray[np.float32]
    legal_mask: NDArray[np.bool_]
    policy: NDArray[np.float32]
    search_value: NDArray[np.float32]
    full: NDArray[np.bool_]
    index: NDArray[np.int64]
    scores: NDArray[np.int32]
    returns: NDArray[np.float32]
    moves: NDArray[np.int32]

def selfplay(
    agent: str,
    indices: list[int],
    players: int = 2,
    side: str = "coloured",
    seed: int = 0,
    threads: int = 1,
    sample_moves: int = 0,
    fast_iterations: int = 0,
    full_share: float = 0.25,
) -> SelfPlayArrays: ...

class Feature(TypedDict):
    kind: Literal["window", "statue", "pillar"]
    star: str
    spaces: list[str]
    bonus: int

FEATURES: list[Feature]
"""The 18 features: {"kind": "window"|"statue"|"pillar", "star", "spaces", "bonus"}."""

def space_cost(side: str, star: str, space: int) -> int: ...
def star_points(covered: list[int], space: int) -> int: ...

@final
class VecGame:
    """Many 2-4 player games stepped at once (needs numpy); env i's k-th game
    has seed `seed + i + k * num_envs`."""

    def __new__(cls, num_envs: int, players: int = 2, side: str = "coloured", seed: int = 0) -> Self: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    def to_move(self) -> NDArray[np.int8]: ...
    def legal_actions(self) -> tuple[NDArray[np.int16], NDArray[np.int32]]:
        """(ids, offsets): game i's legal action ids are ids[offsets[i]:offsets[i+1]]."""
    def legal_actions_mask(self) -> NDArray[np.bool_]: ...
    def observations(self) -> NDArray[np.float32]: ...
    def step(
        self, actions: Sequence[int] | NDArray[np.int64]
    ) -> tuple[NDArray[np.float32], NDArray[np.bool_], NDArray[np.int8]]:
        """Plays one action per game; returns (rewards[num_envs, players], done, to_move)."""
    def game(self, env: int) -> Game: ...
