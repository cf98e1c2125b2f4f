"""Writes seeds/nets/tiny-akropolis.safetensors and its PyTorch outputs
(tiny-akropolis.json) on random encodings (a network of encoding 1, as the
first ones were), and the same for a network that
values every seat (tiny-akropolis-seats.*, at 2, 3 and 4 players) and for
one that sees the board (tiny-akropolis-board.*): the golden
data the Rust forward pass is checked against without PyTorch
(rust/core/src/net_tests.rs).
Needs pip install '.[train]'; run from the repository root:
    python scripts/make_golden_net.py
"""

from __future__ import annotations

import json
from pathlib import Path

import torch

from pavilion import akropolis
from pavilion.learn.train import SEATS, Architecture, build_model, save_net

OUT = Path("seeds/nets")


def seat_case(model: torch.nn.Module, players: int, n: int, lit: list[int] | None = None) -> dict[str, object]:
    """One case of a network valuing every seat: a random position and `n`
    random moves (with `lit` board features where it sees the board), and
    PyTorch's win shares (the softmax over the seats in the game), margins,
    seats ordered from the mover, and priors."""
    p, f = akropolis.POSITION_FEATURES, akropolis.MOVE_FEATURES
    position, moves = torch.rand(1, p) * 2 - 0.5, torch.rand(n, f) * 2 - 0.5
    board = () if lit is None else (torch.tensor(lit, dtype=torch.long), torch.tensor([0]))
    with torch.no_grad():
        win_logits, margins, logits = model(position, moves, torch.zeros(n, dtype=torch.long), *board)
    return {
        "players": players,
        "position": position[0].tolist(),
        **({} if lit is None else {"board": lit}),
        "moves": moves.flatten().tolist(),
        "wins": torch.softmax(win_logits[0, :players], 0).tolist() + [0.0] * (SEATS - players),
        "margins": margins[0, :players].tolist() + [0.0] * (SEATS - players),
        "priors": torch.softmax(logits, 0).tolist(),
    }


def seats_golden() -> None:
    """The network valuing every seat: each case's win shares (the softmax over
    the seats in the game) and margins, seats ordered from the mover."""
    torch.manual_seed(2027)
    p, f = akropolis.POSITION_FEATURES, akropolis.MOVE_FEATURES
    model = build_model(p, f, Architecture(trunk=(16, 8), value=(6,), policy=(5,), seat_values=True))
    cases = [seat_case(model, players, n) for n, players in ((1, 2), (3, 3), (17, 4))]
    manifest = {
        "game": "akropolis",
        "encoding_version": akropolis.ENCODING_VERSION,
        "position_features": p,
        "move_features": f,
        "made_by": "scripts/make_golden_net.py (random weights, seed 2027)",
    }
    save_net(model, OUT / "tiny-akropolis-seats.safetensors", manifest)
    (OUT / "tiny-akropolis-seats.json").write_text(json.dumps({"torch": torch.__version__, "cases": cases}) + "\n")


#: tiny-akropolis.* stands for the networks of before: Akropolis encoding 1
#: (its first 214 position numbers) and a value for the mover alone. Its sizes
#: stay those of encoding 1 whatever the engine's encoding is now, so that
#: remaking it keeps proving that such networks still load and evaluate.
OLD_ENCODING_VERSION, OLD_POSITION_FEATURES = 1, 214


def board_golden() -> None:
    """A network seeing the board: PyTorch's outputs with lit board features
    (an embedding bag summed into the first layer, a feature lit twice counting
    twice), which the engine reads as
    the first layer's last columns. 40 board features keep the file small:
    the forward pass is the same at any count."""
    torch.manual_seed(2028)
    p, f, b = akropolis.POSITION_FEATURES, akropolis.MOVE_FEATURES, 40
    model = build_model(p, f, Architecture(trunk=(16, 8), value=(6,), policy=(5,), board=True), board_features=b)
    lit = ([], [0, 7, 7, 8, 39, 39, 39], list(range(0, 40, 3)))
    cases = [
        seat_case(model, players, n, board) for (n, players), board in zip(((1, 2), (3, 3), (17, 4)), lit, strict=True)
    ]
    manifest = {
        "game": "akropolis",
        "encoding_version": akropolis.ENCODING_VERSION,
        "position_features": p,
        "move_features": f,
        "board_features": b,
        "made_by": "scripts/make_golden_net.py (random weights, seed 2028)",
    }
    save_net(model, OUT / "tiny-akropolis-board.safetensors", manifest)
    (OUT / "tiny-akropolis-board.json").write_text(json.dumps({"torch": torch.__version__, "cases": cases}) + "\n")


def main() -> None:
    torch.manual_seed(2026)
    p, f = OLD_POSITION_FEATURES, akropolis.MOVE_FEATURES
    model = build_model(p, f, Architecture(trunk=(16, 8), value=(6,), policy=(5,), seat_values=False))
    cases = []
    for n in (1, 3, 17):
        position, moves = torch.rand(1, p) * 2 - 0.5, torch.rand(n, f) * 2 - 0.5
        with torch.no_grad():
            win_logit, margin, logits = model(position, moves, torch.zeros(n, dtype=torch.long))
        cases.append(
            {
                "position": position[0].tolist(),
                "moves": moves.flatten().tolist(),
                "win": torch.sigmoid(win_logit)[0].item(),
                "margin": margin[0].item(),
                "priors": torch.softmax(logits, 0).tolist(),
            }
        )
    manifest = {
        "game": "akropolis",
        "encoding_version": OLD_ENCODING_VERSION,
        "position_features": p,
        "move_features": f,
        "made_by": "scripts/make_golden_net.py (random weights, seed 2026)",
    }
    OUT.mkdir(parents=True, exist_ok=True)
    save_net(model, OUT / "tiny-akropolis.safetensors", manifest)
    (OUT / "tiny-akropolis.json").write_text(json.dumps({"torch": torch.__version__, "cases": cases}) + "\n")
    seats_golden()
    board_golden()


if __name__ == "__main__":
    main()
