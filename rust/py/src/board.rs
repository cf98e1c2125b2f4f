//! Board geometry for display and the "try a star" helper: features, costs, run points.

use pavilion_summer::board::{cost, run_length, Side, Star, FEATURES};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::args::Int;
use crate::errors::OptionsError;

/// The 18 features: [{"kind", "star", "spaces", "bonus"}], three per outer star clockwise.
pub fn features(py: Python<'_>) -> PyResult<Vec<Bound<'_, PyDict>>> {
    FEATURES
        .iter()
        .map(|f| {
            let d = PyDict::new(py);
            d.set_item("kind", f.kind.name())?;
            d.set_item("star", f.star.to_string())?;
            let spaces: Vec<String> = f.spaces().map(|sp| sp.to_string()).collect();
            d.set_item("spaces", spaces)?;
            d.set_item("bonus", f.kind.bonus())?;
            Ok(d)
        })
        .collect()
}

/// Printed value (= cost in tiles) of space 1..6 of a star on a side.
#[pyfunction]
pub fn space_cost(side: &str, star: &str, space: Int) -> PyResult<u8> {
    let side: Side = side.parse().map_err(crate::errors::to_py)?;
    let space = space.within("space", 1, 6)? as usize;
    let star: Star = star.parse().map_err(crate::errors::to_py)?;
    Ok(cost(side, star.space(space - 1)))
}

/// Points for placing on `space` (1..6) of a star whose `covered` spaces are given:
/// the length of the run it joins, wrapping from 6 to 1.
#[pyfunction]
pub fn star_points(covered: Vec<Int>, space: Int) -> PyResult<u32> {
    let space = space.within("space", 1, 6)? as usize;
    let covered =
        covered.iter().map(|c| c.within("covered space", 1, 6).map(|c| c as usize)).collect::<PyResult<Vec<_>>>()?;
    let mut bits = 0u64;
    for &c in covered.iter().chain(std::iter::once(&space)) {
        bits |= 1 << (c - 1);
    }
    if covered.contains(&space) {
        return Err(OptionsError::new_err(format!("space {space} is already covered")));
    }
    Ok(run_length(bits, space - 1))
}
