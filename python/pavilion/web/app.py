"""`pavilion serve`: the web board, a Starlette app on uvicorn. The page
(`static/`: plain ES modules, no build step) talks to `/ws` in the JSON
protocol of `pavilion.web.protocol`; everything else is the page's files.

Only pages served from this server may open the socket (its Origin must be
this host), each message is checked before it is read, a bad one gets an
`error` reply, and no message names a file on the server: files are opened
from their text, and games are saved where `play` saves them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from pavilion._engine import AGENT_OPTIONS, SIDES
from pavilion._engine.akropolis import BARRACKS_EDGES, LAKES, VARIANT_LETTERS
from pavilion._engine.text import escape_controls
from pavilion.core.files import shown
from pavilion.core.record import HUMAN
from pavilion.services.table import KINDS, BoardGame, new_table, read_game_text, table_for
from pavilion.web import protocol
from pavilion.web.rooms import Hub, Room, RoomError

STATIC = Path(__file__).parent / "static"
#: The page may run only its own scripts and connect only back here.
HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
        "connect-src 'self'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
#: The longest error line sent back.
MAX_ERROR = 300

log = logging.getLogger("pavilion.web")


def one_line(text: str) -> str:
    line = escape_controls(" ".join(text.split()))
    return line if len(line) <= MAX_ERROR else line[: MAX_ERROR - 1] + "…"


def game_choices() -> list[dict[str, Any]]:
    """What the start page offers for each game: levels and rules options, from the engine's vocabularies."""
    options = {
        "summer": [
            {"name": "side", "label": "side", "choices": list(SIDES)},
            {"name": "wild_order", "label": "wild order", "text": "PGOYBR"},
        ],
        "akropolis": [
            {"name": "variants", "label": f"variants (letters of {VARIANT_LETTERS})", "text": ""},
            {"name": "long", "label": "long game", "flag": True},
            {"name": "barracks_edge", "label": "barracks edge", "choices": list(BARRACKS_EDGES)},
            {"name": "lake", "label": "lake", "choices": list(LAKES)},
        ],
    }
    return [
        {
            "name": k.name,
            "title": k.title,
            "levels": dict(k.levels),
            "default_level": k.default_level,
            "options": options[k.name],
        }
        for k in KINDS.values()
    ]


def chosen_table(message: dict[str, Any]) -> BoardGame:
    """A new game from the start page's choices, checked as `play` checks them."""
    kind = KINDS.get(message["game"])
    if kind is None:
        raise RoomError(f"unknown game; the games are {', '.join(KINDS)}")
    options = message["options"] or {}
    known = set(kind.record.OPTIONS) - {"players"}  # the record's rules options: what a game of this kind takes
    for name in options:
        if name not in known:
            raise RoomError(f"{name[:40]!r} is not an option of {kind.title}")
    given: dict[str, tuple[str, Any]] = {
        "--players": ("players", message["players"]),
        "--seed": ("seed", message["seed"]),
    }
    for name in known:
        value = options.get(name)
        given[f"--{name.replace('_', '-')}"] = (name, value if value not in ("", False) else None)
    if message["level"] is not None and message["level"] not in kind.levels:
        raise RoomError(f"level {message['level'][:40]!r}: {kind.title} has {', '.join(kind.levels)}")
    seats = ",".join(message["seats"]) if message["seats"] else None
    return new_table(kind, given, seats, message["level"])


def opened_table(name: str, text: str) -> BoardGame:
    """The record or position a page sent, read in memory with the capped readers."""
    kind, record, _is_record = read_game_text(text, shown(name[:80]))
    if not record.seats:
        record.seats = [HUMAN] * record.players
    return table_for(kind, record, None, None)


class Server:
    """The hub of games and what each socket asks of it."""

    def __init__(
        self,
        start: Callable[[], BoardGame] | None = None,
        hub: Hub | None = None,
        tell: Callable[[str], None] | None = None,
    ) -> None:
        self.start = start
        self.hub = hub or Hub()
        #: Where the server says what it did with a game whose tab went (saved where).
        self.tell = tell or log.info

    def hello(self) -> dict[str, Any]:
        return {
            "type": "hello",
            "games": game_choices(),
            "agents": AGENT_OPTIONS["agents"],
            "start": self.start is not None,
            "max_games": self.hub.max_games,
        }

    def background(self, room: Room, work: Any, send: Any) -> None:
        """Runs a long request (a hint, a review) beside the socket's reading, its errors sent as replies."""

        async def run() -> None:
            try:
                await work
            except ValueError as e:
                await send({"type": "error", "message": one_line(str(e))})
            except Exception:
                log.exception("a background request failed")
                await send({"type": "error", "message": "the server failed at that request (see its log)"})

        self.hub.keep(asyncio.create_task(run()))

    async def handle(self, m: dict[str, Any], room: Room | None, send: Any) -> Room | None:
        kind = m["type"]
        if kind in ("new", "resume", "open", "start"):
            if kind == "resume":
                joined = self.hub.get(m["id"])
            else:
                table = (
                    chosen_table(m)
                    if kind == "new"
                    else opened_table(m["name"], m["text"])
                    if kind == "open"
                    else self.started()
                )
                joined = self.hub.add(table)
            if room is not None and room is not joined:
                said = self.hub.leave(room, send)
                if said:
                    self.tell(said)
                    await send({"type": "saved", "path": room.table.saved_to, "said": said})
            if room is not joined:
                self.hub.join(joined, send)
            await joined.show()
            joined.start_ai()
            return joined
        if room is None:
            raise RoomError("start or open a game first")
        if kind == "move":
            await room.play(m["move"])
        elif kind == "undo":
            await room.undo()
        elif kind == "goto":
            await room.goto(m["ply"])
        elif kind == "view":
            if not 0 <= m["seat"] < room.table.record.players:
                raise RoomError(f"there is no seat {m['seat'] + 1}")
            room.view_seat = m["seat"]
            await room.show()
        elif kind == "save":
            await room.save()
        elif kind == "pace":
            room.pace = min(max(m["seconds"], 0.0), 10.0)
            await room.show()
        elif kind == "stop":
            if room.busy is None:
                raise RoomError("nothing is thinking")
            room.ai_paused = room.ai_paused or room.busy == "ai"
            room.stop_search()
        elif kind == "resume_ai":
            room.ai_paused = False
            await room.show()
            room.start_ai()
        elif kind == "hint":
            self.background(room, room.hint(m["seconds"] or 1.0), send)
        elif kind == "review":
            self.background(room, room.review(m["seconds"] or 0.2), send)
        return room

    def started(self) -> BoardGame:
        if self.start is None:
            raise RoomError("this server was started without a game: choose one")
        return self.start()

    async def socket(self, ws: WebSocket) -> None:
        host = ws.headers.get("host", "")
        if ws.headers.get("origin") not in (f"http://{host}", f"https://{host}"):
            await ws.close(code=1008)  # another site's page may not drive games here
            return
        await ws.accept()
        lock = asyncio.Lock()

        async def send(message: dict[str, Any]) -> None:
            async with lock:
                await ws.send_text(json.dumps(message))

        await send(self.hello())
        room: Room | None = None
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text: str | bytes = frame.get("text") or frame.get("bytes") or b""
                try:
                    room = await self.handle(protocol.parse(text), room, send)
                except ValueError as e:  # ProtocolError, RoomError, the engine's and the setup's errors
                    await send({"type": "error", "message": one_line(str(e))})
                except Exception:
                    log.exception("a request failed")
                    await send({"type": "error", "message": "the server failed at that request (see its log)"})
        except WebSocketDisconnect:
            pass
        finally:
            if room is not None:
                said = self.hub.leave(room, send)
                if said:
                    self.tell(said)


def create_app(
    start: Callable[[], BoardGame] | None = None, hub: Hub | None = None, tell: Callable[[str], None] | None = None
) -> Starlette:
    """The web board's app; `start` makes the game each new tab opens with (else the start page),
    `tell` hears where each game was saved."""
    server = Server(start, hub, tell)

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=HEADERS)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        for said in server.hub.close():  # the server stops: every game is saved
            server.tell(said)

    app = Starlette(
        routes=[
            Route("/", index),
            Mount("/static", StaticFiles(directory=STATIC)),
            WebSocketRoute("/ws", server.socket),
        ],
        lifespan=lifespan,
    )
    app.state.server = server
    return app
