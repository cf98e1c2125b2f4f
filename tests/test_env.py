"""The learning interface: action masks, observations with a documented
layout that hides the bag's order, and the PettingZoo environment (its own
API and seed tests)."""

from __future__ import annotations

import random
import sys

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from pavilion import NUM_ACTIONS, OBSERVATION_LAYOUT, OBSERVATION_LEN, Agent, Game, IllegalMoveError, OptionsError
from pavilion.learn.env import env


def block(name: str) -> slice:
    b = next(b for b in OBSERVATION_LAYOUT if b["name"] == name)
    return slice(b["offset"], b["offset"] + b["length"])


def test_the_layout_tiles_the_observation():
    offsets = [b["offset"] for b in OBSERVATION_LAYOUT]
    ends = [b["offset"] + b["length"] for b in OBSERVATION_LAYOUT]
    assert offsets[0] == 0 and offsets[1:] == ends[:-1] and ends[-1] == OBSERVATION_LEN
    assert all(b["help"] for b in OBSERVATION_LAYOUT)


@pytest.mark.parametrize(("players", "side"), [(2, "coloured"), (3, "gray"), (4, "coloured")])
def test_masks_and_observations_follow_the_game(players, side):
    g = Game(players=players, side=side, seed=players)
    agent = Agent("random", seed=1)
    while not g.is_over:
        mask = g.legal_actions_mask()
        assert mask.dtype == np.bool_ and mask.shape == (NUM_ACTIONS,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(g.legal_actions())
        me = g.current_player
        obs = g.observation(me)
        assert obs.dtype == np.float32 and obs.shape == (OBSERVATION_LEN,)
        # Read back what the layout promises, against the game itself.
        assert obs[block("round")].tolist().index(1.0) == g.round - 1
        colours = "PGOYBR"
        assert obs[block("supply")].tolist() == [g.supply.count(c) for c in colours]
        assert obs[block("players[0].hand")].tolist() == [g.hand(me).count(c) for c in colours]
        assert obs[block("players[0].to_move")][0] == 1.0
        assert obs[block("players[0].score")][0] == g.scores[me]
        spaces = obs[block("players[0].spaces")].reshape(42, 7)
        covered = g.board(me)
        assert int(spaces[:, 1:].sum()) == len(covered)
        nxt = (me + 1) % players
        assert obs[block("players[1].score")][0] == g.scores[nxt]
        if players < 4:
            assert not obs[block(f"players[{players}].present")].any()
        g.play(agent.choose(g))
    assert not g.legal_actions_mask().any()


def test_observations_never_show_the_bag_order():
    g = Game(seed=4)
    h = g.copy()
    h.redraw_hidden(99)
    for seat in range(2):
        assert np.array_equal(g.observation(seat), h.observation(seat))
    with pytest.raises(OptionsError):
        g.observation(2)


def test_arrays_without_numpy_say_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "numpy", None)
    with pytest.raises(OptionsError, match=r"pip install 'pavilion\[rl\]'"):
        Game(seed=1).legal_actions_mask()


# PettingZoo's own classic games warn the same: a dict observation carries the action mask.
EXPECTED_WARNINGS = [
    "ignore:Observation space for each agent probably should be",
    "ignore:Observation is not a NumPy array",
]


@pytest.mark.filterwarnings(*EXPECTED_WARNINGS)
@pytest.mark.parametrize(("players", "side"), [(2, "coloured"), (3, "gray"), (4, "coloured")])
def test_pettingzoo_api(players, side):
    api_test(env(players=players, side=side), num_cycles=300)


def test_pettingzoo_seed():
    seed_test(env, num_cycles=100)


def test_a_whole_game_through_the_environment():
    e = env(players=3)
    e.reset(seed=11)
    rng = random.Random(2)
    steps = 0
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert e.possible_agents.index(agent) == e.game.current_player
        e.step(int(rng.choice(legal.tolist())))
        steps += 1
    assert e.game.is_over and steps == len(e.game.move_stack)
    assert not e.agents


def test_an_illegal_action_is_refused():
    e = env()
    e.reset(seed=1)
    illegal = int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        e.step(illegal)
    with pytest.raises(OptionsError):
        env(players=5)


def test_the_module_example_runs():
    import doctest

    import pavilion.learn.env

    assert doctest.testmod(pavilion.learn.env).failed == 0


def test_vecgame_equals_stepping_the_same_games_one_by_one():
    from pavilion import VecGame

    n, seed = 5, 40
    v = VecGame(n, players=3, side="gray", seed=seed)
    singles = [Game(players=3, side="gray", seed=seed + i) for i in range(n)]
    started = [1] * n
    rng = np.random.default_rng(3)
    finished = 0
    for _ in range(400):
        ids, offsets = v.legal_actions()
        for i, g in enumerate(singles):
            assert sorted(ids[offsets[i] : offsets[i + 1]].tolist()) == sorted(g.legal_actions())
            assert np.array_equal(v.observations()[i], g.observation(g.current_player))
        assert v.to_move().tolist() == [g.current_player for g in singles]
        pick = offsets[:-1] + (rng.random(n) * np.diff(offsets)).astype(np.int32)
        actions = ids[pick].astype(np.int64)
        rewards, done, to_move = v.step(actions)
        for i, g in enumerate(singles):
            g.apply_action(int(actions[i]))
            if g.is_over:
                share = [(1 / len(g.winners) if s in g.winners else 0.0) for s in range(3)]
                assert done[i] and rewards[i].tolist() == pytest.approx(share)
                singles[i] = Game(players=3, side="gray", seed=seed + i + started[i] * n)
                started[i] += 1
                finished += 1
            else:
                assert not done[i] and not rewards[i].any()
        assert to_move.tolist() == [g.current_player for g in singles]
        assert all(v.game(i) == g for i, g in enumerate(singles))
    assert finished >= 5, "the run should have reset some games"


def test_vecgame_refuses_bad_actions_and_options():
    from pavilion import VecGame

    v = VecGame(3, seed=1)
    ids, offsets = v.legal_actions()
    good = ids[offsets[:-1]].astype(np.int64)
    bad = good.copy()
    bad[1] = 1991 if 1991 not in ids[offsets[1] : offsets[2]] else 0
    before = [v.game(i) for i in range(3)]
    with pytest.raises(IllegalMoveError, match="env 1"):
        v.step(bad)
    assert [v.game(i) for i in range(3)] == before, "no game moved"
    for wrong in ([1, 2], "abc", [1.5, 2, 3], None):
        with pytest.raises((OptionsError, IllegalMoveError)):
            v.step(wrong)
    with pytest.raises(IllegalMoveError):
        v.step([-1, 0, 0])
    for kwargs in ({"num_envs": 0}, {"num_envs": 2, "players": 5}, {"num_envs": 2, "side": "blue"}):
        with pytest.raises(OptionsError):
            VecGame(**kwargs)
    v.step(good.tolist())  # a list of ints works as well as an array


def test_the_rewards_come_at_the_end_as_win_shares():
    for seed in range(4):
        e = env(players=2 + seed % 3, side=["coloured", "gray"][seed % 2])
        e.reset(seed=seed)
        rng = random.Random(seed)
        rewards_seen = []
        finals = {}
        for agent in e.agent_iter():
            obs, reward, terminated, truncated, _info = e.last()
            if terminated or truncated:
                finals[agent] = reward
                with pytest.raises(ValueError):  # a finished seat takes no action
                    e.step(0)
                e.step(None)
                continue
            rewards_seen.append(reward)
            others = [a for a in e.agents if a != agent]
            assert all(not e.observe(a)["action_mask"].any() for a in others)  # only the mover has moves
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
        assert set(rewards_seen) == {0.0}
        winners = e.game.winners
        assert finals == {f"player_{s}": (1 / len(winners) if s in winners else 0.0) for s in range(e.game.players)}


def test_the_environment_deals_the_game_its_options_and_seed_say():
    e = env(players=3, side="gray", render_mode="ansi")
    e.reset(seed=42)
    assert e.game.to_json() == Game(players=3, side="gray", seed=42).to_json()
    assert e.render() == str(e.game)
    assert env().render() is None
    from pavilion.learn.env import SummerPavilionEnv

    for default in (env(), SummerPavilionEnv()):
        default.reset(seed=1)
        assert default.possible_agents == ["player_0", "player_1"]
        assert default.game.to_json() == Game(players=2, side="coloured", seed=1).to_json()
    for bad, message in [({"players": 5}, "players"), ({"side": "plaid"}, "side")]:
        with pytest.raises(OptionsError, match=message):
            env(**bad)
    space = e.observation_space("player_0")
    assert space["observation"].dtype == np.float32 and space["observation"].shape == (OBSERVATION_LEN,)
    assert space["action_mask"].dtype == np.int8 and space["action_mask"].high.max() == 1
    assert space["action_mask"].shape == (NUM_ACTIONS,) and e.action_space("player_1").n == NUM_ACTIONS
    with pytest.raises(ValueError, match=r"^player_0 is to move: give an action id$"):
        e.step(None)
