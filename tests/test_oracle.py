"""An independent oracle for the rules that decide scores: written from
docs/RULES.md alone (its own board tables, its own colour and payment rules,
its own scoring), never calling the engine's geometry or scoring. Random games
of both sides and every player count are played through the engine, and at
every step the oracle must agree: the set of legal placements, the points and
bonus tiles of each placement, the penalty of each pass, the final scores.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from pavilion import Agent, Game

# --- the rules page, restated -------------------------------------------------

LETTER = {"purple": "P", "green": "G", "orange": "O", "yellow": "Y", "blue": "B", "red": "R"}
OUTER = "ORBYGP"  # clockwise from the upper left
STARS = OUTER + "C"
NEXT = {s: OUTER[(i + 1) % 6] for i, s in enumerate(OUTER)}
PILLAR_CENTRE = {"O": (6, 1), "R": (1, 2), "B": (2, 3), "Y": (3, 4), "G": (4, 5), "P": (5, 6)}
GRAY_OUTER = {1: 3, 2: 2, 3: 1, 4: 4, 5: 5, 6: 6}
STAR_VALUE = {"P": 20, "G": 18, "O": 17, "Y": 16, "B": 15, "R": 14}
MULTICOLOUR = 12
ALL_N = {1: 4, 2: 8, 3: 12, 4: 16}


def features():
    """(spaces, bonus) for the 18 features."""
    out = []
    for s in OUTER:
        out.append(({f"{s}5", f"{s}6"}, 3))
        out.append(({f"{s}1", f"{s}2", f"{NEXT[s]}3", f"{NEXT[s]}4"}, 2))
        a, b = PILLAR_CENTRE[s]
        out.append(({f"{s}2", f"{s}3", f"C{a}", f"C{b}"}, 1))
    return out


FEATURES = features()


def printed(side: str, star: str, pos: int) -> int:
    if side == "coloured":
        return pos
    return 3 if star == "C" else GRAY_OUTER[pos]


def colour_allowed(side: str, board: dict[str, str], star: str, colour: str) -> bool:
    on_star = [board[f"{star}{p}"] for p in range(1, 7) if f"{star}{p}" in board]
    if side == "coloured":
        return colour not in on_star if star == "C" else colour == star
    if len(on_star) <= 1:
        return True
    if len(set(on_star)) == 1:  # two or more of one colour: a one-colour star
        return colour == on_star[0]
    return colour not in on_star  # two or more different: six different colours


def legal_placements(side: str, board: dict[str, str], hand: str, wild: str) -> set[tuple[str, int, str, int]]:
    held = Counter(hand)
    out = set()
    for star in STARS:
        for pos in range(1, 7):
            if f"{star}{pos}" in board:
                continue
            cost = printed(side, star, pos)
            for colour in LETTER.values():
                if not colour_allowed(side, board, star, colour):
                    continue
                if colour == wild:  # the wild colour is paid with its own tiles alone
                    if held[colour] >= cost:
                        out.add((star, pos, colour, 0))
                    continue
                for wilds in range(cost):  # at least one real tile
                    if held[colour] >= cost - wilds and held[wild] >= wilds:
                        out.add((star, pos, colour, wilds))
    return out


def run_points(board: dict[str, str], star: str, pos: int) -> int:
    covered = {p for p in range(1, 7) if f"{star}{p}" in board} | {pos}
    if len(covered) == 6:
        return 6
    n, p = 1, pos
    while (p % 6) + 1 in covered and (p % 6) + 1 != pos:
        n, p = n + 1, (p % 6) + 1
    p = pos
    while ((p - 2) % 6) + 1 in covered and ((p - 2) % 6) + 1 != pos:
        n, p = n + 1, ((p - 2) % 6) + 1
    return n


def bonus_for(board: dict[str, str], space: str) -> int:
    after = set(board) | {space}
    return sum(bonus for spaces, bonus in FEATURES if space in spaces and spaces <= after)


def with_floor(score: int, loss: int) -> int:
    return max(1, score - loss) if score > 1 else score


def final_score(side: str, running: int, board: dict[str, str], kept: str) -> int:
    total = running
    for star in STARS:
        tiles = [board.get(f"{star}{p}") for p in range(1, 7)]
        if None in tiles:
            continue
        if side == "coloured":
            total += MULTICOLOUR if star == "C" else STAR_VALUE[star]
        else:
            total += STAR_VALUE[tiles[0]] if len(set(tiles)) == 1 else MULTICOLOUR
    for n, bonus in ALL_N.items():
        spaces = [f"{s}{p}" for s in STARS for p in range(1, 7) if printed(side, s, p) == n]
        if all(sp in board for sp in spaces):
            total += bonus
    return with_floor(total, len(kept))


# --- the engine, seen from outside ------------------------------------------------


def engine_placements(g: Game) -> set[tuple[str, int, str, int]]:
    return {(m.star, m.space, LETTER[m.colour], m.wilds) for m in g.legal_moves() if m.kind == "place"}


def choose(g: Game, rng: random.Random, greedy: Agent):
    """Mostly placements, mostly on the fullest star or the greedy agent's
    choice, so boards fill up and the end scoring has complete stars to score.
    (The engine only steers the game here; it never judges it.)"""
    if rng.random() < 0.5:
        return greedy.choose(g)
    moves = g.legal_moves()
    places = [m for m in moves if m.kind == "place"]
    if not places or rng.random() > 0.95:
        return rng.choice(moves)
    if rng.random() < 0.5:
        return rng.choice(places)
    board = g.board(g.current_player)
    return max(places, key=lambda m: (sum(k[0] == m.star for k in board), -m.wilds, rng.random()))


def check_game(players: int, side: str, seed: int) -> dict[str, int]:
    g = Game(players=players, seed=seed, side=side)
    rng = random.Random(seed)
    greedy = Agent("greedy", seed=seed)
    seen = Counter()
    while not g.is_over:
        seat = g.current_player
        board, hand, wild = g.board(seat), g.hand(seat), LETTER[g.wild]
        if g.phase == "place" and not g.bonus_owed:
            assert engine_placements(g) == legal_placements(side, board, hand, wild), (seed, g.round, seat)
            seen["legality checks"] += 1
        move = choose(g, rng, greedy)
        score, supply = g.scores[seat], len(g.supply)
        g.play(move)
        if move.kind == "place":
            space = f"{move.star}{move.space}"
            assert g.scores[seat] - score == run_points(board, move.star, move.space), (seed, str(move))
            owed = min(bonus_for(board, space), supply)
            assert (g.bonus_owed if g.current_player == seat else 0) == owed, (seed, str(move))
            seen["placements"] += 1
            seen["bonus placements"] += owed > 0
        elif move.kind == "pass" and not g.is_over:
            assert g.scores[seat] == with_floor(score, len(hand) - len(move.tiles or "")), (seed, str(move))
            seen["passes"] += 1
    doc = g.setup()
    expected = [final_score(side, b["score"], g.board(i), b["kept"]) for i, b in enumerate(doc["boards"])]
    assert g.scores == expected, (seed, g.scores, expected)
    best = max(expected)
    assert g.winners == [i for i, s in enumerate(expected) if s == best]
    seen["completed stars"] += sum(
        all(f"{s}{p}" in g.board(i) for p in range(1, 7)) for i in range(players) for s in STARS
    )
    return seen


@pytest.mark.parametrize("side", ["coloured", "gray"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_engine_agrees_with_the_oracle(players, side):
    seen = Counter()
    for seed in range(4):
        seen += check_game(players, side, seed)
    # The games reached what the oracle is there to judge.
    assert seen["legality checks"] > 100 and seen["placements"] > 60 and seen["passes"] > 5
    assert seen["bonus placements"] > 3 and seen["completed stars"] > 0, seen


def test_the_oracle_itself_on_hand_checked_cases():
    # RULES: runs wrap 6→1; a lone tile scores 1; a full star 6.
    assert run_points({"B5": "B", "B6": "B", "B2": "B"}, "B", 1) == 4
    assert run_points({}, "B", 3) == 1
    assert run_points({f"B{p}": "B" for p in (1, 2, 3, 4, 5)}, "B", 6) == 6
    # Gray values and the colour rule.
    assert [printed("gray", "O", p) for p in range(1, 7)] == [3, 2, 1, 4, 5, 6]
    assert colour_allowed("gray", {"B1": "R", "B2": "R"}, "B", "G") is False
    assert colour_allowed("gray", {"B1": "R", "B2": "G"}, "B", "R") is False
    # The seeds' worked examples: 7 blue on blue 6; 3 blue + 3 purple (wild); 4 purple not on blue 1.
    assert ("B", 6, "B", 0) in legal_placements("coloured", {}, "BBBBBBB", "P")
    assert ("B", 6, "B", 3) in legal_placements("coloured", {}, "BBBPPP", "P")
    assert not any(p[0] == "B" for p in legal_placements("coloured", {}, "PPPP", "P"))
    assert len(FEATURES) == 18 and sum(b for _, b in FEATURES) == 36


def random_finished_position(rng: random.Random, players: int, side: str) -> dict:
    """A finished game's position file with random boards (each star empty,
    partly or wholly covered with colours its rules allow) and random leftovers."""
    doc = json.loads(Game(players=players, seed=rng.randrange(1000), side=side).to_json())
    pool = Counter(doc["bag"] + "".join(doc["factories"]) + doc["centre"] + doc["supply"] + doc["tower"])
    colours = list(LETTER.values())

    def take(c: str) -> bool:
        if pool[c] == 0:
            return False
        pool[c] -= 1
        return True

    for b in doc["boards"]:
        board: dict[str, str] = {}
        for star in STARS:
            n = rng.choice([0, 3, 5, 6, 6, 6])
            if side == "coloured":
                fill = [star] * 6 if star != "C" else rng.sample(colours, 6)
            elif rng.random() < 0.5:
                fill = [rng.choice(colours)] * 6
            else:
                fill = rng.sample(colours, 6)
            for pos in rng.sample(range(1, 7), n):
                if take(fill[pos - 1]):
                    board[f"{star}{pos}"] = fill[pos - 1]
        kept = "".join(c for c in rng.choices(colours, k=rng.randrange(5)) if take(c))
        b.update(covered=board, kept=kept, hand="", score=rng.choice([1, 2, 5, 40, 120]))
    doc.update(
        phase="over",
        round=6,
        factories=[""] * len(doc["factories"]),
        centre="",
        supply="",
        tower="",
        start_token=None,
        passed=[],
        bonus_owed=0,
        current_player=0,
    )
    doc["bag"] = "".join(c * n for c, n in pool.items())
    return doc


@pytest.mark.parametrize("side", ["coloured", "gray"])
def test_end_scoring_of_random_finished_boards(side):
    rng = random.Random(side)
    seen = Counter()
    for _ in range(400):
        players = rng.choice([2, 3, 4])
        doc = random_finished_position(rng, players, side)
        g = Game.from_setup(doc)
        expected = [final_score(side, b["score"], b["covered"], b["kept"]) for b in doc["boards"]]
        assert g.scores == expected, (doc["boards"], g.final_breakdown())
        for b in doc["boards"]:
            for star in STARS:
                tiles = {b["covered"].get(f"{star}{p}") for p in range(1, 7)}
                if None not in tiles:
                    seen[(star == "C", len(tiles) == 1)] += 1
    # Every kind of complete star was scored: outer and centre, one colour and (gray) six colours.
    kinds = {(True, False), (False, True)} | ({(True, True), (False, False)} if side == "gray" else set())
    assert all(seen[k] > 20 for k in kinds), seen
