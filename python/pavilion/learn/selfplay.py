"""Self-play training data: games of one searching agent against itself, written
as Parquet shards (pyarrow) with a JSON manifest, on this machine or on Ray.

Each row of a shard is one decision. For Summer Pavilion (`COLUMNS`): what the
player to move saw (`observation`, laid out as `pavilion.OBSERVATION_LAYOUT`),
which actions were legal (`legal_mask`), what the search thought of each
action (`policy`: visit shares, summing to 1), the action played, and how the
game ended (`returns`, `scores`). Akropolis has no fixed action space (a city
grows without bound), so its rows (`AKROPOLIS_COLUMNS`) hold the position as
the player to move sees it and the legal moves in notation, with the search's
probability for each. `read` loads shards as numpy arrays and lists.

A run is resumable: shard k always holds the games numbered k·shard_games on,
each a pure function of (agent, options, seed, game number), and a shard is
written whole (to a temporary name, then renamed) when its games are done. A
rerun of the same command skips the shards on disk; an interrupted or failed
run loses only the shards in progress. A folder holding another run's data is
never written into.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from pavilion._engine import (
    DEFAULT_FULL_SHARE,
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_LEN,
    SIDES,
    OptionsError,
    akropolis,
)
from pavilion._engine import selfplay as play_selfplay
from pavilion.core.analysis import default_threads
from pavilion.core.files import make_folder, parse_json, quote_path, read_input, replace_atomically

if TYPE_CHECKING:
    import pyarrow as pa
    from numpy.typing import NDArray

FORMAT = "pavilion-selfplay"
VERSION = 2  # 2: the search_value column
MANIFEST = "manifest.json"
#: Games in a shard unless told otherwise: about 30 MB of arrays in memory at once.
DEFAULT_SHARD_GAMES = 16
MAX_SHARD_GAMES = 10_000
#: Most games in a run.
MAX_GAMES = 1_000_000_000
#: Most shards in a run, so that the manifest stays small (about 100 bytes a shard).
MAX_SHARDS = 20_000
#: Where a shard keeps which games it holds (Parquet key-value metadata).
SHARD_KEY = b"pavilion-selfplay"
NEEDS = "self-play data needs numpy and pyarrow: pip install 'pavilion[rl]'"

#: Every column of a shard, in order: (name, type, what it holds).
COLUMNS: list[tuple[str, str, str]] = [
    ("game", "int64", "the game's number in the run (its seed is seed + game)"),
    ("ply", "int16", "the decision's number in its game, from 0"),
    ("to_move", "int8", "the seat deciding"),
    ("action", "int16", "the action id played (Move.from_action)"),
    ("observation", f"float32[{OBSERVATION_LEN}]", "what the seat deciding sees (OBSERVATION_LAYOUT)"),
    ("legal_mask", f"bool[{NUM_ACTIONS}]", "the legal actions (Game.legal_actions_mask)"),
    (
        "policy",
        f"float32[{NUM_ACTIONS}]",
        "the search's probability for each action: its visit shares (for an exact solve, "
        "the moves proven best share it; one legal move gets 1); sums to 1",
    ),
    (
        "search_value",
        "float32",
        "the search's win share for the seat deciding (the chosen move's win rate; "
        "NaN where one legal move left nothing to search)",
    ),
    ("returns", "float32[players]", "each seat's share of the win at the end: 1, 1/k for a k-way tie, 0"),
    ("scores", "int32[players]", "each seat's final score"),
]

#: The column a run with fast searches adds (last), and only such a run.
FULL_COLUMN = (
    "full",
    "bool",
    "whether the search had the agent's whole budget (else a fast search only chose the move, "
    "playout-cap randomisation): only these decisions' policies are training targets",
)

#: Every column of an Akropolis shard, in order.
AKROPOLIS_COLUMNS: list[tuple[str, str, str]] = [
    *COLUMNS[:3],
    (
        "position",
        "string",
        "the position file as the seat deciding sees it (face-down tiles in ascending order, never their real order)",
    ),
    ("legal_moves", "list<string>", "the legal moves, in notation"),
    (
        "policy",
        "list<float32>",
        "the search's probability for each legal move (its visit shares; one legal move gets 1); sums to 1",
    ),
    ("action", "int16", "the index in legal_moves of the move played"),
    *COLUMNS[-3:],
]

#: The games self-play knows, as manifests name them.
SUMMER, AKROPOLIS = "summer-pavilion", "akropolis"


class ShardInfo(TypedDict):
    file: str
    first_game: int
    games: int
    decisions: int


class Manifest(TypedDict, total=False):
    """`manifest.json`: the run's options, the data's layout, then the shards
    written so far. Summer Pavilion runs have `side` and the observation's and
    actions' sizes and layout; Akropolis runs have the game options instead."""

    format: str
    version: int
    agent: str
    game: str
    players: int
    side: str
    variants: str
    long: bool
    barracks_edge: str
    lake: str
    seed: int
    games: int
    shard_games: int
    sample_moves: int
    fast_iterations: int
    full_share: float
    num_actions: int
    observation_length: int
    observation_layout: list[Any]
    columns: list[dict[str, str]]
    shards: list[ShardInfo]


class Run(TypedDict):
    """What `selfplay` did: the manifest, and how this call went."""

    manifest: Manifest
    written: int
    skipped: int
    interrupted: bool


def _arrow() -> tuple[Any, Any, Any]:
    try:
        import numpy
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise OptionsError(NEEDS) from None
    return numpy, pyarrow, pyarrow.parquet


def shard_name(k: int) -> str:
    return f"shard-{k:05d}.parquet"


def play_shard(agent: str, indices: list[int], rules: dict[str, Any], threads: int, playing: dict[str, Any]) -> Any:
    """The engine's self-play of games number `indices` under `rules` (the
    manifest's game, players, seed and game options), moves chosen as
    `playing` says (sample_moves, and fast_iterations with full_share)."""
    options = {k: v for k, v in rules.items() if k != "game"}
    if rules["game"] == AKROPOLIS:
        return akropolis.selfplay(agent, indices, threads=threads, **playing, **options)
    return play_selfplay(agent, indices, threads=threads, **playing, **options)


def to_table(data: Any, game: str, first_game: int, games: int, fast: bool = False) -> pa.Table:
    """One shard's data as an Arrow table of the game's columns (with `fast`,
    the `full` column too), marked with the games it holds."""
    np, pa, _ = _arrow()
    marks = {SHARD_KEY: json.dumps({"first_game": first_game, "games": games}).encode()}
    if game == AKROPOLIS:
        at = [data["index"].index(g) for g in data["game"]]
        players = len(data["scores"][0])  # a shard holds at least one game
        columns = {
            "game": pa.array(data["game"], pa.int64()),
            "ply": pa.array(data["ply"], pa.int16()),
            "to_move": pa.array(data["to_move"], pa.int8()),
            "position": pa.array(data["position"], pa.string()),
            "legal_moves": pa.array(data["legal_moves"], pa.list_(pa.string())),
            "policy": pa.array(data["policy"], pa.list_(pa.float32())),
            "action": pa.array(data["action"], pa.int16()),
            "search_value": pa.array(data["search_value"], pa.float32()),
            "returns": pa.array([data["returns"][i] for i in at], pa.list_(pa.float32(), players)),
            "scores": pa.array([data["scores"][i] for i in at], pa.list_(pa.int32(), players)),
        }
        if fast:
            columns["full"] = pa.array(data["full"], pa.bool_())
        return pa.table(columns).replace_schema_metadata(marks)
    at = np.searchsorted(data["index"], data["game"])  # each row's game among the shard's

    def fixed(a: NDArray[Any]) -> Any:
        return pa.FixedSizeListArray.from_arrays(pa.array(a.reshape(-1)), a.shape[1])

    columns = {
        "game": pa.array(data["game"]),
        "ply": pa.array(data["ply"]),
        "to_move": pa.array(data["to_move"]),
        "action": pa.array(data["action"]),
        "observation": fixed(data["observation"]),
        "legal_mask": fixed(data["legal_mask"]),
        "policy": fixed(data["policy"]),
        "search_value": pa.array(data["search_value"]),
        "returns": fixed(data["returns"][at]),
        "scores": fixed(data["scores"][at]),
    }
    if fast:
        columns["full"] = pa.array(data["full"])
    return pa.table(columns).replace_schema_metadata(marks)


def _shard_bytes(table: pa.Table) -> bytes:
    _, pa, pq = _arrow()
    sink = pa.BufferOutputStream()
    pq.write_table(table, sink, compression="zstd")
    return bytes(sink.getvalue().to_pybytes())


def _finished_shard(path: Path, first_game: int, games: int) -> ShardInfo:
    """A shard found on disk, checked to hold the games it should; OptionsError if not."""
    _, _, pq = _arrow()
    try:
        meta = pq.read_metadata(path)
        marks = json.loads((meta.metadata or {}).get(SHARD_KEY, b"null"))
    except (OSError, ValueError) as e:  # pyarrow's ArrowInvalid is a ValueError
        raise OptionsError(
            f"{quote_path(str(path))} cannot be read ({str(e)[:120]}): delete it to play it again"
        ) from None
    if marks != {"first_game": first_game, "games": games}:
        raise OptionsError(
            f"{quote_path(str(path))} is not the shard of games {first_game} on: delete it to play it again"
        )
    return {"file": path.name, "first_game": first_game, "games": games, "decisions": meta.num_rows}


def _check_folder(out: Path, options: dict[str, Any]) -> Manifest:
    """The run's manifest: the one in `out` if it is this run's, else a new one
    (for a new or empty folder). OptionsError for anything else in `out`."""
    make_folder(out)
    manifest_path = out / MANIFEST
    if manifest_path.exists():
        found = parse_json(read_input(str(manifest_path), "self-play manifest"), "self-play manifest")
        if not isinstance(found, dict) or found.get("format") != FORMAT or found.get("version") != VERSION:
            raise OptionsError(f"{quote_path(str(manifest_path))} is not a {FORMAT} v{VERSION} manifest")
        differ = [f"{k} {found.get(k)!r}, not {v!r}" for k, v in options.items() if found.get(k) != v]
        if differ:
            raise OptionsError(
                f"{quote_path(str(out))} holds self-play of other options ({'; '.join(differ)}): give another folder"
            )
        return found  # type: ignore[return-value]
    if any(not p.name.startswith(".") for p in out.iterdir()):
        raise OptionsError(f"{quote_path(str(out))} is not empty and holds no self-play manifest: give a new folder")
    extra = [FULL_COLUMN] if options.get("fast_iterations") else []
    if options["game"] == AKROPOLIS:
        columns = [{"name": n, "type": t, "help": h} for n, t, h in AKROPOLIS_COLUMNS + extra]
        layout: dict[str, Any] = {"columns": columns}
    else:
        layout = {
            "num_actions": NUM_ACTIONS,
            "observation_length": OBSERVATION_LEN,
            "observation_layout": OBSERVATION_LAYOUT,
            "columns": [{"name": n, "type": t, "help": h} for n, t, h in COLUMNS + extra],
        }
    return {"format": FORMAT, "version": VERSION, **options, **layout, "shards": []}  # type: ignore[typeddict-item]


def _save_manifest(out: Path, manifest: Manifest) -> None:
    replace_atomically(out / MANIFEST, json.dumps(manifest, indent=1) + "\n")


def selfplay(
    agent: str,
    *,
    games: int,
    out: str | os.PathLike[str],
    players: int = 2,
    side: str = SIDES[0],
    seed: int = 0,
    shard_games: int = DEFAULT_SHARD_GAMES,
    sample_moves: int = 0,
    fast_iterations: int = 0,
    full_share: float = DEFAULT_FULL_SHARE,
    threads: int | None = None,
    ray: str | None = None,
    progress: Callable[[int], None] | None = None,
    akropolis_options: dict[str, Any] | None = None,
) -> Run:
    """Plays `games` self-play games of the searching `agent` (`mcts[:options]`)
    into the folder `out`, `shard_games` games a shard, skipping shards already
    there: Summer Pavilion games (with `side`), or Akropolis games when
    `akropolis_options` is given (variants, long, barracks_edge, lake; `{}` for
    the defaults). The first `sample_moves` decisions of each game play a move drawn
    from the search's probabilities (for varied openings), the rest its best.
    With `fast_iterations` above 0, each decision searches in full (the
    agent's budget) with probability `full_share`, else with that many
    iterations only to choose its move (playout-cap randomisation); the
    shards' `full` column tells them apart. `threads`: games at once on this machine; with `ray` (an address, or
    "local" for a new Ray instance of `threads` CPUs) one shard per Ray task.
    `progress(games done)` after each shard. Ctrl-C keeps the finished shards
    ("interrupted": True)."""
    _arrow()
    if not 1 <= games <= MAX_GAMES:
        raise OptionsError(f"games must be from 1 to {MAX_GAMES}, not {games}")
    if not 1 <= shard_games <= MAX_SHARD_GAMES:
        raise OptionsError(f"shard_games must be from 1 to {MAX_SHARD_GAMES}, not {shard_games}")
    if games > MAX_SHARDS * shard_games:  # more than MAX_SHARDS shards
        raise OptionsError(
            f"{games} games at {shard_games} a shard make more than {MAX_SHARDS} shards: raise shard_games"
        )
    if akropolis_options is None:
        rules: dict[str, Any] = {"game": SUMMER, "players": players, "side": side, "seed": seed}
    else:
        rules = {"game": AKROPOLIS, "players": players, **akropolis_options, "seed": seed}
    playing: dict[str, Any] = {"sample_moves": sample_moves}
    if fast_iterations:  # a run without fast searches keeps the manifest it always had
        playing |= {"fast_iterations": fast_iterations, "full_share": full_share}
    play_shard(agent, [], rules, 1, playing)  # refuses a bad agent or option now
    options = {"agent": agent, **rules, "games": games, "shard_games": shard_games, **playing}
    folder = Path(out)
    manifest = _check_folder(folder, options)
    # Shard k holds games k·shard_games on.
    plan = {
        k: list(range(first, min(games, first + shard_games))) for k, first in enumerate(range(0, games, shard_games))
    }
    done: dict[int, ShardInfo] = {}
    for k, indices in plan.items():
        if (folder / shard_name(k)).exists():
            done[k] = _finished_shard(folder / shard_name(k), indices[0], len(indices))
    skipped = len(done)

    def publish() -> None:
        """The manifest lists the shards on disk, and progress counts their games."""
        manifest["shards"] = [done[j] for j in sorted(done)]
        _save_manifest(folder, manifest)
        if progress:
            progress(sum(s["games"] for s in done.values()))

    def finish(k: int, data: Any) -> None:
        indices = plan[k]
        path = folder / shard_name(k)
        table = to_table(data, rules["game"], indices[0], len(indices), fast=bool(fast_iterations))
        replace_atomically(path, _shard_bytes(table))
        done[k] = {"file": path.name, "first_game": indices[0], "games": len(indices), "decisions": len(data["game"])}
        publish()

    publish()
    todo = [k for k in plan if k not in done]
    interrupted = False
    try:
        if ray is None:
            threads = threads or default_threads()
            for k in todo:
                finish(k, play_shard(agent, plan[k], rules, threads, playing))
        else:
            from pavilion.core import scale

            with scale.cluster(ray, threads):
                tasks = [(agent, plan[k], rules, 1, playing) for k in todo]
                for t, data in scale.run_tasks(play_shard, tasks):
                    finish(todo[t], data)
    except KeyboardInterrupt:
        interrupted = True
    return {"manifest": manifest, "written": len(done) - skipped, "skipped": skipped, "interrupted": interrupted}


def shard_files(path: str | os.PathLike[str]) -> list[Path]:
    """The shards of a self-play folder in game order, or the one shard `path` names."""
    p = Path(path)
    if not p.is_dir():
        return [p]
    files = sorted(p.glob("shard-*.parquet"))
    if not files:
        raise OptionsError(f"{quote_path(str(p))} holds no self-play shard")
    return files


def shard_summary(path: str | os.PathLike[str]) -> tuple[set[str], int]:
    """A shard's column names and its highest game number (-1 when it holds
    no decision), without reading its decisions."""
    np, _, pq = _arrow()
    try:
        names = set(pq.read_schema(path).names)
        games = pq.read_table(path, columns=["game"]).column(0).to_numpy()
    except (OSError, ValueError, KeyError) as e:
        raise OptionsError(f"cannot read self-play data {quote_path(str(path))}: {str(e)[:120]}") from None
    return names, int(np.max(games, initial=-1))


def read(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A shard (a `.parquet` file), or every shard of a self-play folder in
    game order: one row per decision, each column a numpy array (columns of
    fixed-size lists 2-dimensional: `observation`, `legal_mask`, `policy`,
    `returns`, `scores`) or, for Akropolis's per-decision lists, a list
    (`legal_moves`: lists of str, `policy`: float32 arrays)."""
    np, pa, pq = _arrow()
    p = Path(path)
    files = shard_files(p)
    try:
        table = pa.concat_tables([pq.read_table(f) for f in files])
    except (OSError, ValueError) as e:
        raise OptionsError(f"cannot read self-play data {quote_path(str(p))}: {str(e)[:120]}") from None
    out: dict[str, Any] = {}
    for name in table.column_names:
        col = table.column(name).combine_chunks()
        if isinstance(col.type, pa.ListType):
            items = col.to_pylist()
            numeric = pa.types.is_floating(col.type.value_type)
            out[name] = [np.asarray(x, dtype=np.float32) for x in items] if numeric else items
        elif isinstance(col.type, pa.FixedSizeListType):
            width = col.type.list_size
            out[name] = col.flatten().to_numpy(zero_copy_only=False).reshape(-1, width)
        else:
            out[name] = col.to_numpy(zero_copy_only=False)
    return out
