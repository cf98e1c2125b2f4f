"""Parsers fuzzed with hypothesis: no input crashes, every rejection is the typed error."""

import contextlib
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pavilion import Game, Move, NotationError

MOVE_ALPHABET = "0123456789PGOYBRCpgoybrc+:-asbonux ZQ\n\té"


@settings(max_examples=3000, deadline=None)
@given(st.one_of(st.text(), st.text(alphabet=MOVE_ALPHABET, max_size=12)))
def test_move_parse_never_crashes(text):
    try:
        m = Move.parse(text)
    except NotationError as e:
        assert str(e).startswith("cannot read move")
        return
    assert Move.parse(str(m)) == m


@settings(max_examples=500, deadline=None)
@given(st.text())
def test_from_json_arbitrary_text(text):
    with contextlib.suppress(NotationError):
        Game.from_json(text)


BASE = json.loads(Game(players=3, seed=5).to_json())
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


@settings(max_examples=1500, deadline=None)
@given(key=st.sampled_from(sorted(BASE)), value=JSON_VALUES, drop=st.booleans())
def test_from_json_mutated_field(key, value, drop):
    doc = dict(BASE)
    if drop:
        del doc[key]
    else:
        doc[key] = value
    try:
        g = Game.from_json(json.dumps(doc))
    except NotationError as e:
        assert "position" in str(e)
        return
    # Accepted mutations must still be consistent positions.
    assert g.census() == {c: 22 for c in ("purple", "green", "orange", "yellow", "blue", "red")}


@settings(max_examples=800, deadline=None)
@given(seat=st.integers(0, 2), field=st.sampled_from(["score", "hand", "kept", "covered"]), value=JSON_VALUES)
def test_from_json_mutated_board(seat, field, value):
    doc = json.loads(json.dumps(BASE))
    doc["boards"][seat][field] = value
    with contextlib.suppress(NotationError):
        Game.from_json(json.dumps(doc))


@pytest.mark.parametrize(
    "change, words",
    [
        (dict(round=9), ["round", "1..6"]),
        (dict(factories=["BBXB", "", "", "", "", "", ""]), ["factories[0]", "'X'"]),
        (dict(players=7), ["players"]),
        (dict(rng="xyz"), ["rng", "16 hex"]),
        (dict(version=2), ["version"]),
        (dict(phase="bidding"), ["phase", "bidding"]),
        (dict(current_player=5), ["current_player", "seat 5"]),
        (dict(bag=""), ["appears", "22"]),
        (dict(colour="red"), ["unknown field"]),
    ],
)
def test_errors_name_the_field(change, words):
    with pytest.raises(NotationError) as e:
        Game.from_json(json.dumps(dict(BASE, **change)))
    for w in words:
        assert w in str(e.value)


def test_missing_field_is_named():
    doc = dict(BASE)
    del doc["supply"]
    with pytest.raises(NotationError, match="supply"):
        Game.from_json(json.dumps(doc))
