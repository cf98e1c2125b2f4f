"""`pavilion akropolis play`: Akropolis in the terminal (the loop itself is
`pavilion.core.session`, shared with Summer Pavilion)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from pavilion._engine.akropolis import MOVE_SYNTAX, TILES, Game, Move
from pavilion.akropolis import render
from pavilion.core.session import MASTER, Session, plural

#: MCTS iterations a move for each --level (about 0.1, 0.45 and 1.7 s a move on
#: one core at the start of a game, 18,000 iterations/s; master searches with the
#: shipped network, about 0.9 s a move at its median 33,000 iterations/s along a
#: game); hints use the same budget, without the network.
LEVELS = {"easy": 2000, "normal": 8000, "strong": 30000, MASTER: 30000}
DEFAULT_LEVEL = "normal"
#: `moves` without a tile lists every move only when there are at most this many.
FULL_MENU = 60

HELP = f"""\
Type a move, or its number from 'moves': {MOVE_SYNTAX}.
  i    the site tile to take: tile 0 is free, tile i costs i stones
  q,r  where the tile's first hex (its anchor) goes in your city
  k    how many steps clockwise the tile is turned
'moves' lists the moves (with the hexes each covers); 'moves 2' only those of site tile 2.
'coords' labels the hexes of the cities with their q,r (and back)."""


class AkropolisSession(Session[Game]):
    """An Akropolis game in the terminal."""

    HELP = HELP
    LEVELS = LEVELS
    DEFAULT_LEVEL = DEFAULT_LEVEL
    coords = False

    def describe(self, outcome: Mapping[str, Any]) -> str:
        seat = outcome["seat"]
        cost = outcome["cost"]
        price = "free" if cost == 0 else plural(cost, "stone")
        text = f"takes {TILES[outcome['tile']]} ({price}), level {outcome['level']}"
        if outcome["stones_gained"]:
            text += f", +{plural(outcome['stones_gained'], 'stone')} from quarries"
        return text + f"; score {self.game.scores[seat]}"

    def position(self) -> RenderableType:
        return render.position(self.game, self.coords, show_empty=True)

    def legend(self) -> RenderableType:
        return render.legend()

    def round_title(self) -> str:
        g = self.game
        return f"round {g.round} of {g.rounds}: {plural(g.stacks_left, 'stack')} left"

    def move_line(self, number: int, move: Move, city: dict[tuple[int, int], tuple[int, str, int]]) -> Text:
        """`12. 1@2,-1/3  H 2,-1  m 3,-1  b 2,0  level 1`: what a move covers in
        the mover's `city`, hex by hex."""
        letters = TILES[self.game.site[move.index]]
        line = Text(f"{number:>4}. {move}".ljust(18))
        for letter, (q, r) in zip(letters, move.footprint, strict=True):
            line.append(letter, style=render.hex_style(letter))
            line.append(f" {q},{r}".ljust(8))
        level = city[move.footprint[0]][0] + 1 if move.footprint[0] in city else 1
        line.append(f"level {level}")
        return line

    def show_moves(self, arg: str) -> None:
        moves = self.game.legal_moves()
        if arg:
            if not (arg.isascii() and arg.isdigit() and int(arg) < len(self.game.site)):
                self.console.print(f"✗ moves takes a site tile, 0 to {len(self.game.site) - 1}")
                return
            chosen = [(n, m) for n, m in enumerate(moves, 1) if m.index == int(arg)]
            if not chosen:
                self.console.print(f"✗ site tile {arg} costs more stones than you have")
        elif len(moves) > FULL_MENU:
            for i, tile in enumerate(self.game.site):
                numbers = [n for n, m in enumerate(moves, 1) if m.index == i]
                what = (
                    f"moves {numbers[0]}-{numbers[-1]}"
                    if numbers
                    else f"costs {plural(i, 'stone')}, more than you have"
                )
                self.console.print(f"  site tile {i} ({TILES[tile]}): {what}")
            self.console.print("type 'moves I' to list site tile I's moves")
            return
        else:
            chosen = list(enumerate(moves, 1))
        city = self.game.city(self.game.current_player)
        for n, m in chosen:
            self.console.print(self.move_line(n, m, city), no_wrap=True, overflow="ignore")

    def command(self, word: str) -> bool:
        if word == "coords":
            self.coords = not self.coords
            self.console.print(self.position())
            return True
        return False


__all__ = ["DEFAULT_LEVEL", "HELP", "LEVELS", "AkropolisSession"]
