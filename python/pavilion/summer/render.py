"""Rich rendering of positions: colours for the eye, letters for everyone.

Every tile is shown by its letter (P G O Y B R), so a screen without colour
or a colour-blind reader loses nothing; colours are picked to read on dark
and light terminals alike.
"""

from __future__ import annotations

from rich.columns import Columns
from rich.console import Group
from rich.table import Table
from rich.text import Text

from pavilion._engine import COLOUR_LETTERS, COLOURS, FEATURES, SIDES, STARS, Game, Move, space_cost

#: How each colour letter is drawn (presentation only; the letters are the engine's, in wild order).
STYLE = dict(
    zip(
        COLOUR_LETTERS,
        ["bold magenta", "bold green", "bold dark_orange", "bold yellow3", "bold blue", "bold red"],
        strict=True,
    )
)
NAME = dict(zip(COLOUR_LETTERS, COLOURS, strict=True))


def tiles(letters: str) -> Text:
    """Colour letters as styled text, '—' for none."""
    if not letters:
        return Text("—", style="dim")
    t = Text()
    for ch in letters:
        t.append(ch, style=STYLE.get(ch, ""))
    return t


def printed_value(side: str, star: str, space: int) -> int:
    """The value printed on a space: its cost in tiles (the engine's board)."""
    return space_cost(side, star, space)


def board_table(game: Game, seat: int) -> Group:
    """One player's stars: a covered space shows its tile, an open one its printed cost."""
    covered = game.board(seat)
    title = f"Player {seat + 1}  score {game.scores[seat]}"
    t = Table(title=title, show_header=True, header_style="dim", box=None, padding=(0, 1))
    t.add_column("star")
    for v in range(1, 7):
        t.add_column(str(v), justify="center")
    for star in STARS:
        label = "centre" if star == "C" else (NAME[star] if game.side == SIDES[0] else f"star {star}")
        cells = []
        for v in range(1, 7):
            c = covered.get(f"{star}{v}")
            cells.append(
                Text(f"[{c}]", style=STYLE[c]) if c else Text(f" {printed_value(game.side, star, v)} ", style="dim")
            )
        t.add_row(Text(label, style=STYLE.get(star, "bold")), *cells)
    lines = [
        Text("features ", style="dim") + features_line(covered),
        Text("hand ", style="dim") + tiles(game.hand(seat)),
    ]
    if game.kept(seat):
        lines.append(Text("kept ", style="dim") + tiles(game.kept(seat)))
    if game.start_token == seat and not game.is_over:
        lines.append(Text("holds the start token: starts the next round", style="bold"))
    if game.has_passed(seat) and not game.is_over:
        lines.append(Text("passed", style="dim italic"))
    return Group(t, *lines)


def features_line(covered: dict[str, str]) -> Text:
    """Per outer star: w s p (window, statue, pillar), capitals and bold when surrounded."""
    out = Text()
    by_star: dict[str, list[tuple[str, bool]]] = {}
    for f in FEATURES:
        done = all(sp in covered for sp in f["spaces"])
        by_star.setdefault(f["star"], []).append((f["kind"][0], done))
    for star, marks in by_star.items():
        out.append(star, style=STYLE[star])
        for letter, done in marks:
            out.append(letter.upper() if done else letter, style="bold" if done else "dim")
        out.append(" ")
    n = sum(done for marks in by_star.values() for _, done in marks)
    out.append(f"({n}/18)", style="dim")
    return out


def table_view(game: Game) -> Table:
    """Factories, centre, supply and piles."""
    t = Table(show_header=False, box=None, padding=(0, 1))
    t.add_column(style="dim")
    t.add_column()
    head = Text(f"round {game.round}/6  wild ")
    head.append(game.wild, style=STYLE[game.wild[0].upper()])
    if game.is_over:
        head.append("  game over")
    else:
        head.append(f"  {game.phase}  player {game.current_player + 1} to move")
    if game.bonus_owed:
        head.append(f"  (takes {game.bonus_owed} bonus tile(s))")
    t.add_row("game", head)
    factories = Text()
    for i, f in enumerate(game.factories):
        factories.append(f"{i + 1}:")
        factories.append_text(tiles(f))
        factories.append("  ")
    t.add_row("factories", factories)
    centre = tiles(game.centre)
    if game.start_token is None and game.phase == "draft":
        centre.append("  + start token", style="dim")
    t.add_row("centre", centre)
    t.add_row("supply", tiles(game.supply))
    t.add_row("bag/tower", Text(f"{len(game.bag)} / {len(game.tower)} tiles"))
    return t


def position(game: Game) -> Group:
    """The whole table: shared piles first, then the boards side by side when they fit, then a one-line key."""
    boards = Columns([board_table(game, s) for s in range(game.players)], padding=(1, 4))
    return Group(table_view(game), boards, Text(KEY, style="dim"))


#: The one-line key printed under every board ('help' gives the long legend).
KEY = "[B] a tile · 3 an open space's cost · w s p features ('help')"


def legend(game: Game) -> Text:
    """What every mark on the screen means (shown by 'help')."""
    kinds: dict[str, int] = {}
    for f in FEATURES:
        kinds.setdefault(f["kind"], f["bonus"])
    bonuses = ", ".join(f"{k[0]} {k} (+{v})" for k, v in kinds.items())
    lines = [
        "Legend:",
        "  [B]  a covered space and its tile's colour (letters P G O Y B R)",
        "  3    an open space: its printed value, which is its cost in tiles",
        "  columns 1-6: the spaces of each star, as moves name them (B4)",
        f"  features, per star: {bonuses};",
        "  a capital once all its spaces are covered; (n/18): how many so far",
    ]
    if game.side == "gray":
        lines.append("  gray side: stars have no colour; their letters (star O, ...) name")
        lines.append("  their place as on the coloured side; numbers: gray printed values")
    lines.append("  hand: tiles held; kept: tiles kept at your pass (at most 4)")
    return Text("\n".join(lines))


def breakdown_table(game: Game) -> Table:
    t = Table(title="Final scores", header_style="bold")
    for col in ["player", "placing", "stars", "all-N", "leftovers", "total"]:
        t.add_column(col, justify="right")
    winners = set(game.winners)
    for seat, b in enumerate(game.final_breakdown()):
        mark = " ★" if seat in winners else ""
        t.add_row(
            f"{seat + 1}{mark}",
            str(b["before_end"]),
            f"+{b['stars']}",
            f"+{b['all_n']}",
            str(b["leftovers"]),
            Text(str(b["total"]), style="bold"),
        )
    return t


def payment_label(move: Move, side: str, wild: str) -> str:
    """`B4+2  pay 2 blue + 2 wild (purple)`; `wild` is the round's wild colour's name."""
    cost = space_cost(side, move.star or "", move.space or 0)
    wilds = move.wilds or 0
    colour = move.colour or ""
    text = f"{move}  pay {cost - wilds} {colour}"
    if wilds:
        text += f" + {wilds} wild ({wild})"
    return text
