"""The web board's responsiveness (pytest-benchmark; `python -m pytest
benches/bench_web.py --benchmark-enable -s`): a click to the redrawn board (a
move sent over the socket, the state rendered with its picture and legal
moves, and received; target under 50 ms) on late-game positions of both
games; in Chromium, the Akropolis ghost following the mouse to a new hex
(handled in the page, target under 16 ms) and the start page's first paint
(target under 1 s). The normal test run smoke-runs each once."""

from __future__ import annotations

import os
import shutil
import socket
import statistics
import threading
import time
from typing import Any

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient

from pavilion import Game
from pavilion.akropolis import Game as AkropolisGame
from pavilion.akropolis.record import AkropolisRecord
from pavilion.summer.record import GameRecord
from pavilion.web.app import create_app

ORIGIN = {"origin": "http://testserver"}


def late_akropolis() -> AkropolisRecord:
    """Greedy-ish play of two humans to the last stack, player 1 to move."""
    g = AkropolisGame(players=2, seed=3)
    moves = []
    while g.stacks_left > 1 or g.current_player != 0:
        m = g.legal_moves()[0] if g.stacks_left > 1 else g.legal_moves()[-1]
        g.play(m)
        moves.append(str(m))
    return AkropolisRecord(players=2, seed=3, seats=["human", "random"], moves=moves)


def late_summer() -> GameRecord:
    g = Game(players=2, seed=3)
    moves = []
    while g.round < 6 or g.phase != "place" or g.current_player != 0:
        m = g.legal_moves()[0]
        g.play(m)
        moves.append(str(m))
    return GameRecord(players=2, seed=3, seats=["human", "random"], moves=moves)


def click_to_redraw(benchmark: Any, record: Any, tmp_path: Any, monkeypatch: Any) -> None:
    monkeypatch.chdir(tmp_path)
    with TestClient(create_app()) as client, client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "open", "name": "late.json", "text": record.to_json()})

        def next_state() -> dict[str, Any]:
            # Other replies (an AI's thinking, the last round's proven ranges) come between states.
            while True:
                m: dict[str, Any] = ws.receive_json()
                assert m["type"] != "error", m
                if m["type"] == "state":
                    return m

        state = next_state()
        assert state["human_to_move"]
        ws.send_json({"type": "pace", "seconds": 0})
        next_state()
        base, move = len(state["moves"]), state["legal"][0]["move"]
        last: list[dict[str, Any]] = []

        def click() -> None:
            ws.send_json({"type": "move", "move": move})
            last[:] = [next_state()]  # the board redrawn after the move (an AI's answer may follow)

        def back() -> tuple[tuple[()], dict[str, Any]]:
            # Back to the same position: wait for the human's turn (the AI may answer first), then undo.
            m = last[0]
            while not m["human_to_move"]:
                m = next_state()
            while len(m["moves"]) > base:
                ws.send_json({"type": "undo"})
                m = next_state()
            assert len(m["moves"]) == base
            return (), {}

        click()
        assert len(last[0]["moves"]) == base + 1
        benchmark.pedantic(click, setup=back, rounds=30, warmup_rounds=1)


@pytest.mark.benchmark(group="web")
def test_click_to_redrawn_board_late_akropolis(benchmark: Any, tmp_path: Any, monkeypatch: Any) -> None:
    click_to_redraw(benchmark, late_akropolis(), tmp_path, monkeypatch)


@pytest.mark.benchmark(group="web")
def test_click_to_redrawn_board_late_summer(benchmark: Any, tmp_path: Any, monkeypatch: Any) -> None:
    click_to_redraw(benchmark, late_summer(), tmp_path, monkeypatch)


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def served(tmp_path_factory: Any) -> Any:
    if CHROMIUM is None:
        pytest.skip("no chromium here (apt-get install chromium)")
    playwright = pytest.importorskip("playwright.sync_api")
    import uvicorn

    old = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("bench-served"))
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser, f"http://127.0.0.1:{port}/"
        browser.close()
    server.should_exit = True
    thread.join(10)
    os.chdir(old)


#: Moves the ghost over `n` hexes of the city, each a pointer event the page handles at once;
#: returns each handling's milliseconds, timed in the page.
GHOST_MOVES = """n => {
    const board = document.getElementById('board');
    const svg = board.querySelector('svg');
    const g = board.querySelector('g[id^="city-"]');
    const R = +g.dataset.radius, times = [];
    for (let i = 0; i < n; i++) {
        const q = (i % 7) - 3, r = Math.floor(i / 7) % 5 - 2;
        const p = svg.createSVGPoint();
        p.x = +g.dataset.ox + 1.5 * q * R;
        p.y = +g.dataset.oy - Math.sqrt(3) * (r + q / 2) * R;
        const s = p.matrixTransform(svg.getScreenCTM());
        const t0 = performance.now();
        board.dispatchEvent(new PointerEvent('pointermove', {clientX: s.x, clientY: s.y, bubbles: true}));
        times.push(performance.now() - t0);
    }
    return times;
}"""


@pytest.mark.benchmark(group="web")
def test_ghost_follows_the_mouse_in_the_page(benchmark: Any, served: Any) -> None:
    browser, url = served
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(url)
    page.wait_for_selector("#f-game option", state="attached")
    page.select_option("#f-game", "akropolis")
    page.select_option("[data-seat='1']", "human")
    page.click("#f-start")
    page.wait_for_selector("#board g[id^='city-']")
    page.keyboard.press("0")
    times = benchmark(lambda: page.evaluate(GHOST_MOVES, 35))
    benchmark.extra_info["ghost_median_ms"] = statistics.median(times)
    print(f"\nghost move handled in the page: median {statistics.median(times):.2f} ms")
    assert page.locator("#ghost polygon").count() == 3
    page.close()


@pytest.mark.benchmark(group="web")
def test_first_paint_of_the_start_page(benchmark: Any, served: Any) -> None:
    browser, url = served
    paints: list[float] = []

    def load() -> None:
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#f-game option", state="attached")
        paint = page.evaluate("performance.getEntriesByName('first-contentful-paint').map(e => e.startTime)[0] || null")
        if paint is not None:
            paints.append(paint)
        page.close()

    benchmark(load)
    assert paints
    benchmark.extra_info["first_paint_median_ms"] = statistics.median(paints)
    print(f"\nfirst contentful paint: median {statistics.median(paints):.0f} ms")
