"""`pavilion train`: a policy + value network from self-play data."""

from __future__ import annotations

import json

import click

from pavilion.cli_common import console
from pavilion.files import quote_path
from pavilion.train import NET_FILE, Architecture, Settings, train


def widths(text: str) -> tuple[int, ...]:
    """Layer widths written `128,128`."""
    try:
        sizes = tuple(int(x) for x in text.split(","))
    except ValueError:
        raise click.BadParameter(f"{text!r}: widths are whole numbers separated by commas, such as 128,128") from None
    if not sizes or not all(1 <= s <= 4096 for s in sizes):
        raise click.BadParameter(f"{text!r}: each width is from 1 to 4096")
    return sizes


@click.command("train")
@click.argument("data")
@click.option("--out", required=True, help="The folder for net.safetensors, manifest.json and the checkpoint.")
@click.option("--epochs", type=click.IntRange(1, 100_000), default=Settings.epochs, show_default=True)
@click.option("--batch", type=click.IntRange(1, 1 << 20), default=Settings.batch, show_default=True)
@click.option("--lr", type=click.FloatRange(0, 10, min_open=True), default=Settings.lr, show_default=True)
@click.option("--seed", type=click.IntRange(0, 2**32 - 1), default=Settings.seed, show_default=True)
@click.option("--trunk", default=",".join(map(str, Architecture.trunk)), show_default=True, help="Trunk widths.")
@click.option("--head", default=",".join(map(str, Architecture.value)), show_default=True, help="Head widths.")
@click.option("--json", "as_json", is_flag=True, help="Print the manifest as JSON.")
def train_command(
    data: str, out: str, epochs: int, batch: int, lr: float, seed: int, trunk: str, head: str, as_json: bool
) -> None:
    """Train a network on the self-play folder DATA (Akropolis for now; needs
    pip install 'pavilion[train]'). A held-out tenth of the games measures it
    after each epoch; run the same command again to go on after an interruption."""
    arch = Architecture(trunk=widths(trunk), value=widths(head), policy=widths(head))
    settings = Settings(epochs=epochs, batch=batch, lr=lr, seed=seed)

    def shown(row: dict[str, object]) -> None:
        if not as_json:
            t, h = row["train"], row["held_out"]
            assert isinstance(t, dict) and isinstance(h, dict)
            console.print(
                f"epoch {row['epoch']}: train value {t['value']:.4f} policy {t['policy']:.4f} · "
                f"held out value {h['value']:.4f} policy {h['policy']:.4f}"
            )

    manifest = train(data, out, arch=arch, settings=settings, progress=shown)
    if as_json:
        click.echo(json.dumps(manifest, indent=2))
    else:
        console.print(f"wrote {quote_path(out + '/' + NET_FILE)} ({manifest['data']['decisions']} decisions)")
