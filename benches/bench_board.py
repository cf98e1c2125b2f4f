"""The board app's responsiveness (pytest-benchmark; `python -m pytest
benches/bench_board.py --benchmark-enable`): handling one cursor move of the
Akropolis ghost on a late-game city (its legality and score preview, the map
laid out and drawn again; target under 16 ms), and a keypress handled while
the AI thinks in its worker (target under 100 ms). The normal test run
smoke-runs each once."""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

import pytest
from textual import events

from pavilion.board import BoardApp
from pavilion.board.akropolis import AkropolisScreen, CityView
from pavilion.board.games import AKROPOLIS, new_table

#: Keypresses timed while the AI thinks, and the AI (P1, thinking for longer than they take).
PRESSES = 20
AI_THINKING = "mcts:time=3,threads=1,human"


def late_game_table() -> Any:
    """A two-player game of greedy play with one stack left, a human to move."""
    table = new_table(AKROPOLIS, {"--players": ("players", 2), "--seed": ("seed", 3)}, "human,human")
    while table.game.stacks_left > 1 or table.game.current_player != 0:
        table.play(table.game.legal_moves()[0] if table.game.stacks_left > 1 else table.game.legal_moves()[-1])
    return table


@pytest.mark.benchmark(group="board")
def test_ghost_cursor_move_on_a_late_city(benchmark: Any) -> None:
    table = late_game_table()
    assert len(table.game.city(0)) > 30

    async def scenario() -> int:
        app = BoardApp(table)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, AkropolisScreen)
            await pilot.press("0")
            city = screen.query_one(CityView)
            spots = [c.key for c in city.cells[:40]]
            moves = 0

            def one_move() -> int:
                nonlocal moves
                city.cursor = spots[moves % len(spots)]
                moves += 1
                screen.redraw_city()  # preview, layout and the info panel: what a cursor move does
                city.render()
                return moves

            benchmark(one_move)
            assert screen.last_preview is not None
            return moves

    assert asyncio.run(scenario()) >= 1


@pytest.mark.benchmark(group="board")
def test_keypress_while_the_ai_thinks(benchmark: Any) -> None:
    latencies: list[float] = []

    async def scenario() -> int:
        table = new_table(AKROPOLIS, {"--players": ("players", 2), "--seed": ("seed", 3)}, AI_THINKING)
        app = BoardApp(table)
        async with app.run_test(size=(120, 40)):
            await asyncio.sleep(0.2)
            screen = app.screen
            assert isinstance(screen, AkropolisScreen)
            handled: list[float] = []
            other_city = screen.action_other_city

            def timed() -> None:
                other_city()
                handled.append(time.perf_counter())

            screen.action_other_city = timed  # type: ignore[method-assign]
            for i in range(PRESSES):
                assert any(w.is_running for w in app.workers)  # the AI is still thinking
                # Posted as the terminal would (Pilot's press waits for the workers to finish).
                start = time.perf_counter()
                app.post_message(events.Key("o", "o"))
                while len(handled) <= i:
                    await asyncio.sleep(0.0005)
                latencies.append(handled[i] - start)
            await app.workers.wait_for_complete()
        return len(latencies)

    assert benchmark.pedantic(lambda: asyncio.run(scenario()), rounds=1, iterations=1) == PRESSES
    median = statistics.median(latencies)
    benchmark.extra_info["median keypress ms"] = round(1000 * median, 2)
    print(f"median keypress handled while the AI thinks: {1000 * median:.1f} ms (max {1000 * max(latencies):.1f})")
