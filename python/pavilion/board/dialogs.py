"""The small choosers the board opens: one option of a list (a payment), some
tiles of a row (the tiles kept at a pass, the bonus tiles from the supply),
and a file name. Each answers by `dismiss`: the choice, or None when
cancelled (Escape)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, SelectionList
from textual.widgets.option_list import Option

from pavilion.summer.render import NAME, STYLE


class ChoiceDialog(ModalScreen[Any]):
    """One of `options` (label, value): Enter or a click picks it."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, options: Sequence[tuple[str, Any]]) -> None:
        super().__init__()
        self.title_text = title
        self.options = list(options)

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield OptionList(*[Option(label, id=str(i)) for i, (label, _) in enumerate(self.options)])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.options[event.option_index][1])

    def action_cancel(self) -> None:
        self.dismiss(None)


def tile_label(letter: str) -> str:
    return f"[{STYLE.get(letter, '')}]{letter}[/] {NAME.get(letter, '')}"


class TilePicker(ModalScreen[str | None]):
    """Some of a row of tiles: space or a click ticks one, Done answers the
    ticked letters in row order (the engine says whether the choice is legal)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, tiles: str, done: str = "Done") -> None:
        super().__init__()
        self.title_text = title
        self.tiles = tiles
        self.done = done

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield SelectionList[int](*[(tile_label(t), i) for i, t in enumerate(self.tiles)])
            with Horizontal(classes="dialog-buttons"):
                yield Button(self.done, id="done", variant="primary")
                yield Button("Cancel", id="cancel")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "done":
            picked = sorted(self.query_one(SelectionList).selected)
            self.dismiss("".join(self.tiles[i] for i in picked))
        else:
            self.dismiss(None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class FileDialog(ModalScreen[str | None]):
    """A file name, Enter to accept."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "cancel")]

    def __init__(self, title: str, default: str) -> None:
        super().__init__()
        self.title_text = title
        self.default = default

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(value=self.default, id="path")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
