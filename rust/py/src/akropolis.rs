//! `pavilion.akropolis` (the extension's `_engine.akropolis`): the Akropolis
//! game and its moves, shaped like the Summer Pavilion API so one habit serves both.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use pavilion_akropolis::options::{MAX_PLAYERS, MIN_PLAYERS};
use pavilion_akropolis::perft::perft_until;
use pavilion_akropolis::tiles::{tile_letters, Face, Kind, LAST_TILE};
use pavilion_akropolis::{Game, Move, MoveList, MoveOutcome, Options};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::args::Int;
use crate::errors::{to_py, IllegalMoveError, NotationError};
use crate::game::seed_arg;

/// `pavilion._engine.akropolis`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<PyGame>()?;
    m.add_class::<PyMove>()?;
    m.add_function(wrap_pyfunction!(_game_from_state, m)?)?;
    let tiles = PyDict::new(py);
    for id in 1..=LAST_TILE {
        tiles.set_item(id, tile_letters(id))?;
    }
    m.add("TILES", tiles)?;
    m.add("START_TILE", tile_letters(0))?;
    let hexes = PyDict::new(py);
    for letter in "hmbtgqHMBTG".chars() {
        let face = Face::from_letter(letter).expect("a hex letter");
        let d = PyDict::new(py);
        d.set_item("kind", face.kind().name())?;
        d.set_item("colour", face.kind().colour())?;
        d.set_item("plaza", face.is_plaza())?;
        d.set_item("stars", face.stars())?;
        hexes.set_item(letter.to_string(), d)?;
    }
    m.add("HEXES", hexes)?;
    m.add("DISTRICTS", Kind::DISTRICTS.iter().map(|k| k.name()).collect::<Vec<_>>())?;
    m.add("VARIANT_LETTERS", Kind::DISTRICTS.iter().map(|k| k.letter()).collect::<String>())?;
    m.add("BARRACKS_EDGES", pavilion_akropolis::BarracksEdge::ALL.iter().map(|v| v.name()).collect::<Vec<_>>())?;
    m.add("LAKES", pavilion_akropolis::Lake::ALL.iter().map(|v| v.name()).collect::<Vec<_>>())?;
    m.add("MOVE_SYNTAX", pavilion_akropolis::moves::MOVE_SYNTAX)?;
    crate::akropolis_encoding::register(m)?;
    crate::akropolis_play::register(m)
}

/// A placement as Python sees it: (tile id, (q, r), rotation).
type Placement = (u8, (i8, i8), u8);

/// Deepest perft a caller may ask for.
const MAX_PERFT_DEPTH: u64 = 6;

#[pyclass(name = "Move", module = "pavilion.akropolis", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove {
    pub inner: Move,
}

#[pymethods]
impl PyMove {
    /// Reads move text `i@q,r/k`: site index, anchor hex, rotation (as `0@1,0/0`).
    #[staticmethod]
    fn parse(text: &str) -> PyResult<PyMove> {
        Move::parse(text).map(|inner| PyMove { inner }).map_err(to_py)
    }

    /// Pickles as its text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let parse = py.import("pavilion._engine.akropolis")?.getattr("Move")?.getattr("parse")?;
        Ok((parse, (self.inner.to_string(),)))
    }

    /// Site index of the tile taken (it costs that many stones).
    #[getter]
    fn index(&self) -> u8 {
        self.inner.index
    }
    /// Where the tile's anchor (hex 0) goes, as (q, r).
    #[getter]
    fn at(&self) -> (i8, i8) {
        (self.inner.at.q, self.inner.at.r)
    }
    /// Rotation 0 to 5 (60° steps clockwise).
    #[getter]
    fn rot(&self) -> u8 {
        self.inner.rot
    }
    /// The three positions the tile covers, anchor first.
    #[getter]
    fn footprint(&self) -> Vec<(i8, i8)> {
        self.inner.footprint().iter().map(|h| (h.q, h.r)).collect()
    }
    fn __str__(&self) -> String {
        self.inner.to_string()
    }
    fn __repr__(&self) -> String {
        format!("Move.parse('{}')", self.inner)
    }
}

#[pyclass(name = "Game", module = "pavilion.akropolis", eq)]
#[derive(Clone)]
pub struct PyGame {
    pub inner: Game,
    seed: Option<u64>,
    /// The position the move stack starts from, and the moves played since.
    root: Game,
    history: Vec<Move>,
}

impl PartialEq for PyGame {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

/// Rebuilds a pickled game.
#[pyfunction]
fn _game_from_state(text: &str, seed: Option<u64>) -> PyResult<PyGame> {
    let inner = Game::from_json(text).map_err(to_py)?;
    Ok(PyGame { root: inner.clone(), inner, seed, history: Vec::new() })
}

pub fn to_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().inner);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Move::parse(s.to_str()?).map_err(to_py);
    }
    Err(NotationError::new_err(format!("expected a Move or move text, not {}", obj.get_type().name()?)))
}

fn outcome_dict<'py>(py: Python<'py>, m: &Move, out: &MoveOutcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("move", PyMove { inner: *m })?;
    d.set_item("seat", out.seat)?;
    d.set_item("tile", out.tile)?;
    d.set_item("cost", out.cost)?;
    d.set_item("level", out.level)?;
    d.set_item("stones_gained", out.quarries)?;
    d.set_item("new_round", out.new_round)?;
    d.set_item("game_over", out.game_over)?;
    Ok(d)
}

/// Game options from Python arguments, each read by the engine's vocabulary and
/// the whole checked (the long game is for 2 or 3 players): for `Game` and `play_matches`.
pub fn options_arg(players: Int, variants: &str, long: bool, barracks_edge: &str, lake: &str) -> PyResult<Options> {
    let options = Options {
        players: players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize,
        variants: variants.parse().map_err(to_py)?,
        long,
        barracks_edge: barracks_edge.parse().map_err(to_py)?,
        lake: lake.parse().map_err(to_py)?,
    };
    options.validate().map_err(to_py)?;
    Ok(options)
}

impl PyGame {
    fn seat(&self, seat: Int) -> PyResult<usize> {
        Ok(seat.within("seat", 0, self.inner.players() as u64 - 1)? as usize)
    }

    pub fn wrap(inner: Game) -> Self {
        PyGame { root: inner.clone(), inner, seed: None, history: Vec::new() }
    }
}

#[pymethods]
impl PyGame {
    /// A new game. `seed` fixes the shuffle (None: a fresh random seed, see `.seed`).
    /// `variants`: letters from "hmbtg"; `long`: the long game (2 or 3 players);
    /// `barracks_edge`: "outside" or "any_empty"; `lake`: "single_hex" or "enclosed_region".
    #[new]
    #[pyo3(signature = (players=Int(2), seed=None, variants="", long=false, barracks_edge="outside", lake="single_hex"),
           text_signature = "(players=2, seed=None, variants='', long=False, barracks_edge='outside', lake='single_hex')")]
    fn new(
        players: Int,
        seed: Option<&Bound<'_, PyAny>>,
        variants: &str,
        long: bool,
        barracks_edge: &str,
        lake: &str,
    ) -> PyResult<Self> {
        let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
        let options = options_arg(players, variants, long, barracks_edge, lake)?;
        let seed = seed.unwrap_or_else(|| RandomState::new().build_hasher().finish());
        let inner = Game::new(options, seed).map_err(to_py)?;
        Ok(PyGame { root: inner.clone(), inner, seed: Some(seed), history: Vec::new() })
    }

    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }
    #[getter]
    fn players(&self) -> usize {
        self.inner.players()
    }
    /// The scoring variants switched on, as letters ("" = none).
    #[getter]
    fn variants(&self) -> String {
        self.inner.options().variants.to_string()
    }
    #[getter]
    fn long(&self) -> bool {
        self.inner.options().long
    }
    #[getter]
    fn barracks_edge(&self) -> &'static str {
        self.inner.options().barracks_edge.name()
    }
    #[getter]
    fn lake(&self) -> &'static str {
        self.inner.options().lake.name()
    }
    #[getter]
    fn round(&self) -> usize {
        self.inner.round()
    }
    /// Rounds in this game (the first site, then one per stack).
    #[getter]
    fn rounds(&self) -> usize {
        self.inner.options().rounds()
    }
    #[getter]
    fn current_player(&self) -> usize {
        self.inner.current_player()
    }
    /// The seat that started this round.
    #[getter]
    fn chief_architect(&self) -> usize {
        self.inner.chief_architect()
    }
    /// Tile ids on the construction site, index 0 (free) first.
    #[getter]
    fn site(&self) -> Vec<u32> {
        // Widened: PyO3 turns a Vec<u8> into bytes.
        self.inner.site().iter().map(|&t| u32::from(t)).collect()
    }
    /// Stacks still face down (their order is hidden).
    #[getter]
    fn stacks_left(&self) -> usize {
        self.inner.stacks_left()
    }
    #[getter]
    fn stones(&self) -> Vec<u32> {
        (0..self.inner.players()).map(|s| self.inner.stones(s)).collect()
    }
    /// Each seat's score now (the final score once the game is over).
    #[getter]
    fn scores(&self) -> Vec<u32> {
        self.inner.scores()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }
    /// The winning seats once the game is over (highest total, then most stones; ties shared); empty before.
    #[getter]
    fn winners(&self) -> Vec<usize> {
        if self.inner.is_over() {
            self.inner.winners()
        } else {
            Vec::new()
        }
    }

    /// A seat's visible city: {(q, r): (height, letter, tile id)}; tile 0 is the starting tile.
    fn city<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyDict>> {
        let city = self.inner.city(self.seat(seat)?);
        let d = PyDict::new(py);
        for (h, top) in city.tops() {
            let tile = city.placements()[top.placement as usize].tile;
            d.set_item((h.q, h.r), (top.height, top.face.letter().to_string(), tile))?;
        }
        Ok(d)
    }

    /// A seat's tiles in the order placed, starting tile first: [(tile id, (q, r), rotation)].
    fn placements(&self, seat: Int) -> PyResult<Vec<Placement>> {
        let city = self.inner.city(self.seat(seat)?);
        Ok(city.placements().iter().map(|p| (p.tile, (p.at.q, p.at.r), p.rot)).collect())
    }

    /// A seat's score: per district kind {"stars", "value", "score"}, plus "stones" and "total".
    fn score_breakdown<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyDict>> {
        let b = self.inner.score(self.seat(seat)?);
        let d = PyDict::new(py);
        for (kind, part) in Kind::DISTRICTS.iter().zip(b.districts) {
            let p = PyDict::new(py);
            p.set_item("stars", part.stars)?;
            p.set_item("value", part.value)?;
            p.set_item("score", part.score)?;
            d.set_item(kind.name(), p)?;
        }
        d.set_item("stones", b.stones)?;
        d.set_item("total", b.total)?;
        Ok(d)
    }

    /// What a network sees, from the view of the player to move (docs/ENCODING.md):
    /// {"position": float32[POSITION_FEATURES], "moves": the legal moves,
    /// "move_features": float32[len(moves), MOVE_FEATURES], "planes":
    /// float32[PLANES_SHAPE], "outside_window": hexes the planes leave out,
    /// "board": int32 indices of the lit board features (below BOARD_FEATURES),
    /// one per visible hex and neighbour}.
    /// Nothing hidden enters it. Needs numpy.
    fn encode<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        crate::akropolis_encoding::encode(py, &self.inner)
    }

    /// Every legal move now (each affordable site index with each legal footprint).
    fn legal_moves(&self) -> Vec<PyMove> {
        let mut moves = MoveList::new();
        self.inner.legal_moves(&mut moves);
        moves.into_iter().map(|inner| PyMove { inner }).collect()
    }

    /// Whether a move (or move text) is legal now. Malformed text raises NotationError.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.check(&to_move(r#move)?).is_ok())
    }

    /// Plays a Move or move text and returns what it did; raises IllegalMoveError
    /// (NotationError for unreadable text) and then leaves the game unchanged.
    fn play<'py>(&mut self, py: Python<'py>, r#move: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let m = to_move(r#move)?;
        let out = self.inner.play(&m).map_err(to_py)?;
        self.history.push(m);
        outcome_dict(py, &m, &out)
    }

    /// The moves played on this object, oldest first.
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.history.iter().map(|&inner| PyMove { inner }).collect()
    }

    /// Takes back the last move of the stack and returns it.
    fn pop(&mut self) -> PyResult<PyMove> {
        let inner = self
            .history
            .pop()
            .ok_or_else(|| IllegalMoveError::new_err("no move to take back: the move stack is empty"))?;
        let mut g = self.root.clone();
        for m in &self.history {
            g.play_unchecked(m);
        }
        self.inner = g;
        Ok(PyMove { inner })
    }

    fn copy(&self) -> PyGame {
        self.clone()
    }
    fn __copy__(&self) -> PyGame {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<crate::game::Reduced<'py>> {
        let restore = py.import("pavilion._engine.akropolis")?.getattr("_game_from_state")?;
        Ok((restore, (self.inner.to_json_compact(), self.seed)))
    }

    /// The position as JSON (indented; `indent=None` for one line).
    #[pyo3(signature = (indent=Some(Int(2))), text_signature = "(self, indent=2)")]
    fn to_json(&self, indent: Option<Int>) -> PyResult<String> {
        Ok(match indent {
            Some(i) => self.inner.to_json_indented(i.within("indent", 0, 16)? as usize),
            None => self.inner.to_json_compact(),
        })
    }

    /// Reads a position; raises NotationError naming the bad field.
    #[staticmethod]
    fn from_json(text: &str) -> PyResult<PyGame> {
        Game::from_json(text).map(PyGame::wrap).map_err(to_py)
    }

    /// Re-deals the face-down stacks in an order drawn from `seed` (nothing visible changes).
    /// The move stack starts again here.
    fn redraw_hidden(&mut self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.redraw_hidden(seed_arg(seed)?);
        self.root = self.inner.clone();
        self.history.clear();
        Ok(())
    }

    /// Number of legal move sequences of length `depth` (0 to 6; without the GIL, Ctrl-C stops it).
    fn perft(&self, py: Python<'_>, depth: Int) -> PyResult<u64> {
        let depth = depth.within("depth", 0, MAX_PERFT_DEPTH)? as u32;
        let g = self.inner.clone();
        crate::interrupt::run(py, move |stop| perft_until(&g, depth, stop))
    }

    fn __repr__(&self) -> String {
        format!("Game.from_json('{}')", self.inner.to_json_compact())
    }

    /// The position as SVG (`pavilion.akropolis.svg.board`), so a notebook draws the game.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("pavilion.akropolis.svg")?.call_method1("board", (slf,))?.extract()
    }

    fn __str__(&self) -> String {
        let g = &self.inner;
        format!(
            "<akropolis.Game {} players, round {} of {}, player {} to move, stones {:?}, scores {:?}>",
            g.players(),
            g.round(),
            g.options().rounds(),
            g.current_player(),
            (0..g.players()).map(|s| g.stones(s)).collect::<Vec<_>>(),
            g.scores()
        )
    }
}
