"""What both games' `play` commands share: the options for who sits where
(`--seats`, `--level`, `--ai`; `pavilion.core.seats` checks them) and running
a session so that a stopped game is always saved."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from pavilion.cli.common import SEED, InputError, console
from pavilion.core.files import SaveError, check_writable, shown
from pavilion.core.record import GameT
from pavilion.core.session import MASTER, Session

F = TypeVar("F", bound=Callable[..., Any])


def play_options(levels: Mapping[str, int], default_level: str) -> Callable[[F], F]:
    """`play`'s options for seats, strength, seed and files (the game adds its own rules' options)."""
    names = ", ".join(f"{k} {v:,}" + (" (default)" if k == default_level else "") for k, v in levels.items())
    options = [
        click.option(
            "--players", type=click.IntRange(2, 4), default=None, help="2, 3 or 4 (default 2, or the loaded game's)."
        ),
        click.option(
            "--seats",
            default=None,
            help="Who plays each seat: human, or an agent (random, greedy, mcts, or a spec like mcts:time=2), "
            "e.g. human,mcts,greedy.",
        ),
        click.option(
            "--seed", type=SEED, default=None, help="Fixes the shuffle (default: random; it is in the saved record)."
        ),
        click.option(
            "--level",
            type=click.Choice(list(levels)),
            default=None,
            help=f"Strength of bare mcts seats: {names} iterations a move"
            + (f" ({MASTER}: guided by the network shipped with the game)." if MASTER in levels else "."),
        ),
        click.option(
            "--ai",
            "ai_spec",
            default=None,
            help="Exact spec for bare mcts seats, e.g. mcts:time=2 (overrides --level).",
        ),
        click.option("--load", "load_path", default=None, help="Continue a saved game record."),
        click.option(
            "--record",
            "record_path",
            default=None,
            help="Write the game record here when the game ends or stops (never over another game).",
        ),
    ]

    def decorate(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


def writable_record_path(record_path: str | None) -> None:
    if record_path:
        try:
            check_writable(record_path)
        except SaveError as e:
            raise InputError(f"--record: {e}") from None


def ask_in_terminal(text: str) -> str:
    return str(click.prompt(text, default="", show_default=False, prompt_suffix=""))


def run_session(session: Session[GameT], record_path: str | None, rules: str) -> None:
    """Plays the session to its end; the game is saved whenever it stops
    (Ctrl-C, end of input) and, with `--record`, when it ends."""
    record = session.record
    console.print(
        f"[bold]{record.PLAY_COMMAND}[/]: {', '.join(shown(session.name(s)) for s in range(len(record.seats)))}; "
        f"{rules}, seed {record.seed}" + (f", {len(record.moves)} moves replayed" if record.moves else ""),
        soft_wrap=True,
    )
    try:
        outcome = session.run()
    except (KeyboardInterrupt, click.Abort, EOFError):
        console.print()
        console.print("game interrupted")
        session.save_anywhere(session.interrupted_paths(record_path))
        return
    if record_path and outcome in ("over", "quit"):
        session.save_anywhere(session.interrupted_paths(record_path))
