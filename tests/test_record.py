"""Game records: every field checked with an exact message, versions, seats,
the replay, and which saves may replace an older file (`make mutants-py`
found these held only by the CLI tests' looser checks)."""

from __future__ import annotations

import json

import pytest

from pavilion import Game, NotationError
from pavilion.core.record import MAX_MOVES, check_seat
from pavilion.summer.record import V1_MCTS, GameRecord

BASE = {
    "format": "pavilion-record",
    "version": 2,
    "players": 2,
    "side": "coloured",
    "wild_order": "PGOYBR",
    "seed": 7,
    "seats": [],
    "moves": [],
}
SUMMARY = "random, greedy, mcts[:iterations=N"


def text(**changes) -> str:
    return json.dumps({**BASE, **changes})


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ("[]", 'record: "format" must be "pavilion-record"'),
        (text(format="x"), 'record: "format" must be "pavilion-record"'),
        (text(version=3), "record: this pavilion reads versions 1 and 2"),
        (text(version=True), "record: this pavilion reads versions 1 and 2"),
        (text(extra=1), "record: unknown field 'extra'"),
        (text(players="2"), "record: players: expected an int"),
        (text(players=True), "record: players: expected an int"),
        (text(seed=1.5), "record: seed: expected an int"),
        (text(seats="x"), "record: seats: expected a list"),
        (text(side=2), "record: side: expected a str"),
        (text(moves=[1]), "record: moves and seats are lists of strings"),
        (text(seats=[1, "human"]), "record: moves and seats are lists of strings"),
        (text(moves=["1R"] * (MAX_MOVES + 1)), f"record: moves: more than {MAX_MOVES} moves"),
        (text(players=5), "record: players must be from 2 to 4, not 5"),
        (text(seats=["human"]), "record: seats: 1 seat(s) for 2 players"),
        (text(seats=["human", "bogus"]), f"record: seats[1]: unknown player 'bogus': choose human, {SUMMARY}"),
        (text(moves=["pass"]), "record: move 1 ('pass'): illegal move: this is the draft phase"),
        (text(moves=["1Z"]), "record: move 1 ('1Z'): cannot read move '1Z'"),
        ("{", "record: not JSON"),
    ],
)
def test_bad_records_are_refused_with_exact_reasons(doc, message):
    with pytest.raises(NotationError) as e:
        GameRecord.from_json(doc)
    assert str(e.value).startswith(message), str(e.value)


def test_the_move_limit_is_inclusive():
    g = Game(seed=7)
    moves = []
    while len(moves) < 3:
        m = g.legal_moves()[0]
        g.play(m)
        moves.append(str(m))
    long = text(moves=moves + ["x"] * (MAX_MOVES - 3))
    with pytest.raises(NotationError) as e:
        GameRecord.from_json(long)
    assert "move 4 ('x')" in str(e.value), "5000 moves are read (and replayed), not refused for their number"
    assert len(GameRecord.from_json(long, replay=False).moves) == MAX_MOVES


def test_a_record_replays_and_round_trips():
    rec = GameRecord(players=3, side="gray", wild_order="RBYOGP", seed=11, seats=["human", "greedy", "random"])
    g = rec.new_game()
    assert (g.players, g.side, g.wild_order) == (3, "gray", "RBYOGP")
    for _ in range(5):
        m = g.legal_moves()[0]
        g.play(m)
        rec.moves.append(str(m))
    assert rec.replay() == g and rec.replay(2) == _after(rec, 2)
    back = GameRecord.from_json(rec.to_json())
    assert back == rec
    assert rec.to_json().startswith('{\n "format": "pavilion-record",\n "version": 2,'), "one-space indent"


def _after(rec: GameRecord, n: int) -> Game:
    g = rec.new_game()
    for m in rec.moves[:n]:
        g.play(m)
    return g


def test_side_and_wild_order_are_stored_as_the_engine_spells_them():
    rec = GameRecord.from_json(text(side="Colored", wild_order="pgoybr"))
    assert (rec.side, rec.wild_order) == ("coloured", "PGOYBR")


def test_version_1_seats_mean_the_level_they_were_played_at():
    rec = GameRecord.from_json(text(version=1, seats=["human", " mcts "]))
    assert rec.seats == ["human", V1_MCTS]
    rec = GameRecord.from_json(text(version=2, seats=["human", "mcts"]))
    assert rec.seats == ["human", "mcts"], "version 2 keeps the spec as written"


def test_seats_are_human_or_an_exact_agent_spec():
    assert check_seat(" human ") == "human"
    assert check_seat(" mcts:iterations=5 ") == "mcts:iterations=5"
    with pytest.raises(NotationError) as e:
        check_seat("mcts:iterations=5:threads=2")
    assert str(e.value).startswith("agent 'mcts:iterations=5:threads=2': iterations '5:threads=2'"), str(e.value)
    with pytest.raises(NotationError) as e:
        check_seat("greedy:x")
    assert str(e.value) == "agent 'greedy:x': greedy takes no options"
    with pytest.raises(NotationError) as e:
        check_seat("Ann")
    assert str(e.value).startswith(f"unknown player 'Ann': choose human, {SUMMARY}")


def test_a_save_may_replace_only_an_earlier_state_of_the_same_game():
    rec = GameRecord.from_json(text(moves=["1R"]), replay=False)
    rec.moves.append("2G")
    assert rec.continues(text(moves=["1R"]))
    assert rec.continues(text(moves=[]))
    assert rec.continues(text(moves=["1R", "2G"]))
    assert not rec.continues(text(moves=["1R", "2G", "3B"])), "the file is further on"
    assert not rec.continues(text(moves=["2G"])), "another line of play"
    assert not rec.continues(text(moves=["1R"], seed=8)), "another game"
    assert not rec.continues(text(moves=["1R"], players=3))
    assert not rec.continues("not a record")
    # Only the fields are compared: the file's moves are not replayed (ours extend them either way).
    assert rec.continues(text(moves=["1R"], seats=["human", "greedy"]))
    odd = GameRecord.from_json(text(moves=["9Z"]), replay=False)
    odd.moves.append("1R")
    assert odd.continues(text(moves=["9Z"]))


def test_a_record_can_start_from_a_position_and_replays_from_there():
    import json as _json

    from pavilion import Game
    from pavilion.summer.record import GameRecord

    g = Game(players=3, seed=8, side="gray")
    g.play(g.legal_moves()[0])
    record = GameRecord.from_position(g.to_json())
    assert (record.players, record.side, record.start is not None) == (3, "gray", True)
    record.moves.append(str(g.legal_moves()[0]))
    back = GameRecord.from_json(record.to_json())
    assert back == record and back.replay().to_json() == record.replay().to_json()
    g.play(g.legal_moves()[0])
    assert back.replay().to_json() == g.to_json()
    doc = _json.loads(record.to_json())
    doc["side"] = "coloured"
    with pytest.raises(NotationError, match="record: side: 'coloured', but the starting position has 'gray'"):
        GameRecord.from_json(_json.dumps(doc))
    doc["side"], doc["players"] = "gray", 2
    with pytest.raises(NotationError, match="players: 2, but the starting position has 3"):
        GameRecord.from_json(_json.dumps(doc))
    doc["players"], doc["start"] = 3, "not a position"
    with pytest.raises(NotationError, match="record: start: expected a position"):
        GameRecord.from_json(_json.dumps(doc))
    doc["start"] = {"format": "pavilion-position"}
    with pytest.raises(NotationError, match=r"^record: start: "):
        GameRecord.from_json(_json.dumps(doc))
    # A dealt game's record has no start at all (older readers read it as before).
    assert "start" not in GameRecord(seed=1).to_json()
