//! The engine's errors. Each variant maps to one Python exception class.
//!
//! Messages often quote what was read (a move, a field of a file). Such text
//! may be hostile or huge, so it is always quoted through [`quote`]: control
//! characters escaped, at most [`QUOTE_MAX`] characters kept. `Display` also
//! escapes any control character left in a message, so an error line can
//! never move the cursor, retitle a terminal or span several lines.

use std::fmt;

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Error {
    /// A well-formed move that the rules do not allow now.
    IllegalMove(String),
    /// Move text or a position file that cannot be read.
    Notation(String),
    /// Game options out of range (player count, wild order, side, agent specs, budgets).
    InvalidOptions(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::IllegalMove(s) => write!(f, "illegal move: {}", escape_controls(s)),
            Error::Notation(s) | Error::InvalidOptions(s) => f.write_str(&escape_controls(s)),
        }
    }
}

impl std::error::Error for Error {}

/// Most characters of an input that a message quotes.
pub const QUOTE_MAX: usize = 60;

/// Unicode 14's format characters (Cf) and line/paragraph separators (Zl, Zp), as ranges.
const FORMAT_CHARS: &[(char, char)] = &[
    ('\u{ad}', '\u{ad}'),
    ('\u{600}', '\u{605}'),
    ('\u{61c}', '\u{61c}'),
    ('\u{6dd}', '\u{6dd}'),
    ('\u{70f}', '\u{70f}'),
    ('\u{890}', '\u{891}'),
    ('\u{8e2}', '\u{8e2}'),
    ('\u{180e}', '\u{180e}'),
    ('\u{200b}', '\u{200f}'),
    ('\u{2028}', '\u{202e}'),
    ('\u{2060}', '\u{2064}'),
    ('\u{2066}', '\u{206f}'),
    ('\u{feff}', '\u{feff}'),
    ('\u{fff9}', '\u{fffb}'),
    ('\u{110bd}', '\u{110bd}'),
    ('\u{110cd}', '\u{110cd}'),
    ('\u{13430}', '\u{13438}'),
    ('\u{1bca0}', '\u{1bca3}'),
    ('\u{1d173}', '\u{1d17a}'),
    ('\u{e0001}', '\u{e0001}'),
    ('\u{e0020}', '\u{e007f}'),
];

/// Whether a character would act on a terminal or break a line instead of showing:
/// C0/C1 controls (Unicode Cc), format characters such as bidi overrides (Cf),
/// line and paragraph separators (Zl, Zp).
pub fn is_control(c: char) -> bool {
    c.is_control() || FORMAT_CHARS.iter().any(|&(first, last)| (first..=last).contains(&c))
}

/// The text with every control character written as an escape (`\x1b`, `\n`, `\u{202e}`).
pub fn escape_controls(text: &str) -> String {
    if !text.chars().any(is_control) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if is_control(c) && (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if is_control(c) => out.push_str(&format!("\\u{{{:04x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out
}

/// An input as a message quotes it: `'text'`, escaped, cut to [`QUOTE_MAX`] characters with `…`.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE_MAX).collect();
    let more = if chars.next().is_some() { "…" } else { "" };
    format!("'{}{more}'", escape_controls(&head))
}

/// A serde message, which may quote a huge or hostile value, cut to a readable length
/// (keeping its end, which says where in the file the problem is).
pub fn clip(msg: &str) -> String {
    const KEEP: usize = 160;
    let chars: Vec<char> = msg.chars().collect();
    if chars.len() <= KEEP {
        return msg.to_string();
    }
    let head: String = chars[..KEEP / 2].iter().collect();
    let tail: String = chars[chars.len() - KEEP / 2..].iter().collect();
    format!("{head}…{tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_keeps_short_messages_and_both_ends_of_long_ones() {
        assert_eq!(clip("missing field `rng` at line 3"), "missing field `rng` at line 3");
        let long = format!("invalid value: {} at line 9 column 70", "x".repeat(500));
        let c = clip(&long);
        assert_eq!(c.chars().count(), 161, "80 characters each side of the ellipsis");
        assert!(c.starts_with("invalid value: xxx") && c.ends_with("at line 9 column 70"));
        assert_eq!(c.chars().nth(80), Some('…'));
        let edge = "é".repeat(160);
        assert_eq!(clip(&edge), edge, "160 characters are kept whole");
    }

    #[test]
    fn quote_escapes_and_cuts() {
        assert_eq!(quote("B4"), "'B4'");
        assert_eq!(quote("x\u{1b}]0;pwned\u{7}"), "'x\\x1b]0;pwned\\x07'");
        assert_eq!(quote("a\nb\u{202e}"), "'a\\nb\\u{202e}'");
        let long = "é".repeat(10_000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), QUOTE_MAX + 3);
        assert!(q.ends_with("…'"));
    }

    #[test]
    fn display_never_carries_a_control_character() {
        let e = Error::Notation("bad \u{1b}[2J\r\nthing".into());
        assert_eq!(e.to_string(), "bad \\x1b[2J\\r\\nthing");
        assert!(!e.to_string().chars().any(is_control));
    }
}
