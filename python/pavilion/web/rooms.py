"""The games a `pavilion serve` keeps: each tab's game under an unguessable id
(`Room`), and the server's bounded set of them with its queue of searches
(`Hub`). A room's game is a `BoardGame` (`play`'s own session), so a move, an
undo or a save does exactly what it does in `pavilion play` and the board.

Searches (an AI's move, a hint, a review) run in worker threads, at most
`MAX_SEARCHES` at once (the rest wait their turn), and each can be stopped:
a stopped AI move is not played, and the AIs then wait for `resume_ai`.
When a tab goes, its game is saved where `play` would save it and kept for
`KEEP_SECONDS` so that a reload takes it up again.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pavilion.core.files import shown
from pavilion.services.review import review
from pavilion.services.table import BoardGame, GameKind, Thought, kind_of
from pavilion.web import views

#: The most games one server keeps (each tab is one).
MAX_GAMES = 16
#: The most searches (AI moves, hints, reviews) running at once; the rest queue.
MAX_SEARCHES = 2
#: How long a game whose tab went is kept for a reload (it is saved when the tab goes).
KEEP_SECONDS = 600.0
#: The longest hint or review budget a client may ask (seconds a position).
MAX_HINT_SECONDS = 30.0
MAX_REVIEW_SECONDS = 2.0
#: How often a hint's progress is sent.
REPORT_EVERY = 0.25
#: Positions whose proven score ranges a room remembers.
MAX_RANGES = 64

Send = Callable[[dict[str, Any]], Awaitable[None]]


class RoomError(ValueError):
    """What a client asked cannot be done (no such game, too many games, nothing to stop...)."""


class Stopped(Exception):
    """A review stopped by its client."""


@dataclass
class Room:
    """One tab's game."""

    id: str
    kind: GameKind
    table: BoardGame
    hub: Hub
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sends: list[Send] = field(default_factory=list)
    #: Seconds between two AI moves (spectating).
    pace: float = 0.4
    #: True after a stop: the AIs wait for `resume_ai`.
    ai_paused: bool = False
    ai_task: asyncio.Task[None] | None = None
    #: The search running for this room (hint or AI), and how to stop it.
    busy: str | None = None
    stop_event: threading.Event = field(default_factory=threading.Event)
    #: Moves drawn on the board (a hint's best and next), for the position they were found in.
    marks: list[Any] = field(default_factory=list)
    marks_ply: int = -1
    #: The last analysis of the position shown: the evaluation bar reads it.
    evaluation: dict[str, Any] | None = None
    view_seat: int | None = None
    left_at: float | None = None
    #: Proven score ranges found, by position (None while searching or where none are proven).
    ranges: dict[str, Any] = field(default_factory=dict)

    # -- what the page is sent -------------------------------------------------------

    def state(self, said: str = "") -> dict[str, Any]:
        plies = self.table.shown_ply
        marks = self.marks if self.marks_ply == plies else []
        evaluation = self.evaluation if self.evaluation and self.evaluation["ply"] == plies else None
        return {
            "type": "state",
            "id": self.id,
            "title": self.kind.title,
            **views.state(self.table, self.kind.name, self.view_seat, marks),
            "said": said or self.table.said(),
            "ai": {"paused": self.ai_paused, "pace": self.pace, "busy": self.busy},
            "evaluation": evaluation,
        }

    async def send(self, message: dict[str, Any]) -> None:
        for send in list(self.sends):
            with contextlib.suppress(Exception):  # a tab that went; the hub hears of it from its socket
                await send(message)

    def post(self, message: dict[str, Any]) -> None:
        """Sends `message` beside the request being handled (called in the server's thread)."""
        self.hub.keep(asyncio.ensure_future(self.send(message)))

    async def show(self, said: str = "") -> None:
        await self.send(self.state(said))
        self.start_ranges()

    def start_ranges(self) -> None:
        """Summer Pavilion's last round: the proven final-score ranges of the position shown,
        searched beside the game (they may take a good part of a second) and sent as `ranges`."""
        position = self.table.view()
        if not views.has_ranges(position):
            return
        key = position.to_json()
        ply = self.table.shown_ply
        if key in self.ranges:
            if self.ranges[key] is not None:
                self.post({"type": "ranges", "ply": ply, "ranges": self.ranges[key]})
            return
        if len(self.ranges) >= MAX_RANGES:
            self.ranges.clear()
        self.ranges[key] = None
        copy = position.copy()

        async def work() -> None:
            found = await asyncio.to_thread(copy.score_ranges)
            self.ranges[key] = found
            if found is not None:
                await self.send({"type": "ranges", "ply": ply, "ranges": found})

        self.hub.keep(asyncio.create_task(work()))

    # -- what the player does ----------------------------------------------------------

    async def play(self, move: str) -> None:
        async with self.lock:
            if self.busy == "ai":
                raise RoomError("the AI is thinking: stop it first")
            if not self.table.human_to_move:
                if self.table.shown is not None:
                    raise RoomError("you are looking back at the game: go back to the last move to play")
                raise RoomError("it is not a human's turn")
            said = self.table.play(move)  # ValueError: the engine's reason
            self.stop_search()
        await self.show(said)
        self.start_ai()

    async def stop_ai(self) -> None:
        """Stops what is thinking and waits until the AI's turn-taking has ended."""
        self.stop_search()
        if self.ai_task is not None:
            await asyncio.gather(self.ai_task, return_exceptions=True)
        await self.wait_idle()

    async def undo(self) -> None:
        await self.stop_ai()
        self.ai_paused = False
        async with self.lock:
            self.table.shown = None
            said = self.table.undo()
        await self.show(said)

    async def goto(self, ply: int | None) -> None:
        moves = len(self.table.record.moves)
        if ply is not None and not 0 <= ply <= moves:
            raise RoomError(f"there are {moves} moves: choose a number from 0 to {moves}")
        self.table.shown = None if ply is None or ply == moves else ply
        await self.show()
        self.start_ai()

    async def save(self) -> None:
        async with self.lock:
            said = self.table.save(self.table.saved_to or self.table.session.interrupted_paths(None)[0])
        await self.send(
            {"type": "saved", "path": self.table.saved_to, "said": said, "record": self.table.record.to_json()}
        )
        await self.show(said)

    def save_on_exit(self) -> str:
        return self.table.save_on_exit()

    # -- searches -----------------------------------------------------------------------

    def stop_search(self) -> None:
        self.stop_event.set()

    async def wait_idle(self) -> None:
        while self.busy is not None:
            await asyncio.sleep(0.02)

    async def run_search(self, what: str, work: Callable[[threading.Event], Any]) -> Any:
        """Runs `work(stop)` in a worker thread once a search slot is free; None if stopped while queued."""
        if self.busy is not None:
            raise RoomError(f"already thinking ({self.busy}): stop it first")
        self.busy = what
        self.stop_event = stop = threading.Event()
        try:
            await self.send({"type": "thinking", "what": what, "queued": self.hub.searches.locked()})
            async with self.hub.searches:
                if stop.is_set():
                    return None
                await self.send({"type": "thinking", "what": what, "queued": False})
                return await asyncio.to_thread(work, stop)
        finally:
            self.busy = None

    def start_ai(self) -> None:
        if self.ai_task is None or self.ai_task.done():
            self.ai_task = asyncio.create_task(self.ai_loop())

    async def ai_loop(self) -> None:
        """Plays the AIs' moves one by one while it is their turn, at the room's pace."""
        while self.table.agent_to_move and not self.ai_paused and self.sends:
            await self.wait_idle()  # a hint or a review told to stop ends first
            plies = len(self.table.record.moves)
            # The position and the agent are taken here, in the server's thread: the worker
            # only searches its own copy, so nothing it reads changes under it.
            position, agent = self.table.game.copy(), self.table.seat_agent()
            move = await self.run_search("ai", partial(choose, agent, position))
            if self.stop_event.is_set() or move is None:
                self.ai_paused = self.ai_paused or bool(self.sends)
                await self.show("stopped: the AI's move was not played; it waits (resume to let it play)")
                return
            async with self.lock:
                if len(self.table.record.moves) != plies:  # an undo came first
                    continue
                said = self.table.play(move)
            await self.show(said)
            if self.table.agent_to_move:
                await asyncio.sleep(self.pace)

    async def hint(self, seconds: float) -> None:
        seconds = min(max(seconds, 0.05), MAX_HINT_SECONDS)
        position = self.table.view().copy()
        if position.is_over:
            raise RoomError("the game is over: nothing to hint")
        plies = self.table.shown_ply
        seat = position.current_player
        loop = asyncio.get_running_loop()
        last = [0.0]

        def report(t: Thought, done: bool = False) -> None:
            now = time.monotonic()
            if done or now - last[0] >= REPORT_EVERY:
                last[0] = now
                message = self.analysis(t, plies, seat, done)
                loop.call_soon_threadsafe(self.post, message)

        def work(stop: threading.Event) -> Thought | None:
            timer = threading.Timer(seconds, stop.set)
            timer.start()
            try:
                return self.table.think(position, stop, 10**9, report)
            finally:
                timer.cancel()

        thought = await self.run_search("hint", work)
        if thought is None:
            await self.show("hint stopped before a move was found")
            return
        message = self.analysis(thought, plies, seat, True)
        self.evaluation = message
        self.marks = [thought.move] + [m for m, _ in thought.others]
        self.marks_ply = plies
        await self.send(message)
        await self.show(f"hint: {thought.move} (win rate {100 * thought.win_rate:.0f}%)")

    @staticmethod
    def analysis(t: Thought, ply: int, seat: int, done: bool) -> dict[str, Any]:
        return {
            "type": "analysis",
            "ply": ply,
            "seat": seat,
            "best": str(t.move),
            "win": t.win_rate,
            "margin": t.margin,
            "exact": t.exact,
            "iterations": t.iterations,
            "pv": [str(m) for m in t.pv],
            "others": [[str(m), w] for m, w in t.others],
            "done": done,
        }

    async def review(self, seconds: float) -> None:
        seconds = min(max(seconds, 0.01), MAX_REVIEW_SECONDS)
        record = self.table.record
        if not record.moves:
            raise RoomError("no move was played: nothing to review")
        copy = type(record).from_json(record.to_json())
        loop = asyncio.get_running_loop()

        def work(stop: threading.Event) -> Any:
            def progress(done: int) -> None:
                if stop.is_set():
                    raise Stopped
                loop.call_soon_threadsafe(
                    self.post, {"type": "thinking", "what": "review", "queued": False, "done": done}
                )

            try:
                return review(copy, seconds=seconds, threads=1, progress=progress)
            except Stopped:
                return None

        result = await self.run_search("review", work)
        if result is None:
            await self.show("review stopped")
            return
        await self.send({"type": "review", **result})


def choose(agent: Any, position: Any, stop: threading.Event) -> Any:
    """An agent's move in a worker thread; `stop` ends its search early."""
    return agent.choose(position, stop=stop)


class Hub:
    """The server's games, at most MAX_GAMES, and its MAX_SEARCHES search slots."""

    def __init__(self, max_games: int = MAX_GAMES, max_searches: int = MAX_SEARCHES) -> None:
        self.rooms: dict[str, Room] = {}
        self.max_games = max_games
        self.searches = asyncio.Semaphore(max_searches)
        self.tasks: set[asyncio.Task[None]] = set()

    def keep(self, task: asyncio.Task[None]) -> None:
        """Holds a task that runs beside the requests until it ends (asyncio keeps only weak references)."""
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def add(self, table: BoardGame) -> Room:
        self.forget_old()
        if len(self.rooms) >= self.max_games:
            idle = sorted((r for r in self.rooms.values() if not r.sends), key=lambda r: r.left_at or 0.0)
            if not idle:
                raise RoomError(f"this server keeps at most {self.max_games} games: close a tab first")
            self.rooms.pop(idle[0].id)
        room = Room(secrets.token_urlsafe(18), kind_of(table.record), table, self)
        self.rooms[room.id] = room
        return room

    def get(self, room_id: str) -> Room:
        self.forget_old()
        room = self.rooms.get(room_id)
        if room is None:
            raise RoomError(
                f"no game {shown(room_id[:40])} here (the server forgets a closed tab's game after a while)"
            )
        return room

    def forget_old(self) -> None:
        now = time.monotonic()
        for room in list(self.rooms.values()):
            if not room.sends and room.left_at is not None and now - room.left_at > KEEP_SECONDS:
                self.rooms.pop(room.id, None)

    def join(self, room: Room, send: Send) -> None:
        room.sends.append(send)
        room.left_at = None

    def leave(self, room: Room, send: Send) -> str:
        """A tab went: its searches stop and its game is saved (said where)."""
        if send in room.sends:
            room.sends.remove(send)
        if room.sends:
            return ""
        room.stop_search()
        room.left_at = time.monotonic()
        return room.save_on_exit()

    def close(self) -> list[str]:
        """The server stops: every game's searches stop and every game is saved."""
        said = []
        for room in self.rooms.values():
            room.stop_search()
            said.append(room.save_on_exit())
        return said
