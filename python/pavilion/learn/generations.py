"""The AlphaZero loop, for either game at any player count, in steps that
survive a stopped machine: each generation plays self-play games with the
best search so far, trains a network on them and on the games of the
generations just before (`window`), and gates it: an arena of the new
network's search, one seat against the best one in every other seat (seats
rotated), promoted when it wins `promote` (55%) of a 2-player arena's games or
more, or the same edge over a fair share at 3 and 4 players (`gate`).

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

from pavilion._engine import DEFAULT_FULL_SHARE, OptionsError
from pavilion.core.analysis import arena
from pavilion.core.files import make_folder, parse_json, quote_path, replace_atomically
from pavilion.learn.selfplay import selfplay
from pavilion.learn.train import NET_FILE, Architecture, Settings, train

LOOP_FILE = "loop.json"
FORMAT = "pavilion-generations"
#: The games the loop plays, by the name its settings give them.
GAMES = ("akropolis", "summer")


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
    game: str = GAMES[0]
    players: int = 2
    #: The share of each leaf's value a rollout gives, the rest the network's
    #: (the engine's `mix=`), written in each network (Summer Pavilion's networks have played best
    #: half and half: docs/learning.md).
    mix: float = 0.0
    #: Playout-cap randomisation in self-play (0: off): most decisions search
    #: this many iterations only to choose the move, a `full_share` of them
    #: `iterations`, and only those make policy targets.
    fast_iterations: int = 0
    full_share: float = DEFAULT_FULL_SHARE


#: Settings added after the first loops were run, whose defaults are what
#: those loops had: a loop.json without them goes on as it began.
_ADDED_SETTINGS = ("game", "players", "mix", "fast_iterations", "full_share")


def gate(settings: LoopSettings) -> float:
    """The challenger's share of the gating arena's wins that promotes it:
    `promote` at 2 players, the same multiple of a fair share at 3 and 4."""
    return settings.promote * 2 / settings.players


def check_settings(settings: LoopSettings) -> None:
    if settings.game not in GAMES:
        raise OptionsError(f"game is one of {', '.join(GAMES)}, not {settings.game!r}")
    if not 2 <= settings.players <= 4:
        raise OptionsError(f"players is 2, 3 or 4, not {settings.players}")
    if not 0 <= settings.mix <= 1:
        raise OptionsError(f"mix must be from 0 to 1, not {settings.mix}")
    if not 0 <= settings.fast_iterations <= settings.iterations:
        raise OptionsError(
            f"fast_iterations must be from 0 to iterations ({settings.iterations}), not {settings.fast_iterations}"
        )
    if not 0 < settings.full_share <= 1:
        raise OptionsError(f"full_share must be above 0 and at most 1, not {settings.full_share}")


def _rules(settings: LoopSettings) -> dict[str, Any]:
    """The self-play and arena keywords that name the game (its default rules)."""
    return {"akropolis_options": {}} if settings.game == "akropolis" else {}


def search_spec(iterations: int, net: str | None) -> str:
    return f"mcts:iterations={iterations}" + (f",net={net}" if net else "")


def _read_state(path: Path, settings: LoopSettings) -> dict[str, Any]:
    wanted = json.loads(json.dumps(asdict(settings)))
    if not path.exists():
        return {"format": FORMAT, "settings": wanted, "best": None, "generations": []}
    state = parse_json(path.read_text(), LOOP_FILE)
    if not isinstance(state, dict) or state.get("format") != FORMAT or not isinstance(state.get("settings"), dict):
        raise OptionsError(f"{quote_path(str(path))} is not a generations file")
    defaults = asdict(LoopSettings())
    if {**{k: defaults[k] for k in _ADDED_SETTINGS}, **state["settings"]} != wanted:
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
    check_settings(settings)
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
            players=settings.players,
            seed=seed,
            sample_moves=settings.sample_moves,
            fast_iterations=settings.fast_iterations,
            full_share=settings.full_share,
            threads=threads,
            ray=ray,
            **_rules(settings),
        )
        tell(f"generation {k}: training")
        arch = Architecture(trunk=settings.trunk, value=settings.head, policy=settings.head)
        window = [folder / f"gen-{j}" / "data" for j in range(max(0, k - settings.window + 1), k + 1)]
        training = Settings(epochs=settings.epochs, seed=seed)
        manifest = train(window, here / "net", arch=arch, settings=training, threads=threads, mix=settings.mix)
        net = str(here / "net" / NET_FILE)
        challenger = search_spec(settings.iterations, net)
        tell(f"generation {k}: gating {challenger} against {agent}")
        # One challenger seat against the best in every other (the seats rotate).
        result = arena(
            [challenger] + [agent] * (settings.players - 1),
            games=settings.gate_games,
            players=settings.players,
            seed=seed,
            threads=threads,
            ray=ray,
            **_rules(settings),
        )
        if result["interrupted"]:
            raise KeyboardInterrupt
        share = result["agents"][0]["win_rate"]
        promoted = share is not None and share >= gate(settings)
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
                    "players": settings.players,
                    "gate": gate(settings),
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
