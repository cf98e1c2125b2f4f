"""Fuzzing every public function and constructor with hostile values: huge and
negative ints, nan/inf/1e308, wrong types. Bad input may only raise a
`ValueError` subclass (the API's promise) or `TypeError` for a wrong type —
never OverflowError, a Rust panic (PanicException) or anything else."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import pavilion
from pavilion import Agent, Game, Move, Search, VecGame, akropolis, play_matches
from pavilion._engine import action_features, bench, encode_observations, selfplay, space_cost, star_points, text
from pavilion._engine import akropolis as engine_akropolis

# Valid values are mostly left out on purpose where they would start long work
# (perft(8), a 2**40-iteration search): ints here are negative or beyond every range.
hostile = st.one_of(
    st.integers(min_value=-(2**100), max_value=-1),
    st.integers(min_value=2**41, max_value=2**100),
    st.sampled_from([math.nan, math.inf, -math.inf, 1e308, -1e308, -0.5, 1e7, 2.5]),
    st.text(max_size=12),
    st.none(),
    st.booleans(),
    st.binary(max_size=4),
    st.lists(st.integers(min_value=-(2**70), max_value=2**70), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


def fresh_game() -> Game:
    g = Game(seed=5)
    g.play(g.legal_moves()[0])
    return g


CALLS = {
    "Game(players)": lambda x: Game(players=x),
    "Game(seed)": lambda x: Game(seed=x),
    "Game(side)": lambda x: Game(side=x),
    "Game(wild_order)": lambda x: Game(wild_order=x),
    "hand": lambda x: fresh_game().hand(x),
    "kept": lambda x: fresh_game().kept(x),
    "has_passed": lambda x: fresh_game().has_passed(x),
    "board": lambda x: fresh_game().board(x),
    "play": lambda x: fresh_game().play(x),
    "LegalMoves[index]": lambda x: fresh_game().legal_moves()[x],
    "LegalMoves.index": lambda x: fresh_game().legal_moves().index(x),
    "LegalMoves.count": lambda x: fresh_game().legal_moves().count(x),
    "LegalMoves.__contains__": lambda x: x in fresh_game().legal_moves(),
    "LegalMoves.__eq__": lambda x: fresh_game().legal_moves() == x,
    "is_legal": lambda x: fresh_game().is_legal(x),
    "apply_action": lambda x: fresh_game().apply_action(x),
    "observation": lambda x: fresh_game().observation(x),
    "VecGame(num_envs)": lambda x: VecGame(x),
    "VecGame(players)": lambda x: VecGame(2, players=x),
    "VecGame(side)": lambda x: VecGame(2, side=x),
    "VecGame(seed)": lambda x: VecGame(2, seed=x),
    "VecGame.step": lambda x: VecGame(2).step(x),
    "VecGame.game": lambda x: VecGame(2).game(x),
    "to_json": lambda x: fresh_game().to_json(indent=x),
    "from_json": lambda x: Game.from_json(x),
    "from_setup": lambda x: Game.from_setup(x),
    "redraw_hidden": lambda x: fresh_game().redraw_hidden(x),
    "perft": lambda x: fresh_game().perft(x),
    "Move.parse": lambda x: Move.parse(x),
    "Move.from_action": lambda x: Move.from_action(x),
    "Agent(spec)": lambda x: Agent(x),
    "Agent(seed)": lambda x: Agent("greedy", seed=x),
    "Agent.choose": lambda x: Agent("greedy").choose(x),
    "Search(game)": lambda x: Search(x),
    "Search(seed)": lambda x: Search(fresh_game(), seed=x),
    "Search(threads)": lambda x: Search(fresh_game(), threads=x),
    "Search(rollout)": lambda x: Search(fresh_game(), rollout=x),
    "Search(exploration)": lambda x: Search(fresh_game(), exploration=x),
    "Search(margin)": lambda x: Search(fresh_game(), margin=x),
    "Search(memory_mb)": lambda x: Search(fresh_game(), memory_mb=x),
    "Search(parallel)": lambda x: Search(fresh_game(), parallel=x),
    "Search(widening)": lambda x: Search(fresh_game(), widening=x),
    "Search(moves)": lambda x: Search(fresh_game(), moves=x),
    "Search(moves=[x])": lambda x: Search(fresh_game(), moves=[x]),
    "Search.run(iterations)": lambda x: Search(fresh_game()).run(iterations=x),
    "Search.run(seconds)": lambda x: Search(fresh_game()).run(seconds=x),
    "Search.result(top)": lambda x: Search(fresh_game()).result(top=x),
    "Search.result(pv_length)": lambda x: Search(fresh_game()).result(pv_length=x),
    "play_matches(agents)": lambda x: play_matches(x, [0]),
    "play_matches(indices)": lambda x: play_matches(["random"], x),
    "play_matches(players)": lambda x: play_matches(["random"], [0], players=x),
    "play_matches(side)": lambda x: play_matches(["random"], [0], side=x),
    "play_matches(seed)": lambda x: play_matches(["random"], [0], seed=x),
    "play_matches(threads)": lambda x: play_matches(["random"], [0], threads=x),
    "selfplay(agent)": lambda x: selfplay(x, []),
    "selfplay(indices)": lambda x: selfplay("mcts:iterations=1", x),
    "selfplay(players)": lambda x: selfplay("mcts", [], players=x),
    "selfplay(side)": lambda x: selfplay("mcts", [], side=x),
    "selfplay(seed)": lambda x: selfplay("mcts", [], seed=x),
    "selfplay(threads)": lambda x: selfplay("mcts", [], threads=x),
    "selfplay(sample_moves)": lambda x: selfplay("mcts", [], sample_moves=x),
    "space_cost(space)": lambda x: space_cost("gray", "B", x),
    "space_cost(star)": lambda x: space_cost("coloured", x, 3),
    "star_points(covered)": lambda x: star_points(x, 3),
    "encode_observations": lambda x: encode_observations(x),
    "action_features": lambda x: action_features(*([x] if x is not None else [])),
    "star_points(space)": lambda x: star_points([1], x),
    "bench.Positions": lambda x: bench.Positions(x),
    "bench.random_games(players)": lambda x: bench.random_games(x, 1),
    "bench.mcts(threads)": lambda x: bench.mcts(10, threads=x),
    "bench.AkropolisPositions": lambda x: bench.AkropolisPositions(x),
    "bench.akropolis_random_games(players)": lambda x: bench.akropolis_random_games(x, 1),
    "bench.akropolis_mcts(threads)": lambda x: bench.akropolis_mcts(10, threads=x),
    "bench.akropolis_net_mcts": lambda x: bench.akropolis_net_mcts(x),
    "bench.akropolis_net_values": lambda x: bench.akropolis_net_values(x),
    "bench.net_mcts": lambda x: bench.net_mcts(x),
    "bench.net_values": lambda x: bench.net_values(x),
    "bench.net_values(players)": lambda x: bench.net_values(1, players=x),
    "bench.net_mcts(players)": lambda x: bench.net_mcts(1, players=x),
    "bench.net_candidates": lambda x: bench.net_candidates(x),
    "bench.net_candidates(players)": lambda x: bench.net_candidates(1, players=x),
    "bench.akropolis_net_candidates": lambda x: bench.akropolis_net_candidates(x),
    "bench.akropolis_net_candidates(players)": lambda x: bench.akropolis_net_candidates(1, players=x),
    "text.quote": lambda x: text.quote(x),
    "text.escape_controls": lambda x: text.escape_controls(x),
    "parse_side": lambda x: pavilion._engine.parse_side(x),
    "akropolis.Game(players)": lambda x: akropolis.Game(players=x),
    "akropolis.Game(seed)": lambda x: akropolis.Game(seed=x),
    "akropolis.Game(variants)": lambda x: akropolis.Game(variants=x),
    "akropolis.Game(long)": lambda x: akropolis.Game(long=x),
    "akropolis.Game(barracks_edge)": lambda x: akropolis.Game(barracks_edge=x),
    "akropolis.Game(lake)": lambda x: akropolis.Game(lake=x),
    "akropolis.city": lambda x: fresh_akropolis().city(x),
    "akropolis.placements": lambda x: fresh_akropolis().placements(x),
    "akropolis.score_breakdown": lambda x: fresh_akropolis().score_breakdown(x),
    "akropolis.play": lambda x: fresh_akropolis().play(x),
    "akropolis.is_legal": lambda x: fresh_akropolis().is_legal(x),
    "akropolis.to_json": lambda x: fresh_akropolis().to_json(indent=x),
    "akropolis.from_json": lambda x: akropolis.Game.from_json(x),
    "akropolis.redraw_hidden": lambda x: fresh_akropolis().redraw_hidden(x),
    "akropolis.perft": lambda x: fresh_akropolis().perft(x),
    "akropolis.Move.parse": lambda x: akropolis.Move.parse(x),
    "akropolis.Agent(spec)": lambda x: akropolis.Agent(x),
    "akropolis.Agent(seed)": lambda x: akropolis.Agent("greedy", seed=x),
    "akropolis.Agent.choose": lambda x: akropolis.Agent("greedy").choose(x),
    "akropolis.Search(game)": lambda x: akropolis.Search(x),
    "akropolis.Search(threads)": lambda x: akropolis.Search(fresh_akropolis(), threads=x),
    "akropolis.Search(rollout)": lambda x: akropolis.Search(fresh_akropolis(), rollout=x),
    "akropolis.Search(memory_mb)": lambda x: akropolis.Search(fresh_akropolis(), memory_mb=x),
    "akropolis.Search(moves)": lambda x: akropolis.Search(fresh_akropolis(), moves=x),
    "akropolis.Search(moves=[x])": lambda x: akropolis.Search(fresh_akropolis(), moves=[x]),
    "akropolis.Search.run(iterations)": lambda x: akropolis.Search(fresh_akropolis()).run(iterations=x),
    "akropolis.Search.run(seconds)": lambda x: akropolis.Search(fresh_akropolis()).run(seconds=x),
    "akropolis.Search.result(top)": lambda x: akropolis.Search(fresh_akropolis()).result(top=x),
    "akropolis.selfplay(agent)": lambda x: engine_akropolis.selfplay(x, []),
    "akropolis.selfplay(indices)": lambda x: engine_akropolis.selfplay("mcts:iterations=1", x),
    "akropolis.selfplay(players)": lambda x: engine_akropolis.selfplay("mcts", [], players=x),
    "akropolis.selfplay(variants)": lambda x: engine_akropolis.selfplay("mcts", [], variants=x),
    "akropolis.selfplay(long)": lambda x: engine_akropolis.selfplay("mcts", [], long=x),
    "akropolis.selfplay(barracks_edge)": lambda x: engine_akropolis.selfplay("mcts", [], barracks_edge=x),
    "akropolis.selfplay(lake)": lambda x: engine_akropolis.selfplay("mcts", [], lake=x),
    "akropolis.selfplay(seed)": lambda x: engine_akropolis.selfplay("mcts", [], seed=x),
    "akropolis.selfplay(threads)": lambda x: engine_akropolis.selfplay("mcts", [], threads=x),
    "akropolis.selfplay(sample_moves)": lambda x: engine_akropolis.selfplay("mcts", [], sample_moves=x),
    "akropolis.play_matches(agents)": lambda x: akropolis.play_matches(x, [0]),
    "akropolis.play_matches(indices)": lambda x: akropolis.play_matches(["random"], x),
    "akropolis.play_matches(players)": lambda x: akropolis.play_matches(["random"], [0], players=x),
    "akropolis.play_matches(variants)": lambda x: akropolis.play_matches(["random"], [0], variants=x),
    "akropolis.play_matches(threads)": lambda x: akropolis.play_matches(["random"], [0], threads=x),
}


def fresh_akropolis() -> akropolis.Game:
    g = akropolis.Game(seed=5)
    g.play(g.legal_moves()[0])
    return g


@settings(max_examples=2500, deadline=None)
@given(name=st.sampled_from(sorted(CALLS)), value=hostile)
def test_bad_values_raise_value_or_type_errors(name, value):
    try:
        CALLS[name](value)
    except IndexError as e:
        # A sequence's index out of range is an IndexError, as for a list.
        assert name == "LegalMoves[index]", f"{name}({value!r}) raised IndexError: {e}"
    except (ValueError, TypeError) as e:
        assert type(e).__name__ != "PanicException"
        assert str(e), "every error says what is wrong"
    except BaseException as e:
        raise AssertionError(f"{name}({value!r}) raised {type(e).__name__}: {e}") from e


def test_every_public_callable_is_fuzzed():
    """A new public function or constructor must join CALLS above."""
    public = set()
    for module in (pavilion._engine, bench, text, pavilion._engine.akropolis):
        prefix = "" if module is pavilion._engine else module.__name__.rsplit(".", 1)[1] + "."
        public |= {prefix + n for n in module.__dict__ if not n.startswith("_") and callable(getattr(module, n))}
    public -= {"IllegalMoveError", "NotationError", "OptionsError"}
    covered = {name.split("(")[0] for name in CALLS}
    covered |= {name.split(".")[0] for name in covered if not name.startswith(("bench.", "text.", "akropolis."))}
    covered |= {".".join(name.split(".")[:2]) for name in covered if name.startswith("akropolis.")}
    assert public <= covered, public - covered
