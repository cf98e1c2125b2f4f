"""`pavilion board` (the full-screen app) and `pavilion serve` (the same app
in a browser): their options are `play`'s, for either game."""

from __future__ import annotations

import shlex
import socket
import sys
from typing import Any

import click

from pavilion._engine.akropolis import BARRACKS_EDGES, LAKES
from pavilion._engine.akropolis import Game as AkropolisGame
from pavilion.akropolis.play import LEVELS as AKROPOLIS_LEVELS
from pavilion.cli.common import SEED, SIDE, InputError, console
from pavilion.cli.play import writable_record_path
from pavilion.core.files import shown
from pavilion.core.seats import resolve_record
from pavilion.summer.play import LEVELS as SUMMER_LEVELS

#: The --level names of either game (each gives them its own iteration counts).
LEVEL_NAMES = list(dict.fromkeys([*SUMMER_LEVELS, *AKROPOLIS_LEVELS]))
#: Where `pavilion serve` listens unless --host says otherwise.
LOCAL = "127.0.0.1"

GAME_OPTIONS = [
    click.option("--game", type=click.Choice(["summer", "akropolis"]), default=None, help="Default summer."),
    click.option("--players", type=click.IntRange(2, 4), default=None, help="2, 3 or 4 (default 2)."),
    click.option(
        "--seats", default=None, help="Who plays each seat, as for play: e.g. human,mcts or human,greedy,mcts."
    ),
    click.option("--seed", type=SEED, default=None, help="Fixes the shuffle (default: random)."),
    click.option(
        "--level", type=click.Choice(LEVEL_NAMES), default=None, help="Strength of bare mcts seats and hints."
    ),
    click.option("--ai", "ai_spec", default=None, help="Exact spec for bare mcts seats, e.g. mcts:time=2."),
    click.option("--record", "record_path", default=None, help="Where the game is saved when it stops."),
    click.option("--side", type=SIDE, default=None, help="Summer Pavilion: coloured or gray."),
    click.option("--wild-order", default=None, help="Summer Pavilion: the wild colours of rounds 1-6."),
    click.option("--variants", default=None, help="Akropolis: scoring variants, letters of hmbtg."),
    click.option("--long", "long_game", is_flag=True, help="Akropolis: the long game."),
    click.option("--barracks-edge", type=click.Choice(BARRACKS_EDGES), default=None, help="Akropolis."),
    click.option("--lake", type=click.Choice(LAKES), default=None, help="Akropolis."),
]


def game_options(command: Any) -> Any:
    for option in reversed(GAME_OPTIONS):
        command = option(command)
    return command


def rules_given(game: str, o: dict[str, Any]) -> dict[str, tuple[str, Any]]:
    """The rules options typed, as `resolve_record` reads them (None: not typed)."""
    given = {"--players": ("players", o["players"]), "--seed": ("seed", o["seed"])}
    if game == "summer":
        wild = o["wild_order"] and o["wild_order"].upper()
        return given | {"--side": ("side", o["side"]), "--wild-order": ("wild_order", wild)}
    variants = o["variants"]
    if variants is not None:
        try:
            variants = AkropolisGame(variants=variants).variants
        except ValueError as e:
            raise InputError(str(e)) from None
    return given | {
        "--variants": ("variants", variants),
        "--long": ("long", True if o["long_game"] else None),
        "--barracks-edge": ("barracks_edge", o["barracks_edge"]),
        "--lake": ("lake", o["lake"]),
    }


def flag_of(name: str) -> str:
    """The option a parameter is typed as (`long_game` → `--long`), from board's own options."""
    return next(p.opts[0] for p in board_command.params if p.name == name)


def wrong_game_options(game: str, o: dict[str, Any]) -> None:
    other = ["variants", "long_game", "barracks_edge", "lake"] if game == "summer" else ["side", "wild_order"]
    typed = [name for name in other if o[name] not in (None, False)]
    if typed:
        flag = flag_of(typed[0])
        raise InputError(f"{flag} is not an option of {'Summer Pavilion' if game == 'summer' else 'Akropolis'}")


def make_table(path: str | None, o: dict[str, Any]) -> Any:
    """The game the options and FILE ask for, or None for the start screen."""
    from pavilion.services.table import KINDS, read_game_file, table_for, table_from_file

    typed = {k: v for k, v in o.items() if v not in (None, False)}
    writable_record_path(o["record_path"])
    if path is None and not typed:
        return None
    loaded, is_record = None, False
    if path is not None:
        kind, loaded, is_record = read_game_file(path)
        if o["game"] and o["game"] != kind.name:
            raise InputError(f"{shown(path)} holds a game of {kind.title}, not of --game {o['game']}")
    else:
        kind = KINDS[o["game"] or "summer"]
    wrong_game_options(kind.name, o)
    if o["level"] and o["level"] not in kind.levels:
        raise InputError(f"--level {o['level']}: {kind.title} has {', '.join(kind.levels)}")
    record = resolve_record(
        kind.record,
        path,
        rules_given(kind.name, o),
        o["seats"],
        o["level"],
        o["ai_spec"],
        kind.levels,
        kind.default_level,
        loaded,
    )
    if path is None:
        return table_for(kind, record, o["level"], o["record_path"])
    return table_from_file(kind, record, path, is_record, o["level"], o["record_path"])


@click.command()
@click.argument("path", required=False, metavar="[FILE]")
@game_options
def board_command(path: str | None, **options: Any) -> None:
    """Play and analyse either game full-screen, by pointing (mouse or keys).

    With no option, a start screen picks the game; FILE (a record `play`
    saved, or a position file to play on from) or any option opens the game
    at once. Keys: arrows and Tab move,
    Enter acts, h hint, e evaluation bar, u undo, s save, v review, m moves,
    Home/PageUp/PageDown/End step through the record, q quits (and saves).
    """
    from pavilion.board import BoardApp, run_board

    table = make_table(path, options)
    run_board(BoardApp(table), lambda line: console.print(line, soft_wrap=True, highlight=False, markup=False))


def free_port(host: str) -> int:
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


@click.command()
@click.argument("path", required=False, metavar="[FILE]")
@click.option(
    "--host", default=LOCAL, show_default=True, help="The address to listen on (only this machine by default)."
)
@click.option("--port", type=click.IntRange(1, 65535), default=None, help="Default: a free port.")
@click.option(
    "--terminal", is_flag=True, help="Serve the terminal board (pavilion board) through textual-serve instead."
)
@game_options
def serve_command(path: str | None, host: str, port: int | None, terminal: bool, **options: Any) -> None:
    """Play and analyse in a web browser: prints the address to open.

    Each tab plays its own game: both games, 2-4 players, any mix of people
    and AIs, with hints, an evaluation bar, review and the move list. With
    FILE or game options, every new tab opens that game; else a start page
    chooses. A game is saved when its tab closes (or the server stops) where
    play saves it, in the folder serve was started in. --terminal serves the
    terminal board instead (textual-serve).
    """
    make_table(path, options)  # bad options are refused here, not in the browser
    try:
        port = port or free_port(host)
    except OSError as e:
        raise InputError(f"--host {shown(host)}: {e.strerror or e}") from None
    if host not in (LOCAL, "localhost", "::1"):
        console.print(
            f"[yellow]warning[/]: listening on {shown(host)}: anyone who can reach it can play and analyse here "
            "(there is no login)",
            soft_wrap=True,
        )
    if terminal:
        serve_terminal(path, host, port, options)
        return
    try:
        import uvicorn

        from pavilion.web.app import create_app
        from pavilion.web.protocol import MAX_MESSAGE
    except ImportError:
        raise InputError("pavilion serve needs the web board's libraries: pip install 'pavilion[web]'") from None
    start = (
        (lambda: make_table(path, options))
        if path is not None or any(v not in (None, False) for v in options.values())
        else None
    )
    console.print(
        f"pavilion web board at http://{host}:{port}/ (Ctrl-C stops the server)", soft_wrap=True, markup=False
    )
    tell = lambda line: console.print(line, soft_wrap=True, highlight=False, markup=False)  # noqa: E731
    uvicorn.run(create_app(start, tell=tell), host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE)


def serve_terminal(path: str | None, host: str, port: int, options: dict[str, Any]) -> None:
    """The terminal board in a browser, through textual-serve."""
    try:
        from textual_serve.server import Server
    except ImportError:
        raise InputError("pavilion serve --terminal needs textual-serve: pip install 'pavilion[serve]'") from None
    args = [sys.executable, "-m", "pavilion", "board"]
    if path:
        args.append(path)
    for name, value in options.items():
        if value in (None, False):
            continue
        flag = flag_of(name)
        args += [flag] if value is True else [flag, str(value)]
    console.print(f"pavilion board at http://{host}:{port}/ (Ctrl-C stops the server)", soft_wrap=True, markup=False)
    Server(shlex.join(args), host=host, port=port, title="pavilion board").serve()
