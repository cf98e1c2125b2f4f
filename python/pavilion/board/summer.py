"""Summer Pavilion on the board: the factories and the centre to draft from,
and each player's board in its star geometry to place on. Drafting is
choosing a tile (its colour, from its factory or the centre); placing is
choosing a space of your board (the ones you can pay for are underlined; a
chooser opens where several payments exist); `p` passes (a keep picker) and
a bonus opens a supply picker by itself."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, HorizontalScroll
from textual.widgets import Static

from pavilion._engine import FEATURES, ROUNDS, SIDES, STARS, Game, Move
from pavilion.board.cells import CellGrid, Piece, placed_lines
from pavilion.board.dialogs import ChoiceDialog, TilePicker
from pavilion.board.play_screen import PlayScreen
from pavilion.summer.render import NAME, STYLE, payment_label, printed_value

#: Where each star sits on a board (x, y of its top-left), in `STARS` order:
#: the outer stars clockwise from the upper left, then the centre.
STAR_AT = [(6, 0), (18, 0), (24, 4), (18, 8), (6, 8), (0, 4), (12, 4)]
#: Where each space of a star sits in the star (x, y), spaces 1-6 around it
#: (a space is three characters wide: `[B]`, or its printed value ` 3 `).
SPACE_AT = [(1, 0), (5, 0), (7, 1), (5, 2), (1, 2), (-1, 1)]
#: Where the star's letter sits in the star.
LABEL_AT = (4, 1)
STAR_ROWS = 11
#: A factory's width on the screen: four tiles and their gaps.
FACTORY_WIDTH = 9
#: Factories on a line of the sources, on a wide screen (from `WIDE` columns) and a narrow one.
FACTORIES_PER_LINE = 5
NARROW_FACTORIES_PER_LINE = 3
WIDE = 100
#: A colour's letter from its name (moves name colours, the screen shows letters).
LETTER = {name: letter for letter, name in NAME.items()}


class SourcesView(CellGrid):
    """The factories and the centre: each tile a cell keyed (source, colour)."""

    def __init__(self, screen: SummerScreen) -> None:
        super().__init__(id="sources")
        self.play_screen = screen

    def layout_lines(self) -> Sequence[Sequence[Piece]]:
        g = self.play_screen.table.view()
        lines: list[list[Piece]] = []
        row: list[Piece] = []
        per_line = FACTORIES_PER_LINE if self.app.size.width >= WIDE else NARROW_FACTORIES_PER_LINE
        for i, tiles in enumerate(g.factories):
            if i and i % per_line == 0:
                lines.append(row)
                row = []
            row.append(Piece(f"{i + 1}:", "dim"))
            if not tiles:
                row.append(Piece("—", "dim"))
            for t in tiles:
                row.append(Piece(t, STYLE[t], (i, t)))
                row.append(Piece(" "))
            # Every factory as wide as a full one (four tiles), so the columns stay put.
            row.append(Piece(" " * (FACTORY_WIDTH - (2 * len(tiles) if tiles else 1))))
        lines.append(row)
        centre = [Piece("centre: ", "dim")]
        for t in g.centre:
            centre.append(Piece(t, STYLE[t], ("C", t)))
            centre.append(Piece(" "))
        if not g.centre:
            centre.append(Piece("— ", "dim"))
        if g.start_token is None and g.phase == "draft":
            centre.append(Piece("+ start token", "bold"))
        lines.append(centre)
        supply = [Piece("supply: ", "dim")]
        supply += [Piece(t + " ", STYLE[t]) for t in g.supply] or [Piece("—", "dim")]
        supply.append(Piece(f"   bag {len(g.bag)} · tower {len(g.tower)}", "dim"))
        lines.append(supply)
        return lines


class StarBoard(CellGrid):
    """One player's board: the seven stars, each space a cell keyed (star, space)."""

    def __init__(self, screen: SummerScreen, seat: int) -> None:
        super().__init__(id=f"board-{seat}", classes="board")
        self.play_screen = screen
        self.seat = seat

    def layout_lines(self) -> Sequence[Sequence[Piece]]:
        g = self.play_screen.table.view()
        covered = g.board(self.seat)
        grid: dict[int, dict[int, Piece]] = {}
        for k, star in enumerate(STARS):
            sx, sy = STAR_AT[k]
            sx += 1  # room for the left star's space 6
            grid.setdefault(sy + LABEL_AT[1], {})[sx + LABEL_AT[0]] = Piece(star, STYLE.get(star, "bold"))
            for n in range(1, 7):
                dx, dy = SPACE_AT[n - 1]
                tile = covered.get(f"{star}{n}")
                if tile:
                    piece = Piece(f"[{tile}]", STYLE[tile], (star, n))
                else:
                    piece = Piece(f" {printed_value(g.side, star, n)} ", "dim", (star, n))
                grid.setdefault(sy + dy, {})[sx + dx] = piece
        return [self.title_line(g), *placed_lines(grid, STAR_ROWS), self.features_line(covered), self.hand_line(g)]

    def title_line(self, g: Game) -> list[Piece]:
        table = self.play_screen.table
        to_move = not g.is_over and g.current_player == self.seat
        pieces = [Piece(f"{table.name(self.seat)}  score {g.scores[self.seat]}", "bold" if to_move else "")]
        if to_move:
            pieces.append(Piece("  ◀ to move", "bold"))
        if g.start_token == self.seat and not g.is_over:
            pieces.append(Piece("  start token", "italic"))
        if g.has_passed(self.seat) and not g.is_over:
            pieces.append(Piece("  passed", "dim italic"))
        return pieces

    def features_line(self, covered: dict[str, str]) -> list[Piece]:
        pieces = [Piece("features ", "dim")]
        by_star: dict[str, list[tuple[str, bool]]] = {}
        for f in FEATURES:
            by_star.setdefault(f["star"], []).append((f["kind"][0], all(s in covered for s in f["spaces"])))
        for star, marks in by_star.items():
            pieces.append(Piece(star, STYLE[star]))
            pieces += [Piece(k.upper() if done else k, "bold" if done else "dim") for k, done in marks]
            pieces.append(Piece(" "))
        return pieces

    def hand_line(self, g: Game) -> list[Piece]:
        hand = g.hand(self.seat)
        pieces = [Piece("hand ", "dim")] + ([Piece(t, STYLE[t]) for t in hand] or [Piece("—", "dim")])
        if g.kept(self.seat):
            pieces.append(Piece("  kept ", "dim"))
            pieces += [Piece(t, STYLE[t]) for t in g.kept(self.seat)]
        return pieces


def source_key(move: Move) -> int | str:
    """A draft's source as the sources view keys it: factory index from 0, or "C"."""
    return move.source - 1 if isinstance(move.source, int) else "C"


class SummerScreen(PlayScreen):
    """A Summer Pavilion game on the board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("p", "pass_round", "pass"),
        Binding("b", "bonus", "bonus", show=False),
    ]

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        #: Proven score ranges by position (None while searched, or where there are none).
        self.ranges: dict[str, list[Any] | None] = {}

    def compose_position(self) -> ComposeResult:
        with Horizontal(id="table"):
            yield SourcesView(self)
            yield Static(id="info")
        with HorizontalScroll(id="boards"):
            for seat in self.boards_order():
                yield StarBoard(self, seat)

    def boards_order(self) -> list[int]:
        """The first human's board first (yours), then the others in seat order."""
        players = self.table.game.players
        humans = sorted(self.table.session.humans)
        first = humans[0] if humans else 0
        return [(first + k) % players for k in range(players)]

    def on_mount(self) -> None:
        super().on_mount()
        self.focus_for_turn()
        self.offer_bonus()

    def grids(self) -> list[CellGrid]:
        return [self.query_one(SourcesView), *self.query(StarBoard)]

    def show_position(self) -> None:
        g = self.table.view()
        legal = list(g.legal_moves()) if self.table.human_to_move else []
        # A hint marks its best move and the next best ones (as solve ranks them), else what can be chosen.
        hinted = [self.hint.move, *(m for m, _ in self.hint.others)] if self.hint is not None else []

        def marks(kind: str) -> set[Hashable]:
            key = (
                (lambda m: (m.star, m.space))
                if kind == "place"
                else (lambda m: (source_key(m), LETTER[m.colour or ""]))
            )
            return {key(m) for m in hinted if m.kind == kind} or {key(m) for m in legal if m.kind == kind}

        for grid in self.grids():
            if isinstance(grid, StarBoard):
                grid.marked = marks("place") if grid.seat == g.current_player else set()
            else:
                grid.marked = marks("draft")
            grid.refresh_cells()
        self.query_one("#info", Static).update(self.info())

    def info_lines(self) -> list[Text]:
        g = self.table.view()
        head = Text(f"round {g.round}/{ROUNDS}  wild ")
        head.append(f"{g.wild} ({LETTER[g.wild]})", style=STYLE[LETTER[g.wild]])
        if g.is_over:
            head.append("  game over: " + " and ".join(self.table.name(s) for s in g.winners) + " won")
        else:
            head.append(f"  {g.phase}  P{g.current_player + 1} to move")
        lines = [head, Text("scores " + "  ".join(f"P{s + 1} {v}" for s, v in enumerate(g.scores)))]
        if g.bonus_owed and not g.is_over:
            lines.append(Text(f"takes {g.bonus_owed} bonus tile(s) from the supply", style="bold"))
        ranges = self.score_ranges(g)
        if ranges:
            text = "  ".join(f"P{s + 1} {r['guaranteed']}-{r['best']} {r['proven']}" for s, r in enumerate(ranges))
            lines.append(Text(f"proven final scores: {text}"))
        if g.side == SIDES[1]:
            lines.append(Text("gray side", style="dim"))
        return lines

    def score_ranges(self, g: Game) -> list[Any] | None:
        """The proven final-score ranges of the last round's placing (`solve`'s), searched
        in a worker the first time a position is shown (they may take a good part of a second)."""
        if g.phase != "place" or g.round != ROUNDS or g.is_over:
            return None
        key = g.to_json()
        if key in self.ranges:
            return self.ranges[key]
        self.ranges[key] = None
        copy = g.copy()

        def work() -> None:
            found = copy.score_ranges()
            self.app.call_from_thread(self.ranges_found, key, found)

        self.run_worker(work, thread=True, group="ranges")
        return None

    def ranges_found(self, key: str, found: list[Any] | None) -> None:
        self.ranges[key] = found
        if found is not None:
            self.query_one("#info", Static).update(self.info())

    # -- turning choices into moves ------------------------------------------------------

    def focus_for_turn(self) -> None:
        g = self.table.game
        if not self.table.human_to_move:
            return
        if g.phase == "draft":
            self.query_one(SourcesView).focus()
        else:
            self.query_one(f"#board-{g.current_player}", StarBoard).focus()

    def changed(self) -> None:
        super().changed()
        if self.is_mounted:
            self.focus_for_turn()
            self.offer_bonus()

    def offer_bonus(self) -> None:
        """Opens the supply picker when the human to move owes bonus tiles."""
        if self.table.human_to_move and self.table.game.bonus_owed:
            self.pick_bonus()

    def on_cell_grid_chosen(self, event: CellGrid.Chosen) -> None:
        if isinstance(event.grid, SourcesView):
            self.draft(event.key)
        elif isinstance(event.grid, StarBoard):
            self.place(event.grid.seat, event.key)

    def draft(self, key: Any) -> None:
        source, colour = key
        self.try_move(f"{'C' if source == 'C' else source + 1}{colour}")

    def place(self, seat: int, key: Any) -> None:
        star, space = key
        g = self.table.game
        if self.table.human_to_move and seat != g.current_player:
            self.status(f"that is {self.table.name(seat)}'s board; yours is {self.table.name(g.current_player)}'s")
            return
        options = [m for m in g.legal_moves() if m.kind == "place" and m.star == star and m.space == space]
        if len(options) == 1:
            self.try_move(options[0])
        elif options:
            labels = [(payment_label(m, g.side, g.wild), m) for m in options]
            self.app.push_screen(ChoiceDialog(f"pay for {star}{space}:", labels), self.chosen)
        else:
            # No legal payment: the engine says why, for the plainest way to write it
            # (a colour only where the star's own does not name it: the centre, the gray side).
            needs_colour = star == "C" or g.side != SIDES[0]
            colour = (g.hand(g.current_player) or "B")[0] if needs_colour else ""
            self.try_move(f"{star}{space}{colour}")

    def chosen(self, move: Any) -> None:
        if move is not None:
            self.try_move(move)

    def action_pass_round(self) -> None:
        g = self.table.game
        if not self.table.human_to_move:
            self.try_move("pass")  # says why not
            return
        hand = g.hand(g.current_player)
        if not hand or g.phase != "place":
            self.try_move("pass")
            return
        title = "pass: tick the tiles to keep (at most 4; the rest cost a point each)"
        self.app.push_screen(TilePicker(title, hand, done="Pass"), self.passed)

    def passed(self, kept: str | None) -> None:
        if kept is not None:
            self.try_move(f"pass:{kept}" if kept else "pass")

    def pick_bonus(self) -> None:
        g = self.table.game
        title = f"bonus: tick {g.bonus_owed} tile(s) to take from the supply"
        self.app.push_screen(TilePicker(title, g.supply, done="Take"), self.took_bonus)

    def took_bonus(self, tiles: str | None) -> None:
        if tiles is None:
            self.status("the bonus is owed: b opens the supply picker again")
            return
        if not self.try_move(f"bonus:{tiles}"):
            self.pick_bonus_later()

    def pick_bonus_later(self) -> None:
        self.set_timer(0.01, self.pick_bonus)

    def action_bonus(self) -> None:
        if self.table.human_to_move and self.table.game.bonus_owed:
            self.pick_bonus()
