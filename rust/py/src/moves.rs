//! `pavilion.Move`: a move, parsed from and printed as move text.

use pavilion_summer::{Move, Source};
use pyo3::prelude::*;

use crate::args::Int;
use crate::errors::{to_py, NotationError};

/// The move of an action id (0 to NUM_ACTIONS − 1), or why there is none.
pub fn action_move(action: Int) -> Result<Move, String> {
    let last = pavilion_summer::NUM_ACTIONS - 1;
    usize::try_from(action.0)
        .ok()
        .and_then(Move::from_action)
        .ok_or_else(|| format!("no action {}: action ids run from 0 to {last}", action.0))
}

#[pyclass(name = "Move", module = "pavilion", frozen, eq, hash, ord)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PyMove {
    pub inner: Move,
}

#[pymethods]
impl PyMove {
    /// Reads move text such as `3B`, `CB`, `B4+2`, `C3O`, `bonus:YB`, `pass:PBB`.
    #[staticmethod]
    fn parse(text: &str) -> PyResult<PyMove> {
        Move::parse(text).map(|inner| PyMove { inner }).map_err(to_py)
    }

    /// The move with action id `action` (0 <= action < NUM_ACTIONS).
    #[staticmethod]
    fn from_action(action: Int) -> PyResult<PyMove> {
        action_move(action).map(|inner| PyMove { inner }).map_err(NotationError::new_err)
    }

    /// Pickles as its text.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let parse = py.import("pavilion._engine")?.getattr("Move")?.getattr("parse")?;
        Ok((parse, (self.inner.to_string(),)))
    }

    /// `"draft"`, `"place"`, `"bonus"` or `"pass"`.
    #[getter]
    fn kind(&self) -> &'static str {
        match self.inner {
            Move::Draft { .. } => "draft",
            Move::Place { .. } => "place",
            Move::Bonus { .. } => "bonus",
            Move::Pass { .. } => "pass",
        }
    }

    /// Action id, or None for a bonus/keep of more than four tiles (never legal).
    #[getter]
    fn action(&self) -> Option<usize> {
        self.inner.action()
    }

    /// Draft source: factory number (1-based), or `"C"` for the centre; None otherwise.
    #[getter]
    fn source(&self, py: Python<'_>) -> Option<Py<PyAny>> {
        match self.inner {
            Move::Draft { source: Source::Factory(i), .. } => {
                Some((i as usize + 1).into_pyobject(py).ok()?.into_any().unbind())
            }
            Move::Draft { source: Source::Centre, .. } => Some("C".into_pyobject(py).ok()?.into_any().unbind()),
            _ => None,
        }
    }

    /// Colour drafted or placed (full name); None for bonus and pass.
    #[getter]
    fn colour(&self) -> Option<&'static str> {
        match self.inner {
            Move::Draft { colour, .. } | Move::Place { colour, .. } => Some(colour.name()),
            _ => None,
        }
    }

    /// Star letter of a placement (`P G O Y B R`, `C` for the centre).
    #[getter]
    fn star(&self) -> Option<String> {
        match self.inner {
            Move::Place { space, .. } => Some(space.star().to_string()),
            _ => None,
        }
    }

    /// Space 1..6 of a placement.
    #[getter]
    fn space(&self) -> Option<u8> {
        match self.inner {
            Move::Place { space, .. } => Some(space.pos() as u8 + 1),
            _ => None,
        }
    }

    /// Wild tiles paid by a placement.
    #[getter]
    fn wilds(&self) -> Option<u8> {
        match self.inner {
            Move::Place { wilds, .. } => Some(wilds),
            _ => None,
        }
    }

    /// Tiles taken (bonus) or kept (pass), as colour letters.
    #[getter]
    fn tiles(&self) -> Option<String> {
        match self.inner {
            Move::Bonus { take: t } | Move::Pass { keep: t } => Some(t.letters()),
            _ => None,
        }
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Move.parse('{}')", self.inner)
    }
}
