"""Self-play data as the network learns from it: the decisions of one or
more self-play folders, encoded by the engine (`Game.encode()`, docs/ENCODING.md)
into arrays, with each decision's targets (`Examples`). `pavilion train`
reads its data through `find_shards` and `encode`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pavilion._engine import SIDES, OptionsError, akropolis
from pavilion.core.files import parse_json, quote_path

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

#: The seats a value head values (the engine's MAX_PLAYERS): a 2- or 3-player
#: position leaves the last seats out of its softmax.
SEATS = 4


@dataclass
class Examples:
    """Decisions as arrays: positions [N, P], the moves of all of them [M, F]
    with `owner` [M] (the decision each move belongs to) and `policy` [M] (the
    search's probability), each decision's win share and margin for every
    seat (seats ordered from the mover, padded to SEATS) and its player
    count, and the game it came from."""

    position: NDArray[np.float32]
    moves: NDArray[np.float32]
    owner: NDArray[np.int64]
    policy: NDArray[np.float32]
    #: [N, SEATS]: each seat's share of the game's win, the mover's first.
    seat_win: NDArray[np.float32]
    #: [N, SEATS]: each seat's final score minus the best other's, the mover's first.
    seat_margin: NDArray[np.float32]
    players: NDArray[np.int64]
    game: NDArray[np.int64]
    #: The search's win share for the mover (NaN where nothing was searched).
    search_value: NDArray[np.float32]
    #: Whether the decision's policy is a target [N]: a full search's (a fast
    #: one only chose the move, and its decision keeps no moves).
    full: NDArray[np.bool_]
    #: The lit board features of all decisions, one run per decision
    #: (Akropolis; empty for Summer Pavilion), and each run's length [N].
    board: NDArray[np.int32]
    board_count: NDArray[np.int64]

    @property
    def win(self) -> NDArray[np.float32]:
        """The mover's share of the game's win, per decision."""
        return self.seat_win[:, 0]

    @property
    def margin(self) -> NDArray[np.float32]:
        """The mover's final margin over the best other score, per decision."""
        return self.seat_margin[:, 0]

    def value_target(self, search_value_weight: float) -> NDArray[np.float32]:
        """Each decision's win target for every seat [N, SEATS]: the result,
        the mover's blended with the search's value where there is one, and
        the others' shares scaled to what the mover's leaves (in proportion
        to their results; equally where the mover won it all), so each row
        still sums to 1."""
        import numpy as np

        w, sv = search_value_weight, self.search_value
        mover = np.where(np.isnan(sv), self.win, (1 - w) * self.win + w * np.nan_to_num(sv))
        rest = 1 - self.win
        seated = np.arange(SEATS)[None, :] < self.players[:, None]
        equal = seated[:, 1:] / np.maximum(1, self.players - 1)[:, None]
        share = np.where(rest[:, None] > 0, self.seat_win[:, 1:] / np.where(rest > 0, rest, 1)[:, None], equal)
        others = share * (1 - mover)[:, None]
        return np.concatenate([mover[:, None], others], axis=1).astype(np.float32)

    @property
    def first_board(self) -> NDArray[np.int64]:
        """Where each decision's board features start in `board`, and one past the last: N + 1 offsets."""
        import numpy as np

        cached: NDArray[np.int64] | None = self.__dict__.get("_first_board")
        if cached is None:
            cached = np.concatenate([[0], np.cumsum(self.board_count)]).astype(np.int64)
            self.__dict__["_first_board"] = cached
        return cached

    @property
    def first_move(self) -> NDArray[np.int64]:
        """Where each decision's moves start in `moves`, and one past the last: N + 1 offsets."""
        import numpy as np

        cached: NDArray[np.int64] | None = self.__dict__.get("_first_move")
        if cached is None:
            counts = np.bincount(self.owner, minlength=len(self.win))
            cached = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
            self.__dict__["_first_move"] = cached
        return cached


def full_searches(data: dict[str, Any], decisions: int) -> NDArray[np.bool_]:
    """Which decisions searched in full: the data's `full` column (a run with
    fast searches), else every decision."""
    import numpy as np

    if "full" not in data:
        return np.ones(decisions, dtype=np.bool_)
    return np.asarray(data["full"], dtype=np.bool_)


def kept_moves(
    probabilities: NDArray[np.float32], unvisited_moves: int | None, key: Sequence[int], full: bool = True
) -> NDArray[np.int64]:
    """The indices of a decision's moves kept for the policy: none after a
    fast search (its policy is no target), all of them, or (with
    `unvisited_moves`) the visited ones and a sample of the others drawn
    from `key` (the run's seed, the game and the ply), so the sample is the
    same however the data is split into shards or processes."""
    import numpy as np

    if not full:
        return np.zeros(0, dtype=np.int64)
    kept = np.arange(len(probabilities))
    if unvisited_moves is not None:
        unvisited = np.flatnonzero(probabilities == 0)
        if len(unvisited) > unvisited_moves:
            chosen = np.random.default_rng(list(key)).choice(unvisited, unvisited_moves, replace=False)
            kept = np.setdiff1d(kept, np.setdiff1d(unvisited, chosen))
    return kept


def seat_targets(
    returns: NDArray[np.float32], scores: NDArray[np.float32], to_move: NDArray[np.int64]
) -> tuple[NDArray[np.float32], NDArray[np.float32], NDArray[np.int64]]:
    """Each decision's win shares and margins ([N, SEATS]) with the seats
    ordered from its mover as the encodings order them (the mover, then the
    next seats in turn order; zeros past the player count), and its player
    count, from the games' `returns` and `scores` ([N, players])."""
    import numpy as np

    n, players = scores.shape
    best_other = np.stack(
        [np.where(np.arange(players)[None, :] == s, -np.inf, scores).max(axis=1) for s in range(players)], axis=1
    )
    margins = scores - best_other
    seat = (to_move[:, None] + np.arange(players)[None, :]) % players
    rows = np.arange(n)[:, None]
    win, margin = np.zeros((n, SEATS), np.float32), np.zeros((n, SEATS), np.float32)
    win[:, :players], margin[:, :players] = returns[rows, seat], margins[rows, seat]
    return win, margin, np.full(n, players, dtype=np.int64)


def akropolis_examples(data: dict[str, Any], unvisited_moves: int | None = None, seed: int = 0) -> Examples:
    """Encodes each Akropolis decision of self-play data (`selfplay.read`) as
    the network sees it: every legal move, or (with `unvisited_moves`) the
    moves the search visited and a seeded sample of that many of the others."""
    import numpy as np

    full = full_searches(data, len(data["position"]))
    positions, moves, owner, policy, board = [], [], [], [], []
    for i, text in enumerate(data["position"]):
        game = akropolis.Game.from_json(text)
        enc = game.encode()
        board.append(enc["board"])
        listed = [str(m) for m in enc["moves"]]
        if listed != list(data["legal_moves"][i]):
            raise OptionsError(f"decision {i}: the data's legal moves are not the engine's (another version?)")
        probabilities = np.asarray(data["policy"][i], dtype=np.float32)
        kept = kept_moves(probabilities, unvisited_moves, (seed, int(data["game"][i]), int(data["ply"][i])), full[i])
        positions.append(enc["position"])
        moves.append(enc["move_features"][kept])
        owner.append(np.full(len(kept), i, dtype=np.int64))
        policy.append(probabilities[kept])
    returns = np.asarray([list(r) for r in data["returns"]], dtype=np.float32)
    scores = np.asarray([list(s) for s in data["scores"]], dtype=np.float32)
    seat_win, seat_margin, players = seat_targets(returns, scores, np.asarray(data["to_move"], dtype=np.int64))
    return Examples(
        position=np.stack(positions),
        moves=np.concatenate(moves),
        owner=np.concatenate(owner),
        policy=np.concatenate(policy),
        seat_win=seat_win,
        seat_margin=seat_margin,
        players=players,
        game=np.asarray(data["game"], dtype=np.int64),
        search_value=np.asarray(data["search_value"], dtype=np.float32),
        full=full,
        board=np.concatenate(board).astype(np.int32),
        board_count=np.asarray([len(b) for b in board], dtype=np.int64),
    )


def summer_examples(
    data: dict[str, Any], unvisited_moves: int | None = None, seed: int = 0, side: str = SIDES[0]
) -> Examples:
    """Encodes each Summer Pavilion decision of self-play data (`selfplay.read`,
    games on `side`) as the network sees it: the observation scaled by the
    engine with its boards' prospects, and the features of every legal action
    id (or, with `unvisited_moves`, the ones the search visited and a seeded
    sample of that many of the others)."""
    import numpy as np

    from pavilion._engine import action_features, encode_observations

    table = action_features()
    legal, probabilities = data["legal_mask"], data["policy"]
    full = full_searches(data, len(legal))
    moves, owner, policy = [], [], []
    for i in range(len(legal)):
        ids = np.flatnonzero(legal[i])
        p = probabilities[i, ids].astype(np.float32)
        kept = kept_moves(p, unvisited_moves, (seed, int(data["game"][i]), int(data["ply"][i])), full[i])
        moves.append(table[ids[kept]])
        owner.append(np.full(len(kept), i, dtype=np.int64))
        policy.append(p[kept])
    seat_win, seat_margin, players = seat_targets(
        data["returns"].astype(np.float32), data["scores"].astype(np.float32), data["to_move"].astype(np.int64)
    )
    return Examples(
        position=encode_observations(data["observation"], side),
        moves=np.concatenate(moves),
        owner=np.concatenate(owner),
        policy=np.concatenate(policy),
        seat_win=seat_win,
        seat_margin=seat_margin,
        players=players,
        game=data["game"].astype(np.int64),
        search_value=data["search_value"].astype(np.float32),
        full=full,
        board=np.zeros(0, dtype=np.int32),
        board_count=np.zeros(len(legal), dtype=np.int64),
    )


@dataclass(frozen=True)
class Shard:
    """One shard of self-play data and the number its games are moved by: each
    folder numbers its games from 0, so a folder's games are numbered after
    the folders' before it, and a game stays whole on one side of the
    held-out split."""

    path: Path
    game_offset: int
    #: The side of the boards (Summer Pavilion's manifests say; its prospects depend on it).
    side: str = SIDES[0]


#: What each self-play folder's manifest says of how its games were played,
#: beside its agent, copied into a network's manifest: with them a network's
#: data is reproducible from its manifest alone (`pavilion selfplay` takes each).
SELFPLAY_SETTINGS = ("seed", "games", "sample_moves", "fast_iterations", "full_share")


def find_shards(paths: Sequence[Path]) -> tuple[str, Any, list[Any], list[dict[str, Any]], list[Shard]]:
    """The game, player count, agents, self-play settings (`SELFPLAY_SETTINGS`,
    None where a folder's manifest has none) and shards of one or more self-play
    folders, which must hold the same game, player count and columns (but
    `full`, which only runs with fast searches have). Reads
    the manifests and each shard's game numbers only: the decisions
    themselves are read shard by shard as they are encoded."""
    from pavilion.learn import selfplay

    game, players, columns = None, None, None
    agents: list[Any] = []
    played: list[dict[str, Any]] = []
    shards: list[Shard] = []
    offset = 0
    for path in paths:
        manifest_path = path / selfplay.MANIFEST
        run = parse_json(manifest_path.read_text(), "manifest.json") if manifest_path.is_file() else {}
        if not isinstance(run, dict):
            raise OptionsError(f"{quote_path(str(manifest_path))} is not a self-play manifest")
        files = selfplay.shard_files(path)  # first: a folder of no self-play data says so, not that its players differ
        summaries = [selfplay.shard_summary(f) for f in files]
        # Fast searches add a column (`full`); folders with and without it train together.
        names, last = summaries[0][0] - {selfplay.FULL_COLUMN[0]}, max(g for _, g in summaries)
        this_game, these_players = run.get("game", selfplay.AKROPOLIS), run.get("players")
        if this_game not in (selfplay.SUMMER, selfplay.AKROPOLIS):
            raise OptionsError(f"{quote_path(str(path))}: self-play data of an unknown game {this_game!r}")
        if game is not None and (this_game, these_players) != (game, players):
            raise OptionsError(
                f"{quote_path(str(path))} holds {this_game} games of {these_players} players, "
                f"not {game} of {players} like {quote_path(str(paths[0]))}"
            )
        if columns is not None and names != columns:
            raise OptionsError(f"{quote_path(str(path))} holds other columns than {quote_path(str(paths[0]))}")
        game, players, columns = this_game, these_players, names
        agents.append(run.get("agent"))
        played.append({key: run.get(key) for key in SELFPLAY_SETTINGS})
        shards.extend(Shard(f, offset, str(run.get("side", SIDES[0]))) for f in files)
        offset += last + 1
    assert game is not None
    return game, players, agents, played, shards


def encode_shard(game: str, shard: Shard, unvisited_moves: int | None, seed: int) -> Examples:
    """One shard's decisions as the network sees them (run in a worker process)."""
    from pavilion.learn import selfplay

    data = selfplay.read(shard.path)
    data["game"] = data["game"] + shard.game_offset
    if game == selfplay.SUMMER:
        return summer_examples(data, unvisited_moves, seed, shard.side)
    return akropolis_examples(data, unvisited_moves, seed)


def join(parts: Sequence[Examples]) -> Examples:
    """Examples end to end, each part's moves still owned by its own decisions."""
    import numpy as np

    starts = np.cumsum([0] + [len(e.win) for e in parts[:-1]])
    names = [f.name for f in fields(Examples) if f.name != "owner"]
    joined = {name: np.concatenate([getattr(e, name) for e in parts]) for name in names}
    return Examples(owner=np.concatenate([e.owner + k for e, k in zip(parts, starts, strict=True)]), **joined)


def encode(game: str, shards: Sequence[Shard], unvisited_moves: int | None, seed: int, threads: int) -> Examples:
    """Every shard encoded, by `threads` processes at once (encoding a
    decision is the engine's work, about 3 ms of it for Akropolis, and each
    process holds only its own shard's raw data)."""
    jobs = [(game, shard, unvisited_moves, seed) for shard in shards]
    if threads <= 1 or len(shards) <= 1:
        return join([encode_shard(*job) for job in jobs])
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # Spawned, not forked: the parent may already run PyTorch's threads. The
    # workers ignore Ctrl-C, which reaches the whole process group: the parent
    # alone stops, cancelling the shards not begun (a worker killed mid-shard
    # would leave the pool waiting on it for ever).
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(min(threads, len(shards)), mp_context=context, initializer=_ignore_interrupts)
    try:
        return join(list(pool.map(encode_shard, *zip(*jobs, strict=True))))
    finally:
        pool.shutdown(cancel_futures=True)


def _ignore_interrupts() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
