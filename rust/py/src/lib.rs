//! Python bindings for `pavilion-summer` and `pavilion-akropolis`, built by maturin as `pavilion._engine`.

use pavilion_summer::board as geometry;
use pavilion_summer::state;
use pyo3::prelude::*;

mod agents;
mod akropolis;
mod akropolis_encoding;
mod akropolis_play;
mod akropolis_selfplay;
mod arena;
mod args;
mod arrays;
mod bench;
mod board;
mod encoding;
mod errors;
mod game;
mod interrupt;
mod legal;
mod moves;
mod ranges;
mod search;
mod selfplay;
mod vecgame;

#[pymodule]
fn _engine(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<game::PyGame>()?;
    m.add_class::<moves::PyMove>()?;
    m.add_class::<legal::PyLegalMoves>()?;
    m.add_class::<agents::PyAgent>()?;
    m.add_class::<search::PySearch>()?;
    m.add_class::<vecgame::PyVecGame>()?;
    m.add_function(wrap_pyfunction!(arena::play_matches, m)?)?;
    m.add_function(wrap_pyfunction!(selfplay::selfplay, m)?)?;
    m.add("IllegalMoveError", py.get_type::<errors::IllegalMoveError>())?;
    m.add("NotationError", py.get_type::<errors::NotationError>())?;
    m.add("OptionsError", py.get_type::<errors::OptionsError>())?;
    m.add("FEATURES", board::features(py)?)?;
    m.add_function(wrap_pyfunction!(board::space_cost, m)?)?;
    m.add_function(wrap_pyfunction!(board::star_points, m)?)?;
    m.add("NUM_ACTIONS", pavilion_summer::NUM_ACTIONS)?;
    m.add("OBSERVATION_LEN", pavilion_summer::observation::OBSERVATION_LEN)?;
    m.add("OBSERVATION_LAYOUT", observation_layout(py)?)?;
    encoding::register(m)?;
    m.add("COLOURS", pavilion_summer::Colour::ALL.iter().map(|c| c.name()).collect::<Vec<_>>())?;
    m.add("COLOUR_LETTERS", pavilion_summer::Colour::ALL.iter().map(|c| c.letter()).collect::<String>())?;
    m.add("DEFAULT_WILD_ORDER", state::DEFAULT_WILD_ORDER.iter().map(|c| c.letter()).collect::<String>())?;
    m.add("SIDES", pavilion_summer::Side::ALL.iter().map(|s| s.name()).collect::<Vec<_>>())?;
    let stars = geometry::Star::CLOCKWISE.iter().chain([&geometry::Star::CENTRE]).map(|s| s.letter());
    m.add("STARS", stars.collect::<String>())?;
    m.add("ROUNDS", state::ROUNDS)?;
    m.add("START_SCORE", state::START_SCORE)?;
    m.add("SCORE_FLOOR", state::SCORE_FLOOR)?;
    m.add_function(wrap_pyfunction!(parse_side, m)?)?;
    m.add("AGENT_OPTIONS", agents::agent_options(py)?)?;
    m.add("MAX_SECONDS", pavilion_summer::search::MAX_SECONDS)?;
    m.add("DEFAULT_FULL_SHARE", pavilion_core::selfplay::DEFAULT_FULL_SHARE)?;
    m.add("MAX_ITERATIONS", pavilion_summer::agents::MAX_ITERATIONS)?;
    m.add("MAX_SAMPLE_MOVES", pavilion_core::selfplay::MAX_SAMPLE_MOVES)?;
    m.add_function(wrap_pyfunction!(game::_game_from_state, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("BUILD", build_info(py)?)?;
    // The helpers that are not the game API live in submodules of their own.
    add_submodule(m, "bench", bench::register)?;
    add_submodule(m, "text", register_text)?;
    add_submodule(m, "akropolis", akropolis::register)?;
    Ok(())
}

/// How this engine was built: {"version", "commit" ("" when unknown), "profile"}.
fn build_info(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    let d = pyo3::types::PyDict::new(py);
    d.set_item("version", env!("CARGO_PKG_VERSION"))?;
    d.set_item("commit", env!("PAVILION_COMMIT"))?;
    d.set_item("profile", env!("PAVILION_PROFILE"))?;
    Ok(d)
}

/// Adds `pavilion._engine.NAME`, importable as such: an extension's submodules are
/// plain attributes unless they are also entered in `sys.modules`.
fn add_submodule(
    parent: &Bound<'_, PyModule>,
    name: &str,
    register: fn(&Bound<'_, PyModule>) -> PyResult<()>,
) -> PyResult<()> {
    let py = parent.py();
    let full = format!("pavilion._engine.{name}");
    let sub = PyModule::new(py, &full)?;
    register(&sub)?;
    parent.add(name, &sub)?;
    py.import("sys")?.getattr("modules")?.set_item(full, &sub)?;
    Ok(())
}

/// `pavilion._engine.text`: how pavilion quotes text it did not write.
fn register_text(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("QUOTE_MAX", pavilion_summer::error::QUOTE_MAX)?;
    m.add_function(wrap_pyfunction!(quote, m)?)?;
    m.add_function(wrap_pyfunction!(escape_controls, m)?)?;
    Ok(())
}

/// Input text as an error message quotes it: control characters escaped, cut to QUOTE_MAX characters.
#[pyfunction]
fn quote(text: &str) -> String {
    pavilion_summer::error::quote(text)
}

/// The text with every control character (escape sequences, newlines, bidi overrides) escaped.
#[pyfunction]
fn escape_controls(text: &str) -> String {
    pavilion_summer::error::escape_controls(text)
}

/// A side as the user typed it (`colored`, `Coloured`, `grey`, …) → its name in SIDES; OptionsError otherwise.
#[pyfunction]
fn parse_side(text: &str) -> PyResult<&'static str> {
    text.parse::<pavilion_summer::Side>().map(|s| s.name()).map_err(errors::to_py)
}

/// The observation's blocks as data: [{"name", "offset", "length", "help"}],
/// the players' slots expanded per slot and block ("players[0].hand", ...).
fn observation_layout(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyList>> {
    use pavilion_summer::observation::{LAYOUT, PLAYER_LAYOUT, PLAYER_LEN};
    let out = pyo3::types::PyList::empty(py);
    let mut offset = 0;
    let mut add = |name: String, length: usize, help: &str| -> PyResult<()> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("name", name)?;
        d.set_item("offset", offset)?;
        d.set_item("length", length)?;
        d.set_item("help", help)?;
        offset += length;
        out.append(d)
    };
    for &(name, length, help) in LAYOUT {
        if name == "players" {
            for slot in 0..length / PLAYER_LEN {
                for &(field, flen, fhelp) in PLAYER_LAYOUT {
                    add(format!("players[{slot}].{field}"), flen, fhelp)?;
                }
            }
        } else {
            add(name.to_string(), length, help)?;
        }
    }
    Ok(out)
}
