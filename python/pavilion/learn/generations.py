"""The AlphaZero loop for Akropolis, in steps that survive a stopped machine:
each generation plays self-play games with the best search so far, trains a
network on them and on the games of the generations just before (`window`),
and gates it: an arena of the new network's search against the best one,
promoted at `promote` (55%) or more.

Everything lives in one folder: `loop.json` (the settings, the best network
and each generation's record: its agent, data, manifest and arena result),
and `gen-K/data` (self-play shards) and `gen-K/net` (the network) for each
generation K. Each step resumes where it stopped (self-play skips the shards
on disk, training goes on from its checkpoint), and `loop.json` is written
whole after each generation, so the same command started again goes on.
Generation 0 learns from today's rollout search.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pavilion._engine import OptionsError
from pavilion.core.analysis import arena
from pavilion.core.files import make_folder, parse_json, quote_path, replace_atomically
from pavilion.learn.selfplay import selfplay
from pavilion.learn.train import NET_FILE, Architecture, Settings, train

LOOP_FILE = "loop.json"
FORMAT = "pavilion-generations"


@dataclass(frozen=True)
class LoopSettings:
    games: int = 400
    iterations: int = 800
    sample_moves: int = 8
    epochs: int = 20
    gate_games: int = 100
    promote: float = 0.55
    #: Generations whose games train each network: this one's and the ones
    #: before it (a sliding window, as Leela Zero and KataGo train): more
    #: positions, and the value does not forget what the last search saw.
    window: int = 2
    seed: int = 0
    trunk: tuple[int, ...] = Architecture.trunk
    head: tuple[int, ...] = Architecture.value


def search_spec(iterations: int, net: str | None) -> str:
    return f"mcts:iterations={iterations}" + (f",net={net}" if net else "")


def _read_state(path: Path, settings: LoopSettings) -> dict[str, Any]:
    wanted = json.loads(json.dumps(asdict(settings)))
    if not path.exists():
        return {"format": FORMAT, "settings": wanted, "best": None, "generations": []}
    state = parse_json(path.read_text(), LOOP_FILE)
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise OptionsError(f"{quote_path(str(path))} is not a generations file")
    if state.get("settings") != wanted:
        raise OptionsError(f"{quote_path(str(path.parent))} holds a loop with other settings: give another --out")
    return state


def run_generations(
    out: str,
    generations: int,
    settings: LoopSettings | None = None,
    *,
    threads: int | None = None,
    ray: str | None = None,
    say: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Runs the loop in `out` until it holds `generations` generations; returns `loop.json`'s content."""
    settings = settings or LoopSettings()
    folder = Path(out)
    make_folder(folder)
    state = _read_state(folder / LOOP_FILE, settings)
    tell = say or (lambda _: None)
    for k in range(len(state["generations"]), generations):
        here = folder / f"gen-{k}"
        best = state["best"]
        agent = search_spec(settings.iterations, best)
        tell(f"generation {k}: self-play with {agent}")
        seed = settings.seed + 1_000_000 * k
        selfplay(
            agent,
            games=settings.games,
            out=str(here / "data"),
            seed=seed,
            sample_moves=settings.sample_moves,
            threads=threads,
            ray=ray,
            akropolis_options={},
        )
        tell(f"generation {k}: training")
        arch = Architecture(trunk=settings.trunk, value=settings.head, policy=settings.head)
        window = [folder / f"gen-{j}" / "data" for j in range(max(0, k - settings.window + 1), k + 1)]
        training = Settings(epochs=settings.epochs, seed=seed)
        manifest = train(window, here / "net", arch=arch, settings=training, threads=threads)
        net = str(here / "net" / NET_FILE)
        challenger = search_spec(settings.iterations, net)
        tell(f"generation {k}: gating {challenger} against {agent}")
        result = arena(
            [challenger, agent], games=settings.gate_games, seed=seed, threads=threads, ray=ray, akropolis_options={}
        )
        if result["interrupted"]:
            raise KeyboardInterrupt
        share = result["agents"][0]["win_rate"]
        promoted = share is not None and share >= settings.promote
        state["generations"].append(
            {
                "generation": k,
                "self_play_agent": agent,
                "data": str(here / "data"),
                "net": net,
                "manifest": manifest,
                "arena": {
                    "challenger": challenger,
                    "against": agent,
                    "games": result["games"],
                    "agents": result["agents"],
                },
                "promoted": promoted,
            }
        )
        if promoted:
            state["best"] = net
        verdict = "promoted" if promoted else "the best stays"
        tell(f"generation {k}: {100 * (share or 0):.1f}% over {result['games']} games, {verdict}")
        replace_atomically(folder / LOOP_FILE, (json.dumps(state, indent=2) + "\n").encode())
    return state
