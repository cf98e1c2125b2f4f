"""The workloads `pavilion bench` times, each run in Rust without the GIL."""

from typing import Self, final

from . import Game

__all__ = [
    "AkropolisPositions",
    "Positions",
    "akropolis_mcts",
    "akropolis_net_candidates",
    "akropolis_net_mcts",
    "akropolis_net_values",
    "akropolis_random_games",
    "mcts",
    "net_candidates",
    "net_mcts",
    "net_values",
    "random_games",
]

@final
class Positions:
    """A fixed set of positions from every phase, built once so timing excludes its creation."""

    def __new__(cls, count: int) -> Self: ...
    def __len__(self) -> int: ...
    def movegen(self) -> int:
        """Generates every position's legal moves; returns the total count."""

    def position(self, i: int) -> Game | None: ...

def random_games(players: int, games: int, seed: int = 0, threads: int = 1) -> int:
    """Random games in Rust; returns the number of moves played."""

def mcts(iterations: int, threads: int = 1, rollout: str = "uniform") -> tuple[int, int]:
    """MCTS iterations on the fixed 2-player position; returns (tree nodes created, visits of the best move)."""

def net_mcts(iterations: int, players: int = 2) -> tuple[int, int]:
    """Iterations of `mcts:net=default` (the shipped network of `players` seats, its mix) on the opening
    of that many (one thread); returns (nodes created, visits of the best move)."""

def net_values(count: int, players: int = 2) -> int:
    """The shipped network's value for `players` seats, `count` times on the opening of that many
    (encoding included); returns `count`."""

def net_candidates(rounds: int, players: int = 2) -> int:
    """The shipped network's value of the position after each candidate move of the opening of
    `players` seats (as a rerank judges them), `rounds` times; returns the candidates judged."""

@final
class AkropolisPositions:
    """Akropolis positions from every stage of random 2-, 3- and 4-player games."""

    def __new__(cls, count: int) -> Self: ...
    def __len__(self) -> int: ...
    def movegen(self) -> int:
        """Generates every position's legal moves; returns the total count."""

def akropolis_random_games(players: int, games: int, seed: int = 0) -> int:
    """Random Akropolis games in Rust (one thread); returns turns played plus points scored."""

def akropolis_mcts(iterations: int, threads: int = 1, rollout: str = "informed") -> tuple[int, int]:
    """Akropolis MCTS iterations on its fixed 2-player opening; returns (nodes created, visits of the best move)."""

def akropolis_net_mcts(iterations: int, players: int = 2) -> tuple[int, int]:
    """Iterations of the search guided by the shipped network of `players` seats on the fixed
    opening of that many (one thread); returns (nodes created, visits of the best move)."""

def akropolis_net_values(count: int, players: int = 2) -> int:
    """The shipped network's value for `players` seats, `count` times on the fixed opening of
    that many (encoding included); returns `count`."""

def akropolis_net_candidates(rounds: int, players: int = 2) -> int:
    """The shipped network's value of the position after each candidate move of the Akropolis
    opening of `players` seats (as a rerank judges them), `rounds` times; returns the candidates judged."""
