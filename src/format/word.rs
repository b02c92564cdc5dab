//! A word of an input file that names a variant of an enum — an external solver's `input`, a
//! config's `difficulties` — read by the enum's own `Deserialize` (serde's renaming decides which
//! words name which variants), with a word that names none kept as written, so that the reader
//! refuses it with its own message (what was written, what would be right) at the word's own
//! line and column instead of serde's "unknown variant".

use serde::de::value::StrDeserializer;
use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::{Deserialize, Deserializer};

/// A word naming a variant of `T`: the variant, or the word as written when no variant has it.
/// A value that is no string at all stays the reader's error (`invalid type: integer `3`,
/// expected a string`). Wrap it in `toml::Spanned` to know where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Word<T> {
    /// A variant's name.
    Known(T),
    /// No variant's name, as written.
    Unknown(String),
}

impl<T: Copy> Word<T> {
    /// The variant, or the word that names none.
    pub fn variant(&self) -> Result<T, &str> {
        match self {
            Word::Known(t) => Ok(*t),
            Word::Unknown(word) => Err(word),
        }
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Word<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Word<T>, D::Error> {
        let word = String::deserialize(d)?;
        let words: StrDeserializer<'_, serde::de::value::Error> = word.as_str().into_deserializer();
        Ok(T::deserialize(words).map_or(Word::Unknown(word), Word::Known))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Colour {
        DeepRed,
        Blue,
    }

    #[derive(Debug, Deserialize)]
    struct Paint {
        colour: toml::Spanned<Word<Colour>>,
    }

    #[test]
    fn a_word_is_its_variant_or_itself_and_keeps_its_place() {
        let p: Paint = toml::from_str("colour = \"deep-red\"").unwrap();
        assert_eq!(p.colour.get_ref().variant(), Ok(Colour::DeepRed));
        let p: Paint = toml::from_str("colour = \"blue\"").unwrap();
        assert_eq!(p.colour.into_inner(), Word::Known(Colour::Blue));
        let p: Paint = toml::from_str("\ncolour = \"DeepRed\"").unwrap();
        assert_eq!((p.colour.get_ref().variant(), p.colour.span().start), (Err("DeepRed"), 10));
        let e = toml::from_str::<Paint>("colour = 3").unwrap_err();
        assert!(e.message().contains("invalid type: integer `3`, expected a string"), "{e}");
    }
}
