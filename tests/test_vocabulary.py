"""Every vocabulary is the engine's: the words it writes, the spellings it reads."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

import pavilion
from pavilion import Game, OptionsError
from pavilion._engine import COLOUR_LETTERS, COLOURS, SIDES, STARS, parse_side
from pavilion.cli import main


@pytest.mark.parametrize(
    "typed, name",
    [("coloured", "coloured"), ("colored", "coloured"), ("Colour", "coloured"), ("gray", "gray"), ("GREY", "gray")],
)
def test_sides_read_either_spelling_and_write_one(typed, name):
    assert parse_side(typed) == name
    assert Game(side=typed).side == name
    r = CliRunner().invoke(main, ["new", "--side", typed, "--seed", "1"])
    assert r.exit_code == 0 and json.loads(r.output)["side"] == name


def test_old_position_files_with_the_american_spelling_still_load():
    doc = Game(seed=1).setup()
    doc["side"] = "colored"
    assert Game.from_setup(doc).side == "coloured"


def test_an_unknown_side_names_the_choices():
    with pytest.raises(OptionsError, match="side must be coloured or gray, not 'purple'"):
        Game(side="purple")
    r = CliRunner().invoke(main, ["new", "--side", "purple"])
    assert r.exit_code == 2 and "side must be coloured or gray" in r.output


@pytest.mark.parametrize(
    "order", ["RBYOGP", "rbyogp", "red,blue,yellow,orange,green,purple", ["red", "B", "yellow", "O", "green", "purple"]]
)
def test_wild_orders_as_letters_or_names(order):
    assert Game(wild_order=order).wild_order == "RBYOGP"


@pytest.mark.parametrize(
    "order, words",
    [("RBYOG", "six colours"), ("RBYOGX", "'X' is not a colour"), ("RRYOGP", "each of the six colours exactly once")],
)
def test_bad_wild_orders_say_why(order, words):
    with pytest.raises(OptionsError, match=words):
        Game(wild_order=order)


def test_exported_vocabularies():
    assert SIDES == ["coloured", "gray"]
    assert COLOURS == ["purple", "green", "orange", "yellow", "blue", "red"]
    assert COLOUR_LETTERS == "PGOYBR" and STARS == "ORBYGPC"
    assert pavilion._engine.ROUNDS == 6 and pavilion._engine.START_SCORE == 5 and pavilion._engine.SCORE_FLOOR == 1
    from pavilion.summer import render, scorepad

    assert dict(zip(COLOUR_LETTERS, COLOURS, strict=True)) == render.NAME
    assert scorepad.START == pavilion._engine.START_SCORE


def test_agent_options_come_with_their_defaults():
    options = {o["key"]: o for o in pavilion._engine.AGENT_OPTIONS["mcts"]}
    assert options["iterations"]["default"] == "2000" and options["time"]["default"] is None
    assert options["rollout"]["form"] == "rollout=informed|uniform|noisy"
    assert options["rollout"]["default"] == "informed" and options["margin"]["default"] == "0.5"
    assert options["parallel"]["choices"] == ["root", "tree"]
    assert options["exact"]["choices"] == ["root", "tree", "off"] and options["exact"]["default"] == "root"
    assert options["widening"]["choices"] == ["prior", "off"] and options["widening"]["default"] == "prior"


def test_the_exploration_default_names_the_network_s_own():
    c = {o["key"]: o for o in pavilion._engine.AGENT_OPTIONS["mcts"]}["c"]
    assert c["default"] == "0.7; with net, 0.2"
    help_text = CliRunner().invoke(main, ["arena", "--help"]).output
    assert "(default 0.7; with net, 0.2)" in " ".join(help_text.split())
