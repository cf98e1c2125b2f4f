"""The Python API contract other tools rely on."""

import copy

import pytest

import pavilion
from pavilion import Agent, Game, IllegalMoveError, Move, NotationError, OptionsError


def test_new_game_attributes():
    g = Game(players=2, seed=7, side="coloured", wild_order=None)
    assert (g.players, g.round, g.phase, g.current_player, g.wild) == (2, 1, "draft", 0, "purple")
    assert g.scores == [5, 5]
    assert not g.is_over and g.winners == []
    assert g.seed == 7 and g.side == "coloured" and g.wild_order == "PGOYBR"
    assert len(g.factories) == 5 and all(len(f) == 4 for f in g.factories)
    assert len(g.supply) == 10 and g.centre == "" and g.tower == ""
    assert g.census() == {c: 22 for c in pavilion.COLOURS}


def test_errors_are_value_errors():
    for cls in (IllegalMoveError, NotationError, OptionsError):
        assert issubclass(cls, ValueError)


@pytest.mark.parametrize(
    "kwargs",
    [
        dict(players=5),
        dict(players=1),
        dict(side="blue"),
        dict(wild_order="PGOYBB"),
        dict(wild_order="PGO"),
        dict(seed=-1),
        dict(seed=2**64),
    ],
)
def test_bad_options_raise_options_error(kwargs):
    with pytest.raises(OptionsError):
        Game(**kwargs)


def test_random_seed_is_recorded_and_replays():
    g = Game()
    assert isinstance(g.seed, int)
    assert Game(seed=g.seed).to_json() == g.to_json()


def test_wild_order_accepts_letters_and_names():
    a = Game(seed=1, wild_order="RBYOGP")
    b = Game(seed=1, wild_order=["red", "blue", "yellow", "orange", "green", "purple"])
    assert a.wild == b.wild == "red"
    assert a == b


def test_play_accepts_move_or_text_and_rejects_illegal():
    g = Game(seed=7)
    first = g.legal_moves()[0]
    h = g.copy()
    g.play(first)
    h.play(str(first))
    assert g == h
    before = g.to_json()
    with pytest.raises(IllegalMoveError, match="draft phase"):
        g.play("pass")
    with pytest.raises(NotationError):
        g.play("hello")
    assert g.to_json() == before, "a rejected move changes nothing"


def test_move_parse_str_and_repr():
    for text in ["3B", "CB", "B4+2", "C3O", "C3O+1", "bonus:YB", "pass", "pass:PBB"]:
        m = Move.parse(text)
        assert str(m) == text
        assert eval(repr(m), {"Move": Move}) == m
    m = Move.parse("b4+2")
    assert (m.kind, m.star, m.space, m.colour, m.wilds) == ("place", "B", 4, "blue", 2)
    d = Move.parse("3Y")
    assert (d.kind, d.source, d.colour) == ("draft", 3, "yellow")
    assert Move.parse("CY").source == "C"
    assert Move.parse("pass:BB").tiles == "BB"
    assert len({Move.parse("3B"), Move.parse("3b")}) == 1


def test_actions_match_moves():
    g = Game(players=3, seed=11)
    while not g.is_over:
        moves = g.legal_moves()
        actions = g.legal_actions()
        assert actions == [m.action for m in moves]
        assert all(Move.from_action(a) == m for a, m in zip(actions, moves, strict=True))
        assert all(0 <= a < pavilion.NUM_ACTIONS for a in actions)
        g.apply_action(actions[len(actions) // 2])
    assert pavilion.NUM_ACTIONS == 1992


def test_apply_action_rejects_bad_ids():
    g = Game(seed=2)
    illegal = next(a for a in range(pavilion.NUM_ACTIONS) if a not in set(g.legal_actions()))
    for a in (illegal, -1, pavilion.NUM_ACTIONS):
        with pytest.raises(IllegalMoveError):
            g.apply_action(a)
    with pytest.raises(NotationError):
        Move.from_action(pavilion.NUM_ACTIONS)


def test_copy_is_independent():
    g = Game(seed=4)
    for h in (g.copy(), copy.copy(g), copy.deepcopy(g)):
        h.play(h.legal_moves()[0])
        assert h != g


def test_json_round_trip_and_repr_pastes_back():
    g = Game(players=4, seed=9, side="gray")
    for _ in range(30):
        g.play(g.legal_moves()[-1])
    assert Game.from_json(g.to_json()) == g
    assert Game.from_json(g.to_json(indent=None)) == g
    assert eval(repr(g), {"Game": Game}) == g
    doc = g.setup()
    assert doc["format"] == "pavilion-position" and doc["version"] == 1


def test_final_breakdown_after_a_game():
    g = Game(seed=5)
    agents = [pavilion.Agent("greedy", seed=1), pavilion.Agent("random", seed=2)]
    while not g.is_over:
        g.play(agents[g.current_player].choose(g))
    from test_oracle import STAR_VALUE, STARS, final_score

    b = g.final_breakdown()
    assert len(b) == 2
    doc = g.setup()
    for seat, (entry, score) in enumerate(zip(b, g.scores, strict=True)):
        board = g.board(seat)
        # Each part against the rules, computed without the engine (tests/test_oracle.py).
        complete = [s for s in STARS if all(f"{s}{p}" in board for p in range(1, 7))]
        assert entry["stars"] == sum(12 if s == "C" else STAR_VALUE[s] for s in complete)
        assert entry["before_end"] == doc["boards"][seat]["score"]
        assert entry["leftover_tiles"] == len(g.kept(seat))
        assert entry["total"] == score == final_score("coloured", entry["before_end"], board, g.kept(seat))
        assert entry["before_end"] + entry["stars"] + entry["all_n"] + entry["leftovers"] == entry["total"]
    assert g.winners and all(g.scores[w] == max(g.scores) for w in g.winners)
    assert agents[0].choose(g) is None


def test_board_hand_and_seat_errors():
    g = Game(seed=1)
    assert g.board(0) == {} and g.hand(1) == ""
    for bad in (2, -1, 2**70):
        with pytest.raises(OptionsError, match="seat must be from 0 to 1"):
            g.hand(bad)


def test_unknown_agent():
    with pytest.raises(OptionsError, match="unknown agent"):
        pavilion.Agent("deep-blue")


def test_stubs_cover_the_extension():
    import ast
    from pathlib import Path

    import pavilion._engine as engine
    from pavilion._engine import bench, text

    stubs = Path(pavilion.__file__).parent / "_engine"
    for module, stub_file in ((engine, "__init__.pyi"), (bench, "bench.pyi"), (text, "text.pyi")):
        stub = ast.parse((stubs / stub_file).read_text())
        declared = {n.name for n in stub.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
        declared |= {
            t.id for n in stub.body if isinstance(n, ast.AnnAssign) for t in [n.target] if isinstance(t, ast.Name)
        }
        declared |= {a.asname or a.name for n in stub.body if isinstance(n, ast.ImportFrom) for a in n.names}
        public = {n for n in dir(module) if not n.startswith("_")}
        assert public <= declared, (stub_file, public - declared)
    stub = ast.parse((stubs / "__init__.pyi").read_text())
    classes = {n.name: n for n in stub.body if isinstance(n, ast.ClassDef)}
    for name in ("Game", "Move", "Search", "Agent"):
        members = {m.name for m in classes[name].body if isinstance(m, ast.FunctionDef)}
        # Class attributes are declared by annotation (`DEFAULT_NET_PLAYERS: ClassVar[...]`).
        members |= {
            m.target.id for m in classes[name].body if isinstance(m, ast.AnnAssign) and isinstance(m.target, ast.Name)
        }
        runtime = {m for m in dir(getattr(engine, name)) if not m.startswith("_")}
        assert runtime <= members, (name, runtime - members)
    assert (Path(pavilion.__file__).parent / "py.typed").exists()


def test_the_move_stack_takes_moves_back_exactly():
    g = Game(players=3, seed=21, side="gray")
    positions = [g.copy()]
    for _ in range(25):
        g.apply_action(g.legal_actions()[-1])
        positions.append(g.copy())
    g.play(g.legal_moves()[0])
    assert len(g.move_stack) == 26 and g.copy().move_stack == g.move_stack
    last = g.move_stack[-1]
    assert g.pop() == last
    for before in reversed(positions[:-1]):
        g.pop()
        assert g == before and g.to_json() == before.to_json()
    assert g.move_stack == []
    with pytest.raises(IllegalMoveError, match="move stack is empty"):
        g.pop()
    with pytest.raises(IllegalMoveError):
        g.play("pass")
    assert g.move_stack == [], "a rejected move is not pushed"
    assert Game.from_json(positions[5].to_json()).move_stack == [], "a position file has no history"


def test_redrawing_the_hidden_future_restarts_the_move_stack():
    g = Game(seed=4)
    g.play(g.legal_moves()[0])
    g.redraw_hidden(9)
    assert g.move_stack == []
    with pytest.raises(IllegalMoveError):
        g.pop()


def test_play_says_what_the_move_did():
    """`play` returns the engine's account of the move (checked against the scores it changed)."""
    g = Game(seed=3)
    first = g.play(g.legal_moves()[0])
    assert first["seat"] == 0 and first["move"] == g.move_stack[0]
    assert first["taken"] and sorted(first["taken"]) == sorted(g.hand(0))
    centre = next(m for m in g.legal_moves() if m.source == "C")
    before = g.scores[1]
    out = g.play(centre)
    assert out["start_token"] and out["penalty"] == before - g.scores[1] == min(len(out["taken"]), before - 1)
    agent = Agent("greedy", seed=1)
    seen = {"place": 0, "pass": 0}
    while not g.is_over:
        seat, score, hand = g.current_player, g.scores[g.current_player], len(g.hand(g.current_player))
        move = agent.choose(g)
        out = g.play(move)
        assert out["seat"] == seat and out["move"] == move
        if move.kind == "place" and not out["game_over"]:
            assert out["points"] == g.scores[seat] - score > 0
            assert out["bonus_owed"] == (g.bonus_owed if g.current_player == seat else 0)
            seen["place"] += 1
        if move.kind == "pass" and not out["game_over"]:
            assert len(out["discarded"]) == hand - len(move.tiles or "")
            assert out["penalty"] == score - g.scores[seat]
            seen["pass"] += 1
    assert out["game_over"] and out["round_over"]
    assert seen["place"] > 20 and seen["pass"] > 5
    h = Game(seed=3)
    assert h.apply_action(h.legal_actions()[0]) == Game(seed=3).play(Game(seed=3).legal_moves()[0])


def test_legal_moves_is_a_lazy_view_like_a_list():
    g = Game(seed=7)
    moves = g.legal_moves()
    listed = list(moves)
    assert len(moves) == len(listed) > 0 and bool(moves)
    assert moves == listed and moves == g.legal_moves() and moves != listed[1:]
    assert moves[0] == listed[0] and moves[-1] == listed[-1]
    assert moves[1:3] == listed[1:3] and moves[::-1] == listed[::-1]
    assert listed[2] in moves and str(listed[2]) in moves and moves.index(str(listed[2])) == 2
    assert "pass" not in moves and "not a move" not in moves and 42 not in moves
    assert moves.count(listed[0]) == 1 and moves.count("pass") == 0
    with pytest.raises(IndexError, match="out of range"):
        moves[len(listed)]
    with pytest.raises(ValueError, match="not a legal move"):
        moves.index("pass")
    # A view keeps its position: playing on the game does not change it.
    g.play(listed[0])
    assert moves == listed and g.legal_moves() != listed
    assert repr(moves).startswith("<LegalMoves (") and str(listed[0]) in repr(moves)
    # `in` agrees with the listed moves over a whole game.
    h, agent = Game(seed=2, players=3), Agent("random", seed=2)
    while not h.is_over:
        view = h.legal_moves()
        every = set(view)
        assert all(m in view for m in every) and len(every) == len(view)
        assert all((m in view) == (m in every) for m in map(Move.from_action, range(0, pavilion.NUM_ACTIONS, 7)))
        h.play(agent.choose(h))
    assert not h.legal_moves() and len(h.legal_moves()) == 0


def test_setup_round_trips_and_checks_what_it_is_given():
    g = Game(players=3, seed=8, side="gray")
    g.play(g.legal_moves()[2])
    setup = g.setup()
    assert Game.from_setup(setup) == g and setup["players"] == 3 and setup["side"] == "gray"
    setup["boards"][1]["covered"] = {"R2": "O"}
    with pytest.raises(NotationError, match="orange appears 23 times"):
        Game.from_setup(setup)
    with pytest.raises(NotationError, match="dict of JSON values"):
        Game.from_setup({"format": b"pavilion-position"})
