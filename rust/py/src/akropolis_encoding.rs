//! `akropolis.Game.encode()` and the encoding's constants: what a network sees
//! of an Akropolis position and its legal moves, as numpy arrays (one home:
//! `pavilion_akropolis::encoding`).

use pavilion_akropolis::encoding::{
    board_features, city_planes, moves_features, position_features, BOARD_FEATURES, BOARD_SEAT_FEATURES, CITY_PLANES,
    ENCODING_VERSION, FACES, MOVE_FEATURES, PLANE_CHANNELS, PLANE_SIDE, POSITION_FEATURES, SEATS,
};
use pavilion_akropolis::{Game, MoveList};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::akropolis::PyMove;
use crate::arrays::{array, matrix};

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("ENCODING_VERSION", ENCODING_VERSION)?;
    m.add("POSITION_FEATURES", POSITION_FEATURES)?;
    m.add("MOVE_FEATURES", MOVE_FEATURES)?;
    m.add("PLANES_SHAPE", (SEATS, PLANE_CHANNELS, PLANE_SIDE, PLANE_SIDE))?;
    m.add("ENCODING_FACES", FACES.iter().collect::<String>())?;
    m.add("BOARD_FEATURES", BOARD_FEATURES)?;
    m.add("BOARD_SEAT_FEATURES", BOARD_SEAT_FEATURES)?;
    Ok(())
}

/// The encoding of `g` for the player to move: {"position", "moves",
/// "move_features", "planes", "outside_window", "board"}.
pub fn encode<'py>(py: Python<'py>, g: &Game) -> PyResult<Bound<'py, PyDict>> {
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let (mut pos, mut per_move, mut planes) = (Vec::new(), Vec::with_capacity(moves.len() * MOVE_FEATURES), Vec::new());
    let mut board = Vec::new();
    let dropped = py.detach(|| {
        position_features(g, &mut pos);
        moves_features(g, &moves, &mut per_move);
        board_features(g, &mut board);
        city_planes(g, &mut planes)
    });
    let d = PyDict::new(py);
    d.set_item("position", array(py, &pos)?)?;
    d.set_item("moves", moves.iter().map(|&inner| PyMove { inner }).collect::<Vec<_>>())?;
    d.set_item("move_features", matrix(py, &per_move, MOVE_FEATURES)?)?;
    let shape = (SEATS, PLANE_CHANNELS, PLANE_SIDE, PLANE_SIDE);
    debug_assert_eq!(planes.len(), SEATS * CITY_PLANES);
    d.set_item("planes", array(py, &planes)?.call_method1("reshape", (shape,))?)?;
    d.set_item("outside_window", dropped)?;
    // Below BOARD_FEATURES (4,488), so every index fits an int32.
    d.set_item("board", array(py, &board.iter().map(|&i| i as i32).collect::<Vec<i32>>())?)?;
    Ok(d)
}
