"""A ladder: every pairing of agents played seat-balanced (`arena` two by two),
then ratings from a Bradley–Terry fit, on the Elo scale.

The fit: agent i has strength θ_i and beats j with probability
1 / (1 + e^(θ_j − θ_i)); a shared win counts half to each. The θ maximise the
likelihood of the results (Hunter's MM iteration), with one drawn game added
between every pair as a prior so that a perfect record still has a finite
rating. Ratings are Elo points, 400/ln 10 · θ, centred on a mean of 0; their
standard errors come from the Fisher information of the fit under that
centring (its pseudo-inverse), and the 95% interval is ±1.96 of them.

A ladder can be kept in a file (`save=`): every finished pairing is written
there at once, and a later ladder with the same game, rules, games a pairing
and seed reuses the pairings the file holds instead of playing them again. So
an interrupted ladder goes on where it stopped, and a new agent joins a ladder
by playing only its own pairings. Pairings of agents not in the later ladder
stay in the file.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Sequence
from contextlib import ExitStack
from itertools import combinations
from pathlib import Path
from typing import Any, TypedDict

from pavilion import __version__
from pavilion._engine import SIDES, NotationError, OptionsError
from pavilion.core import analysis
from pavilion.core.files import SaveError, check_writable, parse_json, quote_path, read_input, replace_atomically

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
    #: Games played by this call (pairings reused from a file not counted).
    games: int
    seed: int
    interrupted: bool
    #: Pairings taken from the ladder file instead of played.
    reused: int
    #: Why the ladder file could not be written, if it could not (the games are in `pairs`).
    save_error: str | None


#: What a ladder file says it is.
FORMAT, VERSION = "pavilion-ladder", 1


class LadderFile(TypedDict):
    """A ladder file: what was played (game, rules, games a pairing, seed, and
    the pavilion version that played it), then every finished pairing."""

    format: str
    version: int
    pavilion: str
    game: str
    rules: dict[str, Any]
    games: int
    seed: int
    pairs: list[Pairing]


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
    save: str | os.PathLike[str] | None = None,
    **game_options: Any,
) -> Ladder:
    """Plays `games` seat-balanced 2-player games for every pairing of
    `agents` (the same deals for every pairing: the same seed), then rates
    them. `game_options` go to `analysis.arena` (`side=` or
    `akropolis_options=`). Ctrl-C stops: the pairings played so far are rated.

    With `save`, the ladder is kept in that file (see the module's text): its
    pairings are reused, and each pairing played is written there as soon as
    it is finished. A file that is not a ladder of the same game, rules, games
    and seed is refused (OptionsError or NotationError), never overwritten."""
    if len(agents) < 2 or len(set(agents)) != len(agents):
        raise OptionsError("a round robin needs at least two different agents")
    file = _open_ladder_file(save, games, seed, game_options) if save is not None else None
    found = file["pairs"] if file else []
    kept = [p for p in found if not set(p["agents"]) <= set(agents)]
    pairs: list[Pairing] = []
    interrupted = False
    reused = 0
    done = 0
    save_error: str | None = None
    with ExitStack() as stack:
        if game_options.get("ray") is not None:  # one Ray cluster for every pairing
            from pavilion.core import scale

            stack.enter_context(scale.cluster(game_options["ray"], threads))
        for i, j in combinations(range(len(agents)), 2):
            known = _known_pairing(found, agents[i], agents[j])
            if known is not None:
                pairs.append(known)
                reused += 1
                if progress:
                    progress(done + reused * games)
                continue

            def tick(n: int, base: int = done + reused * games) -> None:
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
            if file is not None and save is not None:
                file["pairs"] = kept + pairs
                save_error = _write_ladder_file(Path(save), file)
    ratings = rate(agents, pairs)
    return {
        "ratings": ratings,
        "pairs": pairs,
        "games": done,
        "seed": seed,
        "interrupted": interrupted,
        "reused": reused,
        "save_error": save_error,
    }


def rate(agents: Sequence[str], pairs: Sequence[Pairing]) -> list[Rating]:
    """Each agent's rating (Elo, 95% interval), games and score from the
    pairings' results, strongest first."""
    index = {a: k for k, a in enumerate(agents)}
    results = [(index[p["agents"][0]], index[p["agents"][1]], p["wins"][0], p["games"]) for p in pairs]
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
    return ratings


def _rules(game_options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The game and its rules as a ladder file names them, defaults written out
    (so that `{}` and the defaults given by name are the same rules)."""
    options = game_options.get("akropolis_options")
    if options is None:
        return "summer-pavilion", {"side": game_options.get("side", SIDES[0])}
    from pavilion.akropolis import Game

    g = Game(players=2, **options)
    return "akropolis", {"variants": g.variants, "long": g.long, "barracks_edge": g.barracks_edge, "lake": g.lake}


def _open_ladder_file(path: str | os.PathLike[str], games: int, seed: int, game_options: dict[str, Any]) -> LadderFile:
    """The ladder file at `path` if it holds a ladder of these settings, else a
    new one (nothing written yet) if nothing is there; refuses anything else."""
    name = quote_path(os.fspath(path))
    game, rules = _rules(game_options)
    settings = {"pavilion": __version__, "game": game, "rules": rules, "games": games, "seed": seed}
    new: LadderFile = {"format": FORMAT, "version": VERSION, **settings, "pairs": []}  # type: ignore[typeddict-item]
    try:
        check_writable(os.fspath(path))
    except SaveError as e:
        raise OptionsError(str(e)) from None
    if not Path(path).exists():
        return new
    found = parse_json(read_input(os.fspath(path), "ladder file"), f"ladder file {name}")
    if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("version") != VERSION:
        raise NotationError(f"{name} is not a {FORMAT} v{VERSION} file: give another file name")
    differ = [
        f"{k} {_shown_value(found.get(k))}, not {_shown_value(v)}" for k, v in settings.items() if found.get(k) != v
    ]
    if differ:
        raise OptionsError(f"{name} holds another ladder ({'; '.join(differ)}): give another file name")
    new["pairs"] = _checked_pairs(found.get("pairs"), games, name)
    return new


def _shown_value(v: Any) -> str:
    """A setting as an error message shows it: JSON, cut short."""
    text = json.dumps(v, sort_keys=True)
    return text if len(text) <= 80 else text[:80] + "…"


def _checked_pairs(pairs: Any, games: int, name: str) -> list[Pairing]:
    """The pairings of a ladder file, each checked (NotationError names the first bad one)."""
    if not isinstance(pairs, list):
        raise NotationError(f"ladder file {name}: 'pairs' is not a list")
    checked: list[Pairing] = []
    seen: set[frozenset[str]] = set()
    for k, p in enumerate(pairs, 1):
        where = f"ladder file {name}, pairing {k}"
        if not isinstance(p, dict) or set(p) != {"agents", "games", "wins", "mean_scores"}:
            raise NotationError(f"{where}: not a pairing (agents, games, wins, mean_scores)")
        agents, wins, means = p["agents"], p["wins"], p["mean_scores"]
        if not (isinstance(agents, list) and len(agents) == 2 and all(isinstance(a, str) for a in agents)):
            raise NotationError(f"{where}: 'agents' is not two agent names")
        if agents[0] == agents[1] or frozenset(agents) in seen:
            raise NotationError(f"{where}: the same two agents again")
        if p["games"] != games or isinstance(p["games"], bool):
            raise NotationError(f"{where}: {games} games a pairing expected")
        if not (
            isinstance(wins, list)
            and len(wins) == 2
            and all(isinstance(w, int | float) and not isinstance(w, bool) and 0 <= w <= games for w in wins)
            and math.isclose(wins[0] + wins[1], games)
        ):
            raise NotationError(f"{where}: 'wins' is not two numbers adding up to the games")
        if not (
            isinstance(means, list)
            and len(means) == 2
            and all(
                m is None or (isinstance(m, int | float) and not isinstance(m, bool) and math.isfinite(m))
                for m in means
            )
        ):
            raise NotationError(f"{where}: 'mean_scores' is not two numbers")
        seen.add(frozenset(agents))
        checked.append(
            {"agents": list(agents), "games": games, "wins": [float(w) for w in wins], "mean_scores": list(means)}
        )
    return checked


def _known_pairing(pairs: list[Pairing], a: str, b: str) -> Pairing | None:
    """The pairing of `a` and `b` among `pairs`, seen from `a` (seats swapped if it is the other way)."""
    for p in pairs:
        if p["agents"] == [a, b]:
            return p
        if p["agents"] == [b, a]:
            return {
                "agents": [a, b],
                "games": p["games"],
                "wins": p["wins"][::-1],
                "mean_scores": p["mean_scores"][::-1],
            }
    return None


def _write_ladder_file(path: Path, file: LadderFile) -> str | None:
    """Writes the ladder file whole; the reason it could not, if it could not."""
    try:
        replace_atomically(path, json.dumps(file, indent=1) + "\n")
    except SaveError as e:
        return str(e)
    return None
