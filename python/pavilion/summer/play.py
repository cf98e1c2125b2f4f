"""`pavilion play`: Summer Pavilion in the terminal (the loop itself is
`pavilion.core.session`, shared with Akropolis)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType

from pavilion._engine import Game
from pavilion.core.session import MASTER, Session, plural
from pavilion.core.session import level_spec as _level_spec
from pavilion.summer import render

#: MCTS iterations a move for each --level; master searches as many as strong,
#: guided by the shipped network (and half its leaves' values from rollouts,
#: the mix its file names); hints use the same budget, without the network.
LEVELS = {"easy": 3000, "normal": 15000, "strong": 50000, MASTER: 50000}
DEFAULT_LEVEL = "normal"

HELP = """\
Type a move, or its number from 'moves'. Examples:
  3B        take blue from factory 3 (and one wild if there is one)
  CB        take blue from the centre; the first to take from the centre
            also takes the start token: -1 point a tile (never below 1)
  B4+2      blue star, space 4, paying 2 of its 4 tiles with wilds
  C3O       centre star, space 3, an orange tile
  bonus:YB  take yellow and blue from the supply after surrounding a feature
  pass:PBB  stop placing this round, keeping purple, blue, blue
            (at most 4 kept; -1 point per tile discarded)"""


def level_spec(level: str) -> str:
    return _level_spec(LEVELS, level)


def describe(outcome: Mapping[str, Any]) -> str:
    """A short reason for a move, from what the engine says it did."""
    move = outcome["move"]
    if move.kind == "draft":
        text = f"takes {plural(len(outcome['taken']), 'tile')}"
        if outcome["start_token"]:
            lost = outcome["penalty"]
            text += f" and the start token ({-lost:+d} {'point' if lost == 1 else 'points'})"
        return text
    if move.kind == "place":
        text = f"+{plural(outcome['points'], 'point')}"
        if outcome["bonus_owed"]:
            text += f", surrounds a feature: {plural(outcome['bonus_owed'], 'bonus tile')}"
        return text
    if move.kind == "bonus":
        return f"takes {outcome['taken']} from the supply"
    text = f"passes, keeping {move.tiles or 'nothing'}"
    if outcome["discarded"]:
        text += f", discarding {len(outcome['discarded'])}"
    return text


class PlaySession(Session[Game]):
    """A Summer Pavilion game in the terminal."""

    HELP = HELP
    LEVELS = LEVELS
    DEFAULT_LEVEL = DEFAULT_LEVEL

    def describe(self, outcome: Mapping[str, Any]) -> str:
        return describe(outcome)

    def position(self) -> RenderableType:
        return render.position(self.game)

    def legend(self) -> RenderableType:
        return render.legend(self.game)

    def round_title(self) -> str:
        return f"round {self.game.round}: {self.game.wild} is wild"

    def prompt(self, seat: int) -> str:
        g = self.game
        if g.bonus_owed:
            return (
                f"{self.name(seat)} takes {plural(g.bonus_owed, 'bonus tile')} from the supply "
                f"({g.supply}), e.g. bonus:{g.supply[: g.bonus_owed]}> "
            )
        return super().prompt(seat)

    def final(self) -> list[RenderableType]:
        return [render.breakdown_table(self.game)]


__all__ = [
    "DEFAULT_LEVEL",
    "HELP",
    "LEVELS",
    "PlaySession",
    "describe",
    "level_spec",
]
