"""The workloads `pavilion bench` times, each run in Rust without the GIL."""

from typing import Self, final

from . import Game

__all__ = ["Positions", "mcts", "random_games"]

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
