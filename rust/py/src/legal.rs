//! `Game.legal_moves()`: a lazy view of the legal moves, as python-chess's
//! `LegalMoveGenerator`. `in` checks one move without listing any, `len` and
//! `bool` count without creating Python objects, and the list is generated
//! once, on first iteration or indexing.

use std::sync::OnceLock;

use pavilion_summer::{Game, Move, MoveList};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice};

use crate::args::Int;
use crate::moves::PyMove;

#[pyclass(name = "LegalMoves", module = "pavilion", frozen, sequence)]
pub struct PyLegalMoves {
    /// The position the moves are legal in (a copy: playing on the game does not change the view).
    game: Game,
    moves: OnceLock<Vec<Move>>,
}

impl PyLegalMoves {
    pub fn new(game: Game) -> Self {
        PyLegalMoves { game, moves: OnceLock::new() }
    }

    fn moves(&self) -> &[Move] {
        self.moves.get_or_init(|| {
            let mut l = MoveList::new();
            self.game.legal_moves(&mut l);
            l.to_vec()
        })
    }
}

#[pymethods]
impl PyLegalMoves {
    fn __len__(&self) -> usize {
        self.moves().len()
    }

    fn __bool__(&self) -> bool {
        !self.moves().is_empty()
    }

    /// Whether a Move or move text is legal here (text that is not a move is not in it).
    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        crate::game::to_move(item).is_ok_and(|m| self.game.is_legal(&m))
    }

    fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let moves = self.moves();
        if let Ok(slice) = index.cast::<PySlice>() {
            let ix = slice.indices(moves.len() as isize)?;
            let picked: Vec<PyMove> = (0..ix.slicelength)
                .map(|k| PyMove { inner: moves[(ix.start + k as isize * ix.step) as usize] })
                .collect();
            return Ok(PyList::new(py, picked)?.into_any());
        }
        let Int(i) = index.extract()?;
        let n = moves.len() as i128;
        let at = if i < 0 { i + n } else { i };
        if !(0..n).contains(&at) {
            let shown = if i.unsigned_abs() > u64::MAX as u128 { "so large".to_string() } else { i.to_string() };
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "legal move index {shown} out of range: there are {n} legal moves"
            )));
        }
        Ok(Bound::new(py, PyMove { inner: moves[at as usize] })?.into_any())
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = PyList::new(py, slf.moves().iter().map(|&inner| PyMove { inner }))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The index of a move in the list; ValueError if it is not legal here.
    fn index(&self, item: &Bound<'_, PyAny>) -> PyResult<usize> {
        let m = crate::game::to_move(item)?;
        self.moves()
            .iter()
            .position(|x| *x == m)
            .ok_or_else(|| pyo3::exceptions::PyValueError::new_err(format!("{m} is not a legal move here")))
    }

    /// How many times a move occurs (0 or 1).
    fn count(&self, item: &Bound<'_, PyAny>) -> usize {
        self.__contains__(item) as usize
    }

    /// Equal to another view or any sequence of the same moves in the same order.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        if let Ok(o) = other.cast::<PyLegalMoves>() {
            return self.moves() == o.get().moves();
        }
        let Ok(items) = other.extract::<Vec<PyRef<'_, PyMove>>>() else { return false };
        items.len() == self.moves().len() && items.iter().zip(self.moves()).all(|(a, b)| a.inner == *b)
    }

    fn __repr__(&self) -> String {
        let texts: Vec<String> = self.moves().iter().map(|m| m.to_string()).collect();
        format!("<LegalMoves ({})>", texts.join(", "))
    }
}
