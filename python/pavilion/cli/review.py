"""`pavilion review`: a recorded game of either game, move by move."""

from __future__ import annotations

import json

import click
from rich.table import Table
from rich.text import Text

from pavilion._engine import MAX_ITERATIONS, OptionsError
from pavilion._engine.text import escape_controls
from pavilion.cli.common import SEED, InputError, Seconds, console, counted
from pavilion.core.analysis import default_threads
from pavilion.core.files import SaveError, check_writable, quote_path, read_input
from pavilion.services.review import DEFAULT_SECONDS, Marks, MoveReview, Review, check_plot, plot, read_record, review

DEFAULT_MARKS = Marks()


@click.command()
@click.argument("record_path", metavar="RECORD")
@click.option(
    "--time-per-move",
    "seconds",
    type=Seconds(),
    default=None,
    help=f"Search time for each move (default {DEFAULT_SECONDS} s when no budget is given).",
)
@click.option(
    "--iterations",
    type=click.IntRange(1, MAX_ITERATIONS),
    default=None,
    help="Search iterations for each move (with --threads 1, the same review every run).",
)
@click.option("--threads", type=click.IntRange(1, 256), default=None, help="Search threads (default: all cores).")
@click.option("--seed", type=SEED, default=0, show_default=True)
@click.option(
    "--net",
    default=None,
    metavar="FILE|default",
    help="A network judges the searches' leaves, as an mcts:net=... agent's "
    "(a file written by pavilion train, or default: the one shipped with the game).",
)
@click.option(
    "--inaccuracy", type=click.FloatRange(0, 1, min_open=True), default=DEFAULT_MARKS.inaccuracy, show_default=True
)
@click.option("--mistake", type=click.FloatRange(0, 1, min_open=True), default=DEFAULT_MARKS.mistake, show_default=True)
@click.option("--blunder", type=click.FloatRange(0, 1, min_open=True), default=DEFAULT_MARKS.blunder, show_default=True)
@click.option(
    "--plot", "plot_path", default=None, help="Draw each seat's win rate over the game to OUT.png or OUT.svg."
)
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
def review_command(
    record_path: str,
    seconds: float | None,
    iterations: int | None,
    threads: int | None,
    seed: int,
    net: str | None,
    inaccuracy: float,
    mistake: float,
    blunder: float,
    plot_path: str | None,
    as_json: bool,
) -> None:
    """Review a saved game (`pavilion play` or `pavilion akropolis play`
    records): each move against the search's best, with its loss in win rate
    and marks ?! (inaccuracy), ? (mistake), ?? (blunder) past the thresholds,
    then each player's marks and accuracy. Ctrl-C stops early and shows the
    moves reviewed so far."""
    try:
        marks = Marks(inaccuracy, mistake, blunder)
    except OptionsError as e:
        raise InputError(str(e)) from None
    text = read_input(record_path, "game record")
    try:
        record = read_record(text)
    except ValueError as e:
        raise InputError(f"{quote_path(record_path)}: {e}") from None
    if not record.moves:
        raise InputError(f"{quote_path(record_path)}: the record has no moves to review")
    if net is not None:
        # A network that cannot be read is refused now rather than at the first move.
        try:
            record.SEARCH(record.new_game(), net=net)
        except OptionsError as e:
            raise InputError(str(e)) from None
    if plot_path:
        # Refused now rather than after the review's work.
        try:
            check_plot(plot_path)
            check_writable(plot_path)
        except (OptionsError, SaveError) as e:
            raise InputError(f"--plot: {e}") from None
    result = counted(
        as_json,
        len(record.moves),
        lambda tick: review(
            record,
            iterations=iterations,
            seconds=seconds,
            threads=threads or default_threads(),
            seed=seed,
            marks=marks,
            progress=tick,
            net=net,
        ),
        "reviewing",
    )
    # The review is shown first, so that a plot that cannot be written loses none of it.
    if as_json:
        click.echo(json.dumps(result, indent=2))
    else:
        show(result)
    if plot_path and result["moves"]:
        try:
            written = plot(result, record.players, plot_path)
        except (OSError, OptionsError) as e:
            raise InputError(f"--plot: {e}") from None
        if not as_json:
            note = "" if str(written) == plot_path else f" ({quote_path(plot_path)} holds something else)"
            console.print(f"plot written to {quote_path(str(written))}{note}", soft_wrap=True)


def proven_note(m: MoveReview) -> str:
    """A note where the move changed what the score ranges prove: a proven win thrown away, or one made sure."""
    before, after = m["proven_before"], m["proven_after"]
    if before == "wins" and after != "wins":
        return " proven win lost"
    if before != "wins" and after == "wins" and before is not None:
        return " proven win"
    return ""


def show(result: Review) -> None:
    t = Table(title="moves (win rates for the player moving)")
    for col in ("#", "round", "player", "move", "best", "before", "after", "loss", ""):
        t.add_column(col, justify="right" if col in ("#", "round", "before", "after", "loss") else "left")
    for m in result["moves"]:
        t.add_row(
            str(m["ply"]),
            str(m["round"]),
            f"P{m['seat'] + 1}",
            m["move"],
            "" if m["best"] == m["move"] else m["best"],
            f"{100 * m['win_before']:.0f}%",
            f"{100 * m['win_after']:.0f}%",
            f"{100 * m['loss']:.0f}" if m["loss"] else "",
            m["mark"] + (" exact" if m["exact"] else "") + proven_note(m),
        )
    console.print(t)
    s = Table(title="players")
    for col in ("player", "moves", "?!", "?", "??", "mean loss", "accuracy"):
        s.add_column(col, justify="left" if col == "player" else "right")
    for seat in result["seats"]:
        who = f"P{seat['seat'] + 1}" + (f" ({seat['player']})" if seat["player"] else "")
        s.add_row(
            Text(escape_controls(who)),
            str(seat["moves"]),
            str(seat["inaccuracies"]),
            str(seat["mistakes"]),
            str(seat["blunders"]),
            f"{100 * seat['mean_loss']:.1f}",
            f"{seat['accuracy']:.1f}%",
        )
    console.print(s)
    if result["interrupted"]:
        console.print("[yellow]interrupted[/]: the moves reviewed so far")
