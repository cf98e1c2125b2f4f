"""The messages between a page (or any client) and `pavilion serve`: JSON
objects over one WebSocket, each with a `type`. docs/web.md documents them;
`REQUESTS` is their one home, and every message is checked against it before
anything else reads it (`parse`): a bad one gets an `error` reply and nothing
else happens.
"""

from __future__ import annotations

import json
import math
from typing import Any

from pavilion.core.files import MAX_INPUT_BYTES

#: The largest message the server reads: a file opened from the page (at most
#: MAX_INPUT_BYTES, as every reader) with room for its JSON quoting.
MAX_MESSAGE = MAX_INPUT_BYTES * 2 + 4096
#: The longest text field other than an opened file's text.
MAX_FIELD = 2000

#: Field types: `int`, `float` (any number), `str`, `bool`, `list` (of short strings), `dict` (of short values).
#: A trailing `?` makes a field optional.
REQUESTS: dict[str, dict[str, str]] = {
    # Start a game: `game` is "summer" or "akropolis"; `seats` one per player (human, random,
    # greedy, mcts[:…]); `level` the strength a bare `mcts` seat plays; `options` the game's rules
    # (summer: side, wild_order; akropolis: variants, long, barracks_edge, lake).
    "new": {"game": "str", "players": "int", "seats": "list?", "level": "str?", "seed": "int?", "options": "dict?"},
    # The game the server was started with (`pavilion serve FILE` or its game options).
    "start": {},
    # Take up a game this server keeps (a reloaded tab).
    "resume": {"id": "str"},
    # Open a saved record or a position file, sent as text (read in memory, never from a path).
    "open": {"name": "str", "text": "str"},
    # Play a move in the game's notation ("3B", "B4+2", "pass:OY", "0@1,0/2"...).
    "move": {"move": "str"},
    # Search the position on the board for `seconds` (a hint), reporting as it goes.
    "hint": {"seconds": "float?"},
    # Stop what is thinking (a hint, or an AI's move, which is then not played; the AIs wait).
    "stop": {},
    # Let the AIs play on after a stop.
    "resume_ai": {},
    # Take back to the last human's previous move, as `play`'s undo.
    "undo": {},
    # Look at the position after `ply` moves (null: follow the game).
    "goto": {"ply": "int?"},
    # Which seat's city (Akropolis) or board is drawn large.
    "view": {"seat": "int"},
    # Review the game so far: each move's mark and the win-rate chart.
    "review": {"seconds": "float?"},
    # Save the record now (where `play` would).
    "save": {},
    # Seconds between two AI moves (spectating AI against AI).
    "pace": {"seconds": "float"},
}

#: What the server sends: every reply has one of these types.
REPLIES = ("hello", "state", "thinking", "analysis", "ranges", "review", "saved", "error")


class ProtocolError(ValueError):
    """A message that is not one of the protocol's: the reply names what is wrong."""


def _check(kind: str, value: Any, where: str) -> Any:
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ProtocolError(f"{where} must be a whole number")
        return value
    if kind == "float":
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ProtocolError(f"{where} must be a number")
        return float(value)
    if kind == "bool":
        if not isinstance(value, bool):
            raise ProtocolError(f"{where} must be true or false")
        return value
    if kind == "str":
        if not isinstance(value, str):
            raise ProtocolError(f"{where} must be text")
        if len(value) > MAX_FIELD and where != "text":
            raise ProtocolError(f"{where} is too long")
        return value
    if kind == "list":
        if not isinstance(value, list) or len(value) > 8:
            raise ProtocolError(f"{where} must be a list of at most 8 texts")
        return [_check("str", v, where) for v in value]
    if kind == "dict":
        if not isinstance(value, dict) or len(value) > 16:
            raise ProtocolError(f"{where} must be an object of at most 16 fields")
        for k, v in value.items():
            if not isinstance(v, str | int | float | bool) or (isinstance(v, str) and len(v) > MAX_FIELD):
                raise ProtocolError(f"{where}.{k[:40]} must be a short text, a number or true/false")
        return value
    raise AssertionError(kind)


def parse(text: str | bytes) -> dict[str, Any]:
    """A message from a client, checked: its `type` is known, each field has its
    type, none is missing or unknown. ProtocolError says what is wrong."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError(f"the message is larger than {MAX_MESSAGE:,} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("the message is not JSON") from None
    if not isinstance(message, dict):
        raise ProtocolError("a message is a JSON object with a type")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in REQUESTS:
        raise ProtocolError(f"unknown message type; the types are {', '.join(REQUESTS)}")
    fields = REQUESTS[kind]
    out: dict[str, Any] = {"type": kind}
    for name in message:
        if name != "type" and name not in fields:
            raise ProtocolError(f"{kind}: unknown field {str(name)[:40]!r}")
    for name, spec in fields.items():
        optional = spec.endswith("?")
        if name not in message or (optional and message[name] is None):
            if not optional:
                raise ProtocolError(f"{kind}: {name} is missing")
            out[name] = None
            continue
        out[name] = _check(spec.rstrip("?"), message[name], name)
    return out
