"""`pavilion train` end to end, on a few tiny self-play games: the network file
and manifest it writes, a resumed run equal to an uninterrupted one, the
network played by the Rust search, and bad input. Needs PyTorch (`make
test-train` installs it); without it these tests are skipped, and the Rust
side is held to PyTorch's outputs by golden data (seeds/nets/)."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from click.testing import CliRunner

torch = pytest.importorskip("torch")

from conftest import ROOT  # noqa: E402
from pavilion import akropolis  # noqa: E402
from pavilion.cli import main  # noqa: E402
from pavilion.learn.selfplay import selfplay  # noqa: E402
from pavilion.learn.train import LR_SCHEDULES, Architecture, Settings, flushing_subnormals, train  # noqa: E402

TINY = Architecture(trunk=(16,), value=(8,), policy=(8,))


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    out = tmp_path_factory.mktemp("selfplay") / "run"
    selfplay("mcts:iterations=40", games=6, out=str(out), threads=1, shard_games=3, akropolis_options={})
    return out


def test_training_writes_a_network_the_search_plays(data, tmp_path):
    manifest = train(data, tmp_path / "net", arch=TINY, settings=Settings(epochs=2, batch=32))
    assert (manifest["game"], manifest["encoding_version"]) == ("akropolis", akropolis.ENCODING_VERSION)
    assert manifest["data"]["games"] == 6 and manifest["data"]["held_out_games"] == 1
    assert manifest["data"]["decisions"] == 6 * 36 and manifest["steps"] > 0
    assert len(manifest["losses"]) == 2 and manifest["architecture"]["trunk"] == [16]
    # The compute it took: the epochs' and the encoding's wall-clock seconds.
    # (A tiny run's epochs can take under 0.05 s: the total is rounded to tenths.)
    assert manifest["losses"][-1]["seconds"] > 0 and manifest["encoding_seconds"] > 0
    assert manifest["training_seconds"] == round(manifest["losses"][-1]["seconds"], 1)
    assert json.loads((tmp_path / "net" / "manifest.json").read_text()) == manifest
    spec = f"mcts:net={tmp_path / 'net' / 'net.safetensors'},iterations=30"
    game = akropolis.Game(seed=3)
    move = akropolis.Agent(spec, seed=1).choose(game)
    assert move in game.legal_moves()


def subnormal_product() -> float:
    return (torch.tensor([1e-30]) * torch.tensor([1e-10])).item()


def test_training_flushes_subnormals_and_puts_the_process_setting_back(data, tmp_path):
    assert subnormal_product() != 0.0, "PyTorch's default keeps subnormals"
    with flushing_subnormals(torch):
        assert subnormal_product() == 0.0
    assert subnormal_product() != 0.0
    torch.set_flush_denormal(True)
    try:
        with flushing_subnormals(torch):
            pass
        assert subnormal_product() == 0.0, "a caller's own setting is kept"
    finally:
        torch.set_flush_denormal(False)
    train(data, tmp_path / "net", arch=TINY, settings=Settings(epochs=1, batch=32))
    assert subnormal_product() != 0.0


def test_several_folders_train_one_network_with_each_game_kept_whole(data, tmp_path):
    more = tmp_path / "more"
    selfplay("mcts:iterations=30", games=4, out=str(more), threads=1, shard_games=4, seed=9, akropolis_options={})
    manifest = train([data, more], tmp_path / "net", arch=TINY, settings=Settings(epochs=1, batch=32))
    # Both folders number their games from 0: ten games, not six.
    assert manifest["data"]["games"] == 10 and manifest["data"]["decisions"] == 10 * 36
    assert manifest["data"]["path"] == [data.name, more.name], "where the data lay means nothing elsewhere"
    assert manifest["data"]["agent"] == ["mcts:iterations=40", "mcts:iterations=30"]
    assert manifest["data"]["players"] == 2 and manifest["data"]["held_out_games"] == 1
    # A folder of another game is refused in one line, naming it.
    summer = tmp_path / "summer"
    selfplay("mcts:iterations=20", games=1, out=str(summer), threads=1, shard_games=1)
    r = CliRunner().invoke(main, ["train", str(data), str(summer), "--out", str(tmp_path / "mixed")])
    assert r.exit_code == 2 and "summer" in r.output and "Traceback" not in r.output, r.output
    # A folder of no self-play data says so (not that its player count differs).
    r = CliRunner().invoke(main, ["train", str(data), str(tmp_path / "net"), "--out", str(tmp_path / "none")])
    assert r.exit_code == 2 and "holds no self-play shard" in r.output, r.output


def test_a_three_player_network_values_every_seat_and_guides_the_search(tmp_path):
    from safetensors import safe_open

    run = tmp_path / "three"
    selfplay("mcts:iterations=20", games=3, out=str(run), threads=1, akropolis_options={"players": 3})
    manifest = train(run, tmp_path / "net", arch=TINY, settings=Settings(epochs=2, batch=32))
    assert manifest["data"]["players"] == 3 and manifest["architecture"]["seat_values"] is True
    assert all(math.isfinite(v) for row in manifest["losses"] for v in row["held_out"].values())
    net = tmp_path / "net" / "net.safetensors"
    with safe_open(str(net), "np") as f:
        assert f.get_tensor("value.1.weight").shape == (8, 8), "a win logit and a margin for each of 4 seats"
    game = akropolis.Game(players=3, seed=5)
    assert akropolis.Agent(f"mcts:net={net},iterations=30", seed=1).choose(game) in game.legal_moves()
    # The mover's value alone, as the networks before: a head of 2.
    args = f"train {run} --out {tmp_path / 'mover'} --epochs 1 --trunk 16 --head 8 --value mover --json".split()
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 0, r.output
    with safe_open(str(tmp_path / "mover" / "net.safetensors"), "np") as f:
        assert f.get_tensor("value.1.weight").shape == (2, 8)
    r = CliRunner().invoke(main, [*args[:3], str(tmp_path / "other"), "--value", "everyone"])
    assert r.exit_code == 2 and "everyone" in r.output and "Traceback" not in r.output, r.output


def test_a_network_seeing_the_board_keeps_its_seats_rows_and_guides_the_search(data, tmp_path):
    from safetensors import safe_open

    arch = dataclasses.replace(TINY, board=True)
    manifest = train(data, tmp_path / "net", arch=arch, settings=Settings(epochs=2, batch=32))
    # Two players: the rows of the first two seats' board features.
    assert manifest["board_features"] == 2 * akropolis.BOARD_SEAT_FEATURES
    assert all(math.isfinite(v) for row in manifest["losses"] for v in row["held_out"].values())
    net = tmp_path / "net" / "net.safetensors"
    with safe_open(str(net), "np") as f:
        assert f.metadata()["board_features"] == str(2 * akropolis.BOARD_SEAT_FEATURES)
        first = f.get_tensor("trunk.0.weight")
        assert first.shape == (16, akropolis.POSITION_FEATURES + 2 * akropolis.BOARD_SEAT_FEATURES)
        names = f.keys()
        assert "board.weight" not in names, "the board's rows are the first layer's last columns"
    game = akropolis.Game(seed=3)
    assert akropolis.Agent(f"mcts:net={net},iterations=30", seed=1).choose(game) in game.legal_moves()
    # Summer Pavilion has no board to see: refused in one line, before any encoding.
    summer = tmp_path / "summer"
    selfplay("mcts:iterations=20", games=1, out=str(summer), threads=1, shard_games=1)
    r = CliRunner().invoke(main, ["train", str(summer), "--out", str(tmp_path / "s"), "--board"])
    assert r.exit_code == 2 and "only Akropolis networks see the board" in r.output, r.output


def test_a_summer_pavilion_network_trains_and_guides_the_search(tmp_path):
    import pavilion

    run = tmp_path / "summer-run"
    selfplay("mcts:iterations=40", games=3, out=str(run), threads=1, shard_games=3)
    manifest = train(run, tmp_path / "net", arch=TINY, settings=Settings(epochs=2, batch=64))
    assert (manifest["game"], manifest["encoding_version"]) == ("summer-pavilion", pavilion.ENCODING_VERSION)
    assert (manifest["position_features"], manifest["move_features"]) == (
        pavilion.POSITION_FEATURES,
        pavilion.MOVE_FEATURES,
    )
    net = tmp_path / "net" / "net.safetensors"
    for priors in ("game", "net"):
        game = pavilion.Game(seed=4)
        move = pavilion.Agent(f"mcts:net={net},iterations=30,priors={priors}", seed=1).choose(game)
        assert game.is_legal(move)
    # An Akropolis network is refused by Summer Pavilion's search, in one line.
    with pytest.raises(ValueError, match="akropolis"):
        pavilion.Agent(f"mcts:net={ROOT / 'seeds/nets/akropolis-gen1/net.safetensors'}")


def test_a_network_carries_the_mix_its_searches_take_and_a_new_mix_needs_no_training(data, tmp_path):
    from safetensors import safe_open

    out = tmp_path / "net"
    first = train(data, out, arch=TINY, settings=Settings(epochs=1, batch=32))
    net = out / "net.safetensors"
    assert first["search"] == {"mix": 0.0}
    args = f"train {data} --out {out} --epochs 1 --batch 32 --trunk 16 --head 8 --mix 0.5 --json".split()
    mixed = CliRunner().invoke(main, args)
    assert mixed.exit_code == 0, mixed.output
    manifest = json.loads(mixed.output)
    assert manifest["search"] == {"mix": 0.5}
    assert manifest["losses"] == first["losses"], "the finished run is reused, not trained again"
    with safe_open(str(net), "np") as f:
        assert f.metadata()["mix"] == "0.5"
    # The Rust search reads it: the network's mix is its searches' default (the engine test
    # a_network_search_takes_the_network_s_own_mix_unless_told checks the number taken).
    game = akropolis.Game(seed=3)
    assert akropolis.Agent(f"mcts:net={net},iterations=30", seed=1).choose(game) in game.legal_moves()
    r = CliRunner().invoke(main, ["train", str(data), "--out", str(out), "--mix", "1.5"])
    assert r.exit_code == 2 and "--mix" in r.output and "Traceback" not in r.output, r.output


@pytest.mark.parametrize("schedule", LR_SCHEDULES)
def test_a_resumed_run_is_the_uninterrupted_one(data, tmp_path, schedule):
    settings = Settings(epochs=3, batch=32, lr_schedule=schedule)
    whole = train(data, tmp_path / "whole", arch=TINY, settings=settings)

    def stop_after_two(row):
        if row["epoch"] == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        train(data, tmp_path / "cut", arch=TINY, settings=settings, progress=stop_after_two)
    assert not (tmp_path / "cut" / "net.safetensors").exists()
    resumed = train(data, tmp_path / "cut", arch=TINY, settings=settings)
    strip = lambda m: [{k: v for k, v in row.items() if k != "seconds"} for row in m["losses"]]  # noqa: E731
    assert strip(resumed) == strip(whole)
    assert (tmp_path / "cut" / "net.safetensors").read_bytes() != b""
    assert resumed["settings"]["lr_schedule"] == schedule
    if schedule != "constant":
        held = train(data, tmp_path / "held", arch=TINY, settings=dataclasses.replace(settings, lr_schedule="constant"))
        assert strip(held) != strip(whole), "the schedule moves the learning rate"


def test_the_device_is_a_gpu_where_pytorch_sees_one_else_the_cpu(data, tmp_path):
    gpu = torch.cuda.is_available()
    auto = CliRunner().invoke(main, ["train", str(data), "--out", str(tmp_path / "auto"), "--epochs", "1", "--json"])
    assert auto.exit_code == 0, auto.output
    assert json.loads(auto.output)["device"] == ("cuda" if gpu else "cpu")
    cpu = train(data, tmp_path / "cpu", arch=TINY, settings=Settings(epochs=1, batch=32), device="cpu")
    assert cpu["device"] == "cpu" and cpu["losses"][0]["train"]["value"] > 0
    with pytest.raises(ValueError, match="device is one of auto, cpu, cuda, not 'tpu'"):
        train(data, tmp_path / "tpu", arch=TINY, settings=Settings(epochs=1), device="tpu")
    if not gpu:
        r = CliRunner().invoke(main, ["train", str(data), "--out", str(tmp_path / "cuda"), "--device", "cuda"])
        assert r.exit_code == 2 and "PyTorch sees no CUDA device" in r.output and "Traceback" not in r.output
        assert not (tmp_path / "cuda").exists(), "nothing is made for a run that cannot start"


def net_tensors(path):
    from safetensors import safe_open

    with safe_open(str(path), "np") as f:
        return {k: f.get_tensor(k) for k in f.keys()}  # noqa: SIM118


@pytest.mark.parametrize("board", [False, True])
def test_a_run_can_go_on_from_another_network_s_weights(data, tmp_path, board):
    import hashlib

    import numpy as np

    arch = dataclasses.replace(TINY, board=board)
    train(data, tmp_path / "base", arch=arch, settings=Settings(epochs=1, batch=32))
    base = tmp_path / "base" / "net.safetensors"
    # A learning rate too small to move anything: the weights written are the ones started from.
    still = Settings(epochs=1, batch=32, lr=1e-12)
    manifest = train(data, tmp_path / "warm", settings=still, init=base)
    assert manifest["architecture"] == dataclasses.asdict(arch) | {"trunk": [16], "value": [8], "policy": [8]}
    assert manifest["init"]["sha256"] == hashlib.sha256(base.read_bytes()).hexdigest()
    assert manifest["init"]["path"] == "net.safetensors", "outside the checkout, the file's own name"
    theirs, mine = net_tensors(base), net_tensors(tmp_path / "warm" / "net.safetensors")
    assert theirs.keys() == mine.keys()
    assert all(np.allclose(theirs[k], mine[k], atol=1e-6) for k in theirs)
    train(data, tmp_path / "cold", arch=arch, settings=dataclasses.replace(still, seed=5))
    cold = net_tensors(tmp_path / "cold" / "net.safetensors")
    assert not np.allclose(cold["trunk.0.weight"], theirs["trunk.0.weight"], atol=1e-3), "random weights differ"
    # The CLI takes the network's shape, and learns on from it.
    r = CliRunner().invoke(
        main, ["train", str(data), "--out", str(tmp_path / "cli"), "--init", str(base), "--epochs", "1", "--json"]
    )
    assert r.exit_code == 0, r.output
    assert json.loads(r.output)["architecture"]["trunk"] == [16]


def test_a_run_that_sees_the_board_goes_on_from_one_that_does_not_as_its_exact_judge(data, tmp_path):
    import numpy as np

    train(data, tmp_path / "base", arch=TINY, settings=Settings(epochs=1, batch=32))
    base = tmp_path / "base" / "net.safetensors"
    still = Settings(epochs=1, batch=32, lr=1e-12)
    manifest = train(data, tmp_path / "board", arch=dataclasses.replace(TINY, board=True), settings=still, init=base)
    assert manifest["board_features"] == 2 * akropolis.BOARD_SEAT_FEATURES
    theirs, mine = net_tensors(base), net_tensors(tmp_path / "board" / "net.safetensors")
    summary = theirs["trunk.0.weight"].shape[1]
    # The summary's columns are the base network's; the board's rows (the first layer's last columns) start
    # at 0, and the step too small to move anything leaves them within a hair of it (random rows are ~0.1).
    assert np.allclose(mine["trunk.0.weight"][:, :summary], theirs["trunk.0.weight"], atol=1e-6)
    assert mine["trunk.0.weight"].shape[1] == summary + manifest["board_features"]
    assert np.abs(mine["trunk.0.weight"][:, summary:]).max() < 1e-9
    # So the engine's searches with either network play the same moves.
    game = akropolis.Game(seed=4)
    for _ in range(6):
        moves = [
            akropolis.Agent(f"mcts:net={net},iterations=60", seed=2).choose(game)
            for net in (base, tmp_path / "board" / "net.safetensors")
        ]
        assert moves[0] == moves[1]
        game.play(moves[0])
    # A board-seeing network cannot go on as one that does not see it.
    board_net = str(tmp_path / "board" / "net.safetensors")
    args = ["train", str(data), "--out", str(tmp_path / "o"), "--init", board_net, "--no-board", "--epochs", "1"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 2 and "has layers this run's network lacks: board.weight" in r.output, r.output


def test_a_board_network_goes_on_over_data_whose_manifest_names_no_player_count(tmp_path):
    import shutil

    selfplay("mcts:iterations=20", games=2, out=str(tmp_path / "run"), players=3, threads=1, akropolis_options={})
    arch = dataclasses.replace(TINY, board=True)
    base = train(tmp_path / "run", tmp_path / "base", arch=arch, settings=Settings(epochs=1, batch=32))
    assert base["board_features"] == 3 * akropolis.BOARD_SEAT_FEATURES
    # The same shards without their manifest: the player count is known only once they are read.
    (tmp_path / "bare").mkdir()
    for shard in (tmp_path / "run").glob("*.parquet"):
        shutil.copy(shard, tmp_path / "bare")
    warm = train(
        tmp_path / "bare",
        tmp_path / "warm",
        settings=Settings(epochs=1, batch=32),
        init=tmp_path / "base" / "net.safetensors",
    )
    assert warm["board_features"] == base["board_features"]


def test_a_warm_start_refuses_a_network_it_cannot_go_on_from(data, tmp_path, monkeypatch):
    from pavilion.learn import train as training
    from pavilion.learn.train import architecture_of, read_net

    # Summer Pavilion's shipped network values the mover alone, as the networks before seat values did.
    metadata, tensors = read_net(ROOT / "seeds/nets/summer-gen2/net.safetensors")
    assert architecture_of(metadata, tensors) == Architecture(
        trunk=(128, 128), value=(64,), policy=(64,), seat_values=False
    )
    train(data, tmp_path / "base", arch=TINY, settings=Settings(epochs=1, batch=32))
    base = tmp_path / "base" / "net.safetensors"
    cases = [
        (["--init", str(base), "--trunk", "32"], "has another shape than this run's: trunk.0.weight is [16,"),
        (
            ["--init", str(base), "--value", "mover"],
            "has another shape than this run's: value.1.weight is [8, 8], here [2, 8]",
        ),
        (["--init", str(tmp_path / "none.safetensors")], "no network file at"),
        (["--init", str(tmp_path / "base" / "manifest.json")], "is not a network file"),
        (
            ["--init", str(ROOT / "seeds/nets/summer-gen2/net.safetensors")],
            "is a summer-pavilion network, and this data akropolis's",
        ),
    ]
    # A folder that cannot be made is said as soon, with or without --init.
    (tmp_path / "a-file").write_text("x")
    for out, why in [(tmp_path / "a-file", "is a file, not a folder"), (tmp_path / "a-file" / "x", "is not a folder")]:
        cases += [(["--init", str(base), "--out", str(out)], why), (["--out", str(out)], why)]

    def encoding(*args, **kwargs):
        raise AssertionError("the data was encoded before the run was refused")

    # Each is refused before the data's encoding (minutes, for a real run).
    monkeypatch.setattr(training, "encode", encoding)
    for k, (extra, why) in enumerate(cases):
        args = ["train", str(data), "--out", str(tmp_path / f"o{k}"), "--epochs", "1", *extra]
        r = CliRunner().invoke(main, args)
        assert r.exit_code == 2 and why in r.output and "Traceback" not in r.output, (extra, r.output)


def test_bad_input_is_one_clear_error(data, tmp_path):
    runner = CliRunner()
    train(data, tmp_path / "taken", arch=TINY, settings=Settings(epochs=1))
    cases = [
        (["train", str(data), "--out", str(tmp_path / "taken"), "--epochs", "2"], "holds another training run"),
        (["train", str(data), "--out", str(tmp_path / "x"), "--trunk", "12,a"], "widths are whole numbers"),
        (["train", str(data), "--out", str(tmp_path / "x"), "--lr-schedule", "steps"], "'steps' is not one of"),
        (["train", str(tmp_path / "nothing"), "--out", str(tmp_path / "y")], "cannot read self-play data"),
        (["train", str(data), "--out", str(tmp_path / "taken" / "net.safetensors" / "x")], "cannot make the folder"),
        (["akropolis", "generations", "--out", "/dev/full/x"], "cannot make the folder"),
        (["generations", "--players", "3", "--out", "/dev/full/x"], "cannot make the folder"),
    ]
    for args, why in cases:
        r = runner.invoke(main, args)
        assert r.exit_code == 2 and why in r.output and "Traceback" not in r.output, (args, r.output)


def test_the_generations_loop_keeps_each_generation_and_goes_on_where_it_stopped(tmp_path):
    from pavilion.learn.generations import LOOP_FILE, LoopSettings, run_generations

    tiny = LoopSettings(games=3, iterations=20, sample_moves=2, epochs=1, gate_games=2, trunk=(8,), head=(4,))
    said: list[str] = []
    state = run_generations(str(tmp_path), 1, tiny, threads=1, say=said.append)
    assert len(state["generations"]) == 1 and "generation 0: training" in said
    first = state["generations"][0]
    assert first["manifest"]["data"]["path"] == ["data"], "the folder's own name"
    assert first["self_play_agent"] == "mcts:iterations=20" and first["arena"]["games"] == 2
    assert first["arena"]["challenger"] == f"mcts:iterations=20,net={first['net']}"
    assert state["best"] == (first["net"] if first["promoted"] else None)
    assert json.loads((tmp_path / LOOP_FILE).read_text()) == state
    # Asked for two: only the second is played, with the best search so far.
    said.clear()
    state = run_generations(str(tmp_path), 2, tiny, threads=1, say=said.append)
    assert [g["generation"] for g in state["generations"]] == [0, 1]
    assert not any(line.startswith("generation 0") for line in said)
    # The second network learns from both generations' games (the window of 2).
    second = state["generations"][1]["manifest"]["data"]
    assert second["path"] == ["data", "data"] and second["games"] == 6
    assert state["generations"][1]["self_play_agent"] == (
        f"mcts:iterations=20,net={first['net']}" if first["promoted"] else "mcts:iterations=20"
    )
    with pytest.raises(ValueError, match="holds a loop with other settings"):
        run_generations(str(tmp_path), 3, LoopSettings(games=4), threads=1)
    # A loop begun before the settings named the game, players and mix goes on as 2-player Akropolis.
    old = json.loads((tmp_path / LOOP_FILE).read_text())
    for key in ("game", "players", "mix"):
        del old["settings"][key]
    (tmp_path / LOOP_FILE).write_text(json.dumps(old))
    assert run_generations(str(tmp_path), 2, tiny, threads=1)["generations"] == state["generations"]
    with pytest.raises(ValueError, match="holds a loop with other settings"):
        run_generations(str(tmp_path), 2, dataclasses.replace(tiny, players=3), threads=1)


def test_the_generations_loop_plays_summer_pavilion_at_3_players_one_challenger_seat(tmp_path):
    from pavilion.learn.generations import LoopSettings, gate, run_generations

    tiny = LoopSettings(
        games=2,
        iterations=10,
        sample_moves=2,
        epochs=1,
        gate_games=3,
        trunk=(8,),
        head=(4,),
        game="summer",
        players=3,
        mix=0.5,
        fast_iterations=3,
        full_share=0.5,
    )
    state = run_generations(str(tmp_path), 1, tiny, threads=1)
    first = state["generations"][0]
    # Its self-play searched most decisions fast (playout-cap randomisation), as the settings say.
    played = json.loads((tmp_path / "gen-0" / "data" / "manifest.json").read_text())
    assert (played["fast_iterations"], played["full_share"]) == (3, 0.5)
    assert first["manifest"]["game"] == "summer-pavilion" and first["manifest"]["data"]["players"] == 3
    assert first["manifest"]["search"]["mix"] == 0.5, "the mix is written in the network"
    arena = first["arena"]
    # The challenger holds one seat a game, the best search the other two.
    assert [a["agent"] for a in arena["agents"]] == [arena["challenger"], arena["against"], arena["against"]]
    assert [a["seats"] for a in arena["agents"]] == [3, 3, 3]
    assert arena["gate"] == gate(tiny) == pytest.approx(0.55 * 2 / 3)
    assert first["promoted"] == (arena["agents"][0]["win_rate"] >= arena["gate"])


@pytest.mark.parametrize(
    ("change", "why"),
    [
        ({"game": "chess"}, "game is one of akropolis, summer"),
        ({"players": 5}, "players is 2, 3 or 4"),
        ({"mix": 2.0}, "mix must be from 0 to 1"),
        ({"fast_iterations": 900}, r"fast_iterations must be from 0 to iterations \(800\), not 900"),
        ({"fast_iterations": 100, "full_share": 0.0}, "full_share must be above 0 and at most 1, not 0.0"),
    ],
)
def test_the_generations_loop_refuses_bad_settings_before_any_game(tmp_path, change, why):
    from pavilion.learn.generations import LoopSettings, run_generations

    with pytest.raises(ValueError, match=why):
        run_generations(str(tmp_path / "loop"), 1, dataclasses.replace(LoopSettings(), **change), threads=1)
    assert not (tmp_path / "loop").exists()


def test_the_policy_learns_from_full_searches_only(tmp_path):
    """With fast searches, a decision searched fast adds nothing to the policy's loss, and the
    loss is the mean over the full ones; the value learns from every decision."""
    import numpy as np

    from pavilion.learn import selfplay as sp
    from pavilion.learn.examples import akropolis_examples
    from pavilion.learn.train import build_model, losses

    out = tmp_path / "fast"
    selfplay("mcts:iterations=40", games=2, out=str(out), threads=1, fast_iterations=4, akropolis_options={})
    data = sp.read(out)
    assert 0 < data["full"].sum() < len(data["full"])
    ex = akropolis_examples(data)
    torch.manual_seed(0)
    model = build_model(ex.position.shape[1], ex.moves.shape[1], TINY)
    win = ex.value_target(0.0)
    every = np.arange(len(ex.win))
    full = np.flatnonzero(ex.full)
    _, _, policy_all = losses(model, ex, every, win)
    _, _, policy_full = losses(model, ex, full, win)
    assert policy_all.item() == pytest.approx(policy_full.item(), rel=1e-5)
    # The value's loss counts the fast decisions too.
    value_all, _, _ = losses(model, ex, every, win)
    value_full, _, _ = losses(model, ex, full, win)
    assert value_all.item() != pytest.approx(value_full.item())
    # And a network trains on such data.
    manifest = train(out, tmp_path / "net", arch=TINY, settings=Settings(epochs=1, batch=16))
    assert manifest["data"]["decisions"] == len(data["full"])
    assert manifest["data"]["selfplay"] == [
        {"seed": 0, "games": 2, "sample_moves": 0, "fast_iterations": 4, "full_share": sp.DEFAULT_FULL_SHARE}
    ]
