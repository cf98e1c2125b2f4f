"""A ladder: every pairing of agents played seat-balanced (`arena` two by two),
then ratings from a Bradley–Terry fit, on the Elo scale.

The fit: agent i has strength θ_i and beats j with probability
1 / (1 + e^(θ_j − θ_i)); a shared win counts half to each. The θ maximise the
likelihood of the results (Hunter's MM iteration), with one drawn game added
between every pair as a prior so that a perfect record still has a finite
rating. Ratings are Elo points, 400/ln 10 · θ, centred on a mean of 0; their
standard errors come from the Fisher information of the fit under that
centring (its pseudo-inverse), and the 95% interval is ±1.96 of them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from itertools import combinations
from typing import Any, TypedDict

from pavilion import analysis
from pavilion._engine import OptionsError

#: Elo points per unit of Bradley–Terry strength.
ELO = 400 / math.log(10)
#: Drawn games added between every pair (the prior that keeps ratings finite).
PRIOR_GAMES = 1.0


class Rating(TypedDict):
    agent: str
    elo: float
    ci95: list[float]
    games: int
    score: float


class Pairing(TypedDict):
    agents: list[str]
    games: int
    wins: list[float]
    mean_scores: list[float | None]


class Ladder(TypedDict):
    ratings: list[Rating]
    pairs: list[Pairing]
    games: int
    seed: int
    interrupted: bool


def bradley_terry(n: int, results: Sequence[tuple[int, int, float, int]]) -> tuple[list[float], list[float]]:
    """Elo ratings (mean 0) and their standard errors for `n` agents, from
    results (i, j, wins of i, games) with a shared win counted half."""
    if n < 2:
        raise OptionsError("ratings need at least two agents")
    games = [[0.0] * n for _ in range(n)]
    wins = [0.0] * n
    for i, j, w, g in results:
        games[i][j] += g
        games[j][i] += g
        wins[i] += w
        wins[j] += g - w
    for i, j in combinations(range(n), 2):
        games[i][j] += PRIOR_GAMES
        games[j][i] += PRIOR_GAMES
        wins[i] += PRIOR_GAMES / 2
        wins[j] += PRIOR_GAMES / 2
    # Zermelo's iteration (the minorize-maximize update of Hunter 2004); the
    # prior gives every pair games, so no denominator is zero.
    gamma = [1.0] * n
    for _ in range(10_000):
        new = [wins[i] / sum(games[i][j] / (gamma[i] + gamma[j]) for j in range(n) if j != i) for i in range(n)]
        scale = math.exp(sum(math.log(g) for g in new) / n)
        new = [g / scale for g in new]
        done = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, gamma, strict=True)) < 1e-12
        gamma = new
        if done:
            break
    theta = [math.log(g) for g in gamma]
    # Fisher information: a weighted graph Laplacian. Its pseudo-inverse is the
    # covariance of θ under the centring: (L + J/n)^-1 − J/n, J all ones.
    info = [[0.0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        p = 1 / (1 + math.exp(theta[j] - theta[i]))
        w = games[i][j] * p * (1 - p)
        info[i][j] -= w
        info[j][i] -= w
        info[i][i] += w
        info[j][j] += w
    inverse = invert([[info[i][j] + 1 / n for j in range(n)] for i in range(n)])
    se = [ELO * math.sqrt(max(0.0, inverse[i][i] - 1 / n)) for i in range(n)]
    return [ELO * t for t in theta], se


def invert(m: list[list[float]]) -> list[list[float]]:
    """The inverse of a small well-conditioned matrix (Gauss–Jordan with pivoting)."""
    n = len(m)
    a = [row[:] + [float(i == j) for j in range(n)] for i, row in enumerate(m)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        pivot = a[c][c]
        a[c] = [x / pivot for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c], strict=True)]
    return [row[n:] for row in a]


def round_robin(
    agents: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    threads: int | None = None,
    progress: Callable[[int], None] | None = None,
    **game_options: Any,
) -> Ladder:
    """Plays `games` seat-balanced 2-player games for every pairing of
    `agents` (the same deals for every pairing: the same seed), then rates
    them. `game_options` go to `analysis.arena` (`side=` or
    `akropolis_options=`). Ctrl-C stops: the pairings played so far are rated."""
    if len(agents) < 2 or len(set(agents)) != len(agents):
        raise OptionsError("a round robin needs at least two different agents")
    pairs: list[Pairing] = []
    results: list[tuple[int, int, float, int]] = []
    interrupted = False
    done = 0
    with ExitStack() as stack:
        if game_options.get("ray") is not None:  # one Ray cluster for every pairing
            from pavilion import scale

            stack.enter_context(scale.cluster(game_options["ray"], threads))
        for i, j in combinations(range(len(agents)), 2):

            def tick(n: int, base: int = done) -> None:
                if progress:
                    progress(base + n)

            r = analysis.arena(
                [agents[i], agents[j]],
                games=games,
                players=2,
                seed=seed,
                threads=threads,
                progress=tick,
                **game_options,
            )
            if r["games"]:
                a, b = r["agents"]
                results.append((i, j, a["wins"], r["games"]))
                pairs.append(
                    {
                        "agents": [agents[i], agents[j]],
                        "games": r["games"],
                        "wins": [a["wins"], b["wins"]],
                        "mean_scores": [a["mean_score"], b["mean_score"]],
                    }
                )
            done += r["games"]
            if r["interrupted"]:
                interrupted = True
                break
    elo, se = bradley_terry(len(agents), results)
    played = [sum(g for a, b, _, g in results if k in (a, b)) for k in range(len(agents))]
    scored = [sum(w if a == k else g - w for a, b, w, g in results if k in (a, b)) for k in range(len(agents))]
    ratings: list[Rating] = [
        {
            "agent": agents[k],
            "elo": elo[k],
            "ci95": [elo[k] - 1.96 * se[k], elo[k] + 1.96 * se[k]],
            "games": played[k],
            "score": scored[k] / played[k] if played[k] else 0.0,
        }
        for k in range(len(agents))
    ]
    ratings.sort(key=lambda r: -r["elo"])
    return {"ratings": ratings, "pairs": pairs, "games": done, "seed": seed, "interrupted": interrupted}
