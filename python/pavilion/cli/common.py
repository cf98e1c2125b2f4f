"""What every `pavilion` command shares, whatever the game: one clear error line
and exit code 2 for bad input, the console, option types, and the screens of
`solve` and `arena` (the same for both games)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from pavilion._engine import MAX_ITERATIONS, MAX_SECONDS, SIDES, Game, OptionsError, akropolis, parse_side
from pavilion._engine.text import escape_controls, quote
from pavilion.core import analysis
from pavilion.core.files import SaveError, check_writable, parse_json, quote_path, read_input, save_picture, shown

if TYPE_CHECKING:
    from pavilion.services.ladder import Ladder

console = Console(highlight=False)
progress_console = Console(stderr=True)

SEED = click.IntRange(0, 2**64 - 1)


SIDE_NAMES: list[str] = SIDES


class SideParam(click.ParamType[str]):
    """A board side as people type it (`coloured`/`colored`, `gray`/`grey`); the engine reads it."""

    name = "side"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        try:
            return parse_side(value)
        except ValueError as e:
            self.fail(str(e), param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(SIDE_NAMES) + "]"


SIDE = SideParam()


#: Longest error line printed; the engine already cuts any quoted input to QUOTE_MAX characters.
MAX_ERROR = 400


class InputError(click.ClickException):
    """Bad input from the user: one clear line, exit code 2."""

    exit_code = 2


def one_line(message: str) -> str:
    """An error message as one safe line: controls escaped, length bounded."""
    text = escape_controls(" ".join(message.split()))
    return text if len(text) <= MAX_ERROR else text[: MAX_ERROR - 1] + "…"


class PavilionGroup(click.Group):
    """Every error, click's own usage errors included, is one `Error:` line and exit code 2."""

    def main(
        self,
        args: Any = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            code = super().main(args, prog_name, complete_var, False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:  # `pavilion` alone prints the help
            click.echo(e.ctx.get_help())
            sys.exit(0)
        except click.UsageError as e:
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            click.echo(f"Error: {one_line(e.format_message())}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as e:
            click.echo(f"Error: {one_line(e.format_message())}", err=True)
            sys.exit(2)
        except click.Abort:
            click.echo("Aborted.", err=True)
            sys.exit(1)
        except ValueError as e:  # the engine's NotationError/OptionsError/IllegalMoveError: bad input
            click.echo(f"Error: {one_line(str(e))}", err=True)
            sys.exit(2)
        sys.exit(code if isinstance(code, int) else 0)


class Seconds(click.FloatRange):
    """A time budget: above 0, at most the engine's MAX_SECONDS, and a number (not nan)."""

    name = "seconds"

    def __init__(self) -> None:
        super().__init__(0, MAX_SECONDS, min_open=True)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if seconds != seconds:  # nan passes every range comparison
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


F = TypeVar("F", bound=Callable[..., Any])


T = TypeVar("T")


def counted(hidden: bool, total: int, work: Callable[[Callable[[int], None]], T], label: str | None = None) -> T:
    """Runs `work(tick)` under a `counting_progress` bar of `total` steps; `tick(n)` reports n done."""
    with counting_progress(hidden, label) as bar:
        task = bar.add_task("work", total=total)
        return work(lambda n: bar.update(task, completed=n))


def counting_progress(hidden: bool, label: str | None = None) -> Progress:
    """A progress bar on stderr counting done out of total, with the time
    taken and left; gone when done, and not shown at all when `hidden` (JSON
    output) or when stderr is not a terminal (a log would only get its last frame)."""
    columns = [TextColumn(label)] if label else []
    return Progress(
        *columns,
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=progress_console,
        transient=True,
        disable=hidden or not progress_console.is_terminal,
    )


def stacked(*options: Callable[[F], F]) -> Callable[[F], F]:
    """Several click options as one decorator, in the order given."""

    def apply(f: F) -> F:
        for option in reversed(options):
            f = option(f)
        return f

    return apply


MOVE_OPTION = click.option(
    "--move",
    type=click.IntRange(0, None),
    default=None,
    help="For a game record: the position after this many moves (default: all).",
)


def solve_options(command: F) -> F:
    """The budget and output options of `solve`, the same for both games."""
    options = [
        click.option(
            "--iterations", type=click.IntRange(1, MAX_ITERATIONS), default=None, help="Search budget in iterations."
        ),
        click.option(
            "--time",
            "seconds",
            type=Seconds(),
            default=None,
            help="Search budget in seconds (default 2 when no budget is given).",
        ),
        click.option("--threads", type=click.IntRange(1, 256), default=1, show_default=True),
        click.option(
            "--top",
            type=click.IntRange(1, 10_000),
            default=10,
            show_default=True,
            help="How many candidate moves to show.",
        ),
        click.option("--seed", type=SEED, default=0, show_default=True),
        click.option(
            "--net",
            default=None,
            metavar="FILE|default",
            help="A network judges the search's leaves, as an mcts:net=... agent's "
            "(a file written by pavilion train, or default: the one shipped with the game).",
        ),
        MOVE_OPTION,
        click.option("--json", "as_json", is_flag=True, help="Print the analysis as JSON."),
        click.option(
            "--svg", "svg_path", default=None, help="Draw the position with the top 5 moves marked to OUT.svg."
        ),
        click.option("--png", "png_path", default=None, help="The same picture as OUT.png (needs pavilion[png])."),
    ]
    # Applied last to first, so --help lists them in this order.
    for option in reversed(options):
        command = option(command)
    return command


def load_game(path: str, game_cls: Any, record_cls: Any, move: int | None = None) -> Any:
    """A position file of the game (`-` for stdin), or one of its game records:
    the position after its first `move` moves (all by default). Any problem
    becomes one clear line naming the file."""
    text = read_input(path, "position file")
    try:
        doc = parse_json(text, "position")
        if isinstance(doc, dict) and doc.get("format") == record_cls.FORMAT:
            record = record_cls.from_json(text)
            if move is not None and not 0 <= move <= len(record.moves):
                raise OptionsError(f"--move must be from 0 to {len(record.moves)} (the record's moves), not {move}")
            return record.replay(move)
        if move is not None:
            raise OptionsError("--move picks a position in a game record; this file is a position")
        return game_cls.from_json(text)
    except ValueError as e:
        raise InputError(f"{quote_path(path)}: {e}") from None


#: How many of `solve`'s best moves its picture marks.
MARKED = 5


def picture(game: Game | akropolis.Game, marks: list[Any] | None = None) -> str:
    """The SVG of a position of either game, `marks` (moves, best first) drawn on it."""
    if isinstance(game, akropolis.Game):
        from pavilion.akropolis import svg as akropolis_svg

        return akropolis_svg.board(game, marks=marks or [])
    from pavilion.summer import svg

    return svg.board(game, marks=marks or [])


def picture_options(command: F) -> F:
    """`--svg` and `--png`: the position drawn to a file (either game)."""
    command = click.option("--png", "png_path", default=None, help="Draw it to OUT.png (needs pavilion[png]).")(command)
    return click.option("--svg", "svg_path", default=None, help="Draw it to OUT.svg.")(command)


def check_pictures(svg_path: str | None, png_path: str | None) -> None:
    """Refuses now, before any work, a picture that could not be written."""
    from pavilion.core.drawing import check_png_renderer

    for option, path in (("--svg", svg_path), ("--png", png_path)):
        if path:
            try:
                check_writable(path)
                if option == "--png":
                    check_png_renderer()
            except (SaveError, OptionsError) as e:
                raise InputError(f"{option}: {e}") from None


def write_pictures(svg: str, svg_path: str | None, png_path: str | None, out: Console = console) -> None:
    """Writes the SVG and/or its PNG rendering, never over anything but a picture; says where (on `out`)."""
    from pavilion.core.drawing import to_png

    for path, data in ((svg_path, svg.encode()), (png_path, None)):
        if not path:
            continue
        try:
            written = save_picture(path, data if data is not None else to_png(svg))
        except (SaveError, OptionsError) as e:
            raise InputError(f"--{'svg' if data is not None else 'png'}: {e}") from None
        note = "" if str(written) == path else f" ({quote_path(path)} holds something else)"
        out.print(f"picture written to {quote_path(str(written))}{note}", soft_wrap=True)


def solve_command(load: Callable[[str, int | None], Any], doc: str) -> click.Command:
    """A game's `solve` command: `load(path, move)` reads its position (file or record)."""

    @click.command("solve", help=doc)
    @click.argument("position")
    @solve_options
    def solve(
        position: str,
        iterations: int | None,
        seconds: float | None,
        threads: int,
        top: int,
        seed: int,
        net: str | None,
        move: int | None,
        as_json: bool,
        svg_path: str | None,
        png_path: str | None,
    ) -> None:
        game = load(position, move)
        analyse(game, position, iterations, seconds, threads, top, seed, as_json, svg_path, png_path, net)

    return solve


def apply_command(load: Callable[[str], Any]) -> click.Command:
    """A game's `apply` command: `load(path)` reads its position file."""

    @click.command("apply")
    @click.argument("position")
    @click.argument("move_texts", metavar="MOVE...", nargs=-1, required=True)
    def apply(position: str, move_texts: tuple[str, ...]) -> None:
        """Play moves on a position file and print the new position."""
        game = load(position)
        for i, text in enumerate(move_texts, 1):
            try:
                game.play(text)
            except ValueError as e:
                raise InputError(f"move {i} ({quote(text)}): {e}") from None
        click.echo(game.to_json())

    return apply


def perft_command(load: Callable[[str], Any], game_cls: Any, max_depth: int, depth: int) -> click.Command:
    """A game's `perft` command: `load(path)` reads a position file; without one,
    a new 2-player game of `game_cls`, seed 1; `--depth` goes from 1 to `max_depth`, `depth` by default."""

    @click.command("perft")
    @click.argument("position", required=False)
    @click.option("--depth", type=click.IntRange(1, max_depth), default=depth, show_default=True)
    def perft(position: str | None, depth: int) -> None:
        """Count legal move sequences (default position: a new 2-player game, seed 1)."""
        game = load(position) if position else game_cls(players=2, seed=1)
        for d in range(1, depth + 1):
            click.echo(f"depth {d}: {game.perft(d)}")

    return perft


def analyse(
    game: Game | akropolis.Game,
    position: str,
    iterations: int | None,
    seconds: float | None,
    threads: int,
    top: int,
    seed: int,
    as_json: bool,
    svg_path: str | None = None,
    png_path: str | None = None,
    net: str | None = None,
) -> None:
    """`solve`'s screen for either game: a progress bar, then the ranked moves
    (or JSON); with `svg_path`/`png_path`, the position with the top moves marked;
    with `net`, a network guides the search."""
    if game.is_over:
        raise InputError(f"{position}: the game is over, there is nothing to solve")
    check_pictures(svg_path, png_path)
    with Progress(
        TextColumn("searching"),
        BarColumn(),
        TextColumn("{task.fields[it]} iterations"),
        TimeElapsedColumn(),
        console=progress_console,
        transient=True,
        disable=as_json,
    ) as bar:
        total = iterations if iterations is not None else (seconds or 2.0)
        task = bar.add_task("search", total=total, it=0)

        def tick(done: int, elapsed: float) -> None:
            bar.update(task, completed=done if iterations is not None else elapsed, it=done)

        # A network that cannot be read is the engine's OptionsError ("net: ..."): one line, exit code 2.
        result = analysis.solve(
            game, iterations=iterations, seconds=seconds, threads=threads, seed=seed, top=top, progress=tick, net=net
        )
    moves: list[Any] = list(result["moves"])
    # The analysis is shown first, so that a picture that cannot be written loses none of it.
    show_analysis(game, result, moves, as_json)
    if svg_path or png_path:
        marked = picture(game, marks=[m["move"] for m in moves[:MARKED]])
        write_pictures(marked, svg_path, png_path, progress_console if as_json else console)


def exact_outcome(best: Any) -> str:
    """What an exact solve proved for the player to move, from its best move:
    a win or a loss by so many points, else (a shared win, or supply draws
    still to come) the win share and margin to expect under best play."""
    share, margin = best["win_rate"], best["margin"]
    if share in (0.0, 1.0) and float(margin).is_integer():
        points, result = abs(int(margin)), "win" if share == 1.0 else "loss"
        return f"a proven {result} by {points} point{'s' * (points != 1)} with {best['move']}"
    return f"win share {100 * share:.1f}% and margin {margin:+.1f} to expect with {best['move']} under best play"


#: How the score ranges' verdicts read, for a player named P1, P2, ...
PROVEN_TEXT = {"wins": "wins whatever happens", "cannot_lose": "cannot lose", "cannot_win": "cannot win"}


def ranges_text(ranges: list[Any], names: bool = True) -> str:
    """Each player's proven final-score range: `P1 61–70, P2 55–66`, or without names `61–70 / 55–66`."""
    spans = [f"{r['guaranteed']}–{r['best']}" for r in ranges]
    return ", ".join(f"P{s + 1} {x}" for s, x in enumerate(spans)) if names else " / ".join(spans)


def proven_text(ranges: list[Any], short: bool = False) -> str:
    """What the ranges decide: `P1 wins whatever happens` (which says the
    rest; `P1 wins` when `short`), else each player's verdict (`P1 cannot
    lose; P2 cannot win`), or an empty string."""
    winners = [s for s, r in enumerate(ranges) if r["proven"] == "wins"]
    if winners:
        return f"P{winners[0] + 1} " + ("wins" if short else PROVEN_TEXT["wins"])
    return "; ".join(f"P{s + 1} {PROVEN_TEXT[r['proven']]}" for s, r in enumerate(ranges) if r["proven"] != "open")


def show_analysis(game: Game | akropolis.Game, result: Any, moves: list[Any], as_json: bool) -> None:
    """`solve`'s answer: the ranked moves as a table, or as JSON."""
    if as_json:
        out = dict(result)
        out["moves"] = [dict(m, move=str(m["move"]), pv=[str(x) for x in m["pv"]]) for m in moves]
        click.echo(json.dumps(out, indent=2))
        return
    if result["interrupted"] and not moves:
        console.print("[yellow]interrupted[/] before any move was valued: there is no answer")
        return
    # Solved before any search (the table counts the solver's positions), or
    # searched (visits), perhaps to a proof.
    solved_first = result["method"] == "solver"
    if solved_first:
        kind = "exact solve"
    else:
        kind = f"MCTS, {result['iterations']} iterations in {result['seconds']:.1f}s"
        kind += ", proven" if result["exact"] else ""
    t = Table(title=f"Player {game.current_player + 1} to move — {kind}")
    columns: list[tuple[str, Literal["left", "right"]]] = [
        ("#", "right"),
        ("move", "left"),
        ("nodes" if solved_first else "visits", "right"),
        ("win rate", "right"),
        ("margin", "right"),
        ("principal variation", "left"),
    ]
    ranged = result.get("score_ranges") is not None
    if ranged:
        seats = " / ".join(f"P{s + 1}" for s in range(len(result["score_ranges"])))
        columns.insert(5, (f"proven after ({seats})", "left"))
    for col, just in columns:
        t.add_column(col, justify=just)
    for i, m in enumerate(moves, 1):
        # A move the search never reached (a proof elsewhere stopped it first) has no figures.
        searched = m["win_rate"] is not None
        row = [
            str(i),
            str(m["move"]),
            str(m["visits"]),
            f"{100 * m['win_rate']:.1f}%" if searched else "not searched",
            f"{m['margin']:+.1f}" if searched else "—",
            " ".join(str(x) for x in m["pv"][:10]),
        ]
        if ranged:
            after = m.get("score_ranges")
            verdict = proven_text(after, short=True) if after else ""
            row.insert(5, (ranges_text(after, names=False) + (f" {verdict}" if verdict else "")) if after else "—")
        t.add_row(*row)
    console.print(t)
    if result["exact"] and moves:
        console.print(f"[bold]exact[/]: {exact_outcome(moves[0])}")
    if ranged:
        verdict = proven_text(result["score_ranges"])
        console.print(
            f"[bold]proven[/] (the exact value is out of reach): final scores {ranges_text(result['score_ranges'])}"
            + (f"; {verdict}" if verdict else ""),
            soft_wrap=True,
        )
    if result["interrupted"]:
        console.print("[yellow]interrupted[/]: best answer so far")


def play_arena(
    specs: list[str],
    games: int,
    players: int,
    seed: int,
    threads: int | None,
    as_json: bool,
    rules: str,
    **game_options: Any,
) -> None:
    """`arena`'s screen for either game: a progress bar, then each agent's win
    rate with its interval (or JSON). `game_options` go to `analysis.arena`
    (`side=` for Summer Pavilion, `akropolis_options=` for Akropolis)."""
    result = counted(
        as_json,
        games,
        lambda tick: analysis.arena(
            specs, games=games, players=players, seed=seed, threads=threads, progress=tick, **game_options
        ),
    )
    if as_json:
        click.echo(json.dumps(result, indent=2))
        return
    if result["games"] == 0:
        console.print("[yellow]interrupted[/] before any game finished: there are no results")
        return
    t = Table(
        title=f"{result['games']} games, {players} players, {rules}, seed {seed} "
        f"({result['mean_moves']:.0f} moves a game, {result['seconds']:.0f}s)"
    )
    for col in ["agent", "seats", "win rate", "95% CI", "mean score"]:
        t.add_column(col, justify="left" if col == "agent" else "right")
    for a in result["agents"]:
        lo, hi = a["ci95"]
        t.add_row(
            Text(escape_controls(a["agent"])),
            str(a["seats"]),
            f"{100 * a['win_rate']:.1f}%",
            f"{100 * lo:.1f}–{100 * hi:.1f}%",
            f"{a['mean_score']:.1f}",
        )
    console.print(t)
    if result["interrupted"]:
        console.print("[yellow]interrupted[/]: results of the games finished so far")


def play_ladder(
    specs: list[str],
    games: int,
    seed: int,
    threads: int | None,
    as_json: bool,
    rules: str,
    save: str | None,
    **game_options: Any,
) -> None:
    """`arena --round-robin`'s screen for either game: a progress bar over every
    pairing's games, then the ratings (Elo, Bradley–Terry) with their 95%
    intervals and each pairing's result (or JSON); with `save`, the ladder
    file's pairings reused and each new one written there."""
    from pavilion.services.ladder import round_robin

    pairings = len(specs) * (len(specs) - 1) // 2
    result = counted(
        as_json,
        games * pairings,
        lambda tick: round_robin(
            specs, games=games, seed=seed, threads=threads, progress=tick, save=save, **game_options
        ),
    )
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        ladder_tables(result, games, rules, seed)
        if save is not None:
            played = sum(p["games"] == games for p in result["pairs"]) - result["reused"]
            console.print(
                f"{result['reused']} of {pairings} pairings taken from {shown(quote_path(save))}, {played} played"
                + ("" if result["save_error"] else " and written there")
                + ("; run the same command again to go on" if result["interrupted"] else ""),
                soft_wrap=True,
            )
    if result["save_error"]:
        raise InputError(f"the ladder was not saved: {result['save_error']}")


def ladder_tables(result: Ladder, games: int, rules: str, seed: int) -> None:
    """The ratings table, then the pairings table, of a ladder."""
    t = Table(title=f"round robin: {games} games a pairing, 2 players, {rules}, seed {seed} (Elo, mean 0)")
    for col in ["#", "agent", "Elo", "95% CI", "games", "score"]:
        t.add_column(col, justify="left" if col == "agent" else "right")
    for k, r in enumerate(result["ratings"], 1):
        lo, hi = r["ci95"]
        t.add_row(
            str(k),
            Text(escape_controls(r["agent"])),
            f"{r['elo']:+.0f}",
            f"{lo:+.0f} to {hi:+.0f}",
            str(r["games"]),
            f"{100 * r['score']:.1f}%",
        )
    console.print(t)
    p = Table(title="pairings")
    for col in ["agents", "games", "wins", "mean scores"]:
        p.add_column(col, justify="left" if col == "agents" else "right")
    for pair in result["pairs"]:
        a, b = pair["agents"]
        means = " – ".join("—" if m is None else f"{m:.1f}" for m in pair["mean_scores"])
        p.add_row(
            Text(escape_controls(f"{a} vs {b}")),
            str(pair["games"]),
            " – ".join(f"{w:g}" for w in pair["wins"]),
            means,
        )
    console.print(p)
    if result["interrupted"]:
        console.print("[yellow]interrupted[/]: ratings from the games finished so far")


ROUND_ROBIN_OPTION = stacked(
    click.option(
        "--round-robin",
        is_flag=True,
        help="Play every pairing of the agents (GAMES each, 2 players) and rate them (Elo, Bradley-Terry).",
    ),
    click.option(
        "--save",
        "save",
        default=None,
        metavar="FILE",
        help="With --round-robin: keep the ladder in FILE, each pairing written as it finishes; pairings "
        "already in FILE (same rules, games and seed) are reused, not played again.",
    ),
)


RAY_OPTION = click.option(
    "--ray",
    is_flag=False,
    flag_value="local",
    default=None,
    metavar="[ADDRESS]",
    help="Run the games as Ray tasks: on a new Ray instance on this machine (--threads CPUs), or on the "
    "cluster at ADDRESS ('auto', 'ray://head:10001'; put --ray after the agents or write --ray=ADDRESS). "
    "Same games, same results. Needs pip install 'pavilion[ray]'.",
)


#: The agents and table of an `arena` (the game's rule options come next).
ARENA_OPTIONS = stacked(
    click.argument("agents", nargs=-1, required=True),
    click.option("--games", type=click.IntRange(1, 1_000_000_000), default=100, show_default=True),
    click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True),
)

#: How an `arena` runs: the same for both games.
ARENA_RUN_OPTIONS = stacked(
    click.option("--seed", type=SEED, default=1, show_default=True),
    click.option(
        "--threads", type=click.IntRange(1, 256), default=None, help="Games played at once (default: all cores)."
    ),
    click.option("--json", "as_json", is_flag=True, help="Print the results as JSON."),
    ROUND_ROBIN_OPTION,
    RAY_OPTION,
)


def ray_or_local(ray: str | None) -> str | None:
    """`--ray`'s value, or None (with a line saying how to get Ray) when Ray is not installed."""
    from pavilion.core import scale

    if ray is not None and not scale.available():
        progress_console.print(f"[yellow]Ray is not installed[/] ({shown(scale.RAY_HINT)}): playing on this machine")
        return None
    return ray


def arena_screen(
    specs: list[str],
    games: int,
    players: int,
    seed: int,
    threads: int | None,
    as_json: bool,
    rules: str,
    round_robin: bool,
    save: str | None,
    **game_options: Any,
) -> None:
    """`arena` for either game: one match, or with `round_robin` a rated ladder (kept in `save`)."""
    if save is not None and not round_robin:
        raise InputError("--save keeps a round robin's pairings: add --round-robin")
    if not round_robin:
        play_arena(specs, games, players, seed, threads, as_json, rules, **game_options)
        return
    if players != 2:
        raise InputError("--round-robin pairs agents two by two: it plays 2-player games (drop --players)")
    if len(specs) < 2 or len(set(specs)) != len(specs):
        raise InputError("--round-robin needs at least two different agents")
    play_ladder(specs, games, seed, threads, as_json, rules, save, **game_options)
