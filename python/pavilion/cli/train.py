"""`pavilion train`: a policy + value network from self-play data."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any, TypeVar

import click
from click.core import ParameterSource

from pavilion.cli.common import RAY_OPTION, console, ray_or_local
from pavilion.cli.selfplay import FAST_SEARCH_OPTIONS
from pavilion.core.files import quote_path
from pavilion.learn.generations import LoopSettings, gate, run_generations
from pavilion.learn.train import (
    DEVICES,
    LR_SCHEDULES,
    NET_FILE,
    Architecture,
    Settings,
    architecture_of,
    read_net,
    train,
)

F = TypeVar("F", bound=Callable[..., Any])


def widths(text: str) -> tuple[int, ...]:
    """Layer widths written `128,128`."""
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise click.BadParameter(f"{text!r}: widths are whole numbers separated by commas, such as 128,128") from None
    if not sizes or not all(1 <= s <= 4096 for s in sizes):
        raise click.BadParameter(f"{text!r}: each width is from 1 to 4096")
    return sizes


def mix_option(default: float, more: str = "") -> Callable[[F], F]:
    """`--mix`, as `train` and `generations` both take it: the rollout's share
    of each leaf's value, which the engine's `mix=` means (the rest is the
    network's), written in the network for the searches whose spec gives none."""
    return click.option(
        "--mix",
        type=click.FloatRange(0, 1),
        default=default,
        show_default=True,
        help="The share of a rollout's outcome beside the network's value that its searches take when their spec "
        f"gives no mix= (written in the network{more}).",
    )


@click.command("train")
@click.argument("data", nargs=-1, required=True)
@click.option("--out", required=True, help="The folder for net.safetensors, manifest.json and the checkpoint.")
@click.option("--epochs", type=click.IntRange(1, 100_000), default=Settings.epochs, show_default=True)
@click.option("--batch", type=click.IntRange(1, 1 << 20), default=Settings.batch, show_default=True)
@click.option("--lr", type=click.FloatRange(0, 10, min_open=True), default=Settings.lr, show_default=True)
@click.option(
    "--lr-schedule",
    type=click.Choice(LR_SCHEDULES),
    default=Settings.lr_schedule,
    show_default=True,
    help="Hold the learning rate, or bring it down to 0 along a half cosine.",
)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=Settings.seed, show_default=True)
@click.option(
    "--search-value-weight",
    type=click.FloatRange(0, 1),
    default=Settings.search_value_weight,
    show_default=True,
    help="The share of the value target from the search's value at each decision (the rest from the game's result).",
)
@click.option(
    "--unvisited-moves",
    type=click.IntRange(0, 100_000),
    default=Settings.unvisited_moves,
    show_default=True,
    help="Moves the search never visited kept per decision for the policy (a seeded sample).",
)
@click.option("--trunk", default=",".join(map(str, Architecture.trunk)), show_default=True, help="Trunk widths.")
@click.option("--head", default=",".join(map(str, Architecture.value)), show_default=True, help="Head widths.")
@click.option(
    "--value",
    "value_head",
    type=click.Choice(["seats", "mover"]),
    default="seats" if Architecture.seat_values else "mover",
    show_default=True,
    help="What the value head values: every seat (a win share and margin each), or the mover alone "
    "(as the networks before it did).",
)
@click.option(
    "--board/--no-board",
    default=Architecture.board,
    show_default=True,
    help="Whether the network also sees the board (Akropolis): each city's hexes with what lies beside each, "
    "a row of weights each in the first layer.",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 256),
    default=None,
    help="Processes that encode the data, and PyTorch's threads (default: all cores).",
)
@mix_option(0.0, "; run again with another value to rewrite it without training")
@click.option(
    "--init",
    type=click.Path(dir_okay=False),
    default=None,
    help="A network to start from instead of random weights (a generation going on from the last), "
    "of the same game and encoding; its shape is the run's unless --trunk, --head, --value or --board say otherwise.",
)
@click.option(
    "--device",
    type=click.Choice(DEVICES),
    default=DEVICES[0],
    show_default=True,
    help="Where to train: auto takes a GPU where PyTorch sees one (CUDA), else the CPU.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the manifest as JSON.")
def train_command(
    data: tuple[str, ...],
    out: str,
    epochs: int,
    batch: int,
    lr: float,
    lr_schedule: str,
    seed: int,
    search_value_weight: float,
    unvisited_moves: int,
    trunk: str,
    head: str,
    value_head: str,
    board: bool,
    threads: int | None,
    mix: float,
    device: str,
    init: str | None,
    as_json: bool,
) -> None:
    """Train a network on the self-play folders DATA (one or more, of the same
    game and player count; needs pip install 'pavilion[train]'). A held-out
    tenth of the games (the last folder's last games) measures it after each
    epoch; run the same command again to go on after an interruption."""
    given = click.get_current_context().get_parameter_source
    told = {name for name in ("trunk", "head", "value_head", "board") if given(name) != ParameterSource.DEFAULT}
    # Going on from a network takes its shape, but for the parts the command names.
    base = architecture_of(*read_net(init)) if init is not None else Architecture()
    shape: dict[str, Any] = {}
    if "trunk" in told:
        shape["trunk"] = widths(trunk)
    if "head" in told:
        shape["value"] = shape["policy"] = widths(head)
    if "value_head" in told:
        shape["seat_values"] = value_head == "seats"
    if "board" in told:
        shape["board"] = board
    arch = dataclasses.replace(base, **shape)
    settings = Settings(
        epochs=epochs,
        batch=batch,
        lr=lr,
        lr_schedule=lr_schedule,
        seed=seed,
        search_value_weight=search_value_weight,
        unvisited_moves=unvisited_moves,
    )

    def shown(row: dict[str, object]) -> None:
        if not as_json:
            t, h = row["train"], row["held_out"]
            assert isinstance(t, dict) and isinstance(h, dict)
            console.print(
                f"epoch {row['epoch']}: train value {t['value']:.4f} policy {t['policy']:.4f} · "
                f"held out value {h['value']:.4f} policy {h['policy']:.4f}"
            )

    manifest = train(
        data, out, arch=arch, settings=settings, progress=shown, threads=threads, mix=mix, device=device, init=init
    )
    if as_json:
        click.echo(json.dumps(manifest, indent=2))
    else:
        console.print(f"wrote {quote_path(out + '/' + NET_FILE)} ({manifest['data']['decisions']} decisions)")


def _percent(players: int) -> str:
    """The gate at `players` players, as the help writes it."""
    return f"{100 * gate(LoopSettings(players=players)):.1f}%".replace(".0%", "%")


def generations_command(game: str) -> click.Command:
    """`generations` for `game` (one of GAMES): `pavilion generations` for
    Summer Pavilion, `pavilion akropolis generations` for Akropolis."""
    name = {"akropolis": "Akropolis", "summer": "Summer Pavilion"}[game]

    @click.command(
        "generations",
        help=f"""The AlphaZero loop for {name}: each generation self-plays with
        the best search so far, trains a network on those games and the
        previous generations' (--window), and keeps it if its search, one seat
        against the best in the others, wins at least {_percent(2)} of
        --gate-games at 2 players (the same edge over a fair share at 3 and 4:
        {_percent(3)}, {_percent(4)}) (needs pip install 'pavilion[train]').
        Run the same command again to go on after an interruption; a larger
        --generations adds generations.""",
    )
    @click.option("--out", required=True, help="The loop's folder: loop.json and gen-K/ for each generation.")
    @click.option("--generations", type=click.IntRange(1, 10_000), default=1, show_default=True)
    @click.option("--players", type=click.IntRange(2, 4), default=LoopSettings.players, show_default=True)
    @click.option("--games", type=click.IntRange(1, 10_000_000), default=LoopSettings.games, show_default=True)
    @click.option(
        "--iterations", type=click.IntRange(1, 10_000_000), default=LoopSettings.iterations, show_default=True
    )
    @click.option(
        "--sample-moves", type=click.IntRange(0, 10_000), default=LoopSettings.sample_moves, show_default=True
    )
    @FAST_SEARCH_OPTIONS
    @click.option("--epochs", type=click.IntRange(1, 100_000), default=LoopSettings.epochs, show_default=True)
    @click.option(
        "--window",
        type=click.IntRange(1, 10_000),
        default=LoopSettings.window,
        show_default=True,
        help="Generations whose games train each network (this one's and those just before).",
    )
    @mix_option(LoopSettings.mix)
    @click.option("--gate-games", type=click.IntRange(2, 1_000_000), default=LoopSettings.gate_games, show_default=True)
    @click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=LoopSettings.seed, show_default=True)
    @click.option("--threads", type=click.IntRange(1, 256), default=None, help="Games at once (default: all cores).")
    @RAY_OPTION
    def command(
        out: str,
        generations: int,
        players: int,
        games: int,
        iterations: int,
        sample_moves: int,
        fast_iterations: int,
        full_share: float,
        epochs: int,
        window: int,
        mix: float,
        gate_games: int,
        seed: int,
        threads: int | None,
        ray: str | None,
    ) -> None:
        settings = LoopSettings(
            games=games,
            iterations=iterations,
            sample_moves=sample_moves,
            fast_iterations=fast_iterations,
            full_share=full_share,
            epochs=epochs,
            window=window,
            gate_games=gate_games,
            seed=seed,
            game=game,
            players=players,
            mix=mix,
        )
        state = run_generations(out, generations, settings, threads=threads, ray=ray_or_local(ray), say=console.print)
        console.print(f"best network: {state['best'] or 'none yet (the rollout search stays the best)'}")

    return command
