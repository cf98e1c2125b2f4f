//! Word-valued options (a rollout kind, a rule reading): one macro gives each
//! its enum, its words (the first is the default), `FromStr` (any case, `-` for
//! `_`, an error naming the words) and `Display`, so every game and the search
//! read and write their vocabularies the same way.

/// `word_option!(/// doc, Name, "option", { Variant => "word", ... })`.
#[macro_export]
macro_rules! word_option {
    ($(#[$doc:meta])* $name:ident, $option:literal, { $($(#[$vdoc:meta])* $variant:ident => $word:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        pub enum $name {
            $($(#[$vdoc])* $variant),+
        }

        impl $name {
            /// Every value, the default first.
            pub const ALL: &'static [$name] = &[$($name::$variant),+];
            /// The words this option accepts, the default first.
            pub const WORDS: &'static [&'static str] = &[$($word),+];

            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $word),+
                }
            }
        }

        impl ::core::default::Default for $name {
            fn default() -> Self {
                Self::ALL[0]
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $crate::error::Error;
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                let t = s.trim().to_ascii_lowercase().replace('-', "_");
                Self::ALL.iter().copied().find(|v| v.name() == t).ok_or_else(|| {
                    $crate::error::Error::InvalidOptions(format!(
                        "{} must be {}, not {}",
                        $option,
                        Self::WORDS.join(" or "),
                        $crate::error::quote(s)
                    ))
                })
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }
    };
}

#[cfg(test)]
mod tests {
    crate::word_option!(
        /// A test vocabulary.
        Shade, "shade", { Dark => "dark", LightGrey => "light_grey" }
    );

    #[test]
    fn words_read_in_any_case_and_write_canonically() {
        assert_eq!("Light-Grey".parse::<Shade>().unwrap(), Shade::LightGrey);
        assert_eq!(" dark ".parse::<Shade>().unwrap(), Shade::Dark);
        assert_eq!(Shade::default(), Shade::Dark);
        assert_eq!(Shade::LightGrey.to_string(), "light_grey");
        assert_eq!(Shade::WORDS, ["dark", "light_grey"]);
        let e = "pink\u{1b}".parse::<Shade>().unwrap_err().to_string();
        assert_eq!(e, "shade must be dark or light_grey, not 'pink\\x1b'");
    }
}
