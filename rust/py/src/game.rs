//! `pavilion.Game`: the whole game, wrapping the engine's `Game` value.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};

use pavilion_summer::perft::perft_until;
use pavilion_summer::state::{parse_wild_order as parse_wild_order_text, MAX_PLAYERS, MIN_PLAYERS};
use pavilion_summer::{Colour, Game, Move, MoveList, MoveOutcome, Options, Side};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

use crate::args::Int;
use crate::errors::{to_py, IllegalMoveError, OptionsError};
use crate::moves::PyMove;

#[pyclass(name = "Game", module = "pavilion", eq)]
#[derive(Clone)]
pub struct PyGame {
    pub inner: Game,
    /// The seed the game was created with (None when loaded from a position).
    seed: Option<u64>,
    /// The position the move stack starts from.
    root: Game,
    /// The moves played on this object (the move stack). `pop` replays all but
    /// the last from `root`: play is deterministic, so that is exact, and it
    /// keeps `play` itself as cheap as it was (one move stored, not a position).
    history: Vec<Move>,
}

/// A wild order from Python: six letters or colour names in one string, or a list of six colours.
fn parse_wild_order(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<[Colour; 6]>> {
    let Some(obj) = obj.filter(|o| !o.is_none()) else { return Ok(None) };
    let text = if let Ok(s) = obj.cast::<PyString>() {
        s.to_str()?.to_string()
    } else {
        obj.extract::<Vec<String>>()
            .map_err(|_| OptionsError::new_err("wild_order must be a string like 'PGOYBR' or a list of six colours"))?
            .join(",")
    };
    parse_wild_order_text(&text).map(Some).map_err(to_py)
}

/// Deepest perft a caller may ask for: depth 8 already takes minutes.
const MAX_PERFT_DEPTH: u64 = 8;

/// What `__reduce__` gives pickle: the function that rebuilds a game, and its arguments.
pub type Reduced<'py> = (Bound<'py, PyAny>, (String, Option<u64>));

/// Rebuilds a pickled `Game`.
#[pyfunction]
pub fn _game_from_state(text: &str, seed: Option<u64>) -> PyResult<PyGame> {
    let inner = Game::from_json(text).map_err(to_py)?;
    Ok(PyGame { inner, seed, root: inner, history: Vec::new() })
}

/// A seed from Python: any int in 0..2**64; anything else is an OptionsError.
pub fn seed_arg(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    let seed: Int = obj.extract().map_err(|_| OptionsError::new_err("seed must be an int from 0 to 2**64-1"))?;
    seed.within("seed", 0, u64::MAX)
}

/// Accepts a `Move` or move text.
pub fn to_move(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().inner);
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Move::parse(s.to_str()?).map_err(to_py);
    }
    Err(crate::errors::NotationError::new_err(format!("expected a Move or move text, not {}", obj.get_type().name()?)))
}

/// Two games are equal when their positions are (how they were created does not matter).
impl PartialEq for PyGame {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl PyGame {
    /// Plays a checked move and puts it on the stack; an illegal move changes nothing.
    fn push<'py>(&mut self, py: Python<'py>, m: Move) -> PyResult<Bound<'py, PyDict>> {
        let out = self.inner.play(&m).map_err(to_py)?;
        self.history.push(m);
        outcome_dict(py, &m, &out)
    }

    pub fn wrap(inner: Game) -> Self {
        PyGame { inner, seed: None, root: inner, history: Vec::new() }
    }

    /// A seat number from Python: 0 to players − 1.
    fn seat(&self, seat: Int) -> PyResult<usize> {
        Ok(seat.within("seat", 0, self.inner.num_players() as u64 - 1)? as usize)
    }
}

#[pymethods]
impl PyGame {
    /// A new game. `seed` fixes every draw (None: a fresh random seed, see `.seed`).
    /// `side`: "coloured" or "gray". `wild_order`: e.g. "PGOYBR" (the default) or six colour names.
    #[new]
    #[pyo3(signature = (players=Int(2), seed=None, side="coloured", wild_order=None),
           text_signature = "(players=2, seed=None, side='coloured', wild_order=None)")]
    fn new(
        players: Int,
        seed: Option<&Bound<'_, PyAny>>,
        side: &str,
        wild_order: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let seed = seed.filter(|s| !s.is_none()).map(seed_arg).transpose()?;
        let side: Side = side.parse().map_err(to_py)?;
        let players = players.within("players", MIN_PLAYERS as i64, MAX_PLAYERS as u64)? as usize;
        let opts = Options::new(players, side, parse_wild_order(wild_order)?).map_err(to_py)?;
        let seed = seed.unwrap_or_else(|| RandomState::new().build_hasher().finish());
        let inner = Game::new(opts, seed);
        Ok(PyGame { inner, seed: Some(seed), root: inner, history: Vec::new() })
    }

    #[getter]
    fn seed(&self) -> Option<u64> {
        self.seed
    }
    #[getter]
    fn players(&self) -> usize {
        self.inner.num_players()
    }
    #[getter]
    fn side(&self) -> &'static str {
        self.inner.side().name()
    }
    #[getter]
    fn wild_order(&self) -> String {
        self.inner.options().wild_order.iter().map(|c| c.letter()).collect()
    }
    #[getter]
    fn round(&self) -> u8 {
        self.inner.round()
    }
    /// "draft", "place" or "over".
    #[getter]
    fn phase(&self) -> &'static str {
        self.inner.phase().name()
    }
    #[getter]
    fn current_player(&self) -> usize {
        self.inner.current_player()
    }
    /// This round's wild colour (full name).
    #[getter]
    fn wild(&self) -> &'static str {
        self.inner.wild().name()
    }
    /// Running scores; final totals once the game is over.
    #[getter]
    fn scores(&self) -> Vec<i32> {
        self.inner.scores()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }
    /// Seats sharing the best final score (empty until the game is over).
    #[getter]
    fn winners(&self) -> Vec<usize> {
        self.inner.winners()
    }
    /// Bonus tiles the player to move must take from the supply now (0 if none).
    #[getter]
    fn bonus_owed(&self) -> u32 {
        self.inner.bonus_owed()
    }
    #[getter]
    fn starter(&self) -> usize {
        self.inner.starter()
    }
    /// Seat holding the start token this round, or None.
    #[getter]
    fn start_token(&self) -> Option<usize> {
        self.inner.start_token()
    }
    /// Factory contents as colour letters, factory 1 first.
    #[getter]
    fn factories(&self) -> Vec<String> {
        self.inner.factories().iter().map(|f| f.letters()).collect()
    }
    #[getter]
    fn centre(&self) -> String {
        self.inner.centre().letters()
    }
    #[getter]
    fn supply(&self) -> String {
        self.inner.supply().letters()
    }
    /// Bag contents (public: they follow from what is on the table; the draw order is not).
    #[getter]
    fn bag(&self) -> String {
        self.inner.bag().letters()
    }
    #[getter]
    fn tower(&self) -> String {
        self.inner.tower().letters()
    }
    fn hand(&self, seat: Int) -> PyResult<String> {
        Ok(self.inner.board(self.seat(seat)?).hand.letters())
    }
    fn kept(&self, seat: Int) -> PyResult<String> {
        Ok(self.inner.board(self.seat(seat)?).kept.letters())
    }
    fn has_passed(&self, seat: Int) -> PyResult<bool> {
        Ok(self.inner.has_passed(self.seat(seat)?))
    }
    /// Covered spaces of a board: {"B4": "B", "C1": "O", ...}.
    fn board<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyDict>> {
        let p = self.inner.board(self.seat(seat)?);
        let d = PyDict::new(py);
        for (sp, c) in p.covered() {
            d.set_item(sp.to_string(), c.letter().to_string())?;
        }
        Ok(d)
    }

    /// The legal moves now, as a lazy view: `in`, `len`, indexing and iteration
    /// (the list is generated once, on first use; the view keeps this position).
    fn legal_moves(&self) -> crate::legal::PyLegalMoves {
        crate::legal::PyLegalMoves::new(self.inner)
    }

    fn legal_actions(&self) -> Vec<usize> {
        let mut l = MoveList::new();
        self.inner.legal_moves(&mut l);
        l.iter().map(|m| m.action().expect("legal moves have ids")).collect()
    }

    /// The legal actions as a numpy `bool` array over the action ids
    /// (`NUM_ACTIONS` long; needs numpy: `pip install 'pavilion[rl]'`).
    fn legal_actions_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let mut mask = [false; pavilion_summer::NUM_ACTIONS];
        pavilion_summer::observation::legal_actions_mask(&self.inner, &mut mask);
        crate::arrays::array(py, &mask)
    }

    /// What `seat` can see, as a numpy `float32` vector of `OBSERVATION_LEN`
    /// numbers laid out as `OBSERVATION_LAYOUT` says (needs numpy).
    fn observation<'py>(&self, py: Python<'py>, seat: Int) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(seat)?;
        let mut v = Vec::with_capacity(pavilion_summer::observation::OBSERVATION_LEN);
        pavilion_summer::observation::observe(&self.inner, seat, &mut v);
        crate::arrays::array(py, &v)
    }

    /// Each player's proven final-score range in the last round's placing,
    /// where the exact solve may not reach: a list (seat order) of dicts with
    /// "guaranteed" (a score its own line reaches whatever the others and the
    /// refills do), "best" (a score no line beats) and "proven" (what the
    /// ranges decide of its result: "wins", "cannot_lose", "cannot_win" or
    /// "open"). None before the last round's placing, or where a board is
    /// too wide to search alone in time.
    fn score_ranges<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, pyo3::types::PyList>>> {
        crate::ranges::score_ranges(py, &self.inner)
    }

    /// `score_ranges` after each of `moves` (legal now; IllegalMoveError if
    /// not), sharing one search: which moves keep a guaranteed win.
    fn score_ranges_after<'py>(
        &self,
        py: Python<'py>,
        moves: Vec<Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Option<Bound<'py, pyo3::types::PyList>>>> {
        let moves = moves.iter().map(to_move).collect::<PyResult<Vec<_>>>()?;
        crate::ranges::score_ranges_after(py, &self.inner, &moves)
    }

    /// A move keeping the mover's guaranteed score (see `score_ranges`):
    /// played at each of its turns, it ends with at least that score. None
    /// outside the last round's placing.
    fn guaranteeing_move(&self, py: Python<'_>) -> Option<PyMove> {
        crate::ranges::guaranteeing_move(py, &self.inner).map(|inner| PyMove { inner })
    }

    /// Whether a move (or move text) is legal now. Malformed text raises NotationError.
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.inner.is_legal(&to_move(r#move)?))
    }

    /// Plays a Move or move text and returns what it did (a MoveOutcome dict).
    /// Raises IllegalMoveError (or NotationError for unreadable text); the game
    /// is unchanged on error.
    fn play<'py>(&mut self, py: Python<'py>, r#move: &Bound<'_, PyAny>) -> PyResult<Bound<'py, PyDict>> {
        let m = to_move(r#move)?;
        self.push(py, m)
    }

    /// The moves played on this game object, oldest first (a game read from
    /// a position file starts with an empty stack).
    #[getter]
    fn move_stack(&self) -> Vec<PyMove> {
        self.history.iter().map(|&inner| PyMove { inner }).collect()
    }

    /// Takes back the last move of the stack and returns it; IllegalMoveError when the stack is empty.
    fn pop(&mut self) -> PyResult<PyMove> {
        let inner = self
            .history
            .pop()
            .ok_or_else(|| IllegalMoveError::new_err("no move to take back: the move stack is empty"))?;
        let mut g = self.root;
        for m in &self.history {
            g.play_unchecked(m);
        }
        self.inner = g;
        Ok(PyMove { inner })
    }

    /// Plays the move with this action id and returns what it did; raises
    /// IllegalMoveError if it is not legal.
    fn apply_action<'py>(&mut self, py: Python<'py>, action: Int) -> PyResult<Bound<'py, PyDict>> {
        let m = crate::moves::action_move(action)
            .map_err(|why| IllegalMoveError::new_err(format!("illegal move: {why}")))?;
        self.push(py, m)
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

    /// Pickles as its position (and seed): games can be sent to worker processes.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let restore = py.import("pavilion._engine")?.getattr("_game_from_state")?;
        Ok((restore, (self.inner.to_json_compact(), self.seed)))
    }

    /// The position as JSON, indented by `indent` spaces (0 to 16; `None` for one line).
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

    /// The position as plain data (the position file's fields), to read or edit and
    /// give back to `from_setup`: the Python twin of the engine's `Setup`.
    fn setup<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("json")?.call_method1("loads", (self.inner.to_json_compact(),))
    }

    /// Checks a setup (as `setup()` gives it, possibly edited) and makes it a game;
    /// raises NotationError naming the bad field.
    #[staticmethod]
    fn from_setup(setup: &Bound<'_, PyAny>) -> PyResult<PyGame> {
        let text = setup.py().import("json")?.call_method1("dumps", (setup,)).map_err(|e| {
            crate::errors::NotationError::new_err(format!("position: a setup is a dict of JSON values ({e})"))
        })?;
        Self::from_json(text.extract::<&str>()?)
    }

    /// Tiles per colour over every location (always 22 each).
    fn census<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let c = self.inner.census();
        let d = PyDict::new(py);
        for col in Colour::ALL {
            d.set_item(col.name(), c.get(col))?;
        }
        Ok(d)
    }

    /// Per player: stars, all-N bonuses, leftovers and total.
    fn final_breakdown<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyDict>>> {
        self.inner
            .final_breakdown()
            .iter()
            .map(|b| {
                let d = PyDict::new(py);
                d.set_item("before_end", b.before_end)?;
                d.set_item("stars", b.stars_total())?;
                d.set_item("star_points", b.stars.to_vec())?;
                d.set_item("all_n", b.all_n_total())?;
                d.set_item("all_n_points", b.all_n.to_vec())?;
                d.set_item("leftover_tiles", b.leftover_tiles)?;
                d.set_item("leftovers", -b.leftover_penalty)?;
                d.set_item("total", b.total)?;
                Ok(d)
            })
            .collect()
    }

    /// Replaces the hidden future (the bag's draw order) with one drawn from `seed`.
    /// The move stack starts again here: the positions before had another hidden future.
    fn redraw_hidden(&mut self, seed: &Bound<'_, PyAny>) -> PyResult<()> {
        self.inner.redraw_hidden(seed_arg(seed)?);
        self.root = self.inner;
        self.history.clear();
        Ok(())
    }

    /// Number of legal move sequences of length `depth` (0 to 8; runs without
    /// the GIL, and Ctrl-C stops it).
    fn perft(&self, py: Python<'_>, depth: Int) -> PyResult<u64> {
        let depth = depth.within("depth", 0, MAX_PERFT_DEPTH)? as u32;
        let g = self.inner;
        crate::interrupt::run(py, move |stop| perft_until(&g, depth, stop))
    }

    fn __repr__(&self) -> String {
        format!("Game.from_json('{}')", self.inner.to_json_compact())
    }

    /// The position as SVG (`pavilion.summer.svg.board`), so a notebook draws the game.
    fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
        slf.py().import("pavilion.summer.svg")?.call_method1("board", (slf,))?.extract()
    }

    fn __str__(&self) -> String {
        let g = &self.inner;
        format!(
            "<Game {} players, {} side, round {} ({} wild), {}, player {} to move, scores {:?}>",
            g.num_players(),
            g.side().name(),
            g.round(),
            g.wild().name(),
            g.phase().name(),
            g.current_player(),
            g.scores()
        )
    }
}

/// `Game.play`'s result: what the move did, as the engine reports it.
fn outcome_dict<'py>(py: Python<'py>, m: &Move, out: &MoveOutcome) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("move", PyMove { inner: *m })?;
    d.set_item("seat", out.seat)?;
    d.set_item("points", out.points)?;
    d.set_item("penalty", out.penalty)?;
    d.set_item("taken", out.taken.letters())?;
    d.set_item("discarded", out.discarded.letters())?;
    d.set_item("start_token", out.start_token)?;
    d.set_item("bonus_owed", out.bonus_owed)?;
    d.set_item("round_over", out.round_over)?;
    d.set_item("game_over", out.game_over)?;
    Ok(d)
}
