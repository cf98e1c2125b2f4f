"""The `pavilion` command line."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from pavilion import analysis, render
from pavilion._engine import Agent, Game, Move, __version__
from pavilion.play import LEVELS, SEAT_KINDS, PlaySession, level_spec
from pavilion.record import GameRecord

console = Console(highlight=False)
progress_console = Console(stderr=True)

AGENTS = ("random", "greedy", "mcts")
SEED = click.IntRange(0, 2**64 - 1)


class InputError(click.ClickException):
    """Bad input from the user: one clear line, exit code 2."""

    exit_code = 2


def load_position(path: str) -> Game:
    """Reads a position file (`-` for stdin); any problem becomes one clear line."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"cannot read position file '{path}': {getattr(e, 'strerror', None) or e}") from None
    try:
        return Game.from_json(text)
    except ValueError as e:
        raise InputError(f"{path}: {e}") from None


def parse_seats(text: str, players: int, allowed: tuple[str, ...] = AGENTS) -> list[str]:
    seats = [s.strip() for s in text.split(",") if s.strip()]
    if len(seats) != players:
        raise InputError(f"--seats names {len(seats)} seat(s) for {players} players")
    for s in seats:
        if s not in allowed:
            raise InputError(f"--seats: unknown player '{s}' (choose from {', '.join(allowed)})")
    return seats


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pavilion")
def main() -> None:
    """pavilion: a rules-exact engine and AI for Azul: Summer Pavilion.

    Moves are written like 3B (draft blue from factory 3), CB (from the centre),
    B4+2 (blue star space 4 paying 2 wilds), C3O (centre space 3, orange),
    bonus:YB and pass:PBB (keep purple, blue, blue).
    """


@main.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--side", type=click.Choice(["colored", "gray"]), default="colored", show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True, help="Fixes the bag and the agents' choices.")
@click.option("--seats", default=None, help="Agents per seat (default: mcts against greedy).")
@click.option("--level", type=click.Choice(list(LEVELS)), default="easy", show_default=True, help="Strength of mcts seats.")
def demo(players: int, side: str, seed: int, seats: str | None, level: str) -> None:
    """Watch a whole game between built-in agents (no input needed)."""
    kinds = parse_seats(seats or ",".join(["mcts"] + ["greedy"] * (players - 1)), players)
    record = GameRecord(players=players, side=side, seed=seed, seats=kinds)
    session = PlaySession(record, kinds, level_spec(level), console, ask=lambda _: "quit")
    console.print(f"[bold]pavilion demo[/]: {', '.join(session.name(s) for s in range(players))}; {side} side, seed {seed}")
    session.run()


@main.command()
@click.option("--players", type=click.IntRange(2, 4), default=None, help="2, 3 or 4 (default 2, or the loaded game's).")
@click.option("--seats", default=None, help="Who plays each seat: human, mcts, greedy or random, e.g. human,mcts,greedy.")
@click.option("--side", type=click.Choice(["colored", "gray"]), default="colored", show_default=True)
@click.option("--seed", type=SEED, default=None, help="Fixes the bag (default: random; it is in the saved record).")
@click.option("--level", type=click.Choice(list(LEVELS)), default="normal", show_default=True,
              help="Strength of mcts seats: easy 3,000, normal 15,000, strong 50,000 iterations a move.")
@click.option("--ai", "ai_spec", default=None, help="Exact spec for mcts seats, e.g. mcts:time=2 (overrides --level).")
@click.option("--load", "load_path", default=None, help="Continue a saved game record.")
@click.option("--record", "record_path", default=None, help="Write the game record here when the game ends or stops.")
def play(players: int | None, seats: str | None, side: str, seed: int | None, level: str, ai_spec: str | None,
         load_path: str | None, record_path: str | None) -> None:
    """Play in the terminal (default: you against mcts, 2 players)."""
    import random as pyrandom

    if load_path:
        try:
            record = GameRecord.from_json(Path(load_path).read_text(encoding="utf-8"))
        except OSError as e:
            raise InputError(f"cannot read game record '{load_path}': {e.strerror or e}") from None
        except ValueError as e:
            raise InputError(f"{load_path}: {e}") from None
        if players is not None and players != record.players:
            raise InputError(f"--players {players} does not match the record ({record.players} players)")
        players = record.players
    else:
        players = players or 2
        record = GameRecord(players=players, side=side, seed=seed if seed is not None else pyrandom.getrandbits(32))
    default = record.seats if load_path and record.seats else ["human"] + ["mcts"] * (players - 1)
    kinds = parse_seats(seats, players, SEAT_KINDS) if seats else default
    if len(kinds) != players:
        raise InputError(f"the record names {len(kinds)} seat(s) for {players} players: give --seats")
    spec = check_agent(ai_spec) if ai_spec else level_spec(level)
    if not spec.startswith("mcts"):
        raise InputError("--ai must be an mcts spec, e.g. mcts:iterations=20000")
    record.seats = kinds
    session = PlaySession(record, kinds, spec, console, ask=lambda text: click.prompt(text, default="", show_default=False, prompt_suffix=""),
                          hint_iterations=LEVELS[level])
    console.print(f"[bold]pavilion play[/]: {', '.join(session.name(s) for s in range(players))}; "
                  f"{record.side} side, seed {record.seed}" + (f", {len(record.moves)} moves replayed" if record.moves else ""))
    try:
        outcome = session.run()
    except (KeyboardInterrupt, click.Abort, EOFError):
        path = record_path or "pavilion-interrupted.json"
        console.print()
        session.save(path)
        console.print("game interrupted; nothing is lost")
        return
    if record_path and outcome in ("over", "quit"):
        session.save(record_path)


@main.command()
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--side", type=click.Choice(["colored", "gray"]), default="colored", show_default=True)
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
def show(position: str) -> None:
    """Draw a position file (`-` reads stdin)."""
    console.print(render.position(load_position(position)))


@main.command()
@click.argument("position")
def moves(position: str) -> None:
    """List the legal moves of a position file, with their action ids."""
    game = load_position(position)
    t = Table(title=f"{len(game.legal_moves())} legal moves, player {game.current_player + 1} to move")
    t.add_column("move")
    t.add_column("action", justify="right")
    for m in game.legal_moves():
        t.add_row(str(m), str(m.action))
    console.print(t)


@main.command()
@click.argument("position")
@click.argument("move_texts", metavar="MOVE...", nargs=-1, required=True)
def apply(position: str, move_texts: tuple[str, ...]) -> None:
    """Play moves on a position file and print the new position."""
    game = load_position(position)
    for i, text in enumerate(move_texts, 1):
        try:
            game.play(Move.parse(text))
        except ValueError as e:
            raise InputError(f"move {i} ('{text}'): {e}") from None
    click.echo(game.to_json())


@main.command()
@click.argument("position", required=False)
@click.option("--depth", type=click.IntRange(1, 8), default=3, show_default=True)
def perft(position: str | None, depth: int) -> None:
    """Count legal move sequences (default position: a new 2-player game, seed 1)."""
    game = load_position(position) if position else Game(players=2, seed=1)
    for d in range(1, depth + 1):
        click.echo(f"depth {d}: {game.perft(d)}")


def check_agent(spec: str) -> str:
    try:
        Agent(spec)
    except ValueError as e:
        raise InputError(str(e)) from None
    return spec


@main.command()
@click.argument("position")
@click.option("--iterations", type=click.IntRange(1), default=None, help="Search budget in iterations.")
@click.option("--time", "seconds", type=click.FloatRange(0, min_open=True), default=None, help="Search budget in seconds (default 2 when no budget is given).")
@click.option("--threads", type=click.IntRange(1, 256), default=1, show_default=True)
@click.option("--top", type=click.IntRange(1), default=10, show_default=True, help="How many candidate moves to show.")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON.")
def solve(position: str, iterations: int | None, seconds: float | None, threads: int, top: int, seed: int, as_json: bool) -> None:
    """Analyse a position file (`-` reads stdin): ranked moves for the player to move.

    The last round's placing is solved exactly when it is small and no hidden
    draw matters; otherwise Monte-Carlo tree search runs for the budget.
    Ctrl-C stops early and prints the best answer so far.
    """
    import json as jsonlib

    from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn

    game = load_position(position)
    if game.is_over:
        raise InputError(f"{position}: the game is over, there is nothing to solve")
    with Progress(TextColumn("searching"), BarColumn(), TextColumn("{task.fields[it]} iterations"), TimeElapsedColumn(),
                  console=progress_console, transient=True, disable=as_json) as bar:
        total = iterations if iterations is not None else (seconds or 2.0)
        task = bar.add_task("search", total=total, it=0)

        def tick(done: int, elapsed: float) -> None:
            bar.update(task, completed=done if iterations is not None else elapsed, it=done)

        result = analysis.solve(game, iterations=iterations, seconds=seconds, threads=threads, seed=seed, top=top, progress=tick)
    if as_json:
        out = dict(result)
        out["moves"] = [dict(m, move=str(m["move"]), pv=[str(x) for x in m["pv"]]) for m in result["moves"]]
        click.echo(jsonlib.dumps(out, indent=2))
        return
    kind = "exact solve" if result["exact"] else f"MCTS, {result['iterations']} iterations in {result['seconds']:.1f}s"
    t = Table(title=f"Player {game.current_player + 1} to move — {kind}")
    for col, just in [("#", "right"), ("move", "left"), ("visits" if not result["exact"] else "nodes", "right"),
                      ("win rate", "right"), ("margin", "right"), ("principal variation", "left")]:
        t.add_column(col, justify=just)
    for i, m in enumerate(result["moves"], 1):
        t.add_row(str(i), str(m["move"]), str(m["visits"]), f"{100 * m['win_rate']:.1f}%", f"{m['margin']:+.1f}",
                  " ".join(str(x) for x in m["pv"][:10]))
    console.print(t)
    if result["exact"]:
        console.print("[bold]exact[/]: the rest of the game was solved exactly")
    if result["interrupted"]:
        console.print("[yellow]interrupted[/]: best answer so far")


@main.command()
@click.argument("agents", nargs=-1, required=True)
@click.option("--games", type=click.IntRange(1), default=100, show_default=True)
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True)
@click.option("--side", type=click.Choice(["colored", "gray"]), default="colored", show_default=True)
@click.option("--seed", type=SEED, default=1, show_default=True)
@click.option("--threads", type=click.IntRange(1, 256), default=None, help="Games played at once (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
def arena(agents: tuple[str, ...], games: int, players: int, side: str, seed: int, threads: int | None, as_json: bool) -> None:
    """Seat-balanced games between agents, e.g. `mcts:iterations=2000 greedy`.

    Agents: random, greedy, mcts[:iterations=N,time=S,threads=N,rollout=informed|uniform,c=X,margin=X].
    With fewer agents than players they repeat round the table; seats rotate every game.
    """
    import json as jsonlib

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    specs = [check_agent(a) for a in agents]
    with Progress(BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                  console=progress_console, transient=True, disable=as_json) as bar:
        task = bar.add_task("games", total=games)
        result = analysis.arena(specs, games=games, players=players, side=side, seed=seed, threads=threads,
                                progress=lambda n: bar.update(task, completed=n))
    if as_json:
        click.echo(jsonlib.dumps(result, indent=2))
        return
    t = Table(title=f"{result['games']} games, {players} players, {side} side, seed {seed} "
                    f"({result['mean_moves']:.0f} moves a game, {result['seconds']:.0f}s)")
    for col in ["agent", "seats", "win rate", "95% CI", "mean score"]:
        t.add_column(col, justify="left" if col == "agent" else "right")
    for a in result["agents"]:
        lo, hi = a["ci95"]
        t.add_row(a["agent"], str(a["seats"]), f"{100 * a['win_rate']:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%", f"{a['mean_score']:.1f}")
    console.print(t)
    if result["interrupted"]:
        console.print("[yellow]interrupted[/]: results of the games finished so far")


@main.command()
@click.option("--players", "names", default=None, help="Player names, e.g. Ann,Bo.")
@click.option("--round", "rounds", multiple=True, help="One round's points per player, e.g. 12,-3 (repeat for each round).")
@click.option("--file", "path", default=None, help="A score sheet: CSV (names, then a row per round) or JSON.")
def score(names: str | None, rounds: tuple[str, ...], path: str | None) -> None:
    """The score pad: points round by round (negatives allowed), end bonuses in round 6.

    Without --round or --file it asks for each player's points, round by round.
    """
    from pavilion.scorepad import ROUNDS, ScorePad, ScorePadError, parse_points

    try:
        if path:
            if names or rounds:
                raise ScorePadError("--file holds the names and rounds: use it alone")
            try:
                text = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as e:
                raise ScorePadError(f"cannot read score file '{path}': {getattr(e, 'strerror', None) or e}") from None
            pad = ScorePad.from_text(text, path)
        else:
            if not names:
                if rounds:
                    raise ScorePadError("--round needs --players")
                names = click.prompt("players (names separated by commas)")
            pad = ScorePad([n.strip() for n in names.split(",")])
            for r in rounds:
                pad.add_round(parse_points(r, len(pad.players)))
            if not rounds:
                for i in range(1, ROUNDS + 1):
                    if i == ROUNDS:
                        console.print("[dim]round 6: add the end bonuses (stars, all-N's, minus leftover tiles)[/]")
                    points = []
                    for p in pad.players:
                        points.append(click.prompt(f"round {i}, {p}", type=int))
                    pad.add_round(points)
                    console.print(pad.table())
    except ScorePadError as e:
        raise InputError(str(e)) from None
    console.print(pad.table())
    w = pad.winners()
    if len(pad.rounds) < ROUNDS:
        console.print(f"after {len(pad.rounds)} round(s): {' and '.join(w)} lead{'s' if len(w) == 1 else ''}")
    else:
        console.print(f"[bold]{'Winner' if len(w) == 1 else 'Shared victory'}:[/] {' and '.join(w)}")


@main.command()
@click.option("--covered", default="", help="Covered spaces, e.g. 1,2,5.")
@click.option("--star", default="B", show_default=True, help="Star letter: P G O Y B R, or C for the centre.")
@click.option("--side", type=click.Choice(["colored", "gray"]), default="colored", show_default=True)
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
@click.option("--threads", type=click.IntRange(1, 256), default=None, help="Threads for the parallel figures (default: all cores).")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(quick: bool, threads: int | None, as_json: bool) -> None:
    """Measure engine speed on fixed seeds: medians of several runs, and a signature."""
    import json as jsonlib

    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from pavilion import bench as benchmod

    with Progress(SpinnerColumn(), TextColumn("{task.description}"), TimeElapsedColumn(),
                  console=progress_console, transient=True, disable=as_json) as bar:
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
    sig = result["signature"]
    console.print(f"signature [bold]{sig['digest']}[/]  " + "  ".join(f"{k}={v}" for k, v in sig["counts"].items()))


if __name__ == "__main__":  # pragma: no cover
    main()

