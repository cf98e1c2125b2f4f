"""The web board's server, spoken to as a client would: the JSON protocol over
its WebSocket (Starlette's test client, no browser). Games, moves and their
reasons, AIs, undo, stepping, hints, review, saving when a tab goes, resuming,
and hostile messages that must get one error reply and harm nothing else.
tests/test_web_browser.py plays the page itself in Chromium."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pavilion import Game
from pavilion.akropolis.record import AkropolisRecord
from pavilion.summer.record import GameRecord
from pavilion.web import protocol
from pavilion.web.app import create_app
from pavilion.web.rooms import Hub

ORIGIN = {"origin": "http://testserver"}


@pytest.fixture
def client(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # games are saved where `play` saves them: here
    with TestClient(create_app(hub=Hub(max_games=3))) as c:
        yield c


def receive_until(ws, kind: str, limit: int = 200) -> dict:
    for _ in range(limit):
        m = ws.receive_json()
        if m["type"] == kind:
            return m
        assert m["type"] != "error", m
    raise AssertionError(f"no {kind} message")


def settled(ws) -> dict:
    """The state once no AI is to move (or the AI waits)."""
    while True:
        m = receive_until(ws, "state")
        if m["human_to_move"] or m["over"] or m["ai"]["paused"]:
            return m


def new(ws, game: str = "summer", **fields) -> dict:
    ws.send_json({"type": "new", "game": game, "players": 2, "seats": ["human", "greedy"], "seed": 7, **fields})
    return settled(ws)


def test_hello_offers_both_games_with_their_levels(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        hello = ws.receive_json()
    assert hello["type"] == "hello" and not hello["start"]
    names = {g["name"]: g for g in hello["games"]}
    assert set(names) == {"summer", "akropolis"}
    assert "master" in names["akropolis"]["levels"] and "greedy" in hello["agents"]


def test_the_page_and_its_files_are_served_with_a_strict_policy(client):
    page = client.get("/")
    assert page.status_code == 200 and "app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/../../pyproject.toml").status_code == 404


def test_another_site_may_not_open_the_socket(client):
    with (
        pytest.raises(WebSocketDisconnect) as e,
        client.websocket_connect("/ws", headers={"origin": "http://x.example"}) as ws,
    ):
        ws.receive_json()
    assert e.value.code == 1008


def test_a_human_move_then_the_ai_answers_and_an_illegal_move_gets_the_engine_s_reason(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        first = new(ws)
        assert first["to_move"] == 0 and first["legal"] and first["svg"].startswith("<svg")
        move = first["legal"][0]["move"]
        ws.send_json({"type": "move", "move": move})
        after = settled(ws)
        assert after["moves"][0] == move and len(after["moves"]) == 2  # greedy answered
        expected = Game(players=2, seed=7)
        expected.play(move)
        assert after["moves"][1] == str(expected.legal_moves()[0]) or after["moves"][1] in map(
            str, expected.legal_moves()
        )
        ws.send_json({"type": "move", "move": "9Z"})
        error = receive_until(ws, "error")
        assert error["message"]
        ws.send_json({"type": "move", "move": after["legal"][0]["move"]})
        assert len(settled(ws)["moves"]) == 4, "the game goes on after an error"


def test_every_legal_move_points_at_a_drawn_part_of_the_board(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        s = new(ws)
    for m in s["legal"]:
        if m["kind"] == "draft":
            assert f'data-target="{m["target"]}-' not in s["svg"]
            assert f'data-target="{m["target"]}"' in s["svg"], m


def test_akropolis_moves_carry_their_hexes_points_and_stones(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        s = new(ws, "akropolis")
        assert s["info"]["site"] and len(s["info"]["shapes"]) == 6
        legal = s["legal"]
        assert all(len(m["hexes"]) == 3 and m["hexes"][0] == m["at"] for m in legal)
        best = max(legal, key=lambda m: m["points"])
        ws.send_json({"type": "move", "move": best["move"]})
        after = receive_until(ws, "state")
        assert after["scores"][0] == s["scores"][0] + best["points"]
        assert after["info"]["stones"][0] == s["info"]["stones"][0] + best["stones"]
        settled(ws)  # the AI's answer first
        ws.send_json({"type": "view", "seat": 1})
        assert 'id="city-2"' in receive_until(ws, "state")["svg"]


def test_undo_goto_and_save_never_overwrite_another_game(client, tmp_path):
    other = tmp_path / "pavilion-interrupted.json"
    other.write_text("somebody else's game")
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        s = new(ws)
        ws.send_json({"type": "move", "move": s["legal"][0]["move"]})
        s = settled(ws)
        ws.send_json({"type": "goto", "ply": 1})
        back = receive_until(ws, "state")
        assert back["shown"] == 1 and back["legal"] == []
        ws.send_json({"type": "move", "move": s["legal"][0]["move"]})
        assert "looking back" in receive_until(ws, "error")["message"]
        ws.send_json({"type": "goto", "ply": 99})
        assert "from 0 to 2" in receive_until(ws, "error")["message"]
        ws.send_json({"type": "goto", "ply": None})
        receive_until(ws, "state")
        ws.send_json({"type": "undo"})
        assert receive_until(ws, "state")["moves"] == []
        ws.send_json({"type": "move", "move": s["legal"][0]["move"]})
        settled(ws)
        ws.send_json({"type": "save"})
        saved = receive_until(ws, "saved")
    assert other.read_text() == "somebody else's game"
    path = Path(saved["path"])
    assert path.name == "pavilion-interrupted-2.json"
    assert GameRecord.from_json(path.read_text()).moves == json.loads(saved["record"])["moves"]


def test_a_tab_that_goes_saves_its_game_and_a_reload_takes_it_up(client, tmp_path):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        s = new(ws, "akropolis")
        ws.send_json({"type": "move", "move": s["legal"][0]["move"]})
        s = settled(ws)
    saved = tmp_path / "pavilion-akropolis-interrupted.json"
    assert AkropolisRecord.from_json(saved.read_text()).moves == s["moves"]
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "resume", "id": s["id"]})
        again = receive_until(ws, "state")
        assert again["id"] == s["id"] and again["moves"] == s["moves"]
        ws.send_json({"type": "resume", "id": "not-a-game"})
        assert "no game" in receive_until(ws, "error")["message"]


def test_two_tabs_play_two_games(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as a, client.websocket_connect("/ws", headers=ORIGIN) as b:
        a.receive_json(), b.receive_json()
        sa, sb = new(a), new(b, "akropolis")
        assert sa["id"] != sb["id"]
        a.send_json({"type": "move", "move": sa["legal"][0]["move"]})
        assert settled(a)["moves"][0] == sa["legal"][0]["move"]
        b.send_json({"type": "undo"})
        assert receive_until(b, "state")["moves"] == []


def test_the_server_keeps_a_bounded_number_of_games(client):
    sockets = [client.websocket_connect("/ws", headers=ORIGIN) for _ in range(4)]
    opened = [s.__enter__() for s in sockets]
    try:
        for ws in opened[:3]:
            ws.receive_json()
            new(ws)
        opened[3].receive_json()
        opened[3].send_json({"type": "new", "game": "summer", "players": 2, "seed": 1})
        assert "at most 3 games" in receive_until(opened[3], "error")["message"]
    finally:
        for s in sockets:
            s.__exit__(None, None, None)


def test_a_hint_reports_as_it_goes_then_marks_the_board_and_can_be_stopped(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        s = new(ws)
        ws.send_json({"type": "hint", "seconds": 0.3})
        done = None
        while done is None:
            m = ws.receive_json()
            if m["type"] == "analysis" and m["done"]:
                done = m
        assert done["best"] in {x["move"] for x in s["legal"]} and 0 <= done["win"] <= 1
        marked = receive_until(ws, "state")
        assert marked["evaluation"]["best"] == done["best"] and "#1" in marked["svg"]
        ws.send_json({"type": "hint", "seconds": 20})
        receive_until(ws, "thinking")
        ws.send_json({"type": "stop"})
        stopped = receive_until(ws, "state")
        assert stopped["ai"]["busy"] is None
        ws.send_json({"type": "stop"})
        assert "nothing is thinking" in receive_until(ws, "error")["message"]


def test_a_stopped_ai_move_is_not_played_and_the_ai_waits(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "new", "game": "akropolis", "players": 2, "seats": ["mcts:time=20", "human"], "seed": 2})
        receive_until(ws, "thinking")
        ws.send_json({"type": "stop"})
        waiting = settled(ws)
        assert waiting["moves"] == [] and waiting["ai"]["paused"]
        assert "not played" in waiting["said"]


def test_ai_against_ai_plays_to_the_end_at_its_pace(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "new", "game": "akropolis", "players": 3, "seats": ["greedy"] * 3, "seed": 4})
        receive_until(ws, "state")
        ws.send_json({"type": "pace", "seconds": 0})
        while True:
            m = receive_until(ws, "state")
            if m["over"]:
                break
    assert len(m["moves"]) > 30 and m["winners"] and m["legal"] == []


def test_master_plays_every_player_count_and_a_bad_level_is_refused(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "new", "game": "summer", "players": 3, "level": "master", "seed": 4})
        state = receive_until(ws, "state")
        assert [(s["human"], s["spec"]) for s in state["seats"]] == [(True, "human")] + [(False, "mcts")] * 2
        ws.send_json({"type": "new", "game": "summer", "players": 3, "level": "grandmaster"})
        assert "grandmaster" in receive_until(ws, "error")["message"]


def test_review_marks_each_move(client):
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        s = new(ws)
        ws.send_json({"type": "move", "move": s["legal"][0]["move"]})
        settled(ws)
        ws.send_json({"type": "review", "seconds": 0.02})
        r = receive_until(ws, "review")
    assert [m["ply"] for m in r["moves"]] == [1, 2] and len(r["seats"]) == 2


def test_a_record_or_a_position_opens_from_its_text(client):
    record = GameRecord(players=2, seed=5, seats=["human", "human"], moves=[])
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "open", "name": "game.json", "text": record.to_json()})
        assert receive_until(ws, "state")["seed"] == 5
        ws.send_json({"type": "open", "name": "pos.json", "text": Game(players=3, seed=2).to_json()})
        opened = receive_until(ws, "state")
        assert opened["players"] == 3 and all(s["human"] for s in opened["seats"])
        ws.send_json({"type": "open", "name": "bad\x1b[31m.json", "text": "{not json"})
        message = receive_until(ws, "error")["message"]
        assert "\x1b" not in message


def test_the_last_round_shows_the_proven_score_ranges(client):
    g = Game(players=2, seed=3)
    moves = []
    while g.round < 6 or g.phase != "place":
        m = g.legal_moves()[0]
        g.play(m)
        moves.append(str(m))
    record = GameRecord(players=2, seed=3, seats=["human", "human"], moves=moves)
    with client.websocket_connect("/ws", headers=ORIGIN) as ws:
        ws.receive_json()
        ws.send_json({"type": "open", "name": "late.json", "text": record.to_json()})
        ranges = receive_until(ws, "ranges")
    assert ranges["ply"] == len(moves)
    assert [(r["guaranteed"], r["best"], r["proven"]) for r in ranges["ranges"]] == [
        (r["guaranteed"], r["best"], r["proven"]) for r in g.score_ranges()
    ]


HOSTILE = [
    "not json",
    "[]",
    '{"type": "launch"}',
    '{"type": "move"}',
    '{"type": "move", "move": 3}',
    '{"type": "move", "move": "1R", "path": "/etc/passwd"}',
    '{"type": "new", "game": "chess", "players": 2}',
    '{"type": "new", "game": "summer", "players": 99}',
    '{"type": "new", "game": "summer", "players": 2, "seats": ["human", "rm -rf"]}',
    '{"type": "new", "game": "summer", "players": 2, "options": {"lake": "x"}}',
    '{"type": "hint", "seconds": NaN}',
    '{"type": "goto", "ply": true}',
    '{"type": "view", "seat": 7}',
    '{"type": "move", "move": "\\u001b[2J' + "x" * 3000 + '"}',
    "[" * 100_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_a_hostile_message_gets_an_error_reply_and_harms_no_game(client, text):
    with (
        client.websocket_connect("/ws", headers=ORIGIN) as ws,
        client.websocket_connect("/ws", headers=ORIGIN) as other,
    ):
        ws.receive_json(), other.receive_json()
        s, theirs = new(ws), new(other)
        ws.send_text(text)
        error = receive_until(ws, "error")
        assert "\x1b" not in error["message"] and len(error["message"]) <= 300
        ws.send_json({"type": "move", "move": s["legal"][0]["move"]})
        assert settled(ws)["moves"][0] == s["legal"][0]["move"], "the same socket goes on"
        other.send_json({"type": "move", "move": theirs["legal"][0]["move"]})
        assert settled(other)["moves"][0] == theirs["legal"][0]["move"], "another game is untouched"


def test_a_message_larger_than_the_cap_is_refused():
    with pytest.raises(protocol.ProtocolError, match="larger"):
        protocol.parse("x" * (protocol.MAX_MESSAGE + 1))


# ---- pavilion serve, as a person starts it --------------------------------------------------


def serve(tmp_path: Path, *args: str):
    import subprocess
    import sys

    from pavilion.cli.board import LOCAL, free_port

    port = free_port(LOCAL)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pavilion", "serve", "--port", str(port), *args],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**__import__("os").environ, "PYTHONUNBUFFERED": "1"},
    )
    return proc, port


def test_serve_prints_its_address_plays_a_tab_s_game_and_saves_it_when_the_tab_goes(tmp_path):
    import signal
    import time
    import urllib.request

    from websockets.sync.client import connect

    proc, port = serve(tmp_path, "--seats", "human,greedy", "--seed", "3")
    try:
        line = proc.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        deadline = time.monotonic() + 30
        while True:
            try:
                page = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5).read().decode()
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
        assert "app.js" in page
        url = f"ws://127.0.0.1:{port}/ws"
        with connect(url, origin=f"http://127.0.0.1:{port}") as ws:
            hello = json.loads(ws.recv())
            assert hello["start"], "the options given: every tab starts that game"
            ws.send(json.dumps({"type": "start"}))
            first = json.loads(ws.recv())
            assert first["seed"] == 3 and first["seats"][1]["spec"] == "greedy"
            ws.send(json.dumps({"type": "move", "move": first["legal"][0]["move"]}))
            while True:
                m = json.loads(ws.recv())
                if m["type"] == "state" and len(m["moves"]) == 2:
                    break
        saved = tmp_path / "pavilion-interrupted.json"
        while not saved.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(GameRecord.from_json(saved.read_text()).moves) == 2
        # The manual's own client (docs/web.md's Python block) against this server.
        manual = (Path(__file__).resolve().parent.parent / "docs" / "web.md").read_text()
        code = manual.split("```python\n", 1)[1].split("```", 1)[0]
        scope: dict = {}
        exec(code, scope)
        best = scope["first_hint"](url)
        assert best in {str(m) for m in Game(players=2, seed=7).legal_moves()}
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert "pavilion-interrupted.json" in out, out
    assert "Traceback" not in out


def test_serve_warns_when_it_listens_beyond_this_machine_and_refuses_bad_options(tmp_path):
    from click.testing import CliRunner

    from pavilion.cli import main

    r = CliRunner().invoke(main, ["serve", "--game", "chess"])
    assert r.exit_code == 2 and "Error:" in r.output
    r = CliRunner().invoke(main, ["serve", "--seats", "human,wizard"])
    assert r.exit_code == 2 and r.output.count("\n") == 1
    proc, _port = serve(tmp_path, "--host", "0.0.0.0")
    try:
        first = proc.stdout.readline() + proc.stdout.readline()
    finally:
        proc.terminate()
        proc.communicate(timeout=30)
    assert "there is no login" in first
