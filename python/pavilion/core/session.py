"""A game in the terminal, humans and AIs in any mix: what every game's
`play` shares (the prompt loop, the menu, hints, undo, saving, the AI's
seeds). Each game's session (`pavilion.summer.play.PlaySession`,
`pavilion.akropolis.play.AkropolisSession`) says how its moves read and how its
position looks."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic

from rich.console import Console, RenderableType
from rich.text import Text

from pavilion.core.analysis import evaluated
from pavilion.core.files import SaveError, save_somewhere, save_text, shown
from pavilion.core.record import HUMAN, GameT, Record, move_seed

#: Longest menu number typed at the prompt (longer digit strings are move text).
MAX_MENU_DIGITS = 6
#: The commands every session understands (a game may add its own).
COMMANDS = "moves, hint, undo (to your previous move), save FILE, help, quit"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if abs(n) == 1 else 's'}"


def menu_lines(moves: Sequence[object], width: int) -> list[str]:
    """The numbered moves in columns (read down, like `ls`), every line at most `width` wide."""
    if not moves:
        return []
    digits = len(str(len(moves)))
    cells = [f"{i:>{digits}}. {m}" for i, m in enumerate(moves, 1)]
    cell = max(len(c) for c in cells)
    cols = max(1, (width + 2) // (cell + 2))
    rows = math.ceil(len(cells) / cols)
    lines = []
    for r in range(rows):
        row = [cells[r + c * rows].ljust(cell) for c in range(cols) if r + c * rows < len(cells)]
        lines.append("  ".join(row).rstrip())
    return lines


def short_name(spec: str) -> str:
    """`mcts:iterations=15000` → `mcts`."""
    return spec.partition(":")[0]


#: The --level that searches with the network shipped with the game (where one ships).
MASTER = "master"


def level_spec(levels: Mapping[str, int], level: str) -> str:
    """The agent spec of a `--level`: MCTS for that many iterations a move
    (`master`: guided by the game's shipped network, `net=default`)."""
    return f"mcts:iterations={levels[level]}" + (",net=default" if level == MASTER else "")


class Session(Generic[GameT]):
    """One game: the record is the truth; the game is always `record.replay()`.

    A game's session supplies `HELP`, `LEVELS` and the hooks below
    `describe`; its record class names the game's `Agent` and `Search`."""

    #: How to write a move (the commands are added after it).
    HELP: ClassVar[str]
    #: MCTS iterations a move for each --level; hints use the same budget.
    LEVELS: ClassVar[dict[str, int]]
    DEFAULT_LEVEL: ClassVar[str] = "normal"

    def __init__(
        self,
        record: Record[GameT],
        console: Console,
        ask: Callable[[str], str],
        hint_iterations: int | None = None,
    ) -> None:
        self.record = record
        self.seats = record.seats
        self.console = console
        self.ask = ask
        self.hint_iterations = hint_iterations or self.LEVELS[self.DEFAULT_LEVEL]
        # The one replay of the record (it checks every move); the game's move
        # stack is the history from here on.
        self.game: GameT = record.replay()

    # -- what each game says for itself ---------------------------------------------

    def describe(self, outcome: Mapping[str, Any]) -> str:
        """A short reason for a move, from what the engine says it did."""
        raise NotImplementedError

    def position(self) -> RenderableType:
        raise NotImplementedError

    def legend(self) -> RenderableType:
        raise NotImplementedError

    def round_title(self) -> str:
        """The rule drawn when a round starts."""
        return f"round {self.game.round}"

    def prompt(self, seat: int) -> str:
        return f"{self.name(seat)} move (help for help)> "

    def final(self) -> list[RenderableType]:
        """What is shown at the end, after the position."""
        return []

    def show_moves(self, arg: str) -> None:
        for line in menu_lines(self.game.legal_moves(), self.console.width):
            self.console.print(Text(line))  # never wider than the console (menu_lines)

    def command(self, word: str) -> bool:
        """A game's own command (True if `word` was one)."""
        return False

    # -- the same for every game ----------------------------------------------------

    @property
    def humans(self) -> set[int]:
        return {s for s, k in enumerate(self.seats) if k == HUMAN}

    def name(self, seat: int) -> str:
        return f"P{seat + 1} ({short_name(self.seats[seat])})"

    def play_move(self, move: object) -> None:
        outcome = self.game.play(move)
        seat = outcome["seat"]
        self.record.moves.append(str(move))
        style = "bold" if seat in self.humans else ""
        line = Text(f"{self.name(seat)} plays ", style=style)
        line.append(str(move), style="bold cyan")
        line.append(f": {self.describe(outcome)}")
        self.console.print(line, soft_wrap=True)

    def save(self, path: str) -> str:
        """Saves the record (never over another game); returns the path written. Raises SaveError."""
        written = save_text(path, self.record.to_json(), may_replace=self.record.continues)
        self.tell_saved(str(written), path)
        return str(written)

    def save_anywhere(self, paths: list[str]) -> str | None:
        """Saves to the first path that works (then the temporary folder); says where. Never raises."""
        try:
            written, failures = save_somewhere(paths, self.record.to_json(), may_replace=self.record.continues)
        except SaveError as e:
            self.console.print(f"✗ the game could not be saved anywhere: {shown(str(e))}")
            self.console.print(f"its moves: {' '.join(self.record.moves)} (seed {self.record.seed})", soft_wrap=True)
            return None
        for why in failures:
            self.console.print(f"✗ {shown(why)}")
        self.tell_saved(str(written), paths[0])
        return str(written)

    def interrupted_paths(self, record_path: str | None) -> list[str]:
        """Where a stopped game is saved: the --record file if one was named, then the game's default name."""
        default = self.record.INTERRUPTED
        return [record_path, default] if record_path else [default]

    def tell_saved(self, written: str, asked: str) -> None:
        note = "" if written == asked else f" ({shown(asked)} holds another game)"
        self.console.print(
            f"saved the game record to {shown(written)}{note}; "
            f"continue it with: {self.record.PLAY_COMMAND} --load {shown(written)}",
            soft_wrap=True,
        )

    def movers(self) -> list[int]:
        """The seat that made each move of the stack (play is deterministic, so a replay tells)."""
        g = self.record.new_game()
        return [g.play(m)["seat"] for m in self.game.move_stack]

    def undo(self, seat: int) -> bool:
        mine = [i for i, s in enumerate(self.movers()) if s == seat]
        if not mine:
            self.console.print("✗ nothing to undo: you have not moved yet")
            return False
        cut = mine[-1]
        while len(self.game.move_stack) > cut:
            self.game.pop()
        self.record.moves = self.record.moves[:cut]
        self.console.print(f"undone: back to your move {len(mine)}")
        return True

    def hint(self) -> None:
        s = self.record.SEARCH(self.game, seed=len(self.record.moves))
        if not s.exact:
            s.run(iterations=self.hint_iterations)
        best = s.result(top=1)["moves"][0]
        how = "exact" if s.exact else "MCTS"
        self.console.print(
            f"hint ({how}): {best['move']}  win rate {100 * evaluated(best):.0f}%, margin {best['margin']:+.1f}"
        )

    def read_move(self, text: str) -> object | None:
        """The move typed (menu number or move text), or None after saying why not."""
        if text.isascii() and text.isdigit() and len(text) <= MAX_MENU_DIGITS:
            moves = self.game.legal_moves()
            n = int(text)
            if not 1 <= n <= len(moves):
                self.console.print(f"✗ no move {n}: the menu ('moves') runs 1..{len(moves)}")
                return None
            chosen: object = moves[n - 1]
            return chosen
        try:
            parsed: object = self.record.MOVE.parse(text)
            return parsed
        except ValueError as e:
            self.console.print(f"✗ {shown(str(e))}")
            return None

    def human_turn(self, seat: int) -> str | None:
        """Prompts until a move is played; returns 'quit' to stop."""
        self.console.print(self.position())
        while True:
            text = self.ask(self.prompt(seat)).strip()
            if not text:
                continue
            word, _, arg = text.partition(" ")
            word = word.lower()
            if word == "help":
                self.console.print(self.HELP + f"\nCommands: {COMMANDS}")
                self.console.print(self.legend())
            elif word == "moves":
                self.show_moves(arg.strip())
            elif word == "hint":
                self.hint()
            elif word == "undo":
                if self.undo(seat):
                    return None
            elif word == "save":
                if not arg.strip():
                    self.console.print("✗ save needs a file name: save FILE")
                    continue
                try:
                    self.save(arg.strip())
                except SaveError as e:
                    self.console.print(f"✗ not saved: {shown(str(e))}")
            elif word in ("quit", "exit"):
                answer = self.ask("save the game before quitting? [y/N] ").strip().lower()
                if answer in ("y", "yes"):
                    path = self.ask("file name [pavilion-game.json]: ").strip() or "pavilion-game.json"
                    try:
                        self.save(path)
                    except SaveError as e:
                        self.console.print(f"✗ not saved: {shown(str(e))}; the game goes on")
                        continue
                return "quit"
            elif self.command(word):
                continue
            else:
                move = self.read_move(text)
                if move is None:
                    continue
                try:
                    self.play_move(move)
                    return None
                except ValueError as e:  # the engine's IllegalMoveError
                    self.console.print(f"✗ {shown(str(e))}")

    def run(self) -> str:
        """Plays to the end (or until quit); returns 'over' or 'quit'."""
        shown_round = 0
        while not self.game.is_over:
            g = self.game
            if g.round != shown_round:
                shown_round = g.round
                self.console.rule(self.round_title())
                if not self.humans:
                    self.console.print(self.position())
            seat = g.current_player
            if seat in self.humans:
                if self.human_turn(seat) == "quit":
                    return "quit"
            else:
                # The AI's seed depends only on the game and the move number, so a
                # saved and reloaded game continues exactly as it would have.
                agent = self.record.AGENT(self.seats[seat], seed=move_seed(self.record.seed, len(self.record.moves)))
                move = agent.choose(g)
                assert move is not None  # a running game always has a move
                self.play_move(move)
        self.console.rule("end of the game")
        self.console.print(self.position())
        for part in self.final():
            self.console.print(part)
        w = self.game.winners
        names = " and ".join(self.name(s) for s in w)
        self.console.print(f"[bold]{'Winner' if len(w) == 1 else 'Shared victory'}:[/] {names}")
        return "over"
