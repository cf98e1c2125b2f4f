"""`pavilion play`: a game in the terminal, humans and AIs in any mix."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from pavilion import render
from pavilion._engine import Agent, Game, IllegalMoveError, Move, NotationError, Search
from pavilion.record import GameRecord

#: MCTS iterations a move for each --level (about 0.1 / 0.3 / 1 s here); hints use the same budget.
LEVELS = {"easy": 3000, "normal": 15000, "strong": 50000}


def level_spec(level: str) -> str:
    return f"mcts:iterations={LEVELS[level]}"
SEAT_KINDS = ("human", "mcts", "greedy", "random")

HELP = """\
Type a move, or its number from 'moves'. Examples:
  3B      take blue from factory 3 (and one wild if there is one)
  CB      take blue from the centre (the first to do so takes the start token: −1 point a tile)
  B4+2    blue star, space 4, paying 2 of the 4 tiles with wilds
  C3O     centre star, space 3, an orange tile
  bonus:YB  take yellow and blue from the supply after surrounding a feature
  pass:PBB  stop placing this round, keeping purple, blue, blue (at most 4; −1 per tile discarded)
Commands: moves, hint, undo, save FILE, help, quit"""


def describe(before: Game, move: Move, after: Game) -> str:
    """A short reason for a move: points gained, tiles taken, bonus owed."""
    seat = before.current_player
    if move.kind == "draft":
        taken = len(after.hand(seat)) - len(before.hand(seat))
        text = f"takes {taken} tile{'s' * (taken != 1)}"
        if before.start_token is None and after.start_token == seat:
            text += f" and the start token ({after.scores[seat] - before.scores[seat]:+d} points)"
        return text
    if move.kind == "place":
        # A placement never ends the game, so the scores are running scores.
        points = after.scores[seat] - before.scores[seat]
        text = f"+{points} point{'s' * (points != 1)}"
        if after.bonus_owed and after.current_player == seat:
            text += f", surrounds a feature: {after.bonus_owed} bonus tile{'s' * (after.bonus_owed != 1)}"
        return text
    if move.kind == "bonus":
        return f"takes {move.tiles} from the supply"
    kept = move.tiles or ""
    discarded = len(before.hand(seat)) - len(kept)
    text = f"passes, keeping {kept or 'nothing'}"
    if discarded:
        text += f", discarding {discarded}"
    return text


class PlaySession:
    """One game: the record is the truth; the game is always `record.replay()`."""

    def __init__(self, record: GameRecord, seats: list[str], ai_spec: str, console: Console,
                 ask: Callable[[str], str], hint_iterations: int = 10000) -> None:
        self.record = record
        self.seats = seats
        self.console = console
        self.ask = ask
        self.hint_iterations = hint_iterations
        self.specs = {s: (ai_spec if kind == "mcts" else kind) for s, kind in enumerate(seats) if kind != "human"}
        # One replay gives the position and which seat made each move (for undo).
        self.movers: list[int] = []
        self.game = record.new_game()
        for text in record.moves:
            self.movers.append(self.game.current_player)
            self.game.play(text)

    @property
    def humans(self) -> set[int]:
        return {s for s, k in enumerate(self.seats) if k == "human"}

    def name(self, seat: int) -> str:
        return f"P{seat + 1} ({self.seats[seat]})"

    def play_move(self, move: Move) -> None:
        before = self.game.copy()
        seat = before.current_player
        self.game.play(move)
        self.record.moves.append(str(move))
        self.movers.append(seat)
        style = "bold" if seat in self.humans else ""
        line = Text(f"{self.name(seat)} plays ", style=style)
        line.append(str(move), style="bold cyan")
        line.append(f": {describe(before, move, self.game)}")
        self.console.print(line)

    def save(self, path: str) -> None:
        Path(path).write_text(self.record.to_json(), encoding="utf-8")
        self.console.print(f"saved the game record to {path} (replay it with: pavilion play --load {path})")

    def undo(self, seat: int) -> bool:
        mine = [i for i, s in enumerate(self.movers) if s == seat]
        if not mine:
            self.console.print("✗ nothing to undo: you have not moved yet")
            return False
        cut = mine[-1]
        self.record.moves = self.record.moves[:cut]
        self.movers = self.movers[:cut]
        self.game = self.record.replay()
        self.console.print(f"undone back to your move {cut + 1}")
        return True

    def show_moves(self) -> None:
        moves = self.game.legal_moves()
        t = Table.grid(padding=(0, 2))
        cols = 6
        for _ in range(cols):
            t.add_column()
        cells = [f"{i:>3}. {m}" for i, m in enumerate(moves, 1)]
        for r in range(0, len(cells), cols):
            t.add_row(*cells[r:r + cols])
        self.console.print(t)

    def hint(self) -> None:
        s = Search(self.game, seed=len(self.record.moves))
        if not s.exact:
            s.run(iterations=self.hint_iterations)
        best = s.result(top=1)["moves"][0]
        how = "exact" if s.exact else "MCTS"
        self.console.print(f"hint ({how}): {best['move']}  win rate {100 * best['win_rate']:.0f}%, "
                           f"margin {best['margin']:+.1f}")

    def human_turn(self, seat: int) -> str | None:
        """Prompts until a move is played; returns 'quit' to stop."""
        self.console.print(render.position(self.game))
        while True:
            text = self.ask(f"{self.name(seat)} move (help for help)> ").strip()
            if not text:
                continue
            word, _, arg = text.partition(" ")
            word = word.lower()
            if word == "help":
                self.console.print(HELP)
            elif word == "moves":
                self.show_moves()
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
                except OSError as e:
                    self.console.print(f"✗ cannot save to {arg.strip()}: {e.strerror or e}")
            elif word in ("quit", "exit"):
                answer = self.ask("save the game before quitting? [y/N] ").strip().lower()
                if answer in ("y", "yes"):
                    path = self.ask("file name [pavilion-game.json]: ").strip() or "pavilion-game.json"
                    try:
                        self.save(path)
                    except OSError as e:
                        self.console.print(f"✗ cannot save to {path}: {e.strerror or e}")
                        continue
                return "quit"
            else:
                try:
                    if text.isdigit():
                        moves = self.game.legal_moves()
                        n = int(text)
                        if not 1 <= n <= len(moves):
                            self.console.print(f"✗ no move {n}: the menu ('moves') runs 1..{len(moves)}")
                            continue
                        move = moves[n - 1]
                    else:
                        move = Move.parse(text)
                    self.play_move(move)
                    return None
                except (NotationError, IllegalMoveError) as e:
                    self.console.print(f"✗ {e}")

    def run(self) -> str:
        """Plays to the end (or until quit); returns 'over' or 'quit'."""
        shown_round = 0
        while not self.game.is_over:
            g = self.game
            if g.round != shown_round:
                shown_round = g.round
                self.console.rule(f"round {g.round}: {g.wild} is wild")
                if not self.humans:
                    self.console.print(render.position(g))
            seat = g.current_player
            if seat in self.humans:
                if self.human_turn(seat) == "quit":
                    return "quit"
            else:
                # The AI's seed depends only on the game and the move number, so a
                # saved and reloaded game continues exactly as it would have.
                agent = Agent(self.specs[seat], seed=(self.record.seed * 1_000_003 + len(self.record.moves)) % 2**64)
                move = agent.choose(g)
                assert move is not None
                self.play_move(move)
        self.console.rule("end of the game")
        self.console.print(render.position(self.game))
        self.console.print(render.breakdown_table(self.game))
        w = self.game.winners
        names = " and ".join(self.name(s) for s in w)
        self.console.print(f"[bold]{'Winner' if len(w) == 1 else 'Shared victory'}:[/] {names}")
        return "over"
