"""`akropolis.Game.encode()`: what a network sees, as numpy arrays, from the
view of the player to move; nothing hidden enters it (docs/ENCODING.md)."""

from __future__ import annotations

import numpy as np

from conftest import ROOT
from pavilion import akropolis

#: Site slots in a move's row (docs/ENCODING.md): its index one-hot comes first.
SLOTS = 6
#: Where a move's row holds the change of the mover's total (divided by 20).
TOTAL_CHANGE = SLOTS + 1 + 2 + 15 + 1


def play_some(game: akropolis.Game, moves: int) -> akropolis.Game:
    agent = akropolis.Agent("random", seed=5)
    for _ in range(moves):
        game.play(agent.choose(game))
    return game


def test_the_arrays_follow_the_published_layout():
    g = play_some(akropolis.Game(players=3, seed=2), 7)
    e = g.encode()
    assert e["position"].dtype == np.float32 and e["position"].shape == (akropolis.POSITION_FEATURES,)
    assert e["moves"] == g.legal_moves()
    assert e["move_features"].shape == (len(e["moves"]), akropolis.MOVE_FEATURES)
    assert e["planes"].shape == akropolis.PLANES_SHAPE == (4, 12, 15, 15)
    assert e["outside_window"] == 0
    assert akropolis.ENCODING_FACES == "hmbtgqHMBTG" and akropolis.ENCODING_VERSION >= 1
    # The mover's city comes first: its planes hold exactly its visible hexes.
    mover = g.current_player
    assert e["planes"][0, :11].sum() == len(g.city(mover))
    assert e["planes"][3].sum() == 0, "no fourth seat"


def test_the_order_of_the_face_down_stacks_never_shows():
    # A position file holds the face-down tiles sorted: the real order is lost,
    # and the encoding is the same.
    for seed in range(4):
        g = play_some(akropolis.Game(players=2, seed=seed), 5 + seed)
        again = akropolis.Game.from_json(g.to_json())
        a, b = g.encode(), again.encode()
        for key in ("position", "move_features", "planes"):
            assert np.array_equal(a[key], b[key]), key
        assert a["moves"] == b["moves"]


def test_each_move_row_is_that_move_s_effect():
    g = akropolis.Game(players=2, seed=7)
    e = g.encode()
    for m, row in zip(e["moves"], e["move_features"], strict=True):
        assert row[m.index] == 1.0 and row[:SLOTS].sum() == 1.0
    # The score change column agrees with the engine's own scoring.
    for m, row in list(zip(e["moves"], e["move_features"], strict=True))[::37]:
        after = g.copy()
        after.play(m)
        gain = after.scores[0] - g.scores[0]
        assert np.isclose(row[TOTAL_CHANGE] * 20, gain), str(m)


def test_a_network_option_that_cannot_be_used_is_one_clear_error(tmp_path):
    from click.testing import CliRunner

    from pavilion.cli import main

    golden = ROOT / "seeds" / "nets" / "tiny-akropolis.safetensors"
    runner = CliRunner()
    cases = [
        (["arena", f"mcts:net={golden}", "greedy", "--games", "1"], "the network reads 'akropolis' encoding 1"),
        (["akropolis", "arena", f"mcts:net={tmp_path / 'none.safetensors'}", "greedy"], "No such file"),
        (["akropolis", "arena", f"mcts:net={ROOT / 'README.md'}", "greedy"], "not safetensors"),
        # A device has no size to check first: it is read to just past the limit, then refused.
        (["akropolis", "arena", "mcts:net=/dev/zero", "greedy"], "is larger than 64 MB"),
    ]
    for args, why in cases:
        r = runner.invoke(main, args)
        assert r.exit_code == 2 and why in r.output and "Traceback" not in r.output, (args, r.output)
    # The golden network plays: a guided search's move is legal.
    game = akropolis.Game(seed=4)
    move = akropolis.Agent(f"mcts:net={golden},iterations=25", seed=2).choose(game)
    assert move in game.legal_moves()
    # Judging at the round's end (a rollout to the next tile turned up), it plays too, the same for a seed.
    staged = [akropolis.Agent(f"mcts:net={golden},horizon=stage,iterations=60", seed=2).choose(game) for _ in range(2)]
    assert staged[0] in game.legal_moves() and staged[0] == staged[1]


def test_summer_pavilion_s_encoding_scales_the_observation_and_names_each_move():
    import pavilion
    from pavilion._engine import OBSERVATION_LEN, OptionsError, action_features, encode_observations

    g = pavilion.Game(players=3, seed=4)
    observation = g.observation(g.current_player)
    features = encode_observations(observation[None, :])
    assert features.shape == (1, pavilion.POSITION_FEATURES)
    assert features.min() >= 0 and features.max() <= 1 < observation.max()  # the bag's counts are scaled
    # Version 2 appends each board's prospects: the first is the bonuses won, none yet.
    prospects = features[0, OBSERVATION_LEN:]
    assert len(prospects) == pavilion.POSITION_FEATURES - OBSERVATION_LEN == 4 * 19
    assert prospects[0] == 0 and prospects[1] == g.scores[g.current_player] / 100
    table = action_features()
    assert table.shape == (pavilion.NUM_ACTIONS, pavilion.MOVE_FEATURES)
    legal = g.legal_actions()
    assert len({table[a].tobytes() for a in legal}) == len(legal)
    try:
        encode_observations(np.zeros((2, 5), dtype=np.float32))
    except OptionsError as e:
        assert "shape (N, 1338)" in str(e)
    else:
        raise AssertionError("a wrong shape is refused")
    # Hostile numbers (a score past any integer, NaN everywhere) are read, never a panic.
    hostile = np.full((2, OBSERVATION_LEN), np.nan, dtype=np.float32)
    hostile[0] = observation
    score = next(b["offset"] for b in pavilion.OBSERVATION_LAYOUT if b["name"] == "players[0].score")
    hostile[0, score] = 3e38
    assert encode_observations(hostile).shape == (2, pavilion.POSITION_FEATURES)
    try:
        encode_observations(observation[None, :], "purple")
    except OptionsError as e:
        assert "coloured or gray" in str(e)
    else:
        raise AssertionError("an unknown side is refused")
