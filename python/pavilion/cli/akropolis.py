"""`pavilion akropolis ...`: Akropolis positions from the command line."""

from __future__ import annotations

import click
from rich.table import Table

from pavilion._engine import AGENT_OPTIONS
from pavilion._engine.akropolis import BARRACKS_EDGES, LAKES, MOVE_SYNTAX, Agent, Game
from pavilion.akropolis import render
from pavilion.akropolis.play import DEFAULT_LEVEL, LEVELS, AkropolisSession
from pavilion.akropolis.record import AkropolisRecord
from pavilion.cli.common import (
    ARENA_OPTIONS,
    ARENA_RUN_OPTIONS,
    MOVE_OPTION,
    SEED,
    InputError,
    apply_command,
    arena_screen,
    check_pictures,
    console,
    load_game,
    perft_command,
    picture,
    picture_options,
    ray_or_local,
    solve_command,
    stacked,
    write_pictures,
)
from pavilion.cli.play import ask_in_terminal, play_options, run_session, writable_record_path
from pavilion.cli.selfplay import SELFPLAY_OPTIONS, SELFPLAY_RUN_OPTIONS, selfplay_screen
from pavilion.cli.train import generations_command
from pavilion.core.seats import check_agent, resolve_record


def load_position(path: str, move: int | None = None) -> Game:
    """An Akropolis position file (`-` for stdin) or game record (the position
    after `move` moves, all by default); any problem becomes one clear line."""
    game: Game = load_game(path, Game, AkropolisRecord, move)
    return game


#: The rule options of a new game (and of a match or self-play run).
RULE_OPTIONS = stacked(
    click.option("--variants", default="", help="Scoring variants on, as letters from hmbtg (default none)."),
    click.option("--long", "long_game", is_flag=True, help="The long game (2 or 3 players, all 61 tiles)."),
    click.option("--barracks-edge", type=click.Choice(BARRACKS_EDGES), default=BARRACKS_EDGES[0], show_default=True),
    click.option("--lake", type=click.Choice(LAKES), default=LAKES[0], show_default=True),
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def akropolis() -> None:
    """Akropolis: positions, legal moves, perft, analysis and matches between agents.

    A move is i@q,r/k: take the site tile at index i (it costs i stones) and
    put its anchor hex on q,r, turned k steps clockwise (0-5), as 0@1,0/0.
    """


@akropolis.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--seed", type=SEED, default=None, help="Fixes the shuffle (default: random).")
@RULE_OPTIONS
def new(players: int, seed: int | None, variants: str, long_game: bool, barracks_edge: str, lake: str) -> None:
    """Print the position file of a new game."""
    try:
        game = Game(
            players=players, seed=seed, variants=variants, long=long_game, barracks_edge=barracks_edge, lake=lake
        )
    except ValueError as e:
        raise InputError(str(e)) from None
    click.echo(game.to_json())


@akropolis.command()
@click.argument("position")
@click.option("--coords", is_flag=True, help="Label each hex with its q,r instead of its letter and level.")
@MOVE_OPTION
@picture_options
def show(position: str, coords: bool, move: int | None, svg_path: str | None, png_path: str | None) -> None:
    """Draw a position file (`-` reads stdin) or a game record's position: the
    site, each city as a hex map, the scores; or write it as a picture with --svg/--png."""
    game = load_position(position, move)
    if svg_path or png_path:
        check_pictures(svg_path, png_path)
        write_pictures(picture(game), svg_path, png_path)
    else:
        console.print(render.position(game, coords))


@akropolis.command()
@click.argument("position")
def moves(position: str) -> None:
    """List the legal moves of a position file."""
    game = load_position(position)
    if game.is_over:
        console.print(f"the game is over: no legal moves (final scores {', '.join(map(str, game.scores))})")
        return
    legal = game.legal_moves()
    t = Table(title=f"{len(legal)} legal moves, player {game.current_player + 1} to move")
    for name in ("move", "tile", "cost", "covers"):
        t.add_column(name)
    for m in legal:
        tile = game.site[m.index]
        covers = " ".join(f"{q},{r}" for q, r in m.footprint)
        t.add_row(str(m), render.tile_text(tile), str(m.index), covers)
    console.print(t)


akropolis.add_command(apply_command(load_position))
akropolis.add_command(perft_command(load_position, Game, max_depth=6, depth=2))
akropolis.add_command(
    solve_command(
        load_position,
        """Analyse a position file (`-` reads stdin) or a game record: ranked
        moves for the player to move, by Monte-Carlo tree search for the budget.
        Ctrl-C stops early and prints the best answer so far.""",
    )
)


@akropolis.command("selfplay")
@SELFPLAY_OPTIONS
@RULE_OPTIONS
@SELFPLAY_RUN_OPTIONS
def selfplay_command(
    agent: str,
    games: int,
    out: str,
    players: int,
    variants: str,
    long_game: bool,
    barracks_edge: str,
    lake: str,
    seed: int,
    shard_games: int,
    sample_moves: int,
    fast_iterations: int,
    full_share: float,
    threads: int | None,
    ray: str | None,
    as_json: bool,
) -> None:
    """Training data: Akropolis games of a searching agent against itself.

    Writes Parquet shards of one row per decision (the position as the player
    to move sees it, the legal moves, the search's probability for each, the
    move played, the final returns) and a manifest (needs pip install
    'pavilion[rl]'). Run the same command again to finish an interrupted run.
    """
    options = {"variants": variants, "long": long_game, "barracks_edge": barracks_edge, "lake": lake}
    playing = {"sample_moves": sample_moves, "fast_iterations": fast_iterations, "full_share": full_share}
    selfplay_screen(
        agent, games, out, players, seed, shard_games, playing, threads, ray, as_json, akropolis_options=options
    )


@akropolis.command(epilog=f"\b\nAgents: {AGENT_OPTIONS['summary']} (see `pavilion arena --help` for the mcts options).")
@ARENA_OPTIONS
@RULE_OPTIONS
@ARENA_RUN_OPTIONS
def arena(
    agents: tuple[str, ...],
    games: int,
    players: int,
    variants: str,
    long_game: bool,
    barracks_edge: str,
    lake: str,
    seed: int,
    threads: int | None,
    as_json: bool,
    round_robin: bool,
    save: str | None,
    ray: str | None,
) -> None:
    """Seat-balanced Akropolis games between agents, e.g. `greedy random`.

    With fewer agents than players they repeat round the table; seats rotate
    every game. With --round-robin, every pairing plays GAMES games and the
    agents are rated. Agents and their options are those of `pavilion arena`.
    """
    specs = [check_agent(a, Agent) for a in agents]
    options = {"variants": variants, "long": long_game, "barracks_edge": barracks_edge, "lake": lake}
    try:
        Game(players=players, **options)  # type: ignore[arg-type]
    except ValueError as e:
        raise InputError(str(e)) from None
    rules = f"variants {variants or 'none'}" + (", long game" if long_game else "")
    ray = ray_or_local(ray)
    arena_screen(
        specs, games, players, seed, threads, as_json, rules, round_robin, save, akropolis_options=options, ray=ray
    )


@akropolis.command()
@play_options(LEVELS, DEFAULT_LEVEL)
@click.option("--variants", default=None, help="Scoring variants on, as letters from hmbtg (default none).")
@click.option("--long", "long_game", is_flag=True, help="The long game (2 or 3 players, all 61 tiles).")
@click.option("--barracks-edge", type=click.Choice(BARRACKS_EDGES), default=None, help=f"Default {BARRACKS_EDGES[0]}.")
@click.option("--lake", type=click.Choice(LAKES), default=None, help=f"Default {LAKES[0]}.")
def play(
    players: int | None,
    seats: str | None,
    seed: int | None,
    level: str | None,
    ai_spec: str | None,
    load_path: str | None,
    record_path: str | None,
    variants: str | None,
    long_game: bool,
    barracks_edge: str | None,
    lake: str | None,
) -> None:
    """Play Akropolis in the terminal (default: you against mcts, 2 players).

    Type 'help' at the prompt for how moves read; 'moves', 'hint', 'undo',
    'save FILE' and 'quit' work at every turn.
    """
    if variants is not None:
        try:
            variants = Game(variants=variants).variants
        except ValueError as e:
            raise InputError(str(e)) from None
    given = {
        "--players": ("players", players),
        "--variants": ("variants", variants),
        "--long": ("long", True if long_game else None),
        "--barracks-edge": ("barracks_edge", barracks_edge),
        "--lake": ("lake", lake),
        "--seed": ("seed", seed),
    }
    record = resolve_record(AkropolisRecord, load_path, given, seats, level, ai_spec, LEVELS, DEFAULT_LEVEL)
    writable_record_path(record_path)
    session = AkropolisSession(record, console, ask=ask_in_terminal, hint_iterations=LEVELS[level or DEFAULT_LEVEL])
    rules = f"variants {record.variants or 'none'}" + (", long game" if record.long else "")
    run_session(session, record_path, rules)


__all__ = ["MOVE_SYNTAX", "akropolis"]


akropolis.add_command(generations_command("akropolis"))
