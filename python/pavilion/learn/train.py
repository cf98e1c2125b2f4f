"""Training a policy + value network on self-play data (`pavilion train`), with
PyTorch (`pip install 'pavilion[train]'`; a CPU is enough).

The network is the one the Rust search reads (`rust/core/src/net.rs`): a
trunk over the position's features, a value head (a win logit and a margin
for each seat, seats ordered from the mover; or, in networks of before, the
mover's alone) and a policy head that scores each legal move from the trunk's
summary and the move's features. Weights are written as safetensors with
their manifest in the file's metadata and beside it (`manifest.json`): the
game, the encoding's version and sizes, the architecture, the data, the
steps, the seed and the commit.

A run is resumable: each epoch ends with a checkpoint in the output folder,
and the same command started again goes on from the last one.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import math
import os
import re
import subprocess
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from pavilion._engine import ENCODING_VERSION, OptionsError, akropolis
from pavilion.core.files import check_folder, make_folder, quote_path, replace_atomically
from pavilion.learn.examples import SEATS, Examples, encode, find_shards

#: The network file's format (rust/core/src/net.rs reads it).
NET_FORMAT = "pavilion-net"
NET_VERSION = 1
NET_FILE = "net.safetensors"
MANIFEST = "manifest.json"
CHECKPOINT = "checkpoint.pt"
NEEDS = "training needs PyTorch, numpy and pyarrow: pip install 'pavilion[train]'"
#: Points of margin that saturate the value head's margin output (the search's MARGIN_SCALE).
MARGIN_SCALE = 50.0


@dataclass(frozen=True)
class Architecture:
    """Layer widths: the trunk's hidden layers, then each head's hidden layers."""

    trunk: tuple[int, ...] = (128, 128)
    value: tuple[int, ...] = (64,)
    policy: tuple[int, ...] = (64,)
    #: A value head that values every seat (a win logit and a margin each,
    #: seats ordered from the mover; the win shares are their softmax over
    #: the seats in the game), rather than the mover alone: at 3 and 4
    #: players, who among the others is ahead matters to every seat.
    seat_values: bool = True
    #: Whether the trunk's first layer also sees the board (Akropolis): a row
    #: of weights per lit board feature (each city's hexes with what lies
    #: beside each), added to what it makes of the position's numbers. Rows are
    #: kept for the seats of the data's player count.
    board: bool = False


@dataclass(frozen=True)
class Settings:
    epochs: int = 20
    batch: int = 256
    lr: float = 1e-3
    #: How the learning rate moves over the run: held at `lr` ("constant"),
    #: or brought down from `lr` to 0 along a half cosine, step by step ("cosine").
    lr_schedule: str = "constant"
    weight_decay: float = 1e-4
    held_out: float = 0.1
    seed: int = 0
    #: The share of each decision's value target taken from the search's own
    #: value there (the rest from the game's one result): a result is one noisy
    #: draw per game, while the search's value is a fresh estimate per decision.
    search_value_weight: float = 0.5
    #: Moves the search gave no visit that each decision keeps for the
    #: policy's softmax (a seeded sample; all of them when fewer): an Akropolis
    #: turn has about 400 legal moves and the search visits a sixth of them,
    #: so keeping every move would hold 10 times the data in memory.
    unvisited_moves: int = 32


LR_SCHEDULES = ("constant", "cosine")
#: Where training runs: "auto" takes a GPU where PyTorch sees one (CUDA), else the CPU.
DEVICES = ("auto", "cpu", "cuda")


def resolve_device(device: str) -> str:
    """The PyTorch device `device` (one of DEVICES) trains on here."""
    torch = _torch()
    if device not in DEVICES:
        raise OptionsError(f"device is one of {', '.join(DEVICES)}, not {device!r}")
    if device == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if device == "cuda" and not torch.cuda.is_available():
        raise OptionsError("device cuda: PyTorch sees no CUDA device here (use cpu or auto)")
    return device


def learning_rate(settings: Settings, step: int, steps: int) -> float:
    """The learning rate at `step` of `steps` under the run's schedule."""
    if settings.lr_schedule == "cosine":
        return settings.lr * 0.5 * (1 + math.cos(math.pi * min(step, steps) / max(1, steps)))
    return settings.lr


@contextlib.contextmanager
def flushing_subnormals(torch: Any) -> Iterator[None]:
    """PyTorch's arithmetic, inside, flushes subnormal floats to zero.
    Weight decay drives unused weights and Adam's second moments into the
    subnormal range, and on x86 every product with one takes a microcode
    path: a 4-player Akropolis run left a fifth of its first layer's
    weights subnormal, and a batch of 256 through that layer then took 36
    ms instead of 0.12 (its epochs grew from 7 to 40 seconds). The Rust
    reader flushes them too (`net.rs`). What a flushed
    number would have added is below 1e-38 times its input: nothing a
    network's value shows. The setting is the process's, so the one found
    is put back."""
    was = _flushes(torch)
    torch.set_flush_denormal(True)
    try:
        yield
    finally:
        torch.set_flush_denormal(was)


def _flushes(torch: Any) -> bool:
    # PyTorch has no getter: a product whose exact result is subnormal tells.
    return bool((torch.tensor([1e-30]) * torch.tensor([1e-10])).item() == 0.0)


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise OptionsError(NEEDS) from None
    return torch


def build_model(position_features: int, move_features: int, arch: Architecture, board_features: int = 0) -> Any:
    """The PyTorch module whose state_dict names are the network file's:
    `trunk.i`, `value.i`, `policy.i` (ReLU between layers, after the trunk's last);
    the value head ends in 2 numbers or, valuing every seat, 2 · SEATS. A
    model seeing the board (`board_features` > 0) holds `board.weight`
    [board_features, trunk[0]], summed over the lit features into the first
    layer's output; the file keeps it as the first layer's last columns
    (`save_net`)."""
    torch = _torch()
    nn = torch.nn

    def stack(sizes: list[int]) -> Any:
        return nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))

    class PolicyValueNet(nn.Module):  # type: ignore[misc, name-defined]
        def __init__(self) -> None:
            super().__init__()
            self.trunk = stack([position_features, *arch.trunk])
            self.board_features = board_features
            if board_features:
                self.board = nn.EmbeddingBag(board_features, arch.trunk[0], mode="sum")
                # The scale of a linear layer's weights with a few dozen lit inputs.
                nn.init.uniform_(self.board.weight, -0.1, 0.1)
            width = arch.trunk[-1]
            self.seat_values = arch.seat_values
            self.value = stack([width, *arch.value, 2 * SEATS if arch.seat_values else 2])
            self.policy = stack([width + move_features, *arch.policy, 1])

        @staticmethod
        def run(layers: Any, x: Any, relu_last: bool) -> Any:
            for i, layer in enumerate(layers):
                x = layer(x)
                if relu_last or i + 1 < len(layers):
                    x = torch.relu(x)
            return x

        def forward(
            self, position: Any, moves: Any, owner: Any, board: Any = None, board_offsets: Any = None
        ) -> tuple[Any, Any, Any]:
            """position [B, P], moves [M, F] with owner [M] (the row of `position`
            each move belongs to), and for a model seeing the board the lit
            features of all B positions (`board`, one run per position
            starting at `board_offsets` [B]): (win logits, margins, move
            logits [M]); the win logits and margins are [B, SEATS] where the
            head values every seat, else the mover's [B]."""
            first = self.trunk[0](position)
            if self.board_features:
                first = first + self.board(board, board_offsets)
            h = self.run(self.trunk[1:], torch.relu(first), True)
            v = self.run(self.value, h, False)
            logits = self.run(self.policy, torch.cat([h[owner], moves], dim=1), False).squeeze(1)
            if self.seat_values:
                return v[:, :SEATS], MARGIN_SCALE * torch.tanh(v[:, SEATS:]), logits
            return v[:, 0], MARGIN_SCALE * torch.tanh(v[:, 1]), logits

    return PolicyValueNet()


def git(*args: str, here: Path = Path(__file__).parent) -> str:
    """What git says of the checkout this source is in ("" where it is none, or git is missing)."""
    try:
        out = subprocess.run(["git", *args], capture_output=True, text=True, cwd=here, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return ""
    return out.stdout.strip() if out.returncode == 0 else ""


def repository(here: Path = Path(__file__).parent) -> Path | None:
    """The root of pavilion's git checkout this source is in, when it is one.
    An installed package can lie inside another project's checkout (pyenv's
    own is one): that one's root and commit are not pavilion's."""
    top = git("rev-parse", "--show-toplevel", here=here)
    if not top or not (Path(top) / "python" / "pavilion" / "learn" / "train.py").is_file():
        return None
    return Path(top).resolve()


def commit(root: Path | None) -> str:
    """The commit of pavilion's checkout at `root` (`repository()`), "" where there is none."""
    return git("rev-parse", "HEAD", here=root) if root else ""


def paths_root(root: Path | None, cwd: Path | None = None) -> Path | None:
    """What a manifest's paths are relative to: pavilion's checkout the source is in
    (`root`), else the one the command runs in. An installed pavilion run from a clone,
    as the manual's commands are, then names `seeds/nets/summer-4p-gen0/net.safetensors`
    and not a bare `net.safetensors`; the commit stays the source's alone."""
    return root if root is not None else repository(cwd or Path.cwd())


def portable_path(path: str | os.PathLike[str], root: Path | None) -> str:
    """A path as a manifest keeps it: relative to the repository when it lies in it
    (`seeds/nets/akropolis-gen3/net.safetensors`), else the folder's own name, as
    where the data lay on the machine that trained means nothing on another."""
    full = Path(path).resolve()
    if root is not None and full.is_relative_to(root):
        return full.relative_to(root).as_posix()
    return full.name


def portable_spec(spec: Any, root: Path | None) -> Any:
    """An agent spec (or a list of them) with the network files it names made portable (`net=default` stays)."""
    if isinstance(spec, list):
        return [portable_spec(s, root) for s in spec]
    if not isinstance(spec, str):
        return spec
    return re.sub(r"(?<=net=)[^,]+", lambda m: m[0] if m[0] == "default" else portable_path(m[0], root), spec)


def save_net(model: Any, path: Path, manifest: dict[str, Any]) -> Path:
    """Writes the weights as safetensors, the manifest in the metadata (strings, as the format asks)."""
    torch = _torch()
    from safetensors.torch import save

    tensors = {k: v.detach().to("cpu", torch.float32).contiguous() for k, v in model.state_dict().items()}
    board = tensors.pop("board.weight", None)
    if board is not None:
        # The board's rows become the first layer's last columns, as the engine reads them.
        tensors["trunk.0.weight"] = torch.cat([tensors["trunk.0.weight"], board.T], dim=1).contiguous()
    metadata = {
        "format": NET_FORMAT,
        "version": str(NET_VERSION),
        "game": str(manifest["game"]),
        "encoding_version": str(manifest["encoding_version"]),
        "position_features": str(manifest["position_features"]),
        "move_features": str(manifest["move_features"]),
        "manifest": json.dumps(manifest, sort_keys=True),
    }
    if "search" in manifest:
        metadata["mix"] = str(manifest["search"]["mix"])
    if manifest.get("board_features"):
        metadata["board_features"] = str(manifest["board_features"])
    replace_atomically(path, save(tensors, metadata=metadata))
    return path


def read_net(path: str | os.PathLike[str]) -> tuple[dict[str, str], dict[str, Any]]:
    """The metadata and the tensors of the network file at `path` (as `save_net`
    writes them); an OptionsError naming the file where it is not one."""
    from safetensors import SafetensorError, safe_open

    where = quote_path(str(path))
    if not Path(path).is_file():
        raise OptionsError(f"no network file at {where}")
    try:
        with safe_open(str(path), framework="pt") as f:
            metadata = dict(f.metadata() or {})
            tensors = {k: f.get_tensor(k) for k in f.keys()}  # noqa: SIM118 (a safe_open handle is no dict)
    except (OSError, SafetensorError, ValueError) as e:
        raise OptionsError(f"{where} is not a network file: {e}") from None
    if metadata.get("format") != NET_FORMAT:
        raise OptionsError(f"{where} is not a pavilion network (its metadata names no format {NET_FORMAT!r})")
    return metadata, tensors


def _widths(tensors: dict[str, Any], head: str) -> list[int]:
    """The output widths of the layers `head`.0, `head`.1, … of a network's tensors."""
    names = itertools.takewhile(lambda name: name in tensors, (f"{head}.{i}.weight" for i in itertools.count()))
    return [int(tensors[name].shape[0]) for name in names]


def architecture_of(metadata: dict[str, str], tensors: dict[str, Any]) -> Architecture:
    """The shape of the network whose metadata and tensors these are (`read_net`), read off its weights."""
    trunk, value, policy = (_widths(tensors, head) for head in ("trunk", "value", "policy"))
    if not (trunk and value and policy):
        raise OptionsError("the network has no trunk, value or policy layers")
    return Architecture(
        trunk=tuple(trunk),
        value=tuple(value[:-1]),
        policy=tuple(policy[:-1]),
        seat_values=value[-1] == 2 * SEATS,
        board=int(metadata.get("board_features", "0")) > 0,
    )


def start_from(model: Any, path: str | os.PathLike[str], game: str, position_features: int, move_features: int) -> str:
    """Loads the weights of the network at `path` into `model` (a warm start: a
    generation that goes on from the last, as KataGo's training does, rather
    than from random weights): it must be of the same game, encoding widths and
    shape. Returns the file's SHA-256, for the manifest."""
    import hashlib

    torch = _torch()
    metadata, tensors = read_net(path)
    where = quote_path(str(path))
    if metadata.get("game") != game:
        raise OptionsError(f"{where} is a {metadata.get('game', 'unknown game')} network, and this data {game}'s")
    widths = (metadata.get("position_features"), metadata.get("move_features"))
    if widths != (str(position_features), str(move_features)):
        raise OptionsError(
            f"{where} reads {widths[0]} position and {widths[1]} move features, "
            f"and this data has {position_features} and {move_features}"
        )
    board = int(metadata.get("board_features", "0"))
    if board:
        first = tensors["trunk.0.weight"]
        tensors["trunk.0.weight"] = first[:, : first.shape[1] - board].contiguous()
        tensors["board.weight"] = first[:, first.shape[1] - board :].T.contiguous()
    state = model.state_dict()
    if not board and "board.weight" in state:
        # A run that sees the board, going on from a network that does not: its board rows start at 0, so it
        # begins as that network's exact judge and the board adds only what the data teaches it.
        tensors["board.weight"] = torch.zeros_like(state["board.weight"])
    for key, mine in state.items():
        theirs = tensors.get(key)
        if theirs is None or tuple(theirs.shape) != tuple(mine.shape):
            shape = "none" if theirs is None else list(theirs.shape)
            raise OptionsError(f"{where} has another shape than this run's: {key} is {shape}, here {list(mine.shape)}")
    if set(tensors) - set(state):
        raise OptionsError(
            f"{where} has layers this run's network lacks: {', '.join(sorted(set(tensors) - set(state)))}"
        )
    model.load_state_dict({k: v.to(torch.float32) for k, v in tensors.items()})
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def losses(model: Any, ex: Examples, rows: Any, win: Any, device: str = "cpu") -> tuple[Any, Any, Any]:
    """(value, margin, policy) losses over decisions `rows` (a sorted index array):
    cross-entropy against `win` (each decision's win target for every seat, [N, SEATS]; a network
    of the mover's value reads the mover's column), the squared margin error (in units of
    MARGIN_SCALE; every seat's, averaged over the seats in the game), and the policy's
    cross-entropy against the search's probabilities, averaged over the decisions
    searched in full (a fast search's decision keeps no moves). The batch is moved
    to `device`, where the model is."""
    import numpy as np

    torch = _torch()

    def tensor(array: Any) -> Any:
        return torch.from_numpy(array).to(device)

    def runs(first: Any) -> tuple[Any, Any]:
        """The indices of the runs of `rows` (each decision's, in decision order) and their lengths."""
        starts, ends = first[rows], first[rows + 1]
        return np.concatenate([np.arange(a, b) for a, b in zip(starts, ends, strict=True)]), ends - starts

    # Each decision's moves are one run of rows: gather the runs of `rows`.
    pick, counts = runs(ex.first_move)
    local = np.repeat(np.arange(len(rows)), counts)
    position = tensor(ex.position[rows])
    moves = tensor(ex.moves[pick])
    owner = tensor(local)
    board = offsets = None
    if model.board_features:
        lit, lengths = runs(ex.first_board)
        board = tensor(ex.board[lit])
        offsets = tensor(np.concatenate([[0], np.cumsum(lengths)[:-1]]).astype(np.int64))
    win_logit, margin, logits = model(position, moves, owner, board, offsets)
    if model.seat_values:
        seated = tensor(np.arange(SEATS)[None, :] < ex.players[rows][:, None])
        log_share = torch.log_softmax(win_logit.masked_fill(~seated, -math.inf), dim=1)
        value_loss = -(tensor(win[rows]) * log_share.masked_fill(~seated, 0.0)).sum(dim=1).mean()
        target_margin = tensor(np.clip(ex.seat_margin[rows], -MARGIN_SCALE, MARGIN_SCALE))
        squared = (((margin - target_margin) / MARGIN_SCALE) ** 2).masked_fill(~seated, 0.0)
        margin_loss = (squared.sum(dim=1) / seated.sum(dim=1)).mean()
    else:
        mover_win = tensor(win[rows][:, 0])
        value_loss = torch.nn.functional.binary_cross_entropy_with_logits(win_logit, mover_win)
        target_margin = tensor(np.clip(ex.margin[rows], -MARGIN_SCALE, MARGIN_SCALE))
        margin_loss = (((margin - target_margin) / MARGIN_SCALE) ** 2).mean()
    # A softmax per decision: logsumexp over its own moves.
    n = len(rows)
    top = torch.full((n,), -math.inf, device=device).scatter_reduce(0, owner, logits.detach(), reduce="amax")
    total = torch.zeros(n, device=device).index_add(0, owner, torch.exp(logits - top[owner]))
    log_p = logits - top[owner] - torch.log(total)[owner]
    target = tensor(ex.policy[pick])
    targets = max(1, int(ex.full[rows].sum()))
    policy_loss = -(torch.zeros(n, device=device).index_add(0, owner, target * log_p)).sum() / targets
    return value_loss, margin_loss, policy_loss


def train(
    data: str | os.PathLike[str] | Sequence[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    arch: Architecture | None = None,
    settings: Settings | None = None,
    progress: Callable[[dict[str, Any]], None] | None = None,
    threads: int | None = None,
    mix: float = 0.0,
    device: str = "auto",
    init: str | os.PathLike[str] | None = None,
) -> dict[str, Any]:
    """Trains on the self-play folder `data` (or several, of the same game and
    player count: say the last generations' games), writing
    `out`/net.safetensors and `out`/manifest.json; resumes from
    `out`/checkpoint.pt when it holds a run of the same data and settings.
    `threads` processes encode the data (default: every core), and PyTorch
    trains with as many threads when it is given. `mix` is written in the
    network for the searches it guides to take when their spec gives no
    `mix=` (how it is meant to be used, not how it learns: a finished run
    given another mix writes its network again, without training). `device`
    is one of DEVICES (a run may go on on another device than it began on).
    `init` names a network to start from instead of random weights (its
    shape, which `arch` must then match or be None for). Returns the manifest."""
    import numpy as np

    from pavilion.learn import selfplay

    torch = _torch()
    if arch is None and init is not None:
        arch = architecture_of(*read_net(init))
    arch, settings = arch or Architecture(), settings or Settings()
    folder = Path(out)
    paths = [Path(data)] if isinstance(data, (str, os.PathLike)) else [Path(d) for d in data]
    if not paths:
        raise OptionsError("training needs at least one self-play folder")
    game, players, agents, played, shards = find_shards(paths)
    if arch.board and game != selfplay.AKROPOLIS:
        raise OptionsError("only Akropolis networks see the board (Summer Pavilion's encoding has no board features)")
    if not 0 <= settings.search_value_weight <= 1:
        raise OptionsError(f"search_value_weight must be from 0 to 1, not {settings.search_value_weight}")
    if settings.unvisited_moves < 0:
        raise OptionsError(f"unvisited_moves must be 0 or more, not {settings.unvisited_moves}")
    if not 0 <= mix <= 1:
        raise OptionsError(f"mix must be from 0 to 1, not {mix}")
    if settings.lr_schedule not in LR_SCHEDULES:
        raise OptionsError(f"lr_schedule is one of {', '.join(LR_SCHEDULES)}, not {settings.lr_schedule!r}")
    device = resolve_device(device)
    check_folder(folder)  # before the data's minutes of encoding, as --init's checks below
    if init is not None:
        # A network the run cannot go on from is refused now, not after the data's minutes of encoding: the
        # same checks on a model of the network's own widths (the data's are checked again once encoded).
        metadata, _ = read_net(init)
        position, moves = (int(metadata.get(name, "0")) for name in ("position_features", "move_features"))
        seats = 0
        if arch.board:
            # The data's seats where its manifest names them, else the network's own (held to the data's once
            # encoded): a guess here would refuse a network that fits.
            seats = (
                int(players) * akropolis.BOARD_SEAT_FEATURES if players else int(metadata.get("board_features", "0"))
            )
            seats = seats or akropolis.BOARD_SEAT_FEATURES
        start_from(build_model(position, moves, arch, seats), init, game, position, moves)
    encoding_began = time.monotonic()
    ex = encode(game, shards, settings.unvisited_moves, settings.seed, threads or os.cpu_count() or 1)
    encoding_seconds = time.monotonic() - encoding_began
    win = ex.value_target(settings.search_value_weight)
    games = np.unique(ex.game)
    held = games[-max(1, int(len(games) * settings.held_out)) :] if len(games) > 1 else games[:0]
    val_rows = np.flatnonzero(np.isin(ex.game, held))
    train_rows = np.flatnonzero(~np.isin(ex.game, held))
    if threads:
        torch.set_num_threads(threads)
    torch.manual_seed(settings.seed)
    board_features = int(ex.players.max()) * akropolis.BOARD_SEAT_FEATURES if arch.board else 0
    model = build_model(ex.position.shape[1], ex.moves.shape[1], arch, board_features)
    init_sha = start_from(model, init, game, ex.position.shape[1], ex.moves.shape[1]) if init is not None else None
    model = model.to(device)
    opt = torch.optim.Adam(model.parameters(), lr=settings.lr, weight_decay=settings.weight_decay)
    key = {
        "data": [str(p.resolve()) for p in paths],
        "decisions": len(ex.win),
        "arch": asdict(arch),
        "settings": asdict(settings),
    }
    if init is not None:
        key["init"] = init_sha
    make_folder(folder)
    history: list[dict[str, Any]] = []
    start_epoch, spent = 0, 0.0
    checkpoint = folder / CHECKPOINT
    if checkpoint.exists():
        saved = torch.load(checkpoint, weights_only=False, map_location=device)
        if saved.get("key") != key:
            raise OptionsError(f"{quote_path(str(folder))} holds another training run: give another --out")
        model.load_state_dict(saved["model"])
        opt.load_state_dict(saved["opt"])
        start_epoch, history, spent = saved["epoch"], saved["history"], saved["seconds"]
    per_epoch = math.ceil(len(train_rows) / settings.batch)
    with flushing_subnormals(torch):
        for epoch in range(start_epoch, settings.epochs):
            began = time.monotonic()
            # The epoch's order depends on the seed and the epoch only, so a resumed run goes on as it would have.
            order = np.random.default_rng([settings.seed, epoch]).permutation(train_rows)
            model.train()
            sums = np.zeros(3)
            for k, b in enumerate(range(0, len(order), settings.batch)):
                for group in opt.param_groups:
                    group["lr"] = learning_rate(settings, epoch * per_epoch + k, settings.epochs * per_epoch)
                rows = np.sort(order[b : b + settings.batch])
                v, m, p = losses(model, ex, rows, win, device)
                opt.zero_grad()
                (v + m + p).backward()
                opt.step()
                sums += [x.item() * len(rows) for x in (v.detach(), m.detach(), p.detach())]
            model.eval()
            with torch.no_grad():
                # Held out against the games' results alone, so runs of any blend compare.
                held_out = losses(model, ex, val_rows, ex.seat_win, device) if len(val_rows) else [math.nan] * 3
                val = [float(x) for x in held_out]
            spent += time.monotonic() - began
            means = sums / max(1, len(train_rows))
            row = {
                "epoch": epoch + 1,
                "train": dict(zip(("value", "margin", "policy"), means.tolist(), strict=True)),
                "held_out": dict(zip(("value", "margin", "policy"), val, strict=True)),
                "seconds": spent,
            }
            history.append(row)
            state = {"key": key, "model": model.state_dict(), "opt": opt.state_dict(), "epoch": epoch + 1}
            state |= {"history": history, "seconds": spent}
            tmp = checkpoint.with_suffix(".tmp")
            torch.save(state, tmp)
            tmp.replace(checkpoint)
            if progress:
                progress(row)
    root = repository()
    named_from = paths_root(root)
    manifest: dict[str, Any] = {
        "format": NET_FORMAT,
        "version": NET_VERSION,
        "game": game,
        "encoding_version": ENCODING_VERSION if game == selfplay.SUMMER else akropolis.ENCODING_VERSION,
        "position_features": int(ex.position.shape[1]),
        "move_features": int(ex.moves.shape[1]),
        "board_features": board_features,
        "architecture": asdict(arch),
        "settings": asdict(settings),
        **({"init": {"path": portable_path(init, named_from), "sha256": init_sha}} if init is not None else {}),
        "search": {"mix": mix},
        "data": {
            "path": [portable_path(p, named_from) for p in paths],
            "agent": portable_spec(agents, named_from),
            "selfplay": played,
            "players": players,
            "games": len(games),
            "decisions": len(ex.win),
            "held_out_games": len(held),
        },
        "steps": len(history) * per_epoch,
        # Wall-clock seconds: the epochs' (summed over resumed runs) and this run's encoding of the data.
        "training_seconds": round(spent, 1),
        "encoding_seconds": round(encoding_seconds, 1),
        "device": device,
        "losses": history,
        "commit": commit(root),
    }
    manifest = json.loads(json.dumps(manifest))  # as the file holds it: lists, not tuples
    save_net(model, folder / NET_FILE, manifest)
    replace_atomically(folder / MANIFEST, (json.dumps(manifest, indent=2) + "\n").encode())
    return manifest
