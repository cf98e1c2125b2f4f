"""Akropolis on the board: the construction site to take a tile from, the
score table (click a player, or `o`, to see their city) and the city shown
as a hex map. The chosen tile follows the cursor over your city as a ghost
(arrows or the mouse; `r` or the wheel turns it) that says whether it may go
there and, if so, what it scores and the stones it earns; Enter or a click
places it."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import ScrollableContainer, Vertical
from textual.geometry import Region
from textual.widgets import Static

from pavilion._engine.akropolis import DISTRICTS, TILES, Game, Move
from pavilion.akropolis.render import hex_style
from pavilion.akropolis.svg import window
from pavilion.board.cells import CellGrid, Piece, placed_lines
from pavilion.board.play_screen import PlayScreen
from pavilion.core.files import shown

#: Columns between neighbouring hex columns, as in `pavilion akropolis show`.
COLUMN = 4
#: Empty hexes drawn around a city: a tile anchored this far out can still touch it
#: (its other hexes are the anchor's neighbours).
MARGIN = 2
#: What the status line says when the ghost is asked for with no tile in hand.
CHOOSE_A_TILE = "choose a site tile first (its number, or click it)"


@dataclass(frozen=True)
class Preview:
    """What the ghost would do where it is: legal, with its score change and stones, or the engine's reason."""

    move: Move
    legal: bool
    points: int = 0
    stones: int = 0
    cost: int = 0
    level: int = 0
    reason: str = ""

    def text(self) -> str:
        if not self.legal:
            return f"✗ {self.reason}"
        stones = f", +{self.stones} stone{'s' if self.stones != 1 else ''}" if self.stones else ""
        price = "free" if self.cost == 0 else f"{self.cost} stone{'s' if self.cost > 1 else ''}"
        return f"{self.move}: level {self.level}, {self.points:+d} points{stones} (costs {price}); Enter places it"


def preview(game: Game, move: Move) -> Preview:
    """Plays `move` on a copy of `game` to say what it would do (or why it may not be played)."""
    seat = game.current_player
    trial = game.copy()
    try:
        outcome = trial.play(move)
    except ValueError as e:
        return Preview(move, False, reason=shown(str(e).removeprefix("illegal move: ")))
    return Preview(
        move,
        True,
        points=trial.scores[seat] - game.scores[seat],
        stones=outcome["stones_gained"],
        cost=outcome["cost"],
        level=outcome["level"],
    )


class SiteView(CellGrid):
    """The construction site: each tile a cell keyed by its index (its cost in stones)."""

    def __init__(self, screen: AkropolisScreen) -> None:
        super().__init__(id="site")
        self.play_screen = screen

    def layout_lines(self) -> Sequence[Sequence[Piece]]:
        g = self.play_screen.table.view()
        pieces: list[Piece] = [Piece("site ", "dim")]
        chosen = self.play_screen.tile
        for i, tile in enumerate(g.site):
            pieces.append(Piece(f"{i}:", "bold" if i == chosen else "dim"))
            for letter in TILES[tile]:
                pieces.append(Piece(letter, hex_style(letter), i))
            pieces.append(Piece(f" ({'free' if i == 0 else i})  ", "dim"))
        if not g.site:
            pieces.append(Piece("—", "dim"))
        return [pieces, [Piece(f"{g.stacks_left} stacks left · round {g.round} of {g.rounds}", "dim")]]


class PlayersView(CellGrid):
    """The score table; a row is a cell keyed by its seat (choose it to see that city)."""

    def __init__(self, screen: AkropolisScreen) -> None:
        super().__init__(id="players")
        self.play_screen = screen

    def layout_lines(self) -> Sequence[Sequence[Piece]]:
        g = self.play_screen.table.view()
        head = "     " + " ".join(f"{d[:5]:>5}" for d in DISTRICTS) + " stone total"
        lines: list[list[Piece]] = [[Piece(head, "dim")]]
        for seat in range(g.players):
            b = g.score_breakdown(seat)
            parts = " ".join(f"{b[d]['score']:>5}" for d in DISTRICTS)
            mark = "▶" if seat == self.play_screen.city_seat else " "
            to_move = "*" if seat == g.current_player and not g.is_over else " "
            style = "bold" if seat == g.current_player else ""
            text = f"{mark}P{seat + 1}{to_move} {parts} {g.stones[seat]:>5} {b['total']:>5}"
            lines.append([Piece(text, style, seat)])
        return lines


class CityView(CellGrid):
    """A city as a hex map: each hex a cell keyed (q, r), the ghost of the chosen tile at the cursor."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "turn(1)", "turn"),
        Binding("R", "turn(5)", "turn back", show=False),
    ]

    def __init__(self, screen: AkropolisScreen) -> None:
        super().__init__(id="city")
        self.play_screen = screen

    def layout_lines(self) -> Sequence[Sequence[Piece]]:
        s = self.play_screen
        g = s.table.view()
        city = g.city(s.city_seat)
        ghost = s.ghost()
        # The cursor stays within MARGIN; one ring more is drawn for the ghost's
        # other hexes, so the map does not shift while the ghost moves.
        inner = window(city, MARGIN)
        hexes = window(city, MARGIN + 1)
        q0 = min(q for q, _ in hexes)
        y0 = min(-(2 * r + q) for q, r in hexes)
        rows: dict[int, dict[int, Piece]] = {}
        for q, r in hexes:
            x, y = (q - q0) * COLUMN, -(2 * r + q) - y0
            key = (q, r) if (q, r) in inner else None
            if (q, r) in ghost:
                letter, level = ghost[(q, r)]
                style = "bold black on green" if s.last_preview and s.last_preview.legal else "bold black on red"
                piece = Piece(f"{letter}{level if level < 10 else '+'}", style, key)
            elif (q, r) in city:
                height, letter, _tile = city[(q, r)]
                piece = Piece(f"{letter}{height if height < 10 else '+'}", hex_style(letter), key)
            else:
                piece = Piece(" ·", "dim", key)
            rows.setdefault(y, {})[x] = piece
        return placed_lines(rows, max(rows) + 1)

    def action_turn(self, steps: int) -> None:
        self.play_screen.turn(steps)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        event.stop()
        self.play_screen.turn(1)

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        event.stop()
        self.play_screen.turn(5)


class AkropolisScreen(PlayScreen):
    """An Akropolis game on the board."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(i), f"pick({i})", f"tile {i}", show=False) for i in range(10)],
        Binding("o", "other_city", "cities"),
        Binding("c", "recentre", "recentre", show=False),
        Binding("shift+left", "pan(-4, 0)", "pan", show=False),
        Binding("shift+right", "pan(4, 0)", "pan", show=False),
        Binding("shift+up", "pan(0, -2)", "pan", show=False),
        Binding("shift+down", "pan(0, 2)", "pan", show=False),
    ]

    def __init__(self, table: Any) -> None:
        super().__init__(table)
        #: The site tile in hand (its index), the ghost's turn and the city shown.
        self.tile: int | None = None
        self.rot = 0
        self.city_seat = self.you()
        self.last_preview: Preview | None = None

    def you(self) -> int:
        humans = sorted(self.table.session.humans)
        return humans[0] if humans else 0

    def compose_position(self) -> ComposeResult:
        yield SiteView(self)
        with Vertical(id="table"):
            yield PlayersView(self)
            yield Static(id="info")
        with ScrollableContainer(id="city-scroll"):
            yield CityView(self)

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one(CityView).cursor = (0, 0)
        self.query_one(SiteView).focus()

    # -- the ghost ----------------------------------------------------------------------

    def ghost_move(self) -> Move | None:
        """The move the ghost stands for: the tile in hand at the cursor, in the mover's city."""
        anchor: Any = self.query_one(CityView).cursor if self.is_mounted else None
        g = self.table.view()
        if self.tile is None or self.tile >= len(g.site) or anchor is None or self.city_seat != g.current_player:
            return None
        q, r = anchor
        return Move.parse(f"{self.tile}@{q},{r}/{self.rot}")

    def ghost(self) -> dict[tuple[int, int], tuple[str, int]]:
        """The ghost's hexes: letter and the level it would stand at."""
        move = self.ghost_move()
        if move is None:
            return {}
        g = self.table.view()
        city = g.city(g.current_player)
        level = 1 + max((city[h][0] for h in move.footprint if h in city), default=0)
        return {h: (letter, level) for h, letter in zip(move.footprint, TILES[g.site[move.index]], strict=True)}

    def update_preview(self) -> None:
        move = self.ghost_move()
        self.last_preview = None if move is None else preview(self.table.view(), move)
        if self.last_preview is not None and self.table.human_to_move:
            self.status(self.last_preview.text())

    def turn(self, steps: int) -> None:
        if self.tile is None:
            self.status(CHOOSE_A_TILE)
            return
        self.rot = (self.rot + steps) % 6
        self.redraw_city()

    def redraw_city(self) -> None:
        self.update_preview()
        city = self.query_one(CityView)
        city.refresh_cells()
        self.keep_cursor_visible()
        self.query_one("#info", Static).update(self.info())

    def keep_cursor_visible(self) -> None:
        self.show_hex(self.query_one(CityView).cursor)

    def show_hex(self, key: Hashable) -> None:
        """Scrolls the city so that hex `key` is on the screen."""
        cell = self.query_one(CityView).cell(key)
        if cell is not None:
            self.query_one("#city-scroll", ScrollableContainer).scroll_to_region(
                Region(cell.x, cell.y, cell.width, 1), animate=False
            )

    # -- drawing ------------------------------------------------------------------------

    def show_position(self) -> None:
        g = self.table.view()
        if self.tile is not None and self.tile >= len(g.site):
            self.tile = None
        hint = self.hint.move if self.hint is not None else None
        if hint is not None and g.current_player == self.city_seat:
            self.tile, self.rot = hint.index, hint.rot
            self.query_one(CityView).cursor = hint.at
        site = self.query_one(SiteView)
        affordable = {m.index for m in g.legal_moves()} if self.table.human_to_move else set()
        site.marked = affordable
        site.refresh_cells()
        self.query_one(PlayersView).refresh_cells()
        self.update_preview()
        city = self.query_one(CityView)
        city.refresh_cells()
        self.query_one("#info", Static).update(self.info())

    def info_lines(self) -> list[Text]:
        g = self.table.view()
        if g.is_over:
            return [Text("game over: " + " and ".join(self.table.name(s) for s in g.winners) + " won", style="bold")]
        lines = [Text(f"{self.table.name(g.current_player)} to move · showing P{self.city_seat + 1}'s city")]
        if self.tile is not None and self.tile < len(g.site):
            lines.append(Text(f"tile {self.tile} ({TILES[g.site[self.tile]]}) turned {self.rot}: r turns it"))
        return lines

    # -- what the keys and the mouse do --------------------------------------------------

    def action_pick(self, index: int) -> None:
        g = self.table.view()
        if index >= len(g.site):
            self.status(f"the site has tiles 0 to {len(g.site) - 1}")
            return
        self.tile = index
        if self.city_seat != g.current_player:
            self.city_seat = g.current_player
            self.query_one(PlayersView).refresh_cells()
        self.query_one(SiteView).refresh_cells()
        self.query_one(CityView).focus()
        self.redraw_city()

    def action_other_city(self) -> None:
        self.city_seat = (self.city_seat + 1) % self.table.game.players
        self.show_position()

    def action_pan(self, dx: int, dy: int) -> None:
        """Scrolls the city (shift+arrows), the cursor staying where it is."""
        scroll = self.query_one("#city-scroll", ScrollableContainer)
        scroll.scroll_relative(dx, dy, animate=False)

    def action_recentre(self) -> None:
        city = self.query_one(CityView)
        city.cursor = (0, 0)
        self.redraw_city()

    def on_cell_grid_pointed(self, event: CellGrid.Pointed) -> None:
        if isinstance(event.grid, CityView):
            self.redraw_city()

    def on_cell_grid_chosen(self, event: CellGrid.Chosen) -> None:
        key: Hashable = event.key
        if isinstance(event.grid, SiteView):
            self.action_pick(int(key))  # type: ignore[call-overload]
        elif isinstance(event.grid, PlayersView):
            self.city_seat = int(key)  # type: ignore[call-overload]
            self.show_position()
        elif isinstance(event.grid, CityView):
            self.place()

    def place(self) -> None:
        move = self.ghost_move()
        if move is None:
            g = self.table.view()
            why = CHOOSE_A_TILE
            if self.city_seat != g.current_player:
                why = f"this is P{self.city_seat + 1}'s city: o shows the others"
            self.status(why)
            return
        if self.try_move(move):
            self.tile = None
            self.rot = 0
            self.city_seat = self.you()
            self.show_position()
            self.query_one(SiteView).focus()
