//! The engine's errors. Each variant maps to one Python exception class.

use std::fmt;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// A well-formed move that the rules do not allow now.
    IllegalMove(String),
    /// Move text or a position file that cannot be read.
    Notation(String),
    /// Game options out of range (player count, wild order, side).
    InvalidOptions(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::IllegalMove(s) => write!(f, "illegal move: {s}"),
            Error::Notation(s) | Error::InvalidOptions(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for Error {}
