"""The start screen: a new game (which game, players, who sits where, the
strength, the rules' options, the seed) or a saved record to open."""

from __future__ import annotations

from typing import Any, ClassVar

import click
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Checkbox, Footer, Input, Label, Select, Static

from pavilion._engine import SIDES
from pavilion._engine.akropolis import BARRACKS_EDGES, LAKES
from pavilion.board.games import KINDS, load_table, new_table
from pavilion.core.files import shown
from pavilion.services.table import BoardGame


class StartScreen(Screen[None]):
    """Chooses a game; `on_table` hears the game made (the app then opens its screen)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,ctrl+c", "app.quit", "quit")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="start"):
            yield Label("pavilion board", classes="dialog-title")
            with Horizontal(classes="field"):
                yield Label("game")
                yield Select([(k.title, k.name) for k in KINDS.values()], value="summer", allow_blank=False, id="game")
            with Horizontal(classes="field"):
                yield Label("players")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=2, allow_blank=False, id="players")
            with Horizontal(classes="field"):
                yield Label("seats")
                yield Input(placeholder="human,mcts (one per player: human, random, greedy, mcts[:…])", id="seats")
            with Horizontal(classes="field"):
                yield Label("level")
                yield Select(self.levels("summer"), id="level", allow_blank=False)
            with Horizontal(classes="field"):
                yield Label("seed")
                yield Input(placeholder="random", id="seed", type="integer")
            with Vertical(id="summer-options"):
                with Horizontal(classes="field"):
                    yield Label("side")
                    yield Select([(s, s) for s in SIDES], value=SIDES[0], allow_blank=False, id="side")
                with Horizontal(classes="field"):
                    yield Label("wild order")
                    yield Input(placeholder="PGOYBR", id="wild-order")
            with Vertical(id="akropolis-options"):
                with Horizontal(classes="field"):
                    yield Label("variants")
                    yield Input(placeholder="none (letters of hmbtg)", id="variants")
                with Horizontal(classes="field"):
                    yield Label("rules")
                    yield Checkbox("long game", id="long")
                with Horizontal(classes="field"):
                    yield Label("barracks edge")
                    yield Select(
                        [(e, e) for e in BARRACKS_EDGES], value=BARRACKS_EDGES[0], allow_blank=False, id="barracks"
                    )
                with Horizontal(classes="field"):
                    yield Label("lake")
                    yield Select([(lake, lake) for lake in LAKES], value=LAKES[0], allow_blank=False, id="lake")
            yield Button("Start the game", id="start-game", variant="primary")
            with Horizontal(classes="field"):
                yield Label("or open")
                yield Input(placeholder="a saved record or a position file (FILE.json)", id="open-path")
            yield Button("Open the record", id="open")
            yield Static(id="start-status")
        yield Footer()

    def on_mount(self) -> None:
        self.game_changed("summer")

    @staticmethod
    def levels(name: str) -> list[tuple[str, str]]:
        return [(f"{k} ({v:,} iterations a move)", k) for k, v in KINDS[name].levels.items()]

    def game_changed(self, name: str) -> None:
        kind = KINDS[name]
        level = self.query_one("#level", Select)
        level.set_options(self.levels(name))
        level.value = kind.default_level
        self.query_one("#summer-options").display = name == "summer"
        self.query_one("#akropolis-options").display = name == "akropolis"

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id == "game" and isinstance(event.value, str):
            self.game_changed(event.value)

    def value(self, selector: str) -> Any:
        return self.query_one(selector).value  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        try:
            table = self.new_game() if event.button.id == "start-game" else self.opened()
        except (ValueError, click.ClickException) as e:
            message = e.format_message() if isinstance(e, click.ClickException) else shown(str(e))
            self.query_one("#start-status", Static).update(Text(f"✗ {message}", style="bold red"))
            return
        self.app.open_table(table)  # type: ignore[attr-defined]

    def new_game(self) -> BoardGame:
        name = self.value("#game")
        seed_text = self.value("#seed").strip()
        options: dict[str, tuple[str, Any]] = {
            "--players": ("players", self.value("#players")),
            "--seed": ("seed", int(seed_text) if seed_text else None),
        }
        if name == "summer":
            wild = self.value("#wild-order").strip().upper() or None
            options |= {"--side": ("side", self.value("#side")), "--wild-order": ("wild_order", wild)}
        else:
            options |= {
                "--variants": ("variants", self.value("#variants").strip() or None),
                "--long": ("long", True if self.value("#long") else None),
                "--barracks-edge": ("barracks_edge", self.value("#barracks")),
                "--lake": ("lake", self.value("#lake")),
            }
        seats = self.value("#seats").strip() or None
        return new_table(KINDS[name], options, seats, self.value("#level"))

    def opened(self) -> BoardGame:
        path = self.value("#open-path").strip()
        if not path:
            raise ValueError("name the record to open")
        return load_table(path)
