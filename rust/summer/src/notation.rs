//! Move text: short, typed in a terminal, the same in Rust, Python, docs and CLI.
//!
//! | move | text | meaning |
//! |---|---|---|
//! | draft | `3B`, `CB` | take blue from factory 3 / from the centre (plus one wild if there) |
//! | place | `B4`, `B4+2` | blue star, space 4; paying 2 wilds |
//! | place | `C3O`, `C3O+1` | centre star, space 3, an orange tile; paying 1 wild |
//! | bonus | `bonus:YB` | take yellow and blue from the supply |
//! | pass | `pass`, `pass:PBB` | pass keeping nothing / keeping purple, blue, blue |
//!
//! Colours: `P`urple `G`reen `O`range `Y`ellow `B`lue `R`ed. Stars are named by
//! the colour of that star on the coloured side, `C` for the centre; a space by
//! its position 1..6 (its printed value on the coloured side). The tile colour
//! follows the space when it differs from the star's letter (the centre, and
//! the gray side). Parsing ignores case and surrounding spaces.

use std::fmt;

use crate::board::{Space, Star};
use crate::error::{quote, Error};
use crate::moves::{Move, Source};
use crate::state::MAX_FACTORIES;

/// Digits of a too-large factory number that an error message repeats.
const QUOTE_DIGITS: usize = 6;
use crate::tiles::{Colour, Tiles};

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Draft { source: Source::Factory(i), colour } => write!(f, "{}{}", i + 1, colour),
            Move::Draft { source: Source::Centre, colour } => write!(f, "C{colour}"),
            Move::Place { space, colour, wilds } => {
                write!(f, "{space}")?;
                if space.star().colour() != Some(colour) {
                    write!(f, "{colour}")?;
                }
                if wilds > 0 {
                    write!(f, "+{wilds}")?;
                }
                Ok(())
            }
            Move::Bonus { take } => write!(f, "bonus:{take}"),
            Move::Pass { keep } if keep.is_empty() => f.write_str("pass"),
            Move::Pass { keep } => write!(f, "pass:{keep}"),
        }
    }
}

fn bad(text: &str, why: impl fmt::Display) -> Error {
    Error::Notation(format!("cannot read move {}: {why}", quote(text)))
}

fn tiles_after(text: &str, body: &str, what: &str) -> Result<Tiles, Error> {
    Tiles::from_letters(body)
        .map_err(|ch| bad(text, format!("'{ch}' in the {what} is not a colour letter (P G O Y B R)")))
}

impl std::str::FromStr for Move {
    type Err = Error;
    fn from_str(text: &str) -> Result<Move, Error> {
        Move::parse(text)
    }
}

impl Move {
    /// Reads move text (see the module docs). Errors name the bad token.
    pub fn parse(text: &str) -> Result<Move, Error> {
        let t = text.trim();
        let lower = t.to_ascii_lowercase();
        if t.is_empty() {
            return Err(bad(text, "empty move"));
        }
        // The prefixes are ASCII, so the same byte offsets hold in `t`.
        if lower.starts_with("pass") {
            let rest = &t[4..];
            return match rest.strip_prefix(':') {
                None if rest.is_empty() => Ok(Move::Pass { keep: Tiles::EMPTY }),
                None => Err(bad(text, "write a pass as 'pass' or 'pass:' and the tiles kept, e.g. 'pass:BB'")),
                Some(body) => Ok(Move::Pass { keep: tiles_after(text, body, "keep set")? }),
            };
        }
        if lower.starts_with("bonus") {
            let rest = &t[5..];
            return match rest.strip_prefix(':') {
                Some(body) if !body.is_empty() => Ok(Move::Bonus { take: tiles_after(text, body, "bonus")? }),
                _ => Err(bad(text, "write a bonus as 'bonus:' and the tiles taken, e.g. 'bonus:BY'")),
            };
        }
        let chars: Vec<char> = t.chars().collect();
        let colour_at = |i: usize| -> Result<Colour, Error> {
            let ch = *chars.get(i).ok_or_else(|| bad(text, "a colour letter is missing"))?;
            Colour::from_letter(ch).ok_or_else(|| bad(text, format!("'{ch}' is not a colour letter (P G O Y B R)")))
        };
        let first = chars[0];
        // A number of two or more digits can only be a mistyped factory.
        let digits = chars.iter().take_while(|c| c.is_ascii_digit()).count();
        if digits >= 2 {
            let number: String = chars[..digits.min(QUOTE_DIGITS)].iter().collect();
            return Err(bad(
                text,
                format!("factory {number} does not exist: factories are numbered 1 to {MAX_FACTORIES}"),
            ));
        }
        // Drafts: factory digit or C, then a colour, nothing else.
        if chars.len() == 2 && !chars[1].is_ascii_digit() {
            let source = if let Some(d) = first.to_digit(10) {
                if d == 0 {
                    return Err(bad(text, "factories are numbered from 1"));
                }
                Source::Factory(d as u8 - 1)
            } else if first.eq_ignore_ascii_case(&'C') {
                Source::Centre
            } else {
                return Err(bad(text, format!("'{first}' is not a factory number or C (the centre)")));
            };
            return Ok(Move::Draft { source, colour: colour_at(1)? });
        }
        let star = Star::from_letter(first)
            .ok_or_else(|| bad(text, format!("'{first}' is not a star (P G O Y B R, C for the centre) or factory")))?;
        let pos = match chars.get(1).and_then(|c| c.to_digit(10)) {
            Some(d @ 1..=6) => d as usize - 1,
            _ => return Err(bad(text, "the space must be a digit 1..6 after the star letter")),
        };
        let mut i = 2;
        let colour = match chars.get(i) {
            Some(&c) if c != '+' => {
                i += 1;
                colour_at(2)?
            }
            _ => match star.colour() {
                Some(c) => c,
                None => return Err(bad(text, "a centre-star placement names its colour, e.g. 'C3O'")),
            },
        };
        let wilds = match chars.get(i) {
            None => 0,
            Some('+') => {
                let digits: String = chars[i + 1..].iter().collect();
                // Digits only: `u8::from_str` would also take a sign (`B4++2`).
                match digits.parse::<u8>() {
                    Ok(w @ 1..=5) if digits.bytes().all(|b| b.is_ascii_digit()) => w,
                    _ => return Err(bad(text, format!("{} is not a wild count 1..5", quote(&format!("+{digits}"))))),
                }
            }
            Some(c) => return Err(bad(text, format!("unexpected '{c}' after the space"))),
        };
        Ok(Move::Place { space: Space::new(star, pos), colour, wilds })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_and_parses() {
        for text in ["3B", "CB", "B4", "B4+2", "C3O", "C3O+1", "bonus:YB", "pass", "pass:PBB", "O1R+3", "1P"] {
            let m = Move::parse(text).unwrap();
            assert_eq!(m.to_string(), text);
        }
        assert_eq!(Move::parse(" b4+2 ").unwrap().to_string(), "B4+2");
        assert_eq!(Move::parse("PASS:bbp").unwrap().to_string(), "pass:PBB");
    }

    #[test]
    fn rejects_with_reason() {
        for (text, needle) in [
            ("Z4", "'Z' is not a star"),
            ("B7", "digit 1..6"),
            ("C3", "names its colour"),
            ("B4+0", "wild count"),
            ("B4+x", "wild count"),
            ("B4++2", "wild count"),
            ("passBB", "write a pass as 'pass'"),
            ("0B", "numbered from 1"),
            ("10R", "factory 10 does not exist"),
            ("3X", "'X' is not a colour"),
            ("pass:BQ", "'Q' in the keep set"),
            ("bonus", "bonus:"),
            ("bonus:", "write a bonus as"),
            ("", "empty"),
        ] {
            let e = Move::parse(text).unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }
}
