"""`pavilion bench`: the engine's speed on fixed, seeded workloads.

Every figure is the median of several runs (the machines are shared and
noisy). Every workload returns the count it processed; the counts form a
signature that changes only when the engine's behaviour changes.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from pavilion._engine import Game, VecGame, bench
from pavilion.core.analysis import default_threads


@dataclass(frozen=True)
class Sizes:
    repeats: int
    positions: int
    movegen_passes: int
    games: int
    python_games: int
    vec_batches: int
    mcts_iterations: int
    net_values: int
    net_candidate_rounds: int
    akropolis_positions: int
    akropolis_games: int
    akropolis_mcts_iterations: int


FULL = Sizes(
    repeats=5,
    positions=2000,
    movegen_passes=20,
    games=20000,
    python_games=300,
    vec_batches=300,
    mcts_iterations=20000,
    net_values=20000,
    net_candidate_rounds=200,
    akropolis_positions=1000,
    akropolis_games=10000,
    akropolis_mcts_iterations=10000,
)
QUICK = Sizes(
    repeats=3,
    positions=500,
    movegen_passes=4,
    games=2000,
    python_games=40,
    vec_batches=40,
    mcts_iterations=3000,
    net_values=3000,
    net_candidate_rounds=20,
    akropolis_positions=200,
    akropolis_games=1000,
    akropolis_mcts_iterations=2000,
)


def python_random_games(games: int, seed: int = 0) -> int:
    """Random 2-player games driven from Python through legal_actions/apply_action; returns steps."""
    rng = random.Random(seed)
    steps = 0
    for s in range(seed, seed + games):
        g = Game(players=2, seed=s)
        legal, apply = g.legal_actions, g.apply_action
        while actions := legal():
            apply(actions[int(rng.random() * len(actions))])
            steps += 1
    return steps


#: Games a VecGame workload steps at once.
VEC_ENVS = 1024


def vecgame_random_steps(batches: int, seed: int = 0) -> int:
    """Random 2-player games stepped `VEC_ENVS` at a time through `VecGame`,
    each action picked in numpy from the legal ids; returns steps."""
    import numpy as np

    v = VecGame(VEC_ENVS, players=2, seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(batches):
        ids, offsets = v.legal_actions()
        pick = offsets[:-1] + (rng.random(VEC_ENVS) * np.diff(offsets)).astype(np.int32)
        v.step(ids[pick].astype(np.int64))
    return batches * VEC_ENVS


def per_game(games: int, _count: int) -> float:
    """The rate's numerator for game workloads: games, whatever number of moves they took."""
    return float(games)


def timed(fn: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    count = fn()
    return count, time.perf_counter() - start


def run(
    quick: bool = False, threads: int | None = None, progress: Callable[[str], None] | None = None
) -> dict[str, Any]:
    """Runs every workload; returns figures (medians), the raw runs and the signature."""
    size = QUICK if quick else FULL
    threads = threads or default_threads()
    figures: list[dict[str, Any]] = []
    signature: dict[str, int] = {}

    def measure(
        name: str, unit: str, fn: Callable[[], int], per: Callable[[int], float], **extra: Any
    ) -> dict[str, Any]:
        if progress:
            progress(name)
        runs = [timed(fn) for _ in range(size.repeats)]
        counts = {c for c, _ in runs}
        assert len(counts) == 1, f"{name}: the workload counted differently between runs: {counts}"
        count = counts.pop()
        rates = [per(count) / s for _, s in runs]
        fig = {"name": name, "unit": unit, "median": statistics.median(rates), "runs": rates, "count": count, **extra}
        figures.append(fig)
        return fig

    positions = bench.Positions(size.positions)
    fig = measure(
        "legal-move generation",
        "positions/s",
        lambda: sum(positions.movegen() for _ in range(size.movegen_passes)),
        lambda _: len(positions) * size.movegen_passes,
    )
    signature["movegen_moves"] = fig["count"] // size.movegen_passes

    for players in (2, 3, 4):
        for t in sorted({1, threads}):
            games = size.games * t
            fig = measure(
                f"random games, {players} players, {t} thread{'s' if t > 1 else ''}",
                "games/s",
                partial(bench.random_games, players, games, 0, t),
                partial(per_game, games),
                players=players,
                threads=t,
            )
            fig["moves_per_s"] = statistics.median(fig["count"] / (games / r) for r in fig["runs"])
            if t == 1:
                signature[f"random_moves_{players}p"] = fig["count"]

    fig = measure(
        "Python-driven random games (legal_actions/apply_action)",
        "steps/s",
        lambda: python_random_games(size.python_games),
        lambda c: c,
    )
    signature["python_steps"] = fig["count"]
    if importlib.util.find_spec("numpy") is not None:  # the rl extra
        measure(
            f"VecGame random steps ({VEC_ENVS} games at once, actions picked in numpy)",
            "steps/s",
            lambda: vecgame_random_steps(size.vec_batches),
            lambda c: c,
        )

    # The count is the tree size; the best move's visits join the signature.
    best_visits: list[int] = []

    def mcts(iterations: int, t: int, rollout: str) -> int:
        nodes, visits = bench.mcts(iterations, t, rollout)
        best_visits.append(visits)
        return nodes

    one = measure(
        "MCTS, uniform rollouts, 1 thread",
        "iterations/s",
        lambda: mcts(size.mcts_iterations, 1, "uniform"),
        lambda _: size.mcts_iterations,
        threads=1,
    )
    signature["mcts_nodes"] = one["count"]
    signature["mcts_best_visits"] = best_visits[-1]
    if threads > 1:
        many = measure(
            f"MCTS, uniform rollouts, {threads} threads",
            "iterations/s",
            lambda: mcts(size.mcts_iterations * threads, threads, "uniform"),
            lambda _: size.mcts_iterations * threads,
            threads=threads,
        )
        many["per_thread"] = many["median"] / threads
        many["speedup"] = many["median"] / one["median"]
    measure(
        "MCTS, informed rollouts, 1 thread",
        "iterations/s",
        lambda: mcts(size.mcts_iterations, 1, "informed"),
        lambda _: size.mcts_iterations,
        threads=1,
    )
    signature["mcts_informed_best_visits"] = best_visits[-1]

    network_rows(
        measure,
        size,
        signature,
        "",
        {"values": bench.net_values, "candidates": bench.net_candidates, "mcts": bench.net_mcts},
        size.mcts_iterations,
    )

    # Akropolis has a signature of its own, so Summer Pavilion's stays comparable across versions.
    akropolis_signature: dict[str, int] = {}
    akropolis_positions = bench.AkropolisPositions(size.akropolis_positions)
    fig = measure(
        "Akropolis legal-move generation",
        "positions/s",
        akropolis_positions.movegen,
        lambda _: len(akropolis_positions),
        game="akropolis",
    )
    akropolis_signature["movegen_moves"] = fig["count"]
    fig = measure(
        "Akropolis random games, 2 players, 1 thread",
        "games/s",
        partial(bench.akropolis_random_games, 2, size.akropolis_games, 0),
        partial(per_game, size.akropolis_games),
        players=2,
        threads=1,
        game="akropolis",
    )
    akropolis_signature["random_turns_and_points_2p"] = fig["count"]

    def akropolis_mcts(iterations: int, t: int, rollout: str) -> int:
        nodes, visits = bench.akropolis_mcts(iterations, t, rollout)
        akropolis_signature[f"mcts_{rollout}_{t}t_best_visits"] = visits
        return nodes

    one_thread: dict[str, float] = {}
    for rollout, ts in (("uniform", [1]), ("informed", sorted({1, threads}))):
        for t in ts:
            iterations = size.akropolis_mcts_iterations * t
            fig = measure(
                f"Akropolis MCTS, {rollout} rollouts, {t} thread{'s' if t > 1 else ''}",
                "iterations/s",
                partial(akropolis_mcts, iterations, t, rollout),
                partial(per_game, iterations),
                threads=t,
                game="akropolis",
            )
            if t == 1:
                one_thread[rollout] = fig["median"]
            else:
                fig["per_thread"] = fig["median"] / t
                fig["speedup"] = fig["median"] / one_thread[rollout]

    akropolis_net = {
        "values": bench.akropolis_net_values,
        "candidates": bench.akropolis_net_candidates,
        "mcts": bench.akropolis_net_mcts,
    }
    network_rows(measure, size, akropolis_signature, "Akropolis ", akropolis_net, size.akropolis_mcts_iterations)

    return {
        "quick": quick,
        "threads": threads,
        "repeats": size.repeats,
        "figures": figures,
        "signature": {"digest": digest_of(signature), "counts": signature},
        "akropolis_signature": {"digest": digest_of(akropolis_signature), "counts": akropolis_signature},
    }


def network_rows(
    measure: Callable[..., dict[str, Any]],
    size: Sizes,
    signature: dict[str, int],
    game: str,
    workloads: dict[str, Callable[..., Any]],
    mcts_iterations: int,
) -> None:
    """The shipped networks (`mcts:net=default`) of one game, at every player count
    (3 and 4 value every seat): the value of a position alone, the values of the
    positions after each candidate move (a rerank's cost, a move at a time), and
    the search each guides with its game's priors and its own mix."""
    extra = {"game": "akropolis"} if game else {}
    for players in (2, 3, 4):
        shown = "" if players == 2 else f", {players} players"
        suffix = "" if players == 2 else f"_{players}p"
        measure(
            f"{game}network value evaluations (shipped network{shown}), 1 thread",
            "evaluations/s",
            partial(workloads["values"], size.net_values, players),
            lambda c: float(c),
            players=players,
            threads=1,
            **extra,
        )
        fig = measure(
            f"{game}network values after each candidate move (shipped network{shown}), 1 thread",
            "candidates/s",
            partial(workloads["candidates"], size.net_candidate_rounds, players),
            lambda c: float(c),
            players=players,
            threads=1,
            **extra,
        )
        fig["candidates"] = fig["count"] // size.net_candidate_rounds

        def net_mcts(players: int = players, suffix: str = suffix) -> int:
            nodes, visits = workloads["mcts"](mcts_iterations, players)
            signature["mcts_net_best_visits" + suffix] = visits
            return int(nodes)

        measure(
            f"{game}MCTS with the shipped network{shown}, 1 thread",
            "iterations/s",
            net_mcts,
            partial(per_game, mcts_iterations),
            players=players,
            threads=1,
            **extra,
        )


def digest_of(counts: dict[str, int]) -> str:
    return hashlib.sha256(json.dumps(counts, sort_keys=True).encode()).hexdigest()[:16]
