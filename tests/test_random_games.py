"""Random simulation driven by hypothesis: invariants at every step."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pavilion
from pavilion import Game, IllegalMoveError

CENSUS = {c: 22 for c in pavilion.COLOURS}


def check_step(g: Game, strict: bool) -> list[int]:
    assert g.census() == CENSUS
    assert all(s >= 1 for s in g.scores)
    actions = g.legal_actions()
    assert bool(actions) != g.is_over
    if strict:
        assert Game.from_json(g.to_json()) == g
        listed = set(actions)
        for a in range(pavilion.NUM_ACTIONS):
            if a not in listed:
                h = g.copy()
                try:
                    h.apply_action(a)
                except IllegalMoveError:
                    continue
                raise AssertionError(f"unlisted action {a} ({pavilion.Move.from_action(a)}) accepted")
    return actions


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(2, 4),
    side=st.sampled_from(["coloured", "gray"]),
    seed=st.integers(0, 2**64 - 1),
    choices=st.randoms(use_true_random=False),
)
def test_full_random_games_keep_invariants(players, side, seed, choices):
    g = Game(players=players, seed=seed, side=side)
    steps = 0
    while True:
        actions = check_step(g, strict=False)
        if not actions:
            break
        move = pavilion.Move.from_action(choices.choice(actions))
        assert g.is_legal(move)
        g.play(move)
        if steps % 7 == 0:
            assert Game.from_json(g.to_json()) == g
        steps += 1
    assert g.round == 6 and g.phase == "over" and g.winners


@settings(max_examples=8, deadline=None)
@given(players=st.integers(2, 4), side=st.sampled_from(["coloured", "gray"]), seed=st.integers(0, 10**9))
def test_no_unlisted_action_is_accepted(players, side, seed):
    g = Game(players=players, seed=seed, side=side)
    rng = random.Random(seed)
    for _ in range(40):
        actions = check_step(g, strict=True)
        if not actions:
            break
        g.apply_action(rng.choice(actions))


def test_same_seed_same_game():
    def play(seed):
        g = Game(players=3, seed=seed)
        a = pavilion.Agent("random", seed=5)
        while not g.is_over:
            g.play(a.choose(g))
        return g.to_json()

    assert play(8) == play(8)
    assert play(8) != play(9)


def test_redraw_hidden_keeps_the_visible_position():
    g = Game(seed=1)
    h = g.copy()
    h.redraw_hidden(12345)
    assert h.factories == g.factories and h.bag == g.bag and h.legal_moves() == g.legal_moves()
    assert h.to_json() != g.to_json(), "only the rng field differs"


def test_a_thousand_seeded_games_from_python():
    # 200 games per player count and side, every step checked.
    games = 0
    for players in (2, 3, 4):
        for side in ("coloured", "gray"):
            for seed in range(200):
                g = Game(players=players, seed=seed, side=side)
                rng = random.Random(seed)
                while True:
                    actions = check_step(g, strict=False)
                    if not actions:
                        break
                    g.apply_action(rng.choice(actions))
                assert g.phase == "over"
                games += 1
    assert games == 1200
