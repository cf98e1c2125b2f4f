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


BASE = Game(players=3, seed=5).setup()
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
        g = Game.from_setup(doc)
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
        Game.from_setup(doc)


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
        Game.from_setup(dict(BASE, **change))
    for w in words:
        assert w in str(e.value)


def test_missing_field_is_named():
    doc = dict(BASE)
    del doc["supply"]
    with pytest.raises(NotationError, match="supply"):
        Game.from_setup(doc)


# --- generated from the notation's grammar, so every kind of move is exercised -----

LETTERS = "PGOYBR"


def grammar_move(rng) -> tuple[str, str]:
    """Move text of a random kind (canonical spelling first, then as a person might type it)."""
    kind = rng.choice(["draft", "place", "bonus", "pass"])
    if kind == "draft":
        text = rng.choice("123456789C") + rng.choice(LETTERS)
    elif kind == "place":
        star = rng.choice(LETTERS + "C")
        colour = rng.choice(LETTERS)
        shown = colour if star == "C" or colour != star else ""
        wilds = rng.choice([0, 0, 1, 2, 5])
        text = f"{star}{rng.randint(1, 6)}{shown}" + (f"+{wilds}" if wilds else "")
    elif kind == "bonus":
        text = "bonus:" + "".join(sorted(rng.choices(LETTERS, k=rng.randint(1, 3)), key=LETTERS.index))
    else:
        keep = "".join(sorted(rng.choices(LETTERS, k=rng.randint(0, 4)), key=LETTERS.index))
        text = "pass" + (f":{keep}" if keep else "")
    typed = text.lower() if rng.random() < 0.3 else text
    return kind, (" " * rng.randint(0, 2)) + typed + (" " * rng.randint(0, 2))


def test_grammar_moves_of_every_kind_parse_and_print_back():
    import random
    from collections import Counter

    rng = random.Random(11)
    parsed = Counter()
    for _ in range(4000):
        kind, typed = grammar_move(rng)
        m = Move.parse(typed)
        assert m.kind == kind and Move.parse(str(m)) == m
        assert str(m).lower() == typed.strip().lower(), "output is the canonical spelling"
        parsed[kind] += 1
        if rng.random() < 0.5:  # one character corrupted: rejected with a reason, or still a move
            i = rng.randrange(len(typed))
            bad = typed[:i] + rng.choice("Z9+:x ") + typed[i + 1 :]
            with contextlib.suppress(NotationError):
                Move.parse(bad)
    assert min(parsed.values()) > 800, parsed


# --- position edits that keep the file readable and change the game ---------------


def edited_position(rng) -> tuple[dict, str]:
    """BASE with one plausible edit: a tile moved between piles, a score, the player to move."""
    doc = json.loads(json.dumps(BASE))
    piles = ["bag", "centre", "supply", "tower"] + [f"factories[{i}]" for i in range(7)] + ["hand0", "hand1", "hand2"]

    def get(name):
        if name.startswith("factories"):
            return doc["factories"][int(name[10])]
        if name.startswith("hand"):
            return doc["boards"][int(name[4])]["hand"]
        return doc[name]

    def put(name, value):
        if name.startswith("factories"):
            doc["factories"][int(name[10])] = value
        elif name.startswith("hand"):
            doc["boards"][int(name[4])]["hand"] = value
        else:
            doc[name] = value

    edit = rng.choice(["move tile", "score", "to move", "cover"])
    if edit == "move tile":
        src, dst = rng.sample(piles, 2)
        if get(src):
            tile = rng.choice(get(src))
            put(src, get(src).replace(tile, "", 1))
            put(dst, get(dst) + tile)
    elif edit == "score":
        doc["boards"][rng.randrange(3)]["score"] = rng.randint(1, 257)
    elif edit == "to move":
        doc["current_player"] = rng.randrange(3)
    else:
        tile = rng.choice(doc["bag"])
        doc["bag"] = doc["bag"].replace(tile, "", 1)
        doc["boards"][rng.randrange(3)]["covered"][f"{tile}{rng.randint(1, 6)}"] = tile
    return doc, edit


def test_position_edits_that_change_the_game():
    import random
    from collections import Counter

    rng = random.Random(5)
    base = Game.from_setup(BASE)
    accepted, changed, refused = Counter(), 0, 0
    for _ in range(1500):
        doc, edit = edited_position(rng)
        try:
            g = Game.from_setup(doc)
        except NotationError as e:
            assert "position" in str(e)
            refused += 1
            continue
        accepted[edit] += 1
        changed += g != base
        # A readable edit is a consistent game: it round-trips and its moves all apply.
        assert Game.from_json(g.to_json()) == g
        assert g.census() == base.census()
        for m in g.legal_moves()[:5]:
            h = g.copy()
            h.play(m)
    # The edits reach both outcomes, and most accepted ones really change the game.
    assert refused > 100 and sum(accepted.values()) > 500 and changed > 800, (accepted, changed, refused)
    assert all(accepted[k] > 20 for k in ("move tile", "score", "to move", "cover")), accepted
