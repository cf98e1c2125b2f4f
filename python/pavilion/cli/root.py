"""The `pavilion` command line."""

from __future__ import annotations

from typing import Any

import click
from rich.table import Table

from pavilion._engine import (
    AGENT_OPTIONS,
    BUILD,
    ROUNDS,
    Agent,
    Game,
    __version__,
)
from pavilion._engine.text import escape_controls, quote
from pavilion.cli.akropolis import akropolis
from pavilion.cli.board import board_command, serve_command
from pavilion.cli.common import (
    ARENA_OPTIONS,
    ARENA_RUN_OPTIONS,
    MOVE_OPTION,
    SEED,
    SIDE,
    SIDE_NAMES,
    InputError,
    PavilionGroup,
    apply_command,
    arena_screen,
    check_pictures,
    console,
    load_game,
    perft_command,
    picture,
    picture_options,
    progress_console,
    ray_or_local,
    solve_command,
    write_pictures,
)
from pavilion.cli.play import ask_in_terminal, play_options, run_session, writable_record_path
from pavilion.cli.review import review_command
from pavilion.cli.selfplay import selfplay_command
from pavilion.cli.train import generations_command, train_command
from pavilion.core.files import read_input, shown
from pavilion.core.record import HUMAN
from pavilion.core.seats import check_agent, parse_seats, resolve_record
from pavilion.summer import render
from pavilion.summer.play import DEFAULT_LEVEL, LEVELS, PlaySession, level_spec
from pavilion.summer.record import GameRecord


def load_position(path: str, move: int | None = None) -> Game:
    """A position file (`-` for stdin) or a game record (the position after
    `move` moves, all by default); any problem becomes one clear line."""
    game: Game = load_game(path, Game, GameRecord, move)
    return game


def version_line() -> str:
    """`pavilion --version`: the package's version and how its engine was built."""
    commit = BUILD["commit"] or "commit unknown"
    return f"%(prog)s %(version)s (engine {BUILD['version']}, {commit}, {BUILD['profile']} build)"


@click.group(cls=PavilionGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pavilion", message=version_line())
def main() -> None:
    """pavilion: rules-exact engines and AI for Azul: Summer Pavilion (these
    commands) and Akropolis (`pavilion akropolis ...`).

    Moves are written like 3B (draft blue from factory 3), CB (from the centre),
    B4+2 (blue star space 4 paying 2 wilds), C3O (centre space 3, orange),
    bonus:YB and pass:PBB (keep purple, blue, blue).
    """


@main.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--side", type=SIDE, default=SIDE_NAMES[0], show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True, help="Fixes the bag and the agents' choices.")
@click.option("--seats", default=None, help="Agents per seat (default: mcts against greedy).")
@click.option(
    "--level", type=click.Choice(list(LEVELS)), default="easy", show_default=True, help="Strength of mcts seats."
)
def demo(players: int, side: str, seed: int, seats: str | None, level: str) -> None:
    """Watch a whole game between built-in agents (no input needed)."""
    kinds = parse_seats(seats or ",".join(["mcts"] + ["greedy"] * (players - 1)), players, level_spec(level), Agent)
    if HUMAN in kinds:
        raise InputError("--seats: the demo has no human seats (try pavilion play)")
    record = GameRecord(players=players, side=side, seed=seed, seats=kinds)
    session = PlaySession(record, console, ask=lambda _: "quit")
    console.print(
        f"[bold]pavilion demo[/]: {', '.join(session.name(s) for s in range(players))}; {side} side, seed {seed}"
    )
    session.run()


@main.command()
@play_options(LEVELS, DEFAULT_LEVEL)
@click.option("--side", type=SIDE, default=None, help=f"{' or '.join(SIDE_NAMES)} (default {SIDE_NAMES[0]}).")
@click.option("--wild-order", default=None, help="Six colour letters, the wild colour of rounds 1-6 (default PGOYBR).")
def play(
    players: int | None,
    seats: str | None,
    seed: int | None,
    level: str | None,
    ai_spec: str | None,
    load_path: str | None,
    record_path: str | None,
    side: str | None,
    wild_order: str | None,
) -> None:
    """Play in the terminal (default: you against mcts, 2 players)."""
    given = {
        "--players": ("players", players),
        "--side": ("side", side),
        "--seed": ("seed", seed),
        "--wild-order": ("wild_order", wild_order and wild_order.upper()),
    }
    record = resolve_record(GameRecord, load_path, given, seats, level, ai_spec, LEVELS, DEFAULT_LEVEL)
    writable_record_path(record_path)
    session = PlaySession(record, console, ask=ask_in_terminal, hint_iterations=LEVELS[level or DEFAULT_LEVEL])
    run_session(session, record_path, f"{record.side} side")


@main.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--side", type=SIDE, default=SIDE_NAMES[0], show_default=True)
@click.option("--seed", type=SEED, default=None, help="Fixes every draw (default: random, written in the file).")
@click.option("--wild-order", default=None, help="Six colour letters, e.g. PGOYBR (the default).")
def new(players: int, side: str, seed: int | None, wild_order: str | None) -> None:
    """Print the position file of a new game."""
    try:
        game = Game(players=players, seed=seed, side=side, wild_order=wild_order)
    except ValueError as e:
        raise InputError(str(e)) from None
    click.echo(game.to_json())


@main.command()
@click.argument("position")
@MOVE_OPTION
@picture_options
def show(position: str, move: int | None, svg_path: str | None, png_path: str | None) -> None:
    """Draw a position file (`-` reads stdin) or a game record's position, or
    write it as a picture with --svg/--png."""
    game = load_position(position, move)
    if svg_path or png_path:
        check_pictures(svg_path, png_path)
        write_pictures(picture(game), svg_path, png_path)
    else:
        console.print(render.position(game))


@main.command()
@click.argument("position")
def moves(position: str) -> None:
    """List the legal moves of a position file, with their action ids."""
    game = load_position(position)
    if game.is_over:
        console.print(f"the game is over: no legal moves (final scores {', '.join(map(str, game.scores))})")
        return
    t = Table(title=f"{len(game.legal_moves())} legal moves, player {game.current_player + 1} to move")
    t.add_column("move")
    t.add_column("action", justify="right")
    for m in game.legal_moves():
        t.add_row(str(m), str(m.action))
    console.print(t)


main.add_command(apply_command(load_position))
main.add_command(perft_command(load_position, Game, max_depth=8, depth=3))
main.add_command(
    solve_command(
        load_position,
        """Analyse a position file (`-` reads stdin) or a game record: ranked
        moves for the player to move.

        The last round's placing is solved exactly when that takes a second or
        two at most (the supply draws still to come weighed by their odds,
        never read); otherwise Monte-Carlo tree search runs for the budget.
        Ctrl-C stops early and prints the best answer so far.
        """,
    )
)


def agents_epilog() -> str:
    """The agent vocabulary, from the engine's one table (`\\b` keeps click from rewrapping it)."""
    lines = ["\b", f"Agents: {AGENT_OPTIONS['summary']}"]
    for o in AGENT_OPTIONS["mcts"]:
        default = f" (default {o['default']})" if o["default"] is not None else ""
        lines.append(f"  {o['form']:<26} {o['help']}{default}; {o['accepts']}")
    return "\n".join(lines)


@main.command(epilog=agents_epilog())
@ARENA_OPTIONS
@click.option("--side", type=SIDE, default=SIDE_NAMES[0], show_default=True)
@ARENA_RUN_OPTIONS
def arena(
    agents: tuple[str, ...],
    games: int,
    players: int,
    side: str,
    seed: int,
    threads: int | None,
    as_json: bool,
    round_robin: bool,
    save: str | None,
    ray: str | None,
) -> None:
    """Seat-balanced games between agents, e.g. `mcts:iterations=2000 greedy`.

    With fewer agents than players they repeat round the table; seats rotate
    every game. With --round-robin, every pairing plays GAMES games and the
    agents are rated. Agents (the mcts options are listed below):
    """
    specs, rules = [check_agent(a, Agent) for a in agents], f"{side} side"
    arena_screen(
        specs, games, players, seed, threads, as_json, rules, round_robin, save, side=side, ray=ray_or_local(ray)
    )


@main.command()
@click.option("--players", "names", default=None, help="Player names, e.g. Ann,Bo.")
@click.option(
    "--round", "rounds", multiple=True, help="One round's points per player, e.g. 12,-3 (repeat for each round)."
)
@click.option("--file", "path", default=None, help="A score sheet: CSV (names, then a row per round) or JSON.")
def score(names: str | None, rounds: tuple[str, ...], path: str | None) -> None:
    """The score pad: points round by round (negatives allowed), end bonuses in round 6.

    Without --round or --file it asks for each player's points, round by round
    (Ctrl-D stops and shows the standings so far).
    """
    from pavilion.summer.scorepad import ScorePad, ScorePadError, parse_points

    try:
        if path:
            if names or rounds:
                raise ScorePadError("--file holds the names and rounds: use it alone")
            pad = ScorePad.from_text(
                read_input(path, "score file"), quote(path), as_json=path.lower().endswith(".json")
            )
        elif names:
            pad = ScorePad([n.strip() for n in names.split(",")])
            for r in rounds:
                pad.add_round(parse_points(r, len(pad.players)))
            if not rounds:
                ask_rounds(pad)
        elif rounds:
            raise ScorePadError("--round needs --players")
        else:
            pad = ask_names()
            ask_rounds(pad)
    except ScorePadError as e:
        raise InputError(str(e)) from None
    show_standings(pad)


def ask_names() -> Any:
    """Asks for the players until the names make a score pad."""
    from pavilion.summer.scorepad import ScorePad, ScorePadError

    while True:
        line = click.prompt("players (names separated by commas)")
        try:
            return ScorePad([n.strip() for n in line.split(",")])
        except ScorePadError as e:
            console.print(f"✗ {shown(str(e))}")


def ask_rounds(pad: Any) -> None:
    """Asks each player's points round by round; end of input stops early (the standings are shown)."""
    from pavilion.summer.scorepad import MAX_ROUND_POINTS

    points_type = click.IntRange(-MAX_ROUND_POINTS, MAX_ROUND_POINTS)
    try:
        while len(pad.rounds) < ROUNDS:
            i = len(pad.rounds) + 1
            if i == ROUNDS:
                console.print("[dim]round 6: add the end bonuses (stars, all-N's, minus leftover tiles)[/]")
            points = [click.prompt(f"round {i}, {escape_controls(p)}", type=points_type) for p in pad.players]
            pad.add_round(points)
            if len(pad.rounds) < ROUNDS:
                console.print(pad.table())
    except (click.Abort, EOFError):
        console.print()
        console.print(f"[dim]input ended after {len(pad.rounds)} round(s)[/]")


def show_standings(pad: Any) -> None:

    console.print(pad.table())
    w = [shown(name) for name in pad.winners()]
    if len(pad.rounds) < ROUNDS:
        console.print(f"after {len(pad.rounds)} round(s): {' and '.join(w)} lead{'s' if len(w) == 1 else ''}")
    else:
        console.print(f"[bold]{'Winner' if len(w) == 1 else 'Shared victory'}:[/] {' and '.join(w)}")


@main.command()
@click.option("--covered", default="", help="Covered spaces, e.g. 1,2,5.")
@click.option("--star", default="B", show_default=True, help="Star letter: P G O Y B R, or C for the centre.")
@click.option("--side", type=SIDE, default=SIDE_NAMES[0], show_default=True)
def star(covered: str, star: str, side: str) -> None:
    """Try a star: each open space's cost and the points a placement there scores (6 touches 1)."""
    from pavilion._engine import space_cost, star_points

    try:
        spaces = sorted({int(x) for x in covered.split(",") if x.strip()})
    except ValueError:
        raise InputError(f"--covered: '{covered}' is not a list of spaces like 1,2,5") from None
    if any(not 1 <= s <= 6 for s in spaces):
        raise InputError("--covered: spaces are 1..6")
    try:
        costs = {v: space_cost(side, star.upper(), v) for v in range(1, 7)}
    except ValueError as e:
        raise InputError(str(e)) from None
    name = "centre" if star.upper() == "C" else render.NAME.get(star.upper(), star)
    t = Table(title=f"{name} star ({side} side), covered: {', '.join(map(str, spaces)) or 'none'}")
    for col in ["space", "cost (tiles)", "now", "points if placed"]:
        t.add_column(col, justify="right")
    for v in range(1, 7):
        if v in spaces:
            t.add_row(str(v), str(costs[v]), "covered", "—", style="dim")
        else:
            t.add_row(str(v), str(costs[v]), "open", str(star_points(spaces, v)))
    console.print(t)
    console.print("[dim]a placement scores the run of covered spaces it joins; the ring wraps: 6 touches 1[/]")


@main.command()
@click.option("--quick", is_flag=True, help="Smaller workloads and 3 runs each (a few seconds).")
@click.option(
    "--threads",
    type=click.IntRange(1, 256),
    default=None,
    help="Threads for the parallel figures (default: all cores).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(quick: bool, threads: int | None, as_json: bool) -> None:
    """Measure engine speed on fixed seeds: medians of several runs, and a signature."""
    import json as jsonlib

    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from pavilion.services import bench as benchmod

    with Progress(
        SpinnerColumn(),
        TextColumn("{task.description}"),
        TimeElapsedColumn(),
        console=progress_console,
        transient=True,
        disable=as_json,
    ) as bar:
        task = bar.add_task("starting", total=None)
        result = benchmod.run(quick=quick, threads=threads, progress=lambda name: bar.update(task, description=name))
    if as_json:
        click.echo(jsonlib.dumps(result, indent=2))
        return
    t = Table(title=f"pavilion bench{' --quick' if quick else ''}: medians of {result['repeats']} runs")
    t.add_column("workload")
    t.add_column("median", justify="right")
    t.add_column("unit")
    t.add_column("notes", style="dim")
    for f in result["figures"]:
        notes = []
        if "moves_per_s" in f:
            notes.append(f"{f['moves_per_s']:,.0f} moves/s")
        if "per_thread" in f:
            notes.append(f"{f['per_thread']:,.0f}/thread, ×{f['speedup']:.2f} vs 1 thread")
        notes.append(f"runs {min(f['runs']):,.0f}–{max(f['runs']):,.0f}")
        t.add_row(f["name"], f"{f['median']:,.0f}", f["unit"], "; ".join(notes))
    console.print(t)
    for label, key in (("signature", "signature"), ("Akropolis signature", "akropolis_signature")):
        sig = result[key]
        console.print(f"{label} [bold]{sig['digest']}[/]  " + "  ".join(f"{k}={v}" for k, v in sig["counts"].items()))


if __name__ == "__main__":  # pragma: no cover
    main()


main.add_command(akropolis)
main.add_command(review_command, "review")
main.add_command(board_command, "board")
main.add_command(serve_command, "serve")
main.add_command(selfplay_command, "selfplay")
main.add_command(train_command, "train")
main.add_command(generations_command("summer"))
