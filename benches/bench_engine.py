"""pytest-benchmark suite over the same paths as `pavilion bench`.

Run for timings with `python -m pytest benches --benchmark-enable`; the normal
test run smoke-runs each once (`--benchmark-disable` in pyproject). Every
benchmark asserts the count its workload processed, so it cannot silently
measure different code.
"""

import pytest

from pavilion._engine.bench import (
    AkropolisPositions,
    Positions,
    akropolis_net_mcts,
    akropolis_net_values,
    akropolis_random_games,
    mcts,
    net_mcts,
    net_values,
    random_games,
)
from pavilion.services.bench import python_random_games

# Counts of these fixed workloads; they change only when the rules or the search change.
MOVEGEN_300 = 12792
RANDOM_MOVES_200 = {2: 16040, 3: 21572, 4: 27036}
PYTHON_STEPS_20 = 1625
AKROPOLIS_MOVEGEN_300 = 86826
AKROPOLIS_TURNS_AND_POINTS_200 = 28751


@pytest.fixture(scope="module")
def positions():
    return Positions(300)


@pytest.mark.benchmark(group="movegen")
def test_movegen(benchmark, positions):
    assert benchmark(positions.movegen) == MOVEGEN_300


@pytest.mark.benchmark(group="random games (Rust)")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_one_thread(benchmark, players):
    assert benchmark(random_games, players, 200, 0, 1) == RANDOM_MOVES_200[players]


@pytest.mark.benchmark(group="random games (Rust)")
def test_random_games_two_threads(benchmark):
    moves = benchmark(random_games, 2, 400, 0, 2)
    assert 400 * 60 < moves < 400 * 120, "2-player random games average about 80 moves"


@pytest.mark.benchmark(group="Python-driven steps")
def test_python_driven_games(benchmark):
    assert benchmark(python_random_games, 20) == PYTHON_STEPS_20


@pytest.mark.benchmark(group="MCTS")
@pytest.mark.parametrize("rollout", ["uniform", "informed"])
def test_mcts_one_thread(benchmark, rollout):
    nodes, visits = benchmark(mcts, 2000, 1, rollout)
    assert nodes == 2001, "one node expanded per iteration"
    assert 0 < visits <= 2000


@pytest.mark.benchmark(group="MCTS")
def test_mcts_two_threads(benchmark):
    nodes, _ = benchmark(mcts, 4000, 2, "uniform")
    assert nodes == 4002


@pytest.mark.benchmark(group="akropolis")
def test_akropolis_movegen(benchmark):
    positions = AkropolisPositions(300)
    assert benchmark(positions.movegen) == AKROPOLIS_MOVEGEN_300


@pytest.mark.benchmark(group="akropolis")
def test_akropolis_random_games(benchmark):
    assert benchmark(akropolis_random_games, 2, 200, 0) == AKROPOLIS_TURNS_AND_POINTS_200


@pytest.mark.benchmark(group="network")
def test_shipped_network_values(benchmark):
    assert benchmark(net_values, 2000) == 2000


@pytest.mark.benchmark(group="network")
def test_search_with_the_shipped_network_and_its_mix(benchmark):
    nodes, visits = benchmark(net_mcts, 2000)
    assert nodes == 2001 and 0 < visits <= 2000


@pytest.mark.benchmark(group="akropolis network")
def test_akropolis_shipped_network_values(benchmark):
    assert benchmark(akropolis_net_values, 2000) == 2000


@pytest.mark.benchmark(group="akropolis network")
def test_akropolis_search_with_the_shipped_network(benchmark):
    nodes, visits = benchmark(akropolis_net_mcts, 2000)
    # A node a walk, and one more where a walk goes on below a move opened
    # with the rerank's value (its seed): more than one a walk, never two.
    assert 2001 < nodes < 4001 and 0 < visits <= 2000
