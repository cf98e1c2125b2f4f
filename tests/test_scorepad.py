"""The score pad's own logic (totals, the floor, limits, file reading, the table),
tested exactly: `make mutants-py` found these rules unguarded by the CLI tests."""

from __future__ import annotations

import json
import re

import pytest
from rich.console import Console

from pavilion._engine import ROUNDS, SCORE_FLOOR, START_SCORE
from pavilion.summer.scorepad import MAX_NAME, MAX_ROUND_POINTS, ScorePad, ScorePadError, parse_points


def rendered(pad: ScorePad) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(pad.table())
    return console.export_text()


def test_totals_run_round_by_round_and_never_drop_below_the_floor():
    pad = ScorePad(["Ann", "Bo", "Cy"])
    assert pad.totals() == [START_SCORE] * 3 and pad.running() == []
    assert pad.winners() == ["Ann", "Bo", "Cy"], "before any round everyone shares the lead"
    pad.add_round([10, -20, 0])
    pad.add_round([-3, 4, 7])
    assert pad.running() == [[15, SCORE_FLOOR, 5], [12, 5, 12]]
    assert pad.totals() == [12, 5, 12]
    assert pad.winners() == ["Ann", "Cy"]
    pad.add_round([0, 0, 1])
    assert pad.winners() == ["Cy"]


def test_round_points_are_limited_both_ways():
    pad = ScorePad(["Ann", "Bo"])
    pad.check_round([MAX_ROUND_POINTS, -MAX_ROUND_POINTS])
    for bad in ([MAX_ROUND_POINTS + 1, 0], [0, -MAX_ROUND_POINTS - 1]):
        with pytest.raises(ScorePadError) as e:
            pad.check_round(bad)
        assert str(e.value) == f"a round's points run from -{MAX_ROUND_POINTS} to {MAX_ROUND_POINTS}"
    with pytest.raises(ScorePadError) as e:
        pad.check_round([1, 2, 3])
    assert str(e.value) == "a round needs 2 scores (one per player), not 3"
    assert parse_points(f"{MAX_ROUND_POINTS},-{MAX_ROUND_POINTS}", 2) == [MAX_ROUND_POINTS, -MAX_ROUND_POINTS]
    with pytest.raises(ScorePadError) as e:
        parse_points("1000,0", 2)
    assert str(e.value) == "'1000,0': a round's points run from -999 to 999"
    with pytest.raises(ScorePadError) as e:
        parse_points("1,2,3", 2)
    assert str(e.value) == "'1,2,3': 2 scores needed, one per player"
    with pytest.raises(ScorePadError) as e:
        parse_points("1;2", 2)
    assert str(e.value) == "'1;2': scores are whole numbers separated by commas, e.g. 12,-3"


def test_rounds_are_at_most_six():
    pad = ScorePad(["Ann", "Bo"], [[1, 1]] * (ROUNDS - 1))
    pad.add_round([2, 2])
    with pytest.raises(ScorePadError) as e:
        pad.add_round([1, 1])
    assert str(e.value) == f"all {ROUNDS} rounds are entered" and len(pad.rounds) == ROUNDS
    with pytest.raises(ScorePadError) as e:
        ScorePad(["Ann", "Bo"], [[1, 1]] * (ROUNDS + 1))
    assert str(e.value) == f"the game has {ROUNDS} rounds, not {ROUNDS + 1}"
    with pytest.raises(ScorePadError) as e:
        ScorePad(["Ann", "Bo"], [[1, 1], [1]])
    assert str(e.value) == "a round needs 2 scores (one per player), not 1"


@pytest.mark.parametrize(
    ("players", "message"),
    [
        (["Ann"], "a score pad is for 2 to 4 players, not 1"),
        (["A", "B", "C", "D", "E"], "a score pad is for 2 to 4 players, not 5"),
        (["Ann", "Ann"], "player names must be distinct and not empty"),
        (["Ann", " "], "player names must be distinct and not empty"),
        (["Ann", "x" * (MAX_NAME + 1)], f"player name '{'x' * 39}… is longer than {MAX_NAME} characters"),
    ],
)
def test_players_are_checked(players, message):
    with pytest.raises(ScorePadError) as e:
        ScorePad(players)
    assert str(e.value).startswith(message.split("…")[0]) and str(e.value).endswith(message.split("…")[-1])


def test_player_limits_accept_their_edges():
    assert ScorePad(["A", "B"]).players == ["A", "B"]
    assert len(ScorePad(["A", "B", "C", "D"]).players) == 4
    assert ScorePad(["Ann", "x" * MAX_NAME]).players[1] == "x" * MAX_NAME


def test_csv_and_json_sheets_read_the_same_pad():
    csv_text = "Ann, Bo\n\n12,-3\n8,10\n"
    json_text = json.dumps({"players": ["Ann", "Bo"], "rounds": [[12, -3], [8, 10]]})
    a = ScorePad.from_text(csv_text)
    b = ScorePad.from_text(json_text, as_json=True)
    assert a == b == ScorePad(["Ann", "Bo"], [[12, -3], [8, 10]])
    assert a.totals() == [25, 12]


@pytest.mark.parametrize(
    ("text", "as_json", "message"),
    [
        ("", False, "s.csv: empty"),
        ("Ann,Bo\n1,x\n", False, "s.csv: line 2: scores must be whole numbers"),
        ("Ann,Bo\n1,2,3\n", False, "s.csv: a round needs 2 scores (one per player), not 3"),
        ("x" * 200_000 + ",Bo\n", False, "s.csv: not a CSV score sheet (field larger than field limit"),
        ("[1]", True, 's.csv: a JSON score sheet is {"players": [...], "rounds": [[...], ...]}'),
        ('{"players": "Ann", "rounds": []}', True, "s.csv: players must be a list of names"),
        ('{"players": ["Ann", "Bo"], "rounds": [[1, true]]}', True, "s.csv: rounds must be lists of whole numbers"),
        ('{"players": ["Ann", "Bo"], "rounds": {}}', True, "s.csv: rounds must be lists of whole numbers"),
        ('{"players": ["Ann", "Bo"], "rounds": [[1.5, 2]]}', True, "s.csv: rounds must be lists of whole numbers"),
        ("{", True, "s.csv: score sheet: "),
        ('{"players": ["Ann", "Bo"]}', True, 's.csv: a JSON score sheet is {"players"'),
        ('{"players": ["Ann", "Bo"], "rounds": [], "notes": 1}', True, 's.csv: a JSON score sheet is {"players"'),
    ],
)
def test_bad_sheets_say_which_file_and_what(text, as_json, message):
    with pytest.raises(ScorePadError) as e:
        ScorePad.from_text(text, "s.csv", as_json=as_json)
    assert str(e.value).startswith(message), str(e.value)
    assert str(e.value).count("s.csv") == 1, "the file is named once"


def test_errors_name_the_sheet_even_when_the_message_starts_like_it():
    with pytest.raises(ScorePadError) as e:
        ScorePad.from_text("Ann,Bo\n1\n", "a")
    assert str(e.value) == "a: a round needs 2 scores (one per player), not 1"
    with pytest.raises(ScorePadError) as e:
        ScorePad.from_text("")
    assert str(e.value) == "score file: empty"


GOLDEN_TABLE = (
    "         Score pad         \n"
    "┏━━━━━━━┳━━━━━━━━┳━━━━━━━━┓\n"
    "┃ round ┃    Ann ┃     Bo ┃\n"
    "┡━━━━━━━╇━━━━━━━━╇━━━━━━━━┩\n"
    "│ start │      5 │      5 │\n"
    "│ 1     │ +3 → 8 │ -9 → 1 │\n"
    "│ total │      8 │      1 │\n"
    "└───────┴────────┴────────┘\n"
    " a total never drops below \n"
    " 1, as on the score track  \n"
)


def test_the_table_is_drawn_exactly():
    console = Console(width=32, record=True, color_system=None)
    console.print(ScorePad(["Ann", "Bo"], [[3, -9]]).table())
    assert console.export_text() == GOLDEN_TABLE


def test_the_table_styles_the_start_row_dim_and_the_leaders_bold():
    console = Console(width=60, record=True, color_system="standard", force_terminal=True)
    console.print(ScorePad(["Ann", "Bo", "Cy"], [[3, 3, -9]]).table())
    out = console.export_text(styles=True)
    bold, dim = "\x1b[1m", "\x1b[2m"
    assert f"{bold}round" in out and f"{bold}total" in out, "header and total label are bold"
    assert f"{dim}start" in out
    bold_totals = re.findall(r"\x1b\[1m *(\d+)\x1b\[0m", out)
    assert bold_totals == ["8", "8"], "only the leaders' totals are bold"


def test_the_table_shows_each_round_its_running_total_and_the_leader():
    pad = ScorePad(["Ann", "Bo"], [[10, -20]] + [[1, 2]] * (ROUNDS - 1))
    text = rendered(pad)
    rows = [[w for w in line.split() if w not in "│┃"] for line in text.splitlines()]
    assert ["round", "Ann", "Bo"] in rows and ["start", "5", "5"] in rows and ["total", "20", "11"] in rows
    assert "+10 → 15" in text and "-20 → 1" in text, "the floor shows in the running total"
    assert "6 + end bonuses" in text and "5 + end bonuses" not in text
    assert "a total never drops below 1, as on the score track" in " ".join(text.split())
    assert text.count("Score pad") == 1
