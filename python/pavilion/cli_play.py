"""What both games' `play` commands share: who sits where (`--seats`,
`--level`, `--ai`), loading a record whose options must agree, and running a
session so that a stopped game is always saved."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import click

from pavilion.cli_common import SEED, InputError, console
from pavilion.files import SaveError, check_writable, read_input, shown
from pavilion.record import HUMAN, GameT, Record, check_seat
from pavilion.session import MASTER, Session, level_spec

RecordT = TypeVar("RecordT", bound=Record[Any])
F = TypeVar("F", bound=Callable[..., Any])


def split_seats(text: str) -> list[str]:
    """`human,mcts:time=2,threads=2,greedy` → `["human", "mcts:time=2,threads=2", "greedy"]`:
    a piece with `=` but no `:` continues the agent spec before it."""
    seats: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if seats and "=" in piece and ":" not in piece and ":" in seats[-1]:
            seats[-1] += "," + piece
        elif piece:
            seats.append(piece)
    return seats


def parse_seats(text: str, players: int, mcts_spec: str, agent: Any) -> list[str]:
    """Seat specs for `players` seats; a bare `mcts` takes `mcts_spec` (the level);
    `agent` is the game's `Agent` class, which checks each spec."""
    seats = split_seats(text)
    if len(seats) != players:
        raise InputError(f"--seats names {len(seats)} seat(s) for {players} players")
    out = []
    for s in seats:
        try:
            out.append(mcts_spec if s == "mcts" else check_seat(s, agent))
        except ValueError as e:
            raise InputError(f"--seats: {e}") from None
    return out


def check_agent(spec: str, agent: Any) -> str:
    """An agent spec the game's `Agent` class accepts, or one clear error line."""
    try:
        agent(spec)
    except ValueError as e:
        raise InputError(str(e)) from None
    return spec


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


def resolve_record(
    record_cls: type[RecordT],
    load_path: str | None,
    given: Mapping[str, tuple[str, Any]],
    seats: str | None,
    level: str | None,
    ai_spec: str | None,
    levels: Mapping[str, int],
    default_level: str,
    loaded: RecordT | None = None,
) -> RecordT:
    """The record `play` starts from: a loaded one (the options given must agree
    with it) or a new one. `given` maps each rules option (`--players`, `--side`,
    ...) to its record field and the value typed (None when not typed)."""
    if ai_spec is not None and not ai_spec.strip().startswith("mcts"):
        raise InputError("--ai must be an mcts spec, e.g. mcts:iterations=20000")
    mcts = check_agent(ai_spec, record_cls.AGENT) if ai_spec else level_spec(levels, level or default_level)
    if load_path or loaded is not None:
        # The moves are checked by the game's one replay (the session); here the fields.
        record = loaded or record_cls.from_json(read_input(str(load_path), "game record"), replay=False)
        for option, (name, value) in given.items():
            recorded = getattr(record, name)
            if value is not None and value != recorded:
                raise InputError(f"{option} {shown(str(value))} does not match the record ({recorded})")
        if not seats and (level or ai_spec) and record.seats:
            raise InputError(
                "the record says who plays each seat; to change the AI, give --seats too "
                f"(it has: {', '.join(record.seats) or 'nothing'})"
            )
    else:
        seed_field = given["--seed"][1]
        fields = {name: value for name, value in given.values() if value is not None}
        fields["seed"] = seed_field if seed_field is not None else random.getrandbits(32)
        record = record_cls(**fields)
        try:
            record.adopt(record.new_game())
        except ValueError as e:
            raise InputError(str(e)) from None
    if level == MASTER and not ai_spec and record.players not in record_cls.AGENT.DEFAULT_NET_PLAYERS:
        learned = " or ".join(map(str, record_cls.AGENT.DEFAULT_NET_PLAYERS)) or "no"
        raise InputError(
            f"--level {MASTER} plays the network shipped for {learned}-player games, "
            f"not {record.players} players (where it is weaker): choose another --level"
        )
    # --seats decides; else the record's seats; else you against the AI.
    if seats:
        record.seats = parse_seats(seats, record.players, mcts, record_cls.AGENT)
    elif not record.seats:
        record.seats = [HUMAN] + [mcts] * (record.players - 1)
    return record


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
