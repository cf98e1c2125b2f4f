"""`pavilion selfplay`: training data from games of a searching agent against itself."""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from pavilion._engine import DEFAULT_FULL_SHARE, MAX_ITERATIONS, MAX_SAMPLE_MOVES
from pavilion.cli.common import RAY_OPTION, SEED, SIDE, SIDE_NAMES, InputError, console, counted, ray_or_local, stacked
from pavilion.core.files import SaveError, quote_path
from pavilion.learn.selfplay import DEFAULT_SHARD_GAMES, MANIFEST, MAX_GAMES, MAX_SHARD_GAMES, selfplay

#: The agent when none is named: a search that plays well and fast enough to fill shards.
DEFAULT_AGENT = "mcts:iterations=800"


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


#: The agent, the games and the folder: the same for both games.
SELFPLAY_OPTIONS = stacked(
    click.option("--agent", default=DEFAULT_AGENT, show_default=True, help="The searching agent, mcts[:options]."),
    click.option("--games", type=click.IntRange(1, MAX_GAMES), default=100, show_default=True),
    click.option(
        "--out", "out", required=True, help="The folder for the shards and manifest.json (new, or this run's)."
    ),
    click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True),
)

#: Playout-cap randomisation: the same for both games and for the generations loop.
FAST_SEARCH_OPTIONS = stacked(
    click.option(
        "--fast-iterations",
        type=click.IntRange(0, MAX_ITERATIONS),
        default=0,
        show_default=True,
        help="Playout-cap randomisation: most decisions search this many iterations only to choose the move, "
        "and only the others (--full-share), searched with the agent's budget, make policy targets "
        "(0: every decision in full).",
    ),
    click.option(
        "--full-share",
        type=click.FloatRange(0, 1, min_open=True),
        default=DEFAULT_FULL_SHARE,
        show_default=True,
        help="With --fast-iterations: the share of decisions searched in full, drawn decision by decision.",
    ),
)

#: How the run goes: the same for both games.
SELFPLAY_RUN_OPTIONS = stacked(
    click.option("--seed", type=SEED, default=1, show_default=True, help="Game i has seed SEED + i."),
    click.option(
        "--shard-games", type=click.IntRange(1, MAX_SHARD_GAMES), default=DEFAULT_SHARD_GAMES, show_default=True
    ),
    click.option(
        "--sample-moves",
        type=click.IntRange(0, MAX_SAMPLE_MOVES),
        default=0,
        show_default=True,
        help="Decisions at the start of each game that play a move drawn from the search's probabilities.",
    ),
    FAST_SEARCH_OPTIONS,
    click.option(
        "--threads", type=click.IntRange(1, 256), default=None, help="Games played at once (default: all cores)."
    ),
    RAY_OPTION,
    click.option("--json", "as_json", is_flag=True, help="Print what was done as JSON."),
)


@click.command()
@SELFPLAY_OPTIONS
@click.option("--side", type=SIDE, default=SIDE_NAMES[0], show_default=True)
@SELFPLAY_RUN_OPTIONS
def selfplay_command(
    agent: str,
    games: int,
    out: str,
    players: int,
    side: str,
    seed: int,
    shard_games: int,
    sample_moves: int,
    fast_iterations: int,
    full_share: float,
    threads: int | None,
    ray: str | None,
    as_json: bool,
) -> None:
    """Training data: games of a searching agent against itself.

    Writes Parquet shards of one row per decision (observation, legal mask,
    the search's move probabilities, the player to move, the final returns)
    and a manifest (needs pip install 'pavilion[rl]').

    Run the same command again to finish an interrupted run: shards on disk
    are kept and skipped.
    """
    playing = {"sample_moves": sample_moves, "fast_iterations": fast_iterations, "full_share": full_share}
    selfplay_screen(agent, games, out, players, seed, shard_games, playing, threads, ray, as_json, side=side)


def selfplay_screen(
    agent: str,
    games: int,
    out: str,
    players: int,
    seed: int,
    shard_games: int,
    playing: dict[str, Any],
    threads: int | None,
    ray: str | None,
    as_json: bool,
    **game_options: Any,
) -> None:
    """`selfplay` for either game: a progress bar over the games, then what
    was written (or JSON). `playing` (sample_moves, fast_iterations,
    full_share) and `game_options` go to `pavilion.learn.selfplay.selfplay`
    (`side=` for Summer Pavilion, `akropolis_options=` for Akropolis)."""
    try:
        run = counted(
            as_json,
            games,
            lambda tick: selfplay(
                agent,
                games=games,
                out=out,
                players=players,
                seed=seed,
                shard_games=shard_games,
                threads=threads,
                ray=ray_or_local(ray),
                progress=tick,
                **playing,
                **game_options,
            ),
        )
    except SaveError as e:
        raise InputError(str(e)) from None
    manifest = run["manifest"]
    shards = manifest["shards"]
    if as_json:
        summary = {k: v for k, v in manifest.items() if k not in ("observation_layout", "columns")}
        click.echo(json.dumps({**summary, **{k: v for k, v in run.items() if k != "manifest"}}, indent=2))
    else:
        played = sum(s["games"] for s in shards)
        decisions = sum(s["decisions"] for s in shards)
        kept = f" ({run['skipped']} were there already)" if run["skipped"] else ""
        where = f"in {quote_path(out)} (see {MANIFEST})"
        console.print(f"{plural(len(shards), 'shard')}{kept}: {played} games, {decisions} decisions, {where}")
    if run["interrupted"]:
        left = -(-games // shard_games) - len(shards)
        console.print(
            f"[yellow]interrupted[/]: {plural(left, 'shard')} left; run the same command again to finish them"
        )
        sys.exit(130)
