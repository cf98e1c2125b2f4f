"""What the page is sent of a game: the picture (the project's own SVG, the same
as `show --svg` draws, its parts named by `data-target`), the moves a human
may make with what each points at, and the facts beside the board. The page
decides nothing about the rules: it matches a click to these moves and sends
the move's notation back.
"""

from __future__ import annotations

from typing import Any

from pavilion._engine import COLOUR_LETTERS, COLOURS, ROUNDS, SIDES, Game
from pavilion._engine.akropolis import TILES
from pavilion._engine.akropolis import Move as AkropolisMove
from pavilion.akropolis import svg as akropolis_svg
from pavilion.core.session import short_name
from pavilion.services.table import BoardGame
from pavilion.summer import svg as summer_svg
from pavilion.summer.record import GameRecord
from pavilion.summer.render import payment_label

#: Summer Pavilion's colour letters by name (the engine's vocabulary: a move names its colour).
COLOUR_LETTER = dict(zip(COLOURS, COLOUR_LETTERS, strict=True))
#: A hex's radius in the Akropolis picture, and a board's width in Summer Pavilion's.
HEX_SIZE = 34
#: Rings of empty hexes drawn around the city shown, where a tile may go.
ROOM = 2
BOARD_SIZE = 300


def summer_legal(game: Any) -> list[dict[str, Any]]:
    """Each legal move with the part of the picture it points at and a label for a chooser."""
    out = []
    for m in game.legal_moves():
        text = str(m)
        if m.kind == "draft":
            source = "C" if m.source == "C" else m.source
            target = f"draft-{source}-{COLOUR_LETTER[m.colour or '']}"
            label = f"take {m.colour} from " + ("the centre" if source == "C" else f"factory {source}")
        elif m.kind == "place":
            target = f"space-{game.current_player}-{m.star}{m.space}"
            label = payment_label(m, game.side, game.wild)
        elif m.kind == "bonus":
            target, label = "bonus", f"take {m.tiles} from the supply"
        else:
            target, label = "pass", f"pass, keeping {m.tiles}" if m.tiles else "pass"
        out.append({"move": text, "kind": m.kind, "target": target, "label": label})
    return out


def has_ranges(game: Any) -> bool:
    """Whether the position is Summer Pavilion's last round's placing, where scores can be proven."""
    return isinstance(game, Game) and not game.is_over and game.round == ROUNDS and game.phase == "place"


def summer_info(game: Any) -> dict[str, Any]:
    seat = game.current_player
    return {
        "round": game.round,
        "rounds": ROUNDS,
        "phase": game.phase,
        "wild": game.wild,
        "side": game.side,
        "coloured": game.side == SIDES[0],
        "supply": game.supply,
        "bag": len(game.bag),
        "tower": len(game.tower),
        "bonus_owed": 0 if game.is_over else game.bonus_owed,
        "hand": "" if game.is_over else game.hand(seat),
        "fills": summer_svg.FILL,
        "ink": summer_svg.INK,
    }


def akropolis_legal(game: Any) -> list[dict[str, Any]]:
    """Each legal placement with its hexes and what it would bring (points, stones)."""
    seat = game.current_player
    out = []
    for m in game.legal_moves():
        trial = game.copy()
        outcome = trial.play(m)
        out.append(
            {
                "move": str(m),
                "slot": m.index,
                "at": list(m.at),
                "rot": m.rot,
                "hexes": [list(h) for h in m.footprint],
                "points": trial.scores[seat] - game.scores[seat],
                "stones": outcome["stones_gained"] - outcome["cost"],
                "level": outcome["level"],
            }
        )
    return out


#: Each rotation's footprint around its anchor hex (the engine's, read once).
SHAPES = [[list(h) for h in AkropolisMove.parse(f"0@0,0/{k}").footprint] for k in range(6)]


def akropolis_info(game: Any) -> dict[str, Any]:
    return {
        "round": game.round,
        "rounds": game.rounds,
        "stones": list(game.stones),
        "stacks_left": game.stacks_left,
        "site": [
            {
                "slot": i,
                "tile": t,
                "letters": TILES[t],
                "cost": i,
                "fills": [akropolis_svg.fill_of(c) for c in TILES[t]],
                "ink": [akropolis_svg.ink_of(c) for c in TILES[t]],
            }
            for i, t in enumerate([] if game.is_over else game.site)
        ],
        "shapes": SHAPES,
    }


def picture(table: BoardGame, position: Any, seat: int | None, marks: list[Any]) -> str:
    """The board as the engine's renderer draws it; Akropolis shows the site and one city large."""
    if isinstance(table.record, GameRecord):
        return summer_svg.board(position, size=BOARD_SIZE, marks=marks)
    shown_seat = position.current_player if seat is None else seat
    return akropolis_svg.board(position, seat=shown_seat, size=HEX_SIZE, marks=marks, site=True, room=ROOM)


def state(table: BoardGame, kind: str, view_seat: int | None, marks: list[Any]) -> dict[str, Any]:
    """Everything the page draws of a game, as one `state` message (without the room's own fields)."""
    position = table.view()
    record = table.record
    summer = isinstance(record, GameRecord)
    may_move = table.human_to_move
    return {
        "game": kind,
        "players": record.players,
        "seats": [
            {"name": table.name(s), "spec": short_name(spec), "human": spec == "human"}
            for s, spec in enumerate(record.seats)
        ],
        "seed": record.seed,
        "to_move": None if position.is_over else position.current_player,
        "over": position.is_over,
        "winners": list(position.winners) if position.is_over else [],
        "scores": list(position.scores),
        "moves": list(record.moves),
        "shown": table.shown,
        "human_to_move": may_move,
        "view_seat": view_seat,
        "svg": picture(table, position, None if summer else view_seat, marks),
        "legal": (summer_legal(position) if summer else akropolis_legal(position)) if may_move else [],
        "info": summer_info(position) if summer else akropolis_info(position),
        "save_path": table.saved_to or table.session.interrupted_paths(table.record_path)[0],
    }
