//! `Game.score_ranges`, `Game.score_ranges_after` and
//! `Game.guaranteeing_move`: what can be proven of the last round's placing
//! where the exact solve cannot reach (`pavilion_summer::search::ranges`).

use pavilion_summer::search::ranges::{proven, Ranges, ScoreRange};
use pavilion_summer::{Game, Move};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::errors::IllegalMoveError;

/// Each seat's range as a list of dicts: "guaranteed", "best" and "proven"
/// (what the ranges prove of its result).
fn ranges_list<'py>(py: Python<'py>, ranges: &[ScoreRange]) -> PyResult<Bound<'py, PyList>> {
    let seats = PyList::empty(py);
    for (seat, r) in ranges.iter().enumerate() {
        let d = PyDict::new(py);
        d.set_item("guaranteed", r.guaranteed)?;
        d.set_item("best", r.best)?;
        d.set_item("proven", proven(ranges, seat).name())?;
        seats.append(d)?;
    }
    Ok(seats)
}

pub fn score_ranges<'py>(py: Python<'py>, g: &Game) -> PyResult<Option<Bound<'py, PyList>>> {
    let g = *g;
    let found = py.detach(|| Ranges::default().of(&g));
    found.map(|r| ranges_list(py, &r)).transpose()
}

pub fn score_ranges_after<'py>(py: Python<'py>, g: &Game, moves: &[Move]) -> PyResult<Vec<Option<Bound<'py, PyList>>>> {
    if let Some(m) = moves.iter().find(|m| !g.is_legal(m)) {
        return Err(IllegalMoveError::new_err(format!("illegal move: {m} is not legal here")));
    }
    let (g, moves) = (*g, moves.to_vec());
    let found = py.detach(|| Ranges::default().after(&g, &moves));
    found.iter().map(|r| r.as_ref().map(|r| ranges_list(py, r)).transpose()).collect()
}

pub fn guaranteeing_move(py: Python<'_>, g: &Game) -> Option<Move> {
    let g = *g;
    py.detach(|| Ranges::default().guaranteeing_move(&g))
}
