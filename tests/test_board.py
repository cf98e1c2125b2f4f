"""The board app (`pavilion board`), driven by Textual's Pilot as a person
would drive it: whole games of both games against a seeded AI, by keys and
by clicks, with the engine's state checked after every move; every chooser;
illegal attempts and their reasons; hints, undo, saving, loading, quitting."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from board_driver import choose, pick, pick_option, settle, tick_tiles
from pavilion import Agent, Game
from pavilion._engine import ROUNDS
from pavilion.akropolis import Game as AkropolisGame
from pavilion.board import BoardApp
from pavilion.board.akropolis import AkropolisScreen, CityView, SiteView, preview
from pavilion.board.dialogs import ChoiceDialog, FileDialog, TilePicker
from pavilion.board.games import AKROPOLIS, SUMMER, load_table, new_table
from pavilion.board.start import StartScreen
from pavilion.board.summer import LETTER, SourcesView, StarBoard, SummerScreen, source_key
from pavilion.services.table import BoardGame
from pavilion.summer.record import GameRecord

Driver = Callable[[Any, BoardApp], Awaitable[None]]


def summer_table(seats: str = "human,greedy", seed: int = 5, **extra: Any) -> BoardGame:
    options = {"--players": ("players", 2), "--seed": ("seed", seed), "--side": ("side", None)}
    options["--wild-order"] = ("wild_order", None)
    return new_table(SUMMER, options, seats, **extra)


def akropolis_table(seats: str = "human,greedy", seed: int = 5) -> BoardGame:
    return new_table(AKROPOLIS, {"--players": ("players", 2), "--seed": ("seed", seed)}, seats)


def run(app: BoardApp, drive: Driver, size: tuple[int, int] = (120, 40)) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await drive(pilot, app)

    asyncio.run(main())


def status(app: BoardApp) -> str:
    return str(app.screen.query_one("#status").render())


# -- Summer Pavilion ---------------------------------------------------------------------


async def summer_turn(pilot: Any, app: BoardApp, rng: random.Random, mouse: bool) -> str:
    """Plays one legal move of the human to move, by pointing; returns it."""
    screen = app.screen
    assert isinstance(screen, SummerScreen | TilePicker), screen
    table = app.table
    assert table is not None
    g = table.game
    moves = list(g.legal_moves())
    if g.bonus_owed:
        m = pick(rng, [m for m in moves if m.kind == "bonus"])
        free = list(range(len(g.supply)))
        picks = [free.pop(next(i for i, at in enumerate(free) if g.supply[at] == t)) for t in m.tiles]
        await tick_tiles(pilot, picks, mouse)
        return str(m)
    assert isinstance(screen, SummerScreen)
    if g.phase == "draft":
        m = pick(rng, moves)
        await choose(pilot, screen.query_one(SourcesView), (source_key(m), LETTER[m.colour]), mouse)
        return str(m)
    m = pick(rng, moves)
    if m.kind == "pass":
        await pilot.press("p")
        await pilot.pause()
        if g.hand(g.current_player):
            hand = g.hand(g.current_player)
            free = list(range(len(hand)))
            picks = [free.pop(next(i for i, at in enumerate(free) if hand[at] == t)) for t in (m.tiles or "")]
            await tick_tiles(pilot, picks, mouse)
        return str(m)
    board = screen.query_one(f"#board-{g.current_player}", StarBoard)
    await choose(pilot, board, (m.star, m.space), mouse)
    same_space = [o for o in moves if o.kind == "place" and (o.star, o.space) == (m.star, m.space)]
    if len(same_space) > 1:
        await pick_option(pilot, same_space.index(m), mouse)
    return str(m)


def whole_game(table: BoardGame, turn: Any, mouse: bool, seed: int, least: int) -> None:
    """Plays `table`'s game to its end by pointing (`turn` makes one move), checking
    after every move that the record holds it and the engine's state is the record's."""
    rng = random.Random(seed)

    async def drive(pilot: Any, app: BoardApp) -> None:
        played = 0
        while not table.game.is_over:
            assert table.human_to_move, status(app)
            before = len(table.record.moves)
            move = await turn(pilot, app, rng, mouse)
            await settle(pilot)
            assert table.record.moves[before] == move, (move, status(app))
            assert table.game.to_json() == table.record.replay().to_json()
            played += 1
        assert played >= least
        assert "won" in str(app.screen.query_one("#info").render())

    run(BoardApp(table), drive)


def test_a_whole_summer_game_by_keys() -> None:
    whole_game(summer_table(seed=5), summer_turn, mouse=False, seed=5, least=20)


def test_a_whole_summer_game_by_clicks() -> None:
    whole_game(summer_table(seed=6), summer_turn, mouse=True, seed=6, least=20)


def test_an_illegal_draft_is_refused_with_the_engines_reason() -> None:
    table = summer_table()
    g = table.game
    wild = LETTER[g.wild]
    factory = next(i for i, f in enumerate(g.factories) if wild in f and set(f) != {wild})

    async def drive(pilot: Any, app: BoardApp) -> None:
        await choose(pilot, app.screen.query_one(SourcesView), (factory, wild), mouse=False)
        assert table.record.moves == []
        assert f"✗ illegal move: {g.wild} is wild this round" in status(app)

    run(BoardApp(table), drive)


def test_placing_on_an_unpayable_space_is_refused() -> None:
    table = summer_table(seats="human,human")
    g = table.game
    while g.phase == "draft":
        table.play(g.legal_moves()[0])
    seat = g.current_player
    unpayable = next(
        (star, n)
        for star in "OR"
        for n in range(6, 0, -1)
        if not any(m.kind == "place" and (m.star, m.space) == (star, n) for m in g.legal_moves())
    )

    async def drive(pilot: Any, app: BoardApp) -> None:
        before = list(table.record.moves)
        await choose(pilot, app.screen.query_one(f"#board-{seat}", StarBoard), unpayable, mouse=False)
        assert table.record.moves == before
        assert status(app).startswith("✗ illegal move")

    run(BoardApp(table), drive)


def test_the_payment_chooser_lists_every_payment_and_plays_the_one_picked() -> None:
    table = summer_table(seats="human,human", seed=11)
    g = table.game
    rng = random.Random(3)
    # Draft until some space can be paid in more than one way.
    while True:
        if g.phase == "place":
            spaces: dict[tuple[str, int], list[Any]] = {}
            for m in g.legal_moves():
                if m.kind == "place":
                    spaces.setdefault((m.star, m.space), []).append(m)
            several = [ms for ms in spaces.values() if len(ms) > 1]
            if several:
                break
            table.play(next(m for m in g.legal_moves() if m.kind == "place"))
        else:
            table.play(pick(rng, list(g.legal_moves())))
    options = several[0]
    seat = g.current_player

    async def drive(pilot: Any, app: BoardApp) -> None:
        await choose(
            pilot, app.screen.query_one(f"#board-{seat}", StarBoard), (options[0].star, options[0].space), False
        )
        dialog = app.screen
        assert isinstance(dialog, ChoiceDialog)
        assert [value for _, value in dialog.options] == options
        assert all("pay" in label for label, _ in dialog.options)
        await pilot.press("escape")  # cancelled: nothing played
        await pilot.pause()
        assert isinstance(app.screen, SummerScreen)
        before = len(table.record.moves)
        await choose(
            pilot, app.screen.query_one(f"#board-{seat}", StarBoard), (options[0].star, options[0].space), False
        )
        await pick_option(pilot, len(options) - 1, mouse=False)
        assert table.record.moves[before] == str(options[-1])

    run(BoardApp(table), drive)


def test_the_keep_picker_passes_keeping_the_tiles_ticked() -> None:
    table = summer_table(seats="human,human", seed=2)
    g = table.game
    while g.phase == "draft":
        table.play(g.legal_moves()[0])
    hand = g.hand(g.current_player)
    assert len(hand) >= 2

    async def drive(pilot: Any, app: BoardApp) -> None:
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, TilePicker)
        await tick_tiles(pilot, [0, 1], mouse=False)
        kept = "".join(sorted(hand[:2], key="PGOYBR".index))
        assert table.record.moves[-1] == f"pass:{kept}"

    run(BoardApp(table), drive)


def test_hint_shows_a_legal_move_and_undo_takes_back_a_move() -> None:
    table = summer_table(seats="human,greedy", level="easy")

    async def drive(pilot: Any, app: BoardApp) -> None:
        await pilot.press("h")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SummerScreen)
        assert screen.hint is not None and table.game.is_legal(screen.hint.move)
        assert "hint (MCTS, " in status(app) and str(screen.hint.move) in status(app)
        assert "hint:" in str(screen.query_one("#info").render())
        await choose(
            pilot, screen.query_one(SourcesView), (source_key(screen.hint.move), LETTER[screen.hint.move.colour]), False
        )
        await settle(pilot)
        assert len(table.record.moves) == 2  # yours and the AI's answer
        await pilot.press("u")
        await settle(pilot)
        assert table.record.moves == [] and "undone" in status(app)

    run(BoardApp(table), drive)


def test_thinking_stops_at_a_keypress() -> None:
    table = summer_table(seats="human,greedy", level="strong")
    # A budget no machine finishes before the key arrives: a fast one ran the level's 50,000 in 0.2 s.
    table.session.hint_iterations = 10**9

    async def drive(pilot: Any, app: BoardApp) -> None:
        screen = app.screen
        assert isinstance(screen, SummerScreen)
        await pilot.press("h")
        await pilot.pause(0.2)
        assert screen.thinking is not None
        await pilot.press("x")  # any key
        await settle(pilot)
        assert screen.thinking is None and screen.hint is None and "stopped" in status(app)

    run(BoardApp(table), drive)


def test_the_evaluation_bar_shows_the_movers_win_rate() -> None:
    table = summer_table(seats="human,greedy")

    async def drive(pilot: Any, app: BoardApp) -> None:
        screen = app.screen
        assert isinstance(screen, SummerScreen)
        await pilot.press("e")
        await pilot.pause(0.5)
        assert screen.evaluation is not None and 0 <= screen.evaluation.win_rate <= 1
        assert "eval P1 " in str(screen.query_one("#info").render())
        await pilot.press("e")
        await settle(pilot)
        assert "eval" not in str(screen.query_one("#info").render())

    run(BoardApp(table), drive)


def test_save_then_load_gives_the_same_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = summer_table()
    rng = random.Random(1)

    async def drive(pilot: Any, app: BoardApp) -> None:
        for _ in range(3):
            await summer_turn(pilot, app, rng, mouse=False)
            await settle(pilot)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, FileDialog)
        app.screen.query_one("#path").value = "mine.json"  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        assert "saved the game record to mine.json" in status(app)

    run(BoardApp(table), drive)
    loaded = load_table(str(tmp_path / "mine.json"))
    assert loaded.record.moves == table.record.moves
    assert loaded.game.to_json() == table.game.to_json()


def move_then_press(table: BoardGame, turn: Any, key: str, seed: int) -> str:
    """Plays one move by pointing, then presses `key`; what the app said as it ended."""
    rng = random.Random(seed)

    async def drive(pilot: Any, app: BoardApp) -> None:
        await turn(pilot, app, rng, mouse=False)
        await settle(pilot)
        await pilot.press(key)
        await pilot.pause()

    app = BoardApp(table)
    run(app, drive)
    return app.return_value or ""


def test_quitting_saves_the_game_and_says_where(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = summer_table()
    said = move_then_press(table, summer_turn, "q", seed=2)
    saved = tmp_path / GameRecord.INTERRUPTED
    assert saved.exists() and f"saved the game record to {GameRecord.INTERRUPTED}" in said
    record = GameRecord.from_json(saved.read_text())
    assert record.moves == table.record.moves and len(record.moves) == 2
    # A second game quit in the same folder never overwrites the first.
    other = summer_table(seed=99)
    other.play(other.game.legal_moves()[0])
    assert "holds another game" in other.save_on_exit()
    assert GameRecord.from_json(saved.read_text()).moves == record.moves


def test_stepping_through_a_loaded_record(tmp_path: Path) -> None:
    table = summer_table(seats="greedy,greedy")
    while not table.game.is_over and len(table.record.moves) < 12:
        table.play(table.agent_move())
    path = tmp_path / "game.json"
    path.write_text(table.record.to_json())
    loaded = load_table(str(path))
    loaded.record.seats = ["human", "human"]  # nobody moves by itself while we look

    async def drive(pilot: Any, app: BoardApp) -> None:
        await pilot.press("home")
        await pilot.pause()
        assert loaded.shown == 0 and "after move 0 of 12" in status(app)
        await pilot.press("pagedown", "pagedown")
        await pilot.pause()
        assert loaded.shown == 2
        assert loaded.view().to_json() == loaded.record.replay(2).to_json()
        # Moves are refused while looking back.
        await choose(pilot, app.screen.query_one(SourcesView), app.screen.query_one(SourcesView).cells[0].key, False)
        assert "End returns to the game" in status(app) and len(loaded.record.moves) == 12
        await pilot.click("#moves", offset=(2, 5))
        await pilot.pause()
        assert loaded.shown is not None
        await pilot.press("end")
        await pilot.pause()
        assert loaded.shown is None

    run(BoardApp(loaded), drive)


# -- Akropolis ------------------------------------------------------------------------------


async def akropolis_turn(pilot: Any, app: BoardApp, rng: random.Random, mouse: bool) -> str:
    screen = app.screen
    assert isinstance(screen, AkropolisScreen)
    table = app.table
    assert table is not None
    m = pick(rng, list(table.game.legal_moves()))
    site = screen.query_one(SiteView)
    if mouse:
        await choose(pilot, site, m.index, mouse=True)
    else:
        await pilot.press(str(m.index))
        await pilot.pause()
    for _ in range((m.rot - screen.rot) % 6):
        await pilot.press("r")
    city = screen.query_one(CityView)
    assert screen.tile == m.index and screen.rot == m.rot
    if mouse:
        cell = city.cell(m.at)
        assert cell is not None
        screen.show_hex(m.at)
        await pilot.pause()
        await pilot.hover(city, offset=(cell.x, cell.y))
        await pilot.click(city, offset=(cell.x, cell.y))
    else:
        await choose(pilot, city, m.at, mouse=False)
    return str(m)


def test_a_whole_akropolis_game_by_keys() -> None:
    whole_game(akropolis_table(seed=5), akropolis_turn, mouse=False, seed=5, least=10)


def test_a_whole_akropolis_game_by_clicks() -> None:
    whole_game(akropolis_table(seed=8), akropolis_turn, mouse=True, seed=8, least=10)


def test_the_ghost_says_what_a_placement_scores_or_why_it_is_illegal() -> None:
    table = akropolis_table(seats="human,human")
    g = table.game
    legal = g.legal_moves()[0]
    shown = preview(g, legal)
    trial = g.copy()
    outcome = trial.play(legal)
    assert shown.legal and shown.points == trial.scores[0] - g.scores[0]
    assert shown.stones == outcome["stones_gained"] and "Enter places it" in shown.text()
    illegal = preview(g, type(legal).parse("0@0,0/0"))
    assert not illegal.legal and "not at the same height" in illegal.text()

    async def drive(pilot: Any, app: BoardApp) -> None:
        screen = app.screen
        assert isinstance(screen, AkropolisScreen)
        await pilot.press("0")
        city = screen.query_one(CityView)
        await choose(pilot, city, (0, 0), mouse=False)  # Enter on an illegal spot
        assert table.record.moves == [] and "✗" in status(app) and "same height" in status(app)
        before = screen.rot
        await pilot.press("r")
        assert screen.rot == (before + 1) % 6

    run(BoardApp(table), drive)


def test_opponents_cities_are_one_key_away() -> None:
    table = akropolis_table(seats="human,greedy")

    async def drive(pilot: Any, app: BoardApp) -> None:
        screen = app.screen
        assert isinstance(screen, AkropolisScreen)
        assert screen.city_seat == 0
        await pilot.press("o")
        assert screen.city_seat == 1 and "showing P2's city" in str(screen.query_one("#info").render())
        await pilot.press("o")
        assert screen.city_seat == 0

    run(BoardApp(table), drive)


# -- the start screen ----------------------------------------------------------------------


def test_the_start_screen_starts_either_game() -> None:
    async def drive(pilot: Any, app: BoardApp) -> None:
        assert isinstance(app.screen, StartScreen)
        app.screen.query_one("#seats").value = "human,greedy"  # type: ignore[attr-defined]
        app.screen.query_one("#seed").value = "77"  # type: ignore[attr-defined]
        app.screen.query_one("#game").value = "akropolis"  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.click("#start-game")
        await settle(pilot)
        assert isinstance(app.screen, AkropolisScreen)
        assert app.table is not None and app.table.record.seed == 77
        assert app.table.record.seats == ["human", "greedy"]

    run(BoardApp(), drive)


def test_the_start_screen_names_what_is_wrong() -> None:
    async def drive(pilot: Any, app: BoardApp) -> None:
        app.screen.query_one("#seats").value = "human,nobody"  # type: ignore[attr-defined]
        await pilot.click("#start-game")
        await pilot.pause()
        assert isinstance(app.screen, StartScreen)
        assert "unknown player 'nobody'" in str(app.screen.query_one("#start-status").render())
        app.screen.query_one("#open-path").value = "no-such-file.json"  # type: ignore[attr-defined]
        await pilot.click("#open")
        await pilot.pause()
        assert "cannot read game record" in str(app.screen.query_one("#start-status").render())

    run(BoardApp(), drive)


def test_a_record_from_play_opens_on_the_board(tmp_path: Path) -> None:
    g = Game(seed=3)
    record = GameRecord(seed=3, seats=["human", "greedy"], moves=[str(g.legal_moves()[0])])
    path = tmp_path / "from-play.json"
    path.write_text(record.to_json())
    table = load_table(str(path))
    assert table.game.to_json() == record.replay().to_json()
    doc = json.loads(path.read_text())
    assert doc["moves"] == record.moves
    assert AkropolisGame(seed=1).players == 2


def test_a_bonus_opens_the_supply_picker_and_takes_the_tiles_ticked() -> None:
    table = summer_table(seats="human,human", seed=21)
    g = table.game
    rng = random.Random(4)
    # Random play (placements first) until a placement surrounds a feature.
    while not g.bonus_owed:
        assert not g.is_over, "no bonus in this game: pick another seed"
        moves = list(g.legal_moves())
        placing = [m for m in moves if m.kind == "place"]
        table.play(pick(rng, placing or moves))
    owed, supply = g.bonus_owed, g.supply

    async def drive(pilot: Any, app: BoardApp) -> None:
        assert isinstance(app.screen, TilePicker)  # opened by itself
        assert app.screen.tiles == supply
        await pilot.press("escape")
        await pilot.pause()
        assert "the bonus is owed" in status(app)
        await pilot.press("b")
        await pilot.pause()
        before = len(table.record.moves)
        await tick_tiles(pilot, list(range(owed)), mouse=True)
        taken = "".join(sorted(supply[:owed], key="PGOYBR".index))
        assert table.record.moves[before] == f"bonus:{taken}"

    run(BoardApp(table), drive)


def test_the_review_marks_the_moves_and_draws_the_curve(monkeypatch: pytest.MonkeyPatch) -> None:
    from pavilion.board import play_screen

    monkeypatch.setattr(play_screen, "REVIEW_SECONDS", 0.01)
    table = summer_table(seats="greedy,greedy")
    for _ in range(6):
        table.play(table.agent_move())
    table.record.seats = ["human", "human"]

    async def drive(pilot: Any, app: BoardApp) -> None:
        screen = app.screen
        assert isinstance(screen, SummerScreen)
        await pilot.press("v")
        await settle(pilot)
        assert sorted(screen.reviewed) == list(range(1, 7))
        assert "review done" in status(app)
        assert len(screen.query_one("#curve").data) == 6  # type: ignore[attr-defined]
        await pilot.click("#moves", offset=(2, 3))
        await pilot.pause()
        assert table.shown is not None and "best" in status(app)

    run(BoardApp(table), drive)


def test_the_last_round_shows_the_proven_score_ranges() -> None:
    table = summer_table(seats="human,human", seed=8)
    g = table.game
    agent = Agent("greedy", seed=1)
    while not (g.round == ROUNDS and g.phase == "place"):
        table.play(agent.choose(g))
    expected = g.score_ranges()
    assert expected is not None

    async def drive(pilot: Any, app: BoardApp) -> None:
        await settle(pilot)
        info = str(app.screen.query_one("#info").render())
        p1 = expected[0]
        assert f"proven final scores: P1 {p1['guaranteed']}-{p1['best']} {p1['proven']}" in info

    run(BoardApp(table), drive)


def test_a_position_file_opens_for_play_and_is_saved_as_a_record_from_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    g = AkropolisGame(seed=4)
    g.play(g.legal_moves()[3])
    (tmp_path / "position.json").write_text(g.to_json())
    table = load_table("position.json")
    assert table.record.seats == ["human", "human"] and table.game.to_json() == g.to_json()
    rng = random.Random(1)

    async def drive(pilot: Any, app: BoardApp) -> None:
        move = await akropolis_turn(pilot, app, rng, mouse=False)
        await settle(pilot)
        assert table.record.moves == [move]
        await pilot.press("q")

    app = BoardApp(table)
    run(app, drive)
    saved = AKROPOLIS.record.from_json((tmp_path / AKROPOLIS.record.INTERRUPTED).read_text())
    g.play(saved.moves[0])
    assert saved.replay().to_json() == g.to_json()
    assert json.loads((tmp_path / "position.json").read_text())["format"] == "pavilion-akropolis-position"


def test_ctrl_c_saves_the_game_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    table = akropolis_table()
    said = move_then_press(table, akropolis_turn, "ctrl+c", seed=3)
    saved = tmp_path / AKROPOLIS.record.INTERRUPTED
    assert "saved the game record to" in said
    assert AKROPOLIS.record.from_json(saved.read_text()).moves == table.record.moves
