"""The seeds' score pad: points entered round by round, end bonuses folded into round 6.

Files: CSV with the player names on the first row and one row of points per
round, or (a name ending in `.json`) JSON ``{"players": ["Ann", "Bo"],
"rounds": [[12, -3], [8, 10]]}``. A round's points per player lie in
-999..999; names are at most 40 characters.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field

from rich.table import Table
from rich.text import Text

from pavilion._engine import ROUNDS, SCORE_FLOOR, START_SCORE, NotationError
from pavilion._engine.text import escape_controls, quote
from pavilion.core.files import parse_json

START = START_SCORE
#: Points a player can enter for one round, either way: far beyond any real round.
MAX_ROUND_POINTS = 999
MAX_NAME = 40


class ScorePadError(ValueError):
    """A score sheet that cannot be read."""


@dataclass
class ScorePad:
    players: list[str]
    rounds: list[list[int]] = field(default_factory=list)
    start: int = START

    def __post_init__(self) -> None:
        if not 2 <= len(self.players) <= 4:
            raise ScorePadError(f"a score pad is for 2 to 4 players, not {len(self.players)}")
        if len(set(self.players)) != len(self.players) or any(not p.strip() for p in self.players):
            raise ScorePadError("player names must be distinct and not empty")
        long = [p for p in self.players if len(p) > MAX_NAME]
        if long:
            raise ScorePadError(f"player name {quote(long[0])} is longer than {MAX_NAME} characters")
        for r in self.rounds:
            self.check_round(r)
        if len(self.rounds) > ROUNDS:
            raise ScorePadError(f"the game has {ROUNDS} rounds, not {len(self.rounds)}")

    def check_round(self, points: list[int]) -> None:
        if len(points) != len(self.players):
            raise ScorePadError(f"a round needs {len(self.players)} scores (one per player), not {len(points)}")
        if any(abs(p) > MAX_ROUND_POINTS for p in points):
            raise ScorePadError(f"a round's points run from -{MAX_ROUND_POINTS} to {MAX_ROUND_POINTS}")

    def add_round(self, points: list[int]) -> None:
        if len(self.rounds) == ROUNDS:
            raise ScorePadError(f"all {ROUNDS} rounds are entered")
        self.check_round(points)
        self.rounds.append(points)

    def running(self) -> list[list[int]]:
        """Totals after each round; like the track, a total never drops below the floor (1)."""
        out, totals = [], [self.start] * len(self.players)
        for r in self.rounds:
            totals = [max(SCORE_FLOOR, t + p) for t, p in zip(totals, r, strict=True)]
            out.append(totals)
        return out

    def totals(self) -> list[int]:
        run = self.running()
        return run[-1] if run else [self.start] * len(self.players)

    def winners(self) -> list[str]:
        t = self.totals()
        return [p for p, s in zip(self.players, t, strict=True) if s == max(t)]

    def table(self) -> Table:
        t = Table(title="Score pad", header_style="bold")
        t.add_column("round")
        for p in self.players:
            t.add_column(Text(escape_controls(p)), justify="right")
        t.add_row("start", *[str(self.start)] * len(self.players), style="dim")
        for i, (r, run) in enumerate(zip(self.rounds, self.running(), strict=True), 1):
            label = f"{i}" + (" + end bonuses" if i == ROUNDS else "")
            t.add_row(label, *[f"{p:+d} → {s}" for p, s in zip(r, run, strict=True)])
        t.caption = "a total never drops below 1, as on the score track"
        best = max(self.totals())
        t.add_row(
            Text("total", style="bold"), *[Text(str(s), style="bold" if s == best else "") for s in self.totals()]
        )
        return t

    @staticmethod
    def from_text(text: str, name: str = "score file", as_json: bool = False) -> ScorePad:
        """Reads JSON (`{"players", "rounds"}`) when `as_json`, else CSV (names, then a row per round)."""
        try:
            if as_json:
                return ScorePad.from_json(text)
            rows = [r for r in csv.reader(io.StringIO(text)) if any(c.strip() for c in r)]
            if not rows:
                raise ScorePadError("empty")
            players = [c.strip() for c in rows[0]]
            rounds = []
            for n, row in enumerate(rows[1:], 2):
                try:
                    rounds.append([int(c) for c in row])
                except ValueError:
                    raise ScorePadError(f"line {n}: scores must be whole numbers") from None
            return ScorePad(players, rounds)
        except csv.Error as e:
            raise ScorePadError(f"{name}: not a CSV score sheet ({e})") from None
        except ScorePadError as e:
            raise ScorePadError(f"{name}: {e}") from None

    @staticmethod
    def from_json(text: str) -> ScorePad:
        """Reads a JSON score sheet; errors say what is wrong (`from_text` adds the file's name)."""
        try:
            doc = parse_json(text, "score sheet")
        except NotationError as e:
            raise ScorePadError(str(e)) from None
        if not isinstance(doc, dict) or set(doc) != {"players", "rounds"}:
            raise ScorePadError('a JSON score sheet is {"players": [...], "rounds": [[...], ...]}')
        players, rounds = doc["players"], doc["rounds"]
        if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
            raise ScorePadError("players must be a list of names")
        whole = (
            all(isinstance(r, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in r) for r in rounds)
            if isinstance(rounds, list)
            else False
        )
        if not whole:
            raise ScorePadError("rounds must be lists of whole numbers")
        return ScorePad(players, rounds)


def parse_points(text: str, players: int) -> list[int]:
    """`12,-3` → [12, -3]."""
    try:
        points = [int(x) for x in text.split(",")]
    except ValueError:
        raise ScorePadError(f"{quote(text)}: scores are whole numbers separated by commas, e.g. 12,-3") from None
    if len(points) != players:
        raise ScorePadError(f"{quote(text)}: {players} scores needed, one per player")
    if any(abs(p) > MAX_ROUND_POINTS for p in points):
        raise ScorePadError(f"{quote(text)}: a round's points run from -{MAX_ROUND_POINTS} to {MAX_ROUND_POINTS}")
    return points
