"""The pictures of `pavilion board` in the README and docs/board.md (Textual saves a screen as SVG):
a Summer Pavilion game in its first placing and an Akropolis game in its
fourth round with a tile's ghost over the city, both after seeded greedy play.

    python scripts/board_screenshots.py docs/images
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from pavilion import Agent as SummerAgent
from pavilion.akropolis import Agent as AkropolisAgent
from pavilion.board import BoardApp
from pavilion.board.akropolis import AkropolisScreen, CityView
from pavilion.board.games import AKROPOLIS, SUMMER, new_table

SIZE = (120, 36)


def summer_app() -> BoardApp:
    options = {"--players": ("players", 2), "--seed": ("seed", 12), "--side": ("side", None)}
    options["--wild-order"] = ("wild_order", None)
    table = new_table(SUMMER, options, "human,greedy")
    agent = SummerAgent("greedy", seed=1)
    while table.game.phase == "draft":
        table.play(agent.choose(table.game))
    while table.game.current_player != 0:
        table.play(agent.choose(table.game))
    return BoardApp(table)


def akropolis_app() -> BoardApp:
    table = new_table(AKROPOLIS, {"--players": ("players", 2), "--seed": ("seed", 12)}, "human,greedy")
    agent = AkropolisAgent("greedy", seed=1)
    while table.game.round < 4 or table.game.current_player != 0:
        table.play(agent.choose(table.game))
    return BoardApp(table)


async def shoot(app: BoardApp, path: Path, keys: list[str]) -> None:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press(*keys)
        screen = app.screen
        if isinstance(screen, AkropolisScreen) and app.table is not None:
            # The ghost where the tile in hand may go (its first legal place), with its preview.
            move = next(m for m in app.table.game.legal_moves() if m.index == screen.tile)
            await pilot.press(*["r"] * ((move.rot - screen.rot) % 6))
            screen.query_one(CityView).point(move.at)
        await pilot.pause()
        app.save_screenshot(path.name, str(path.parent))


def main(folder: str) -> None:
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    asyncio.run(shoot(summer_app(), out / "board-summer.svg", []))
    asyncio.run(shoot(akropolis_app(), out / "board-akropolis.svg", ["1"]))
    print(f"wrote {out / 'board-summer.svg'} and {out / 'board-akropolis.svg'}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs/images")
