"""What the board screens of both games share: the status line, the move list
and review, the keys (hint, evaluation bar, undo, save, quit, stepping
through the record) and the work done off the UI thread (the AI's moves, the
hint and the evaluation's searches, the review). Each game's screen draws its
position and turns pointing into moves."""

from __future__ import annotations

import threading
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Sparkline, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from pavilion.board.dialogs import FileDialog
from pavilion.core.files import shown
from pavilion.services.review import review
from pavilion.services.table import BoardGame, Thought

#: Iterations the evaluation bar searches a position at most (then it rests).
EVAL_BUDGET = 2_000_000
#: Search time a move when the board reviews a game.
REVIEW_SECONDS = 0.1
#: Screens at least this wide open the move list by itself (`m` opens it anywhere).
SIDE_FROM = 100
#: Width of the evaluation bar, in cells.
BAR_WIDTH = 20


def bar(share: float, width: int = BAR_WIDTH) -> str:
    filled = round(max(0.0, min(1.0, share)) * width)
    return "█" * filled + "░" * (width - filled)


class PlayScreen(Screen[None]):
    """One game on the board (see the module); `table` is the game itself."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("h", "hint", "hint"),
        Binding("e", "toggle_eval", "eval bar"),
        Binding("u", "undo", "undo"),
        Binding("s", "save", "save"),
        Binding("m", "toggle_moves", "moves"),
        Binding("v", "review", "review"),
        Binding("home", "step('first')", "first", show=False, priority=True),
        Binding("pageup", "step('previous')", "previous", show=False, priority=True),
        Binding("pagedown", "step('next')", "next", show=False, priority=True),
        Binding("end", "step('last')", "last", show=False, priority=True),
        Binding("escape", "stop", "stop", show=False),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+c", "quit_game", "quit", show=False, priority=True),
    ]

    def __init__(self, table: BoardGame) -> None:
        super().__init__()
        self.table = table
        self.hint: Thought | None = None
        self.evaluation: Thought | None = None
        self.eval_on = False
        self.thinking: threading.Event | None = None
        self.eval_stop: threading.Event | None = None
        self.thinking_note = ""
        self.reviewed: dict[int, dict[str, Any]] = {}

    # -- what each game's screen says ---------------------------------------------------

    def compose_position(self) -> ComposeResult:
        raise NotImplementedError

    def show_position(self) -> None:
        """Draws the position (`self.table.view()`) and the hint on it."""
        raise NotImplementedError

    def info_lines(self) -> list[Text]:
        """The game's own lines of the information panel (round, scores...)."""
        raise NotImplementedError

    # -- the layout ---------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Horizontal(id="main"):
            with Vertical(id="position"):
                yield from self.compose_position()
            with Vertical(id="side"):
                yield Label("moves", classes="side-title")
                yield OptionList(id="moves")
                yield Sparkline([], id="curve")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        # The move list opens by itself for a record, where the screen has room for it.
        self.query_one("#side").display = bool(self.table.record.moves) and self.app.size.width >= SIDE_FROM
        self.changed()

    def status(self, text: str) -> None:
        self.query_one("#status", Static).update(Text(text))

    def info(self) -> Text:
        out = Text()
        for line in self.info_lines():
            out.append_text(line)
            out.append("\n")
        if self.thinking_note:
            out.append(self.thinking_note + "\n", style="italic")
        if self.eval_on and self.evaluation is not None:
            g = self.table.view()
            e = self.evaluation
            out.append(f"eval P{g.current_player + 1} ")
            out.append(bar(e.win_rate), style="bold")
            out.append(f" {100 * e.win_rate:.0f}%" + (" exact" if e.exact else f" ({e.iterations:,} it)") + "\n")
        if self.hint is not None:
            h = self.hint
            out.append(f"hint: {h.move}  win rate {100 * h.win_rate:.0f}%, margin {h.margin:+.1f}", style="bold")
            if h.pv:
                out.append("  line: " + " ".join(map(str, h.pv[:6])), style="dim")
            if h.others:
                out.append("\nthen: " + ", ".join(f"{m} {100 * w:.0f}%" for m, w in h.others), style="dim")
        return out

    # -- after every change -------------------------------------------------------------

    def changed(self) -> None:
        """The position changed (a move, an undo, a step): redraw, restart the evaluation, let the AI move."""
        self.hint = None
        self.stop_thinking()
        self.show_position()
        self.show_moves()
        if self.eval_on:
            self.start_eval()
        if self.table.agent_to_move:
            self.start_agent()

    def show_moves(self) -> None:
        moves = self.query_one("#moves", OptionList)
        record = self.table.record
        marks = self.reviewed
        items = []
        for i, text in enumerate(record.moves, 1):
            r = marks.get(i)
            extra = f" {r['mark']}" if r and r["mark"] else ""
            items.append(Option(f"{i:>3}. {text}{extra}", id=str(i)))
        moves.clear_options()
        moves.add_options(items)
        here = self.table.shown_ply
        if here:
            moves.highlighted = here - 1

    # -- the AI's move ------------------------------------------------------------------

    def start_agent(self) -> None:
        table = self.table
        length = len(table.record.moves)
        name = table.name(table.game.current_player)
        self.status(f"{name} is thinking…")

        def work() -> None:
            move = table.agent_move()
            if not get_current_worker().is_cancelled:
                self.app.call_from_thread(self.agent_played, move, length)

        self.run_worker(work, thread=True, group="agent", exclusive=True)

    def agent_played(self, move: Any, length: int) -> None:
        # An undo or a step while the AI thought makes its move stale.
        if len(self.table.record.moves) != length or not self.table.agent_to_move:
            return
        self.status(self.table.play(move))
        self.changed()

    # -- moves from the screen -----------------------------------------------------------

    def try_move(self, move: Any) -> bool:
        """Plays the human's move if it is the human's turn; says why not otherwise."""
        table = self.table
        if table.shown is not None:
            self.status(f"you are looking at move {table.shown} of {len(table.record.moves)}: End returns to the game")
            return False
        if table.game.is_over:
            self.status("the game is over")
            return False
        if not table.human_to_move:
            self.status(f"it is {table.name(table.game.current_player)}'s turn")
            return False
        try:
            said = table.play(move)
        except ValueError as e:  # the engine's IllegalMoveError or NotationError
            self.status(f"✗ {shown(str(e))}")
            return False
        self.status(said)
        self.changed()
        return True

    # -- thinking: hints and the evaluation bar ---------------------------------------------

    def stop_thinking(self) -> None:
        if self.thinking is not None:
            self.thinking.set()
            self.thinking = None
            self.thinking_note = ""

    @property
    def is_thinking(self) -> bool:
        return self.thinking is not None

    def action_stop(self) -> None:
        if self.thinking is not None:
            self.stop_thinking()
            self.status("thinking stopped")
            self.show_position()

    def action_hint(self) -> None:
        table = self.table
        position = table.view()
        if position.is_over:
            self.status("the game is over: no hint")
            return
        self.stop_thinking()
        stop = self.thinking = threading.Event()
        self.thinking_note = "thinking… (any key stops)"
        self.show_position()
        budget = table.session.hint_iterations
        copy = position.copy()

        def report(t: Thought) -> None:
            self.app.call_from_thread(self.thought, t, stop, False)

        def work() -> None:
            t = table.think(copy, stop, budget, report)
            if t is not None and not stop.is_set():
                self.app.call_from_thread(self.thought, t, stop, True)

        self.run_worker(work, thread=True, group="hint")

    def thought(self, t: Thought, stop: threading.Event, done: bool) -> None:
        # A report of a stopped or superseded hint is stale; its final answer is not (work() sends none once stopped).
        if not done and (stop.is_set() or self.thinking is not stop):
            return
        self.thinking_note = "" if done else f"thinking… {t.iterations:,} iterations (any key stops)"
        if done:
            if self.thinking is stop:
                self.thinking = None
            self.hint = t
            how = "exact" if t.exact else f"MCTS, {t.iterations:,} iterations"
            self.status(f"hint ({how}): {t.move}, win rate {100 * t.win_rate:.0f}%")
        self.show_position()

    def action_toggle_eval(self) -> None:
        self.eval_on = not self.eval_on
        if self.eval_on:
            self.start_eval()
        else:
            self.stop_eval()
            self.evaluation = None
            self.show_position()

    def stop_eval(self) -> None:
        if self.eval_stop is not None:
            self.eval_stop.set()

    def start_eval(self) -> None:
        self.stop_eval()
        self.evaluation = None
        position = self.table.view()
        if position.is_over:
            return
        stop = self.eval_stop = threading.Event()
        copy = position.copy()
        table = self.table

        def report(t: Thought) -> None:
            self.app.call_from_thread(self.evaluated, t, stop)

        self.run_worker(lambda: table.think(copy, stop, EVAL_BUDGET, report), thread=True, group="eval")

    def evaluated(self, t: Thought, stop: threading.Event) -> None:
        if stop is self.eval_stop and not stop.is_set():
            self.evaluation = t
            self.show_position()

    # -- undo, save, quit ---------------------------------------------------------------

    def action_undo(self) -> None:
        self.table.shown = None  # undo acts on the game, not on a position looked back at
        self.status(self.table.undo())
        self.changed()

    def action_save(self) -> None:
        default = self.table.saved_to or self.table.record_path or "pavilion-game.json"

        def done(path: str | None) -> None:
            if path:
                self.status(self.table.save(path))

        self.app.push_screen(FileDialog("save the game record to:", default), done)

    def action_quit_game(self) -> None:
        self.stop_thinking()
        self.stop_eval()
        self.app.exit(self.table.save_on_exit())

    # -- stepping through the record and the review -------------------------------------------

    def action_step(self, where: str) -> None:
        table = self.table
        n = len(table.record.moves)
        here = table.shown_ply
        target = {"first": 0, "previous": here - 1, "next": here + 1, "last": n}[where]
        self.go_to(max(0, min(n, target)))

    def go_to(self, moves: int) -> None:
        table = self.table
        table.shown = None if moves >= len(table.record.moves) else moves
        if table.shown is None:
            self.status(f"the game, after {len(table.record.moves)} moves")
        else:
            r = self.reviewed.get(moves + 1)
            note = (
                f"; next played {r['move']} {r['mark']}, best {r['best']} ({100 * r['win_before']:.0f}%)" if r else ""
            )
            self.status(f"position after move {moves} of {len(table.record.moves)} (End returns to the game){note}")
        self.changed()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option_list.id == "moves" and event.option.id is not None:
            self.go_to(int(event.option.id))

    def action_toggle_moves(self) -> None:
        side = self.query_one("#side")
        side.display = not side.display

    def action_review(self) -> None:
        record = self.table.record
        if not record.moves:
            self.status("no moves to review yet")
            return
        self.query_one("#side").display = True
        self.status(f"reviewing {len(record.moves)} moves ({REVIEW_SECONDS} s each)…")
        snapshot = type(record).from_json(record.to_json(), replay=False)

        def progress(ply: int) -> None:
            self.app.call_from_thread(self.status, f"reviewing: move {ply} of {len(snapshot.moves)}…")

        def work() -> None:
            result = review(snapshot, seconds=REVIEW_SECONDS, progress=progress)
            self.app.call_from_thread(self.show_review, result)

        self.run_worker(work, thread=True, group="review", exclusive=True)

    def show_review(self, result: Any) -> None:
        self.reviewed = {m["ply"]: dict(m) for m in result["moves"]}
        curve = [m["win_before"] if m["seat"] == 0 else 1 - m["win_before"] for m in result["moves"]]
        self.query_one("#curve", Sparkline).data = curve
        marks = sum(1 for m in result["moves"] if m["mark"])
        self.status(f"review done: {marks} marked moves (curve: P1's win rate); pick a move to see it")
        self.show_moves()
