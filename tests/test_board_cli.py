"""`pavilion board` and `pavilion serve` from the command line: bad options
get one line and exit code 2; `serve` answers a browser on 127.0.0.1 and
stops cleanly."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pavilion.cli import main
from pavilion.cli.board import LOCAL, free_port

#: Longest wait for the server to start or stop.
SERVE_TIMEOUT = 30


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "akropolis", "--side", "gray"], "--side is not an option of Akropolis"),
        (["--variants", "h"], "--variants is not an option of Summer Pavilion"),
        (["--seats", "human,nobody"], "unknown player 'nobody'"),
        (["--seats", "human"], "--seats names 1 seat(s) for 2 players"),
        (["no-such-game.json"], "cannot read game record or position 'no-such-game.json'"),
        (["--game", "chess"], "Invalid value for '--game'"),
    ],
)
def test_bad_board_options_get_one_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(main, ["board", *args])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_manual_s_board_commands_are_real_options() -> None:
    page = (Path(__file__).parent.parent / "docs" / "board.md").read_text()
    block = page.split("# The board (point and click)", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    lines = [line.split("#", 1)[0].split() for line in block.splitlines() if line.strip()]
    assert len(lines) == 4
    for words in lines:
        assert words[0] == "pavilion"
        command = main.get_command(click.Context(main), words[1])
        assert command is not None, words
        command.make_context(words[1], words[2:])  # parses every option, or raises


def test_board_refuses_a_record_of_the_other_game(tmp_path: Path) -> None:
    from pavilion.akropolis.record import AkropolisRecord

    path = tmp_path / "a.json"
    path.write_text(AkropolisRecord(seed=1, seats=["human", "greedy"]).to_json())
    result = CliRunner().invoke(main, ["board", str(path), "--game", "summer"])
    assert result.exit_code == 2 and "holds a game of Akropolis" in result.output


async def play_in_a_tab(port: int) -> bytes:
    """A browser tab as textual-serve's page drives it: open the app's websocket,
    read the screen, press Enter (a draft) and close the tab."""
    import aiohttp

    seen = b""
    url = f"http://{LOCAL}:{port}/ws?width=100&height=30"
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        await ws.send_json(["resize", {"width": 100, "height": 30}])
        deadline = time.monotonic() + SERVE_TIMEOUT
        pressed = False
        while time.monotonic() < deadline:
            try:
                message = await ws.receive(timeout=1)
            except TimeoutError:
                continue
            if message.type == aiohttp.WSMsgType.BINARY:
                seen += message.data
            if not pressed and b"hint" in seen:
                await ws.send_json(["stdin", "\r"])
                pressed = True
                seen = b""
            elif pressed and b"plays" in seen:  # the AI answered the draft
                break
    return seen


def test_serve_plays_in_a_browser_on_this_machine_only_and_a_closed_tab_saves(tmp_path: Path) -> None:
    port = free_port(LOCAL)
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pavilion",
            "serve",
            "--terminal",
            "--port",
            str(port),
            "--seats",
            "human,greedy",
            "--seed",
            "3",
        ],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert re.search(rf"http://127\.0\.0\.1:{port}/", line), line
        deadline = time.monotonic() + SERVE_TIMEOUT
        page = ""
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://{LOCAL}:{port}/", timeout=5) as response:
                    assert response.status == 200
                    page = response.read().decode()
                    break
            except OSError:
                time.sleep(0.2)
        assert "pavilion board" in page and "<html" in page.lower()
        assert b"plays" in asyncio.run(play_in_a_tab(port))
        saved = tmp_path / "pavilion-interrupted.json"
        while time.monotonic() < deadline and not saved.exists():
            time.sleep(0.2)
        record = json.loads(saved.read_text())
        assert record["seed"] == 3 and len(record["moves"]) == 2  # the draft and the AI's answer
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=SERVE_TIMEOUT)
        except subprocess.TimeoutExpired:
            server.kill()
            raise
