"""What training reads from self-play data (`train.akropolis_examples`), without
PyTorch: each decision's targets for every seat from its mover's view, the
value target blended from the game's result and the search's own value, and
the learning rate's schedule."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pavilion.learn import selfplay
from pavilion.learn.examples import SEATS, akropolis_examples, encode, find_shards, seat_targets
from pavilion.learn.train import Settings, learning_rate

pytest.importorskip("pyarrow")


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    out = tmp_path_factory.mktemp("selfplay") / "run"
    selfplay.selfplay("mcts:iterations=40", games=3, out=str(out), threads=1, akropolis_options={})
    return selfplay.read(out)


def test_each_decision_is_seen_from_its_mover(data):
    ex = akropolis_examples(data)
    assert len(ex.win) == len(data["game"]) == 3 * 36
    for i in range(len(ex.win)):
        seat = int(data["to_move"][i])
        scores = data["scores"][i].tolist()
        assert ex.win[i] == data["returns"][i][seat]
        assert ex.margin[i] == scores[seat] - scores[1 - seat]
        # The other seat next, then the padding of a 4-seat row.
        assert ex.seat_win[i].tolist() == [data["returns"][i][seat], data["returns"][i][1 - seat], 0, 0]
        assert ex.seat_margin[i].tolist() == [ex.margin[i], -ex.margin[i], 0, 0]
        assert ex.players[i] == 2
        moves = ex.moves[ex.first_move[i] : ex.first_move[i + 1]]
        assert len(moves) == len(data["legal_moves"][i]) == len(ex.policy[ex.first_move[i] : ex.first_move[i + 1]])


def test_the_value_target_blends_the_result_with_the_searchs_value(data):
    ex = akropolis_examples(data)
    assert not np.isnan(ex.search_value).any(), "an Akropolis turn always has moves to search"
    # A decision with one legal move records NaN: the target is then the result alone.
    ex.search_value = ex.search_value.copy()
    ex.search_value[:5] = np.nan
    searched = ~np.isnan(ex.search_value)
    assert np.array_equal(ex.value_target(0.0), ex.seat_win)
    whole = ex.value_target(1.0)
    assert np.array_equal(whole[searched, 0], ex.search_value[searched])
    # Where nothing was searched (one legal move), the result alone.
    assert np.array_equal(whole[~searched], ex.seat_win[~searched])
    half = ex.value_target(0.5)
    assert np.allclose(half[searched, 0], (ex.win[searched] + ex.search_value[searched]) / 2)
    # The other seat takes the rest, and the padding nothing.
    for target in (whole, half):
        assert np.allclose(target.sum(axis=1), 1) and not target[:, 2:].any()


def test_at_three_players_each_seat_is_seen_from_the_mover_on():
    # Seat 1 moves; the seats follow in turn order: 1, 2, 0. Seat 2 won; the scores 50, 60, 70.
    returns = np.array([[0.0, 0.0, 1.0], [0.5, 0.0, 0.5]], np.float32)
    scores = np.array([[50, 60, 70], [70, 60, 70]], np.float32)
    win, margin, players = seat_targets(returns, scores, np.array([1, 2]))
    assert win.shape == margin.shape == (2, SEATS) and players.tolist() == [3, 3]
    assert win[0].tolist() == [0.0, 1.0, 0.0, 0.0]
    assert margin[0].tolist() == [60 - 70, 70 - 60, 50 - 70, 0]
    # Seat 2 moves: 2, 0, 1; seats 0 and 2 share the win.
    assert win[1].tolist() == [0.5, 0.5, 0.0, 0.0]
    assert margin[1].tolist() == [0, 0, 60 - 70, 0]


def test_at_three_players_the_search_value_leaves_the_others_their_proportions():
    from pavilion.learn.examples import Examples

    def examples(seat_win, search_value):
        n = len(seat_win)
        return Examples(
            position=np.zeros((n, 1), np.float32),
            moves=np.zeros((0, 1), np.float32),
            owner=np.zeros(0, np.int64),
            policy=np.zeros(0, np.float32),
            seat_win=np.asarray(seat_win, np.float32),
            seat_margin=np.zeros((n, SEATS), np.float32),
            board=np.zeros(0, np.int32),
            board_count=np.zeros(n, np.int64),
            players=np.full(n, 3, np.int64),
            game=np.arange(n),
            search_value=np.asarray(search_value, np.float32),
            full=np.ones(n, np.bool_),
        )

    ex = examples([[0.0, 0.25, 0.75, 0], [1.0, 0.0, 0.0, 0], [0.0, 0.5, 0.5, 0]], [0.5, 0.6, np.nan])
    target = ex.value_target(0.5)
    # The mover 0.25; the rest (0.75) split 1:3 as the results were.
    assert np.allclose(target[0], [0.25, 0.1875, 0.5625, 0])
    # The mover won alone: 0.8, and the others share the 0.2 left equally.
    assert np.allclose(target[1], [0.8, 0.1, 0.1, 0])
    # Nothing searched: the result.
    assert np.allclose(target[2], [0.0, 0.5, 0.5, 0])


def test_a_sample_of_the_unvisited_moves_is_kept_with_every_visited_one(data):
    whole = akropolis_examples(data)
    kept = akropolis_examples(data, unvisited_moves=4, seed=1)
    assert np.array_equal(kept.position, whole.position) and np.array_equal(kept.win, whole.win)
    for i in range(len(whole.win)):
        every = whole.policy[whole.first_move[i] : whole.first_move[i + 1]]
        some = kept.policy[kept.first_move[i] : kept.first_move[i + 1]]
        assert np.array_equal(np.sort(some[some > 0]), np.sort(every[every > 0]))
        assert (some == 0).sum() == min(4, (every == 0).sum())
        assert abs(some.sum() - 1) < 1e-5
    again = akropolis_examples(data, unvisited_moves=4, seed=1)
    assert np.array_equal(again.moves, kept.moves), "the same seed keeps the same moves"
    assert not np.array_equal(akropolis_examples(data, unvisited_moves=4, seed=2).moves, kept.moves)


@pytest.fixture(scope="module")
def sharded(tmp_path_factory):
    out = tmp_path_factory.mktemp("selfplay") / "run"
    selfplay.selfplay("mcts:iterations=40", games=3, out=str(out), threads=1, shard_games=1, akropolis_options={})
    return out


def same(a, b) -> bool:
    return all(np.array_equal(getattr(a, f), getattr(b, f), equal_nan=True) for f in a.__dataclass_fields__)


def test_shards_encode_as_the_whole_folder_does_in_one_process_or_several(sharded):
    game, players, _, played, shards = find_shards([sharded])
    assert (game, players, len(shards)) == ("akropolis", 2, 3)
    # How the games were played, for the network's manifest (a network's data reproducible from it);
    # a run without fast searches writes no fast-search settings.
    assert played == [{"seed": 0, "games": 3, "sample_moves": 0, "fast_iterations": None, "full_share": None}]
    whole = akropolis_examples(selfplay.read(sharded), unvisited_moves=4, seed=1)
    # The sample of unvisited moves hangs on the seed, the game and the ply only, not on how the data is split.
    assert same(encode(game, shards, 4, 1, threads=1), whole)
    assert same(encode(game, shards, 4, 1, threads=2), whole)


def test_a_second_folders_games_are_numbered_after_the_first_ones(sharded):
    _, _, _, _, shards = find_shards([sharded, sharded])
    assert [s.game_offset for s in shards] == [0, 0, 0, 3, 3, 3]
    assert selfplay.shard_summary(shards[-1].path)[1] == 2
    twice = encode("akropolis", shards, 4, 1, threads=1)
    assert np.array_equal(np.unique(twice.game), np.arange(6))
    once = encode("akropolis", shards[:3], 4, 1, threads=1)
    n = len(once.win)
    assert np.array_equal(twice.position[n:], once.position)
    assert np.array_equal(twice.owner[len(once.owner) :], once.owner + n), "each move stays with its decision"


def test_the_cosine_schedule_brings_the_learning_rate_from_lr_down_to_0():
    cosine, constant = Settings(lr=0.002, lr_schedule="cosine"), Settings(lr=0.002)
    assert [learning_rate(cosine, k, 100) for k in (0, 50, 100)] == pytest.approx([0.002, 0.001, 0.0])
    steps = [learning_rate(cosine, k, 100) for k in range(101)]
    assert all(a > b for a, b in itertools.pairwise(steps)), "it only comes down"
    assert {learning_rate(constant, k, 100) for k in range(101)} == {0.002}


def test_a_fast_searchs_decision_keeps_no_moves_and_a_full_ones_all(data):
    # Playout-cap randomisation: only a full search's policy is a target.
    full = np.arange(len(data["game"])) % 3 == 0
    ex = akropolis_examples({**data, "full": full})
    counts = np.diff(ex.first_move)
    assert (counts[~full] == 0).all()
    assert counts[full].tolist() == [len(data["legal_moves"][i]) for i in np.flatnonzero(full)]
    assert ex.full.tolist() == full.tolist()
    # Every decision still has its position and value targets.
    assert len(ex.position) == len(ex.win) == len(full)
    # Data without the column (no fast searches): every decision is a full one.
    assert akropolis_examples(data).full.all()
