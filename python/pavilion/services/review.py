"""Game review: every decision of a recorded game judged by the search, as
chess sites review games. For each move the search (exact where the game can
solve the rest, else MCTS for the budget) gives the best move and its win
rate; the move played gets its own win rate from the same position (searched
on its own when the first search hardly tried it, or proved the position by
another move: a proven root says nothing of the moves it never reached). The loss is the drop in
win rate, marked `?!`, `?` or `??` past the thresholds.

Each search starts from the position the player faced and re-deals whatever
was still hidden then, so a review never uses what the player could not know.
"""

from __future__ import annotations

import importlib.util
import io
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypedDict

from pavilion._engine import NotationError, OptionsError
from pavilion.akropolis.record import AkropolisRecord
from pavilion.core.analysis import checked_budget, evaluated, run_search
from pavilion.core.files import parse_json, quote_path, save_picture
from pavilion.core.record import Record, move_seed
from pavilion.summer.record import GameRecord

#: Record formats a review reads, by their "format" field.
RECORD_KINDS: dict[str, type[Record[Any]]] = {cls.FORMAT: cls for cls in (GameRecord, AkropolisRecord)}
#: Search time per move when no budget is given.
DEFAULT_SECONDS = 0.3
#: A move's own search when the first one gave it fewer visits than this.
MIN_VISITS = 50


@dataclass(frozen=True)
class Marks:
    """Win-rate drops (0-1) from which a move is an inaccuracy, a mistake, a blunder."""

    inaccuracy: float = 0.10
    mistake: float = 0.20
    blunder: float = 0.30

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder <= 1:
            raise OptionsError(
                "marks must satisfy 0 < inaccuracy <= mistake <= blunder <= 1, not "
                f"{self.inaccuracy}, {self.mistake}, {self.blunder}"
            )

    def mark(self, loss: float) -> str:
        if loss >= self.blunder:
            return "??"
        if loss >= self.mistake:
            return "?"
        if loss >= self.inaccuracy:
            return "?!"
        return ""


def move_accuracy(loss: float) -> float:
    """A move's accuracy in percent from its win-rate loss (lichess's formula,
    with the loss in percentage points): 103.1668·e^(−0.04354·loss) − 3.1669,
    never below 0. A loss of 0 is 100% (99.9999), 10 points about 64%, 30 points 24%."""
    return max(0.0, 103.1668 * math.exp(-0.04354 * 100 * loss) - 3.1669)


class MoveReview(TypedDict):
    ply: int
    round: int
    seat: int
    move: str
    best: str
    win_before: float
    win_after: float
    loss: float
    mark: str
    exact: bool
    accuracy: float
    #: Summer Pavilion's last round, where the review is not exact: what the
    #: proven score ranges decide of the mover's result before and after the
    #: move ("wins", "cannot_lose", "cannot_win", "open"), else None.
    proven_before: str | None
    proven_after: str | None


class SeatReview(TypedDict):
    seat: int
    player: str
    moves: int
    inaccuracies: int
    mistakes: int
    blunders: int
    mean_loss: float
    accuracy: float


class Review(TypedDict):
    game: str
    moves: list[MoveReview]
    seats: list[SeatReview]
    seed: int
    iterations: int | None
    seconds: float | None
    marks: dict[str, float]
    net: str | None
    interrupted: bool


def read_record(text: str) -> Record[Any]:
    """A game record of either game (by its "format"), fully checked."""
    doc = parse_json(text, "record")
    kind = RECORD_KINDS.get(str(doc.get("format"))) if isinstance(doc, dict) else None
    if kind is None:
        raise NotationError(f'record: "format" must be one of {", ".join(map(json.dumps, RECORD_KINDS))}')
    return kind.from_json(text)


def review(
    record: Record[Any],
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    threads: int = 1,
    seed: int = 0,
    marks: Marks | None = None,
    progress: Callable[[int], None] | None = None,
    net: str | None = None,
) -> Review:
    """Reviews every move of `record`; Ctrl-C ends it early with the moves
    reviewed so far (`interrupted`). Budget per move: `iterations` and/or
    `seconds` (with neither, `DEFAULT_SECONDS`). The same record, seed and iteration
    budget give the same review. With `net` (a network file, or "default"), the
    network judges the searches' leaves, as an `mcts:net=...` agent's."""
    marks = marks or Marks()
    iterations, seconds = checked_budget(iterations, seconds, DEFAULT_SECONDS)
    game = record.new_game()
    reviewed: list[MoveReview] = []
    interrupted = False
    try:
        for ply, text in enumerate(record.moves, 1):
            played = record.MOVE.parse(text)
            searched_seed = move_seed(seed, ply)
            search = record.SEARCH(game, seed=searched_seed, threads=threads, net=net)
            # Solved before any search: every move then has its exact value.
            solved_first = search.exact
            run_search(search, iterations, seconds, threads)
            result = search.result(pv_length=0)
            best = result["moves"][0]
            mine = next((m for m in result["moves"] if m["move"] == played), None)
            exact = result["exact"]
            # The solver values every move; a tree that proved the root proved its
            # best move, not the others (it may never have reached them), and a
            # move the tree hardly tried has no sure figure: those are searched alone.
            if played == best["move"]:
                mine = best
            elif (
                mine is None
                or mine["win_rate"] is None
                or (not solved_first and (result["exact"] or mine["visits"] < MIN_VISITS))
            ):
                alone = record.SEARCH(game, seed=searched_seed, threads=threads, moves=[played], net=net)
                run_search(alone, iterations, seconds, threads)
                mine = alone.result(pv_length=0)["moves"][0]
                exact = exact and alone.exact
            before = evaluated(best)
            after = evaluated(mine)
            loss = max(0.0, before - after)
            proven_before, proven_after = proven_change(game, played, exact)
            reviewed.append(
                {
                    "ply": ply,
                    "round": game.round,
                    "seat": game.current_player,
                    "move": text,
                    "best": str(best["move"]),
                    "win_before": before,
                    "win_after": after,
                    "loss": loss,
                    "mark": marks.mark(loss),
                    "exact": exact,
                    "accuracy": move_accuracy(loss),
                    "proven_before": proven_before,
                    "proven_after": proven_after,
                }
            )
            game.play(played)
            if progress:
                progress(ply)
    except KeyboardInterrupt:
        interrupted = True
    return {
        "game": record.FORMAT,
        "moves": reviewed,
        "seats": seat_summaries(record, reviewed),
        "seed": seed,
        "iterations": iterations,
        "seconds": seconds,
        "marks": {"inaccuracy": marks.inaccuracy, "mistake": marks.mistake, "blunder": marks.blunder},
        "net": net,
        "interrupted": interrupted,
    }


def proven_change(game: Any, played: Any, exact: bool) -> tuple[str | None, str | None]:
    """What the proven score ranges decide of the mover's result before and
    after `played`, where the review is not exact (Summer Pavilion's last
    round's placing only: elsewhere, or where the ranges are out of reach, None)."""
    ranges = getattr(game, "score_ranges", None)
    before = None if exact or ranges is None else ranges()
    if before is None:
        return None, None
    seat = game.current_player
    after = game.score_ranges_after([played])[0]
    return before[seat]["proven"], None if after is None else after[seat]["proven"]


def seat_summaries(record: Record[Any], moves: Sequence[MoveReview]) -> list[SeatReview]:
    out: list[SeatReview] = []
    for seat in range(record.players):
        mine = [m for m in moves if m["seat"] == seat]
        n = len(mine)
        out.append(
            {
                "seat": seat,
                "player": record.seats[seat] if record.seats else "",
                "moves": n,
                "inaccuracies": sum(m["mark"] == "?!" for m in mine),
                "mistakes": sum(m["mark"] == "?" for m in mine),
                "blunders": sum(m["mark"] == "??" for m in mine),
                "mean_loss": sum(m["loss"] for m in mine) / n if n else 0.0,
                "accuracy": sum(m["accuracy"] for m in mine) / n if n else 0.0,
            }
        )
    return out


#: Plot formats `plot` writes, by file suffix.
PLOT_FORMATS = ("png", "svg")


def check_plot(path: str) -> str:
    """The plot's format from `path` (`png` or `svg`), or OptionsError now,
    before any work: another suffix, or matplotlib missing."""
    suffix = Path(path).suffix[1:].lower()
    if suffix not in PLOT_FORMATS:
        raise OptionsError(f"the plot is written as .png or .svg, not {quote_path(path)}")
    if importlib.util.find_spec("matplotlib") is None:
        raise OptionsError("plots need matplotlib: pip install 'pavilion[plot]'")
    return suffix


def plot(result: Review, players: int, path: str) -> Path:
    """Draws each seat's win rate at its own decisions over the game (one
    curve per seat, its id `seat-N` in an SVG), rounds marked on the x axis
    and blunders circled; returns the path written (another name if `path`
    holds anything but a picture). Needs matplotlib (`pip install 'pavilion[plot]'`)."""
    suffix = check_plot(path)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    moves = result["moves"]
    fig, ax = plt.subplots(figsize=(10, 4.5), dpi=100)
    try:
        for seat in range(players):
            mine = [m for m in moves if m["seat"] == seat]
            xs = [m["ply"] for m in mine]
            (line,) = ax.plot(xs, [100 * m["win_before"] for m in mine], label=f"P{seat + 1}", linewidth=1.8)
            line.set_gid(f"seat-{seat + 1}")
            bad = [m for m in mine if m["mark"] == "??"]
            if bad:
                ax.scatter(
                    [m["ply"] for m in bad],
                    [100 * m["win_before"] for m in bad],
                    s=90,
                    facecolors="none",
                    edgecolors=line.get_color(),
                    linewidths=2,
                    zorder=3,
                    gid=f"blunders-{seat + 1}",
                )
        starts: dict[int, int] = {}
        for m in moves:
            starts.setdefault(m["round"], m["ply"])
        for ply in starts.values():
            ax.axvline(ply, color="0.85", linewidth=0.8, zorder=0)
        ax.set_xticks(list(starts.values()), [f"round {r}" for r in starts])
        ax.set_ylim(-2, 102)
        ax.set_ylabel("win rate before the move (%)")
        ax.set_title("win rate at each decision (circles: blunders)")
        ax.legend(loc="upper left")
        fig.tight_layout()
        out = io.BytesIO()
        fig.savefig(out, format=suffix)
    finally:
        plt.close(fig)
    return save_picture(path, out.getvalue())
