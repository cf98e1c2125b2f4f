"""Self-play training data (`pavilion selfplay`, `pavilion.learn.selfplay`) on this
machine: what the shards hold, checked against the engine by replaying every
game; resuming; refusing folders that are not the run's own."""

from __future__ import annotations

import json

import numpy as np
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from pavilion import (
    NUM_ACTIONS,
    OBSERVATION_LAYOUT,
    OBSERVATION_LEN,
    Game,
    Move,
    NotationError,
    OptionsError,
    akropolis,
    play_matches,
)
from pavilion import _engine as pavilion_engine
from pavilion.cli import main
from pavilion.core.files import quote_path
from pavilion.learn.selfplay import (
    AKROPOLIS_COLUMNS,
    COLUMNS,
    FULL_COLUMN,
    MANIFEST,
    SHARD_KEY,
    read,
    selfplay,
    shard_name,
)

SPEC = "mcts:iterations=60"


def same_column(a: np.ndarray, b: np.ndarray) -> bool:
    """Two columns alike, the NaN of a decision with nothing searched (search_value) equal to itself."""
    return bool(np.array_equal(a, b, equal_nan=a.dtype.kind == "f"))


def run_into(folder, **options):
    kw = {"games": 5, "shard_games": 2, "seed": 7, "threads": 2, **options}
    return selfplay(SPEC, out=folder, **kw)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """Two 5-game runs: best moves throughout, and the first 6 decisions drawn."""
    best, sampled = tmp_path_factory.mktemp("best"), tmp_path_factory.mktemp("sampled")
    run_into(best)
    run_into(sampled, sample_moves=6, players=3, side="gray")
    return best, sampled


def test_shards_have_the_documented_columns(recorded):
    best, _ = recorded
    table = pq.read_table(best / shard_name(0))
    assert table.column_names == [name for name, _, _ in COLUMNS]
    assert table.schema.field("observation").type.list_size == OBSERVATION_LEN
    assert table.schema.field("legal_mask").type.list_size == NUM_ACTIONS
    assert table.schema.field("policy").type.list_size == NUM_ACTIONS
    manifest = json.loads((best / MANIFEST).read_text())
    assert [s["file"] for s in manifest["shards"]] == [shard_name(k) for k in range(3)]
    assert [s["games"] for s in manifest["shards"]] == [2, 2, 1]
    assert sum(s["decisions"] for s in manifest["shards"]) == len(read(best)["game"])
    assert (manifest["agent"], manifest["games"], manifest["seed"], manifest["num_actions"]) == (
        SPEC,
        5,
        7,
        NUM_ACTIONS,
    )


@pytest.mark.parametrize("which", [0, 1])
def test_every_row_matches_the_game_replayed(recorded, which):
    """Replaying each game's actions from its seed: every row's observation and
    mask are the engine's at that position, the policy weighs legal moves only
    and gives the played one a chance, and returns and scores are the game's end."""
    folder = recorded[which]
    manifest = json.loads((folder / MANIFEST).read_text())
    data = read(folder)
    games = sorted(set(data["game"].tolist()))
    assert games == list(range(5))
    for number in games:
        rows = np.flatnonzero(data["game"] == number)
        assert data["ply"][rows].tolist() == list(range(len(rows)))
        g = Game(players=manifest["players"], seed=manifest["seed"] + number, side=manifest["side"])
        for r in rows:
            assert data["to_move"][r] == g.current_player
            assert np.array_equal(data["observation"][r], g.observation(g.current_player))
            assert np.array_equal(data["legal_mask"][r], g.legal_actions_mask())
            policy = data["policy"][r]
            assert abs(policy.sum() - 1) < 1e-5
            assert not (policy[~data["legal_mask"][r]] > 0).any(), "probability on an illegal action"
            assert policy[data["action"][r]] > 0
            assert_search_value(data["search_value"][r], int(data["legal_mask"][r].sum()))
            g.apply_action(int(data["action"][r]))
        assert g.is_over
        winners = g.winners
        for r in rows:
            assert data["scores"][r].tolist() == g.scores
            assert data["returns"][r].tolist() == [1 / len(winners) if s in winners else 0 for s in range(g.players)]


def test_best_moves_throughout_are_the_arena_games(recorded):
    """Without sampling, each self-play game is the arena game of the same agent and seed."""
    data = read(recorded[0])
    arena = play_matches([SPEC], list(range(5)), seed=7, threads=2)
    for game in arena:
        rows = data["game"] == game["index"]
        assert rows.sum() == game["moves"]
        assert data["scores"][rows][0].tolist() == game["scores"]
        # and each move played is one the search liked best
        policy, action = data["policy"][rows], data["action"][rows]
        assert (policy[np.arange(len(action)), action] == policy.max(axis=1)).all()


def test_sampled_openings_follow_the_policy_then_the_best_move(recorded):
    data = read(recorded[1])
    late = data["ply"] >= 6
    best = data["policy"][late].max(axis=1)
    assert (data["policy"][late, :][np.arange(late.sum()), data["action"][late]] == best).all()
    early = ~late
    # Drawn moves: not always the most likely one over 5 games x 6 decisions.
    assert (
        data["policy"][early][np.arange(early.sum()), data["action"][early]] < data["policy"][early].max(axis=1)
    ).any()


def test_the_same_seed_gives_the_same_data_whatever_the_threads(tmp_path, recorded):
    run_into(tmp_path / "one", threads=1)
    a, b = read(tmp_path / "one"), read(recorded[0])
    assert a.keys() == b.keys()
    for k in a:
        assert same_column(a[k], b[k]), k


def test_a_rerun_skips_finished_shards_and_replays_missing_ones(tmp_path, recorded):
    out = tmp_path / "run"
    first = run_into(out)
    assert (first["written"], first["skipped"], first["interrupted"]) == (3, 0, False)
    (out / shard_name(1)).unlink()
    again = run_into(out)
    assert (again["written"], again["skipped"]) == (1, 2)
    for k, v in read(out).items():
        assert same_column(v, read(recorded[0])[k]), k
    done = run_into(out)
    assert (done["written"], done["skipped"]) == (0, 3)


def test_an_interrupted_run_keeps_its_shards_and_finishes_later(tmp_path, recorded):
    out = tmp_path / "run"
    seen = []

    def stop_after_the_first_shard(games: int) -> None:
        seen.append(games)
        if games >= 2:
            raise KeyboardInterrupt

    cut = run_into(out, threads=1, progress=stop_after_the_first_shard)
    assert cut["interrupted"] and cut["written"] == 1
    assert [s["file"] for s in json.loads((out / MANIFEST).read_text())["shards"]] == [shard_name(0)]
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, shard_name(0)]
    rest = run_into(out)
    assert (rest["written"], rest["skipped"], rest["interrupted"]) == (2, 1, False)
    for k, v in read(out).items():
        assert same_column(v, read(recorded[0])[k]), k


def test_a_folder_of_other_data_is_never_written_into(tmp_path):
    run_into(tmp_path / "run")
    before = {p.name: p.read_bytes() for p in (tmp_path / "run").iterdir()}
    with pytest.raises(OptionsError, match=r"other options \(games 5, not 6\)"):
        run_into(tmp_path / "run", games=6)
    with pytest.raises(OptionsError, match="agent 'mcts:iterations=60', not 'mcts:iterations=61'"):
        selfplay("mcts:iterations=61", out=tmp_path / "run", games=5, shard_games=2, seed=7)
    assert {p.name: p.read_bytes() for p in (tmp_path / "run").iterdir()} == before
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    with pytest.raises(OptionsError, match="not empty and holds no self-play manifest"):
        run_into(tmp_path / "mine")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"
    (tmp_path / "file").write_text("x")
    with pytest.raises(OptionsError, match="is a file, not a folder"):
        run_into(tmp_path / "file")
    (tmp_path / "fake").mkdir()
    (tmp_path / "fake" / MANIFEST).write_text('{"format": "something else"}')
    with pytest.raises(OptionsError, match="is not a pavilion-selfplay v2 manifest"):
        run_into(tmp_path / "fake")


def test_a_damaged_shard_is_named_not_overwritten(tmp_path):
    out = tmp_path / "run"
    run_into(out)
    (out / shard_name(2)).write_bytes(b"PAR1 not really")
    with pytest.raises(OptionsError, match=r"shard-00002\.parquet' cannot be read .*delete it to play it again"):
        run_into(out)
    assert (out / shard_name(2)).read_bytes() == b"PAR1 not really"


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"games": 0}, "games must be from 1"),
        ({"shard_games": 0}, "shard_games must be from 1"),
        ({"games": 10**9, "shard_games": 1}, "more than 20000 shards"),
        ({"players": 5}, "players"),
        ({"side": "purple"}, "side"),
        ({"sample_moves": -1}, "sample_moves"),
    ],
)
def test_bad_options_are_refused_before_anything_is_written(tmp_path, options, message):
    with pytest.raises(OptionsError, match=message):
        run_into(tmp_path / "run", **options)
    assert not (tmp_path / "run").exists()


def test_only_a_searching_agent_self_plays(tmp_path):
    for spec, message in [("greedy", "needs a searching agent"), ("mcts:c=-1", "agent 'mcts:c=-1': c")]:
        with pytest.raises(OptionsError, match=message):
            selfplay(spec, out=tmp_path / "run", games=1)


def test_the_cli_writes_shards_and_says_where(tmp_path):
    out = tmp_path / "data"
    args = ["selfplay", "--agent", SPEC, "--games", "3", "--shard-games", "2", "--out", str(out), "--threads", "2"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert "2 shards: 3 games," in r.output and "decisions" in r.output
    r = CliRunner().invoke(main, [*args, "--json"])
    assert r.exit_code == 0, r.output
    done = json.loads(r.output)
    assert (done["written"], done["skipped"], done["games"], len(done["shards"])) == (0, 2, 3, 2)
    first = Move.from_action(int(read(out)["action"][0]))
    assert Game(players=2, seed=1).is_legal(first)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agent", "random"], "needs a searching agent"),
        (["--games", "0"], "Invalid value for '--games'"),
        (["--side", "plaid"], "Invalid value for '--side'"),
        ([], "Missing option '--out'"),
    ],
)
def test_the_cli_refuses_bad_options_in_one_line(tmp_path, args, message):
    out = [] if args == [] else ["--out", str(tmp_path / "x")]
    r = CliRunner().invoke(main, ["selfplay", *out, *args])
    assert r.exit_code == 2
    assert message in r.output and r.output.count("\n") == 1, r.output


AKROPOLIS_OPTIONS = {"variants": "hmb", "long": False, "barracks_edge": "outside", "lake": "single_hex"}


@pytest.fixture(scope="module")
def akropolis_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("akropolis")
    selfplay(
        SPEC, out=out, games=3, shard_games=2, seed=5, players=3, sample_moves=4, akropolis_options=AKROPOLIS_OPTIONS
    )
    return out


def assert_search_value(value: float, legal: int) -> None:
    """A decision's search value is a win share, and NaN only where one legal move left nothing to search."""
    if legal == 1:
        assert np.isnan(value)
    else:
        assert 0 <= value <= 1, value


def test_akropolis_shards_have_their_documented_columns(akropolis_run):
    table = pq.read_table(akropolis_run / shard_name(0))
    assert table.column_names == [name for name, _, _ in AKROPOLIS_COLUMNS]
    manifest = json.loads((akropolis_run / MANIFEST).read_text())
    assert (manifest["game"], manifest["variants"], manifest["players"]) == ("akropolis", "hmb", 3)
    assert "observation_layout" not in manifest and "side" not in manifest


def test_every_akropolis_row_matches_the_game_replayed(akropolis_run):
    """Each row's position is the engine's with the face-down tiles sorted (their
    order never written), its legal moves the engine's, its policy over them."""
    data = read(akropolis_run)
    assert sorted(set(data["game"].tolist())) == [0, 1, 2]
    for number in range(3):
        rows = np.flatnonzero(data["game"] == number)
        g = akropolis.Game(players=3, seed=5 + number, **AKROPOLIS_OPTIONS)
        for r in rows:
            assert data["to_move"][r] == g.current_player
            doc, seen = json.loads(g.to_json(None)), json.loads(data["position"][r])
            hidden = sorted(t for stack in doc["stacks"] for t in stack)
            assert [t for stack in seen["stacks"] for t in stack] == hidden, "face-down tiles not in sorted order"
            assert {k: v for k, v in seen.items() if k != "stacks"} == {k: v for k, v in doc.items() if k != "stacks"}
            assert data["legal_moves"][r] == [str(m) for m in g.legal_moves()]
            policy = data["policy"][r]
            assert len(policy) == len(data["legal_moves"][r]) and abs(policy.sum() - 1) < 1e-5
            assert policy[data["action"][r]] > 0
            assert_search_value(data["search_value"][r], len(policy))
            g.play(data["legal_moves"][r][data["action"][r]])
        assert g.is_over
        for r in rows:
            assert data["scores"][r].tolist() == g.scores
            assert data["returns"][r].tolist() == [1 / len(g.winners) if s in g.winners else 0 for s in range(3)]


def test_akropolis_self_play_without_sampling_is_the_arena_game(tmp_path):
    selfplay(SPEC, out=tmp_path, games=2, seed=8, akropolis_options={})
    data = read(tmp_path)
    for game in akropolis.play_matches([SPEC], [0, 1], seed=8):
        rows = data["game"] == game["index"]
        assert rows.sum() == game["moves"] and data["scores"][rows][0].tolist() == game["scores"]


def test_the_akropolis_cli_writes_shards(tmp_path):
    args = ["akropolis", "selfplay", "--agent", SPEC, "--games", "2", "--out", str(tmp_path / "a"), "--variants", "t"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    assert "1 shard: 2 games," in r.output
    r = CliRunner().invoke(main, ["akropolis", "selfplay", "--out", str(tmp_path / "b"), "--long", "--players", "4"])
    assert r.exit_code == 2 and r.output == "Error: the long game is for 2 or 3 players\n"


def arrow_type(documented: str, players: int) -> str:
    """The Arrow type a documented column type is stored as."""
    names = {
        **{t: t for t in ("int64", "int32", "int16", "int8", "bool", "string")},
        "float32": "float",  # Arrow's name for float32
    }
    if documented.startswith("list<"):
        return f"list<element: {names[documented[5:-1]]}>"
    if "[" in documented:
        base, size = documented[:-1].split("[")
        return f"fixed_size_list<element: {names[base]}>[{players if size == 'players' else size}]"
    return names[documented]


def test_every_column_is_stored_as_its_documented_type(recorded, akropolis_run):
    # The manifest's layout is the one in the code, and each shard's schema matches it, zstd-compressed.
    for folder, players, columns in [
        (recorded[0], 2, COLUMNS),
        (recorded[1], 3, COLUMNS),
        (akropolis_run, 3, AKROPOLIS_COLUMNS),
    ]:
        manifest = json.loads((folder / MANIFEST).read_text())
        assert manifest["columns"] == [{"name": n, "type": t, "help": h} for n, t, h in columns]
        meta = pq.read_metadata(folder / shard_name(0))
        schema = meta.schema.to_arrow_schema()
        assert [(f.name, str(f.type)) for f in schema] == [(n, arrow_type(t, players)) for n, t, _ in columns]
        assert {meta.row_group(0).column(i).compression for i in range(meta.num_columns)} == {"ZSTD"}
        assert json.loads(schema.metadata[SHARD_KEY]) == {"first_game": 0, "games": 2}


def test_the_manifest_records_the_run_and_the_layout(recorded, akropolis_run):
    text = (recorded[1] / MANIFEST).read_text()
    assert text.startswith('{\n "format": "pavilion-selfplay",\n "version": 2,\n') and text.endswith("}\n")
    manifest = json.loads(text)
    assert list(manifest) == [
        "format", "version", "agent", "game", "players", "side", "seed", "games", "shard_games", "sample_moves",
        "num_actions", "observation_length", "observation_layout", "columns", "shards",
    ]  # fmt: skip
    assert {k: manifest[k] for k in ("game", "players", "side", "seed", "games", "shard_games", "sample_moves")} == {
        "game": "summer-pavilion", "players": 3, "side": "gray", "seed": 7, "games": 5, "shard_games": 2,
        "sample_moves": 6,
    }  # fmt: skip
    assert (manifest["observation_length"], manifest["observation_layout"]) == (
        OBSERVATION_LEN,
        [list(block) if isinstance(block, tuple) else block for block in OBSERVATION_LAYOUT],
    )
    data = read(recorded[1])
    assert manifest["shards"] == [
        {"file": shard_name(k), "first_game": 2 * k, "games": min(2, 5 - 2 * k),
         "decisions": int(np.isin(data["game"], [2 * k, 2 * k + 1]).sum())}
        for k in range(3)
    ]  # fmt: skip
    akro = json.loads((akropolis_run / MANIFEST).read_text())
    assert list(akro) == [
        "format", "version", "agent", "game", "players", "variants", "long", "barracks_edge", "lake", "seed", "games",
        "shard_games", "sample_moves", "columns", "shards",
    ]  # fmt: skip


def test_a_rerun_lists_the_shards_it_found(tmp_path, recorded):
    out = tmp_path / "run"
    run_into(out)
    first = json.loads((out / MANIFEST).read_text())["shards"]
    (out / MANIFEST).write_text(json.dumps({**json.loads((recorded[0] / MANIFEST).read_text()), "shards": []}))
    assert run_into(out)["skipped"] == 3
    assert json.loads((out / MANIFEST).read_text())["shards"] == first


def test_each_game_plays_with_the_threads_and_sampling_asked(tmp_path, monkeypatch):
    calls = []

    def fake(engine_selfplay):
        def play(agent, indices, **kw):
            calls.append((agent, list(indices), kw))
            return engine_selfplay(agent, indices, **kw)

        return play

    monkeypatch.setattr("pavilion.learn.selfplay.play_selfplay", fake(pavilion_engine.selfplay))
    monkeypatch.setattr(pavilion_engine.akropolis, "selfplay", fake(pavilion_engine.akropolis.selfplay))
    selfplay(SPEC, out=tmp_path / "s", games=3, shard_games=2, seed=4, threads=2, sample_moves=1)
    selfplay(SPEC, out=tmp_path / "a", games=1, seed=4, threads=2, sample_moves=2, akropolis_options={})
    summer = {"players": 2, "side": "coloured", "seed": 4}
    assert calls[:3] == [
        (SPEC, [], {"threads": 1, "sample_moves": 1, **summer}),  # the options checked before any folder is made
        (SPEC, [0, 1], {"threads": 2, "sample_moves": 1, **summer}),
        (SPEC, [2], {"threads": 2, "sample_moves": 1, **summer}),
    ]
    assert [(c[1], c[2]["threads"], c[2]["sample_moves"], c[2]["seed"]) for c in calls[3:]] == [
        ([], 1, 2, 4),
        ([0], 2, 2, 4),
    ]


def test_on_ray_each_shard_is_a_task_of_one_cpu(tmp_path, monkeypatch, recorded):
    # Ray stood in for: the cluster asked for, and the tasks, run here in reverse order.
    from contextlib import contextmanager

    from pavilion.core import scale

    asked = []

    @contextmanager
    def cluster(address, cpus=None):
        asked.append(("cluster", address, cpus))
        yield 2

    def run_tasks(work, args):
        asked.append(("tasks", work.__name__, [a[:2] + a[3:] for a in args]))
        for k in reversed(range(len(args))):
            yield k, work(*args[k])

    monkeypatch.setattr(scale, "cluster", cluster)
    monkeypatch.setattr(scale, "run_tasks", run_tasks)
    done = run_into(tmp_path / "run", ray="10.0.0.1:6379", threads=3)
    assert asked == [
        ("cluster", "10.0.0.1:6379", 3),
        (
            "tasks",
            "play_shard",
            [
                (SPEC, [0, 1], 1, {"sample_moves": 0}),
                (SPEC, [2, 3], 1, {"sample_moves": 0}),
                (SPEC, [4], 1, {"sample_moves": 0}),
            ],
        ),
    ]
    assert done["written"] == 3
    for k, v in read(tmp_path / "run").items():
        assert same_column(v, read(recorded[0])[k]), k


def test_the_seed_is_0_unless_given(tmp_path):
    selfplay(SPEC, out=tmp_path, games=1)
    assert json.loads((tmp_path / MANIFEST).read_text())["seed"] == 0


def test_limits_are_inclusive(tmp_path):
    with pytest.raises(OptionsError, match=r"^shard_games must be from 1 to 10000, not 10001$"):
        run_into(tmp_path / "run", shard_games=10_001)
    with pytest.raises(
        OptionsError, match=r"^20001 games at 1 a shard make more than 20000 shards: raise shard_games$"
    ):
        run_into(tmp_path / "run", games=20_001, shard_games=1)
    with pytest.raises(OptionsError, match=r"^40001 games at 2 a shard make more than 20000 shards"):
        run_into(tmp_path / "run", games=40_001, shard_games=2)
    assert not (tmp_path / "run").exists()
    # 20,000 shards exactly, and 10,000 games a shard, are allowed: refused only for the folder here.
    (tmp_path / "file").write_text("x")
    for games, shard_games in [(20_000, 1), (40_000, 2), (10_000, 10_000)]:
        with pytest.raises(OptionsError, match="is a file, not a folder"):
            run_into(tmp_path / "file", games=games, shard_games=shard_games)


def test_every_refusal_names_the_folder_or_file(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(OptionsError, match=rf"^'{tmp_path}/file' is a file, not a folder$"):
        run_into(tmp_path / "file")
    with pytest.raises(OptionsError, match=rf"^cannot make the folder '{tmp_path}/file/sub': Not a directory$"):
        run_into(tmp_path / "file" / "sub")
    run_into(tmp_path / "deep" / "er")  # parents are made
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / ".hidden").write_text("")
    run_into(tmp_path / "mine")  # hidden files do not count
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes").write_text("")
    with pytest.raises(
        OptionsError, match=rf"^'{tmp_path}/other' is not empty and holds no self-play manifest: give a new folder$"
    ):
        run_into(tmp_path / "other")
    with pytest.raises(
        OptionsError,
        match=rf"^'{tmp_path}/mine' holds self-play of other options \(seed 7, not 8; games 5, not 6\): give another",
    ):
        run_into(tmp_path / "mine", games=6, seed=8)
    for doc in ['{"format": "pavilion-selfplay", "version": 1}', '{"format": "other", "version": 2}', "[1]"]:
        (tmp_path / "fake").mkdir(exist_ok=True)
        (tmp_path / "fake" / MANIFEST).write_text(doc)
        with pytest.raises(
            OptionsError, match=rf"^'{tmp_path}/fake/manifest.json' is not a pavilion-selfplay v2 manifest$"
        ):
            run_into(tmp_path / "fake")
    (tmp_path / "fake" / MANIFEST).write_text("{")
    with pytest.raises(NotationError, match=r"^self-play manifest: not JSON"):
        run_into(tmp_path / "fake")
    (tmp_path / "fake" / MANIFEST).unlink()
    (tmp_path / "fake" / MANIFEST).mkdir()
    with pytest.raises(ValueError, match=r"^cannot read self-play manifest"):
        run_into(tmp_path / "fake")


def test_a_shard_of_other_games_or_unreadable_is_named(tmp_path, recorded):
    out = tmp_path / "run"
    run_into(out)
    (out / shard_name(2)).write_bytes((recorded[0] / shard_name(0)).read_bytes())  # games 0-1 where 4 should be
    with pytest.raises(
        OptionsError, match=rf"^'{out}/shard-00002.parquet' is not the shard of games 4 on: delete it to play it again$"
    ):
        run_into(out)
    pq.write_table(pq.read_table(recorded[0] / shard_name(2)).replace_schema_metadata(None), out / shard_name(2))
    with pytest.raises(OptionsError, match="is not the shard of games 4 on"):
        run_into(out)
    # The reason quoted is the first 120 characters of pyarrow's (here it names the long path).
    deep = tmp_path / ("d" * 150)
    run_into(deep)
    (deep / shard_name(2)).unlink()
    (deep / shard_name(2)).mkdir()  # "cannot open for reading: path …"
    try:
        pq.read_metadata(deep / shard_name(2))
    except (OSError, ValueError) as e:
        full = str(e)
    assert len(full) > 120
    with pytest.raises(OptionsError) as raised:
        run_into(deep)
    path = quote_path(str(deep / shard_name(2)))
    assert str(raised.value) == f"{path} cannot be read ({full[:120]}): delete it to play it again"


def test_read_takes_a_shard_or_a_folder_and_names_what_it_cannot_read(tmp_path, recorded, akropolis_run):
    one = read(recorded[0] / shard_name(1))
    whole = read(recorded[0])
    rows = np.isin(whole["game"], [2, 3])
    assert np.array_equal(one["game"], whole["game"][rows]) and np.array_equal(one["policy"], whole["policy"][rows])
    assert all(p.dtype == np.float32 for p in read(akropolis_run)["policy"])
    assert whole["observation"].shape == (len(whole["game"]), OBSERVATION_LEN)
    (tmp_path / "empty").mkdir()
    with pytest.raises(OptionsError, match=rf"^'{tmp_path}/empty' holds no self-play shard$"):
        read(tmp_path / "empty")
    bad = tmp_path / ("x" * 150 + ".parquet")
    bad.write_bytes(b"not parquet at all")
    try:
        pq.read_table(bad)
    except (OSError, ValueError) as e:
        reason = str(e)[:120]
    with pytest.raises(OptionsError) as raised:
        read(bad)
    assert str(raised.value) == f"cannot read self-play data {quote_path(str(bad))}: {reason}"


def test_without_pyarrow_self_play_says_how_to_get_it(tmp_path, monkeypatch):
    import builtins

    real_import = builtins.__import__

    def no_pyarrow(name, *args, **kwargs):
        if name.startswith("pyarrow"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(OptionsError, match=r"^self-play data needs numpy and pyarrow: pip install 'pavilion\[rl\]'$"):
        run_into(tmp_path / "run")
    assert not (tmp_path / "run").exists()


# ---- fast searches (playout-cap randomisation) ---------------------------------------------------


def test_fast_searches_mark_the_decisions_searched_in_full(tmp_path, recorded):
    out = tmp_path / "fast"
    run_into(out, fast_iterations=6, full_share=0.3)
    manifest = json.loads((out / MANIFEST).read_text())
    assert (manifest["fast_iterations"], manifest["full_share"]) == (6, 0.3)
    assert [c["name"] for c in manifest["columns"]] == [name for name, _, _ in COLUMNS] + [FULL_COLUMN[0]]
    data = read(out)
    full = data["full"]
    assert full.dtype == np.bool_ and 0.15 < full.mean() < 0.45, full.mean()
    # A fast search is 6 iterations: visit shares in sixths. A full one is the agent's 60. (Before
    # the last rounds, where an exact solve shares its policy among the moves proven best.)
    searched = ~np.isnan(data["search_value"]) & (data["ply"] < 60)
    sixths = np.all(np.isclose(data["policy"] * 6, np.round(data["policy"] * 6), atol=1e-4), axis=1)
    assert sixths[searched & ~full].all() and not sixths[searched & full].all()
    # The same seed gives the same data, and a rerun skips the shards there.
    again = run_into(tmp_path / "again", fast_iterations=6, full_share=0.3)
    assert again["written"] == 3
    for k, v in read(tmp_path / "again").items():
        assert same_column(v, data[k]), k
    assert run_into(out, fast_iterations=6, full_share=0.3)["skipped"] == 3
    # Another budget is another run: refused in the same folder.
    with pytest.raises(OptionsError, match="fast_iterations 6, not 7"):
        run_into(out, fast_iterations=7, full_share=0.3)
    # Without fast searches the manifest and the columns are those there always were.
    best, _ = recorded
    plain = json.loads((best / MANIFEST).read_text())
    assert "fast_iterations" not in plain and "full" not in read(best)


def test_akropolis_fast_searches_add_the_full_column(tmp_path):
    out = tmp_path / "fast"
    selfplay(SPEC, out=out, games=2, seed=3, fast_iterations=5, full_share=0.5, akropolis_options={})
    data = read(out)
    assert pq.read_schema(out / shard_name(0)).names == [name for name, _, _ in AKROPOLIS_COLUMNS] + ["full"]
    assert 0.3 < data["full"].mean() < 0.7


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"fast_iterations": 5, "full_share": 0.0}, "above 0 and at most 1, not 0"),
        ({"fast_iterations": 5, "full_share": 1.5}, "above 0 and at most 1, not 1.5"),
        ({"fast_iterations": -1}, "fast_iterations"),
    ],
)
def test_bad_fast_searches_are_refused_before_anything_is_written(tmp_path, options, message):
    with pytest.raises(OptionsError, match=message):
        run_into(tmp_path / "run", **options)
    assert not (tmp_path / "run").exists()


def test_the_cli_plays_fast_searches_and_refuses_a_share_of_none(tmp_path):
    out = tmp_path / "data"
    args = ["selfplay", "--agent", SPEC, "--games", "2", "--out", str(out), "--threads", "1"]
    r = CliRunner().invoke(main, [*args, "--fast-iterations", "8", "--full-share", "0.5", "--json"])
    assert r.exit_code == 0, r.output
    assert (json.loads(r.output)["fast_iterations"], json.loads(r.output)["full_share"]) == (8, 0.5)
    assert "full" in read(out)
    r = CliRunner().invoke(main, [*args, "--fast-iterations", "8", "--full-share", "0"])
    assert r.exit_code == 2 and "Invalid value for '--full-share'" in r.output and r.output.count("\n") == 1
    r = CliRunner().invoke(main, ["akropolis", *args, "--fast-iterations", "8"])
    assert r.exit_code == 2 and "holds self-play of other options" in r.output, r.output
