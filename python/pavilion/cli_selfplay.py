"""`pavilion selfplay`: training data from games of a searching agent against itself."""

from __future__ import annotations

import json
import sys

import click

from pavilion.cli_common import RAY_OPTION, SEED, SIDE, SIDE_NAMES, InputError, console, counted, ray_or_local
from pavilion.files import SaveError, quote_path
from pavilion.selfplay import DEFAULT_SHARD_GAMES, MANIFEST, MAX_SHARD_GAMES, selfplay

#: The agent when none is named: a search that plays well and fast enough to fill shards.
DEFAULT_AGENT = "mcts:iterations=800"


@click.command()
@click.option("--agent", default=DEFAULT_AGENT, show_default=True, help="The searching agent, mcts[:options].")
@click.option("--games", type=click.IntRange(1, 1_000_000_000), default=100, show_default=True)
@click.option("--out", "out", required=True, help="The folder for the shards and manifest.json (new, or this run's).")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--side", type=SIDE, default=SIDE_NAMES[0], show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True, help="Game i has seed SEED + i.")
@click.option("--shard-games", type=click.IntRange(1, MAX_SHARD_GAMES), default=DEFAULT_SHARD_GAMES, show_default=True)
@click.option(
    "--sample-moves",
    type=click.IntRange(0, 10_000),
    default=0,
    show_default=True,
    help="Decisions at the start of each game that play a move drawn from the search's probabilities.",
)
@click.option("--threads", type=click.IntRange(1, 256), default=None, help="Games played at once (default: all cores).")
@RAY_OPTION
@click.option("--json", "as_json", is_flag=True, help="Print what was done as JSON.")
def selfplay_command(
    agent: str,
    games: int,
    out: str,
    players: int,
    side: str,
    seed: int,
    shard_games: int,
    sample_moves: int,
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
    try:
        run = counted(
            as_json,
            games,
            lambda tick: selfplay(
                agent,
                games=games,
                out=out,
                players=players,
                side=side,
                seed=seed,
                shard_games=shard_games,
                sample_moves=sample_moves,
                threads=threads,
                ray=ray_or_local(ray),
                progress=tick,
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
        console.print(
            f"{len(shards)} shards{kept}: {played} games, {decisions} decisions, in {quote_path(out)} (see {MANIFEST})"
        )
    if run["interrupted"]:
        left = -(-games // shard_games) - len(shards)
        console.print(f"[yellow]interrupted[/]: {left} shards left; run the same command again to finish them")
        sys.exit(130)
