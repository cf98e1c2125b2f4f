"""The seeds' worked examples and FAQ answers, through the Python API.

Every ruling of docs/RULES.md is also tested in Rust (rust/summer/src/rules_tests);
these check that the same answers reach a Python user.
"""

import pytest

from conftest import placing_position, take
from pavilion import Game, IllegalMoveError


def test_seven_blue_on_blue_six():
    g = placing_position(hands={0: "BBBBBBB"})
    assert [str(m) for m in g.legal_moves() if str(m).startswith("B6")] == ["B6"]
    g.play("B6")
    assert g.hand(0) == "B"
    assert g.tower == "BBBBB"
    assert g.board(0) == {"B6": "B"}


def test_three_blue_three_wilds_on_blue_six():
    g = placing_position(hands={0: "BBBPPP"})
    g.play("B6+3")
    assert g.hand(0) == "" and sorted(g.tower) == sorted("BBPPP")


def test_four_wilds_on_their_own_star_but_not_on_blue():
    g = placing_position(hands={0: "PPPP"})
    assert g.is_legal("P4")
    assert not any(str(m).startswith("B") for m in g.legal_moves())
    with pytest.raises(IllegalMoveError, match="one real blue"):
        g.play("B1+1")


def test_first_from_centre_five_tiles_at_five_falls_to_one():
    g = Game(players=2, seed=3)
    doc = g.setup()
    # Move everything into the bag, then lay out one factory and a centre of BBBB + P.
    pile = doc["bag"] + "".join(doc["factories"]) + doc["centre"]
    pile = take(pile, "GGGG" + "BBBBP")
    doc.update(bag=pile, factories=["GGGG", "", "", "", ""], centre="BBBBP")
    g = Game.from_setup(doc)
    g.play("CB")
    assert g.hand(0) == "PBBBB"
    assert g.scores[0] == 1
    assert g.start_token == 0


def test_run_scoring_wraps_six_to_one():
    g = placing_position(hands={0: "G"}, covered={0: {"G5": "G", "G6": "G"}})
    g.play("G1")
    assert g.scores[0] == 5 + 3


def test_kept_wilds_are_ordinary_next_round():
    g = placing_position(round=2, hands={0: "PPBB"})
    assert g.wild == "green"
    assert not g.is_legal("B3+1"), "purple is no longer wild"
    assert g.is_legal("P2")


def test_keep_four_discard_the_rest():
    g = placing_position(hands={0: "BBBYYRG"})
    with pytest.raises(IllegalMoveError, match="at most 4"):
        g.play("pass:BBBYY")
    g.play("pass:BBYR")
    assert g.kept(0) == "YBBR", "kept tiles are listed in wild order"
    assert g.scores[0] == 2


def test_gray_side_one_colour_or_six():
    # Two reds fix a one-colour star: only red may follow.
    g = placing_position(side="gray", round=2, hands={0: "RRRRYYYY"}, covered={0: {"B1": "R", "B2": "R"}})
    assert g.is_legal("B4R") and not g.is_legal("B4Y")
    # Red then yellow fix a six-colour star: any colour not yet on it, never red or yellow again.
    g = placing_position(side="gray", round=2, hands={0: "RRRRYYYYGGGG"}, covered={0: {"B1": "R", "B2": "Y"}})
    assert g.is_legal("B4G") and not g.is_legal("B4R") and not g.is_legal("B4Y")


def test_bonus_capped_and_wilds_allowed():
    g = placing_position(hands={0: "BBBBBB"}, covered={0: {"B5": "B"}})
    g.play("B6")
    assert g.bonus_owed == 3
    assert all(m.kind == "bonus" for m in g.legal_moves())
    pick = "bonus:" + g.supply[:3]
    g.play(pick)
    assert len(g.supply) == 10


def test_bonus_is_capped_by_a_short_supply_and_may_take_the_wild():
    # The supply holds only a wild and a red, bag and tower are empty: the window's 3 become 2.
    g = placing_position(hands={0: "BBBBBB"}, covered={0: {"B5": "B"}})
    doc = g.setup()
    rest = doc["supply"] + doc["bag"] + doc["tower"]
    doc["supply"], doc["bag"], doc["tower"] = "PR", "", ""
    doc["boards"][1]["hand"] = take(rest, "PR")
    g = Game.from_setup(doc)
    g.play("B6")
    assert g.bonus_owed == 2, "capped by the supply"
    assert [str(m) for m in g.legal_moves()] == ["bonus:PR"], "the wild may be taken"
    g.play("bonus:PR")
    assert g.hand(0) == "PR"
    assert g.supply == "BBBBB" and g.tower == "", "the next turn's refill comes from the tower (the bag is empty)"


def test_end_scoring_breakdown_and_shared_victory():
    g = placing_position(
        round=6,
        covered={0: {f"R{v}": "R" for v in range(1, 7)}, 1: {f"P{v}": "P" for v in range(1, 5)}},
        scores={0: 10, 1: 14},
    )
    g.play("pass")
    g.play("pass")
    assert g.is_over
    b = g.final_breakdown()
    assert (b[0]["stars"], b[0]["total"]) == (14, 24)
    assert (b[1]["stars"], b[1]["total"]) == (0, 14 + 0)
    assert g.winners == [0]
    tie = placing_position(round=6, scores={0: 9, 1: 9})
    tie.play("pass")
    tie.play("pass")
    assert tie.winners == [0, 1]
