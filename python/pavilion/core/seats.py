"""Who sits at a new or loaded table: the seats (`human` or an agent spec), the
search a level means, and a loaded record whose options must agree with those
typed. Every front-end sets a game up this way (`pavilion play`, the board, the
web board); a bad choice is a `SetupError` naming what is wrong."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, TypeVar

from pavilion.core.files import read_input, shown
from pavilion.core.record import HUMAN, Record, check_seat
from pavilion.core.session import MASTER, level_spec

RecordT = TypeVar("RecordT", bound=Record[Any])


class SetupError(ValueError):
    """A table that cannot be set up as asked (seats, level, options against a record)."""


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
        raise SetupError(f"--seats names {len(seats)} seat(s) for {players} players")
    out = []
    for s in seats:
        try:
            out.append(mcts_spec if s == "mcts" else check_seat(s, agent))
        except ValueError as e:
            raise SetupError(f"--seats: {e}") from None
    return out


def check_agent(spec: str, agent: Any) -> str:
    """An agent spec the game's `Agent` class accepts, or one clear error line."""
    try:
        agent(spec)
    except ValueError as e:
        raise SetupError(str(e)) from None
    return spec


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
        raise SetupError("--ai must be an mcts spec, e.g. mcts:iterations=20000")
    mcts = check_agent(ai_spec, record_cls.AGENT) if ai_spec else level_spec(levels, level or default_level)
    if load_path or loaded is not None:
        # The moves are checked by the game's one replay (the session); here the fields.
        record = loaded or record_cls.from_json(read_input(str(load_path), "game record"), replay=False)
        for option, (name, value) in given.items():
            recorded = getattr(record, name)
            if value is not None and value != recorded:
                raise SetupError(f"{option} {shown(str(value))} does not match the record ({recorded})")
        if not seats and (level or ai_spec) and record.seats:
            raise SetupError(
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
            raise SetupError(str(e)) from None
    if level == MASTER and not ai_spec and record.players not in record_cls.AGENT.DEFAULT_NET_PLAYERS:
        learned = "- or ".join(map(str, record_cls.AGENT.DEFAULT_NET_PLAYERS)) or "no"
        raise SetupError(
            f"--level {MASTER} plays the network shipped for {learned}-player games, "
            f"not {record.players} players (where it is weaker): choose another --level"
        )
    # --seats decides; else the record's seats; else you against the AI.
    if seats:
        record.seats = parse_seats(seats, record.players, mcts, record_cls.AGENT)
    elif not record.seats:
        record.seats = [HUMAN] + [mcts] * (record.players - 1)
    return record
