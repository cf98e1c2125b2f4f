"""Fuzzing every command that reads a file or stdin: random bytes, random JSON,
mutated real files, huge, nested, non-UTF-8 and control characters.

Property: exit code 2, exactly one line on stderr starting `Error:`, no
traceback, and no control character in the output that the program did not
write itself (it writes none: no colour off a terminal)."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pavilion import Game, akropolis
from pavilion.akropolis.record import AkropolisRecord
from pavilion.cli import main
from pavilion.core.files import MAX_INPUT_BYTES
from pavilion.summer.record import GameRecord

CONTROLS = "\x00\x07\x08\x1b\x7f\x9b\u202e\u2028\r\t"
#: Commands that read one file; a second form reads stdin (`-`).
READERS = [
    ["show"],
    ["moves"],
    ["apply", "{}", "1O"],
    ["perft", "{}", "--depth", "1"],
    ["solve", "{}", "--iterations", "10"],
    ["play", "--load"],
    ["score", "--file"],
    ["akropolis", "show"],
    ["akropolis", "moves"],
    ["akropolis", "apply", "{}", "0@1,0/0"],
    ["akropolis", "perft", "{}", "--depth", "1"],
    ["akropolis", "solve", "{}", "--iterations", "10"],
    ["akropolis", "play", "--load"],
    ["review", "--iterations", "5", "--threads", "1"],
]

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**80), max_value=2**80)
    | st.floats(allow_nan=False)
    | st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(CONTROLS), max_size=30),
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=12), children, max_size=5),
    max_leaves=20,
)


def is_control(c: str) -> bool:
    return c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp")


def assert_one_clean_error(result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output[-500:])
    err = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("Error: "), result.stderr[-500:]
    assert "Traceback" not in result.output
    bad = [c for c in result.output if is_control(c)]
    assert not bad, f"control characters {bad!r} in {result.output[-300:]!r}"
    return err[0]


def invoke_on(tmp_path: Path, command: list[str], data: bytes, via_stdin: bool = False):
    path = tmp_path / ("sheet.json" if command[0] == "score" else "input.json")
    path.write_bytes(data)
    target = "-" if via_stdin else str(path)
    args = [a.replace("{}", target) for a in command]
    if "{}" not in " ".join(command):
        args.append(target)
    return CliRunner().invoke(main, args, input=data if via_stdin else None)


def fuzz_settings(n: int):
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@fuzz_settings(40)
@given(data=st.binary(max_size=300))
def test_random_bytes(tmp_path, command, data):
    assert_one_clean_error(invoke_on(tmp_path, command, data))


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@fuzz_settings(40)
@given(doc=json_values)
def test_random_json(tmp_path, command, doc):
    assert_one_clean_error(invoke_on(tmp_path, command, json.dumps(doc).encode()))


def position_doc() -> dict:
    return Game(players=3, seed=7, side="gray").setup()


def record_doc() -> dict:
    return json.loads(GameRecord(players=2, seed=7, seats=["human", "greedy"], moves=["1O", "2B"]).to_json())


@st.composite
def mutated(draw, make):
    """A real file with one field (or one board field) replaced by random JSON or hostile text."""
    doc = make()
    target = doc["boards"][draw(st.integers(0, 2))] if "boards" in doc and draw(st.booleans()) else doc
    key = draw(st.sampled_from(sorted(target)))
    new = draw(json_values | st.text(alphabet=st.sampled_from(CONTROLS + "PGOYBRx[]"), max_size=40))
    if new == target[key]:
        new = [new]
    target[key] = new
    return doc


@fuzz_settings(150)
@given(doc=mutated(position_doc))
def test_mutated_positions(tmp_path, doc):
    for command in (["moves"], ["show"]):
        r = invoke_on(tmp_path, command, json.dumps(doc).encode())
        # Some edits leave a readable position (say a hand given back in another order): then it must work.
        if r.exit_code != 0:
            assert_one_clean_error(r)
        else:
            assert not [c for c in r.output if is_control(c)]


def akropolis_doc() -> dict:
    g = akropolis.Game(players=3, seed=7, variants="hb")
    for m in ["0@1,0/0", "1@1,0/0", "0@-1,-1/0"]:
        if g.is_legal(m):
            g.play(m)
        else:
            g.play(g.legal_moves()[0])
    doc: dict = json.loads(g.to_json())
    return doc


@st.composite
def mutated_akropolis(draw):
    """A real Akropolis position with one field, or one field of a city or of a placement, replaced."""
    doc = akropolis_doc()
    where = draw(st.sampled_from(["top", "city", "placement"]))
    city = doc["cities"][draw(st.integers(0, 2))]
    target = {"top": doc, "city": city, "placement": city["placements"][0] if city["placements"] else city}[where]
    key = draw(st.sampled_from(sorted(target)))
    new = draw(json_values | st.integers(-200, 200) | st.lists(st.integers(-130, 130), min_size=2, max_size=2))
    if new == target[key]:
        new = [new]
    target[key] = new
    return doc


@fuzz_settings(150)
@given(doc=mutated_akropolis())
def test_mutated_akropolis_positions(tmp_path, doc):
    for command in (["akropolis", "moves"], ["akropolis", "show"]):
        r = invoke_on(tmp_path, command, json.dumps(doc).encode())
        if r.exit_code != 0:
            assert_one_clean_error(r)
        else:
            assert not [c for c in r.output if is_control(c)]


@fuzz_settings(100)
@given(doc=mutated(record_doc))
def test_mutated_records(tmp_path, doc):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["play", "--load", str(path)], input="quit\nn\n")
    if r.exit_code != 0:
        assert_one_clean_error(r)


def akropolis_record_doc() -> dict:
    rec = AkropolisRecord(players=3, seed=7, variants="tg", seats=["human", "greedy", "random"], moves=["0@1,0/0"])
    return json.loads(rec.to_json())


@fuzz_settings(100)
@given(doc=mutated(akropolis_record_doc))
def test_mutated_akropolis_records(tmp_path, doc):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(doc))
    r = CliRunner().invoke(main, ["akropolis", "play", "--load", str(path)], input="quit\nn\n")
    if r.exit_code != 0:
        assert_one_clean_error(r)
    else:
        assert not [c for c in r.output if is_control(c)]


@pytest.mark.parametrize("command", READERS, ids=lambda c: c[0])
@pytest.mark.parametrize(
    "data",
    [
        b"{" * 100_000,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"format": "' + b"\x1b]0;pwned\x07" * 1000 + b'"}',
        b"\xff\xfe\x00\x01" * 100,
        b"1" * 6000,
        b" " * (MAX_INPUT_BYTES + 1),
    ],
    ids=["open-braces", "nested", "escapes", "utf16", "long-number", "over-cap"],
)
def test_hostile_files(tmp_path, command, data):
    line = assert_one_clean_error(invoke_on(tmp_path, command, data))
    assert len(line) < 500


@pytest.mark.parametrize(
    "command", [c for c in READERS if c[0] in ("show", "moves", "apply", "perft", "solve")], ids=lambda c: c[0]
)
@fuzz_settings(15)
@given(data=st.binary(max_size=200))
def test_stdin(tmp_path, command, data):
    assert_one_clean_error(invoke_on(tmp_path, command, data, via_stdin=True))


@fuzz_settings(60)
@given(
    args=st.lists(
        st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(CONTROLS + "-="), max_size=12),
        min_size=1,
        max_size=4,
    ),
    command=st.sampled_from(["arena", "solve", "new", "play", "star", "score", "apply"]),
)
def test_random_arguments(command, args):
    # Random options and values: either a clean error or (rarely) a command that runs and exits 0.
    if command == "play":
        args = [*args, "--seats", "greedy,greedy"]
    if command == "arena":
        args = [*args, "--games", "1"]
    r = CliRunner().invoke(main, [command, *args], input="")
    if r.exit_code != 0:
        assert_one_clean_error(r)
