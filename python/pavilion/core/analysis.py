"""Analysis and matches: `solve` and `arena` as plain functions returning data.

The CLI draws progress and tables around these; the hot loops are in Rust
(`Search.run`, `play_matches`), released from the GIL and run in slices so a
caller can show progress and stop on Ctrl-C with the answer so far.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pavilion._engine import MAX_ITERATIONS, MAX_SECONDS, SIDES, Game, OptionsError, Search, akropolis, play_matches

if TYPE_CHECKING:
    from typing import TypedDict

    from pavilion._engine import MatchResult, MoveStats, SearchResult, SeatRange
    from pavilion._engine.akropolis import MoveStats as AkropolisMoveStats
    from pavilion._engine.akropolis import SearchResult as AkropolisSearchResult

    class RankedMove(MoveStats):
        """A Summer Pavilion move as `solve` ranks it: its search figures and,
        in the last round's placing where the exact value is not reached, the
        players' proven score ranges after it (else None)."""

        score_ranges: list[SeatRange] | None

    class Analysis(TypedDict):
        """`solve`'s answer: the search result (`Search.result()` of the game's
        search), whether Ctrl-C cut it short, who moves, and `method`:
        "solver" when the endgame solver solved the position before any
        search (`nodes`/`visits` then count its positions), else "mcts"
        (`exact` then means the search's tree proved the root). In Summer
        Pavilion's last round, where the exact value is not reached,
        `score_ranges` holds each player's proven final-score range
        (`Game.score_ranges`), else None."""

        exact: bool
        method: Literal["solver", "mcts"]
        iterations: int
        seconds: float
        nodes: int
        moves: list[RankedMove] | list[AkropolisMoveStats]
        score_ranges: list[SeatRange] | None
        interrupted: bool
        to_move: int


def default_threads() -> int:
    return max(1, os.cpu_count() or 1)


def checked_budget(
    iterations: int | None, seconds: float | None, default_seconds: float
) -> tuple[int | None, float | None]:
    """A search budget (iterations and/or seconds, `default_seconds` when
    neither is given), or OptionsError naming what is out of range."""
    if iterations is None and seconds is None:
        seconds = default_seconds
    if seconds is not None and not 0 < seconds <= MAX_SECONDS:  # also refuses nan
        raise OptionsError(f"seconds must be above 0 and at most {MAX_SECONDS}, not {seconds}")
    if iterations is not None and not 1 <= iterations <= MAX_ITERATIONS:
        raise OptionsError(f"iterations must be from 1 to {MAX_ITERATIONS}, not {iterations}")
    return iterations, seconds


def run_search(
    search: Search | akropolis.Search,
    iterations: int | None,
    seconds: float | None,
    threads: int,
    progress: Callable[[int, float], None] | None = None,
) -> None:
    """Runs a search (of either game) until `iterations` and/or `seconds`; an
    exact solve, or a tree that has proven the root, has nothing to run. Slices of at most 0.25 s keep a progress
    bar and Ctrl-C (KeyboardInterrupt, the search kept) responsive."""
    start = time.monotonic()
    while True:
        # Solved at the start, or proven by the tree on the way: nothing left to run.
        if search.exact:
            return
        done, elapsed = search.iterations, time.monotonic() - start
        if (iterations is not None and done >= iterations) or (seconds is not None and elapsed >= seconds):
            return
        step = 2000 * threads if iterations is None else min(2000 * threads, iterations - done)
        left = 0.25 if seconds is None else max(0.0, min(0.25, seconds - elapsed))
        search.run(iterations=step, seconds=left)
        if progress:
            progress(search.iterations, time.monotonic() - start)


def evaluated(move: MoveStats | AkropolisMoveStats) -> float:
    """A move's win rate where the search evaluated it. A search of at least
    one iteration always evaluates its best move and a move searched alone;
    another move may have no figures (`win_rate` None): a proof stopped the
    search before it reached them."""
    rate = move["win_rate"]
    if rate is None:
        raise RuntimeError(f"the search never evaluated {move['move']}")
    return rate


def solve(
    game: Game | akropolis.Game,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    threads: int = 1,
    seed: int = 0,
    top: int | None = None,
    progress: Callable[[int, float], None] | None = None,
    net: str | None = None,
) -> Analysis:
    """Ranks the moves of the player to move (of either game). Returns the
    Search result dict plus "interrupted" (Ctrl-C stopped it early) and "to_move".
    Ctrl-C during the exact attempt that comes first leaves no moves ranked.
    With `net` (a network file, or "default"), the network judges the leaves.

    Budget: `iterations` and/or `seconds`; with neither, 2 seconds.
    """
    iterations, seconds = checked_budget(iterations, seconds, 2.0)
    start = time.monotonic()
    try:
        # Building the search first tries the exact solve, which can take a second or two.
        search = (
            akropolis.Search(game, seed=seed, threads=threads, net=net)
            if isinstance(game, akropolis.Game)
            else Search(game, seed=seed, threads=threads, net=net)
        )
    except KeyboardInterrupt:
        # Stopped before any move was valued: no answer, and nothing lost.
        return {
            "exact": False,
            "method": "solver",
            "iterations": 0,
            "seconds": time.monotonic() - start,
            "nodes": 0,
            "moves": [],
            "score_ranges": None,
            "interrupted": True,
            "to_move": game.current_player,
        }
    method: Literal["solver", "mcts"] = "solver" if search.exact else "mcts"
    interrupted = False
    try:
        run_search(search, iterations, seconds, threads, progress)
    except KeyboardInterrupt:
        interrupted = True
    moves: list[RankedMove] | list[AkropolisMoveStats]
    if isinstance(search, akropolis.Search):
        found = search.result(top=top)
        r: SearchResult | AkropolisSearchResult = found
        moves, ranges = found["moves"], None
    else:
        assert isinstance(game, Game)  # a Summer Pavilion game gets a Summer Pavilion search
        r = search.result(top=top)
        moves, ranges = ranked_with_ranges(game, r["moves"], r["exact"])
    return {
        "exact": r["exact"],
        "method": method,
        "iterations": r["iterations"],
        "seconds": r["seconds"],
        "nodes": r["nodes"],
        "moves": moves,
        "score_ranges": ranges,
        "interrupted": interrupted,
        "to_move": game.current_player,
    }


def ranked_with_ranges(
    game: Game, moves: list[MoveStats], exact: bool
) -> tuple[list[RankedMove], list[SeatRange] | None]:
    """The ranked moves with the proven score ranges after each, and the
    position's own, where the exact value is not reached (None where it is,
    or outside the last round's placing)."""
    ranges = None if exact else game.score_ranges()
    after = game.score_ranges_after([m["move"] for m in moves]) if ranges is not None else [None] * len(moves)
    return [{**m, "score_ranges": a} for m, a in zip(moves, after, strict=True)], ranges


@dataclass
class AgentStats:
    spec: str
    seats: int = 0
    wins: float = 0.0
    scores: list[int] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    def interval(self) -> tuple[float, float]:
        """95% Wilson score interval of the win rate (a shared win counts 1/k)."""
        n, p, z = self.seats, self.win_rate, 1.96
        if n == 0:
            return (0.0, 1.0)
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))

    @property
    def mean_score(self) -> float:
        return sum(self.scores) / len(self.scores) if self.scores else 0.0


def play_batch(
    agents: list[str],
    indices: list[int],
    players: int,
    side: str,
    seed: int,
    threads: int,
    akropolis_options: dict[str, Any] | None,
) -> list[MatchResult]:
    """Games number `indices` of an arena (of either game), on `threads` threads."""
    if akropolis_options is None:
        return play_matches(agents, indices, players=players, side=side, seed=seed, threads=threads)
    return akropolis.play_matches(agents, indices, players=players, seed=seed, threads=threads, **akropolis_options)


def arena(
    agents: list[str],
    *,
    games: int,
    players: int = 2,
    side: str = SIDES[0],
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
    akropolis_options: dict[str, Any] | None = None,
    ray: str | None = None,
) -> dict[str, Any]:
    """Seat-balanced games between agent specs: Summer Pavilion games (with
    `side`), or Akropolis games when `akropolis_options` is given (variants,
    long, barracks_edge, lake; `{}` for the defaults). Ctrl-C abandons the games
    in progress at once and reports the finished ones ("interrupted": True; with
    no game finished, win rates and intervals are None).

    With `ray` (an address, or "local" for a new Ray instance of `threads`
    CPUs) the games run as Ray tasks: the same games, and the same results,
    as on this machine."""
    rules: dict[str, Any] = {"side": side} if akropolis_options is None else {"game": "akropolis", **akropolis_options}
    # Bad specs or options are refused here, before any game or Ray task starts.
    play_batch(agents, [], players, side, seed, 1, akropolis_options)
    results: list[MatchResult] = []
    interrupted = False
    start = time.monotonic()
    try:
        if ray is None:
            threads = threads or default_threads()
            while len(results) < games:
                batch = list(range(len(results), min(games, len(results) + 2 * threads)))
                results += play_batch(agents, batch, players, side, seed, threads, akropolis_options)
                if progress:
                    progress(len(results))
        else:
            from pavilion.core import scale

            with scale.cluster(ray, threads) as cpus:
                tasks = [
                    (agents, c, players, side, seed, 1, akropolis_options) for c in scale.chunks(range(games), cpus)
                ]
                for _, finished in scale.run_tasks(play_batch, tasks):
                    results += finished
                    if progress:
                        progress(len(results))
    except KeyboardInterrupt:
        interrupted = True
    return {
        "games": len(results),
        "players": players,
        **rules,
        "seed": seed,
        "interrupted": interrupted,
        "seconds": time.monotonic() - start,
        **tally(agents, results),
    }


def tally(agents: list[str], results: list[MatchResult]) -> dict[str, Any]:
    """Each agent's seats, wins (a shared win counts 1/k), win rate with its
    interval and mean score, and the mean game length, over `results` taken
    in game order (so the sums are the same however the games were run)."""
    stats = [AgentStats(spec) for spec in agents]
    results = sorted(results, key=lambda r: r["index"])
    for r in results:
        for seat, a in enumerate(r["seats"]):
            stats[a].seats += 1
            stats[a].scores.append(r["scores"][seat])
            if seat in r["winners"]:
                stats[a].wins += 1 / len(r["winners"])
    return {
        "mean_moves": sum(r["moves"] for r in results) / len(results) if results else 0.0,
        "agents": [
            {
                "agent": s.spec,
                "seats": s.seats,
                "wins": s.wins,
                "win_rate": s.win_rate if s.seats else None,
                "ci95": list(s.interval()) if s.seats else None,
                "mean_score": s.mean_score if s.seats else None,
            }
            for s in stats
        ],
    }
