"""Shared helpers: build exact positions through the JSON position format."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import pavilion

ROOT = Path(__file__).resolve().parent.parent


def take(pile: str, letters: str) -> str:
    """Removes `letters` from the letter pile `pile` (a multiset)."""
    c = Counter(pile)
    c.subtract(Counter(letters))
    assert min(c.values(), default=0) >= 0, f"{letters} not in {pile}"
    return "".join(ch * n for ch, n in sorted(c.items(), key=lambda kv: "PGOYBR".index(kv[0])))


def placing_position(players: int = 2, side: str = "coloured", round: int = 1, hands=None, covered=None, scores=None):
    """A place-phase position: empty table, given hands and boards, tiles taken from the bag."""
    doc = pavilion.Game(players=players, seed=3, side=side).setup()
    bag = doc["bag"] + "".join(doc["factories"]) + doc["centre"]
    doc["factories"] = [""] * len(doc["factories"])
    doc["centre"] = ""
    doc["phase"] = "place"
    doc["round"] = round
    for seat, letters in (hands or {}).items():
        bag = take(bag, letters)
        doc["boards"][seat]["hand"] = letters
    for seat, spaces in (covered or {}).items():
        for space, colour in spaces.items():
            bag = take(bag, colour)
            doc["boards"][seat]["covered"][space] = colour
    for seat, score in (scores or {}).items():
        doc["boards"][seat]["score"] = score
    doc["bag"] = bag
    return pavilion.Game.from_setup(doc)


@pytest.fixture
def perft_cases():
    return json.loads((ROOT / "seeds" / "perft.json").read_text())["cases"]
