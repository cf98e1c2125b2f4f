"""The shipped networks' manifests say how each was made in terms that hold on any
machine: data folders and network files relative to the repository, never the
absolute paths of the machine that trained them (issue 52)."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from pavilion.learn.train import commit, paths_root, portable_path, portable_spec, repository

ROOT = Path(__file__).resolve().parent.parent
MANIFESTS = sorted((ROOT / "seeds" / "nets").glob("*/manifest*.json"))


def paths_named(manifest: dict) -> list[str]:
    data = manifest["data"]
    folders = data["path"] if isinstance(data["path"], list) else [data["path"]]
    agents = data["agent"] if isinstance(data["agent"], list) else [data["agent"]]
    nets = [m for a in agents if a for m in re.findall(r"net=([^,]+)", a)]
    # A network trained on from another (`pavilion train --init`) names that one too.
    started = [manifest["init"]["path"]] if "init" in manifest else []
    return folders + nets + started


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_shipped_manifest_names_no_absolute_path(path: Path) -> None:
    named = paths_named(json.loads(path.read_text()))
    assert named, "a manifest names its data"
    assert not [p for p in named if p.startswith("/") or re.match(r"^[A-Za-z]:\\", p)]


@pytest.mark.parametrize("path", MANIFESTS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_the_manifest_inside_a_network_file_names_the_same_paths(path: Path) -> None:
    safetensors = pytest.importorskip("safetensors")
    net = path.parent / "net.safetensors"
    if path.name != "manifest.json" or not net.exists():
        pytest.skip("no network file beside this manifest")
    with safetensors.safe_open(str(net), "np") as f:
        inside = json.loads(f.metadata()["manifest"])
    assert paths_named(inside) == paths_named(json.loads(path.read_text()))


def test_portable_paths_are_relative_to_the_repository_or_the_folder_name(tmp_path: Path) -> None:
    assert portable_path(ROOT / "seeds" / "nets" / "akropolis-gen3", ROOT) == "seeds/nets/akropolis-gen3"
    assert portable_path(tmp_path / "gen0", ROOT) == "gen0"
    assert portable_path(tmp_path / "gen0", None) == "gen0"
    spec = f"mcts:net={ROOT}/seeds/nets/akropolis-gen3/net.safetensors,iterations=800"
    assert portable_spec(spec, ROOT) == "mcts:net=seeds/nets/akropolis-gen3/net.safetensors,iterations=800"
    assert portable_spec(["mcts:net=default,iterations=800", None], ROOT) == ["mcts:net=default,iterations=800", None]


def test_a_source_inside_another_projects_checkout_names_no_repository_or_commit(tmp_path: Path) -> None:
    # pip can install pavilion inside another checkout (pyenv's): its commit is not pavilion's.
    installed = tmp_path / "site-packages" / "pavilion" / "learn"
    installed.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    assert repository(installed) is None and commit(repository(installed)) == ""
    if (ROOT / ".git").exists():
        here = ROOT / "python" / "pavilion" / "learn"
        assert repository(here) == ROOT and len(commit(ROOT)) == 40


def test_an_installed_source_names_paths_relative_to_the_checkout_it_runs_in(tmp_path: Path) -> None:
    # pip installs pavilion outside any checkout; run from a clone, its manifests still name
    # seeds/nets/... (the network a generation's games came from), not a bare net.safetensors.
    assert paths_root(tmp_path, ROOT) == tmp_path
    assert paths_root(None, tmp_path) is None
    if (ROOT / ".git").exists():
        assert paths_root(None, ROOT / "docs") == ROOT
        spec = f"mcts:net={ROOT}/seeds/nets/summer-4p-gen0/net.safetensors,iterations=800"
        named = "mcts:net=seeds/nets/summer-4p-gen0/net.safetensors,iterations=800"
        assert portable_spec(spec, paths_root(None, ROOT / "docs")) == named
