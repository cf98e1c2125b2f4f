//! JSON writing shared by the games' position files.

use serde::Serialize;

/// A value as JSON indented by `indent` spaces per level (serde_json's pretty
/// printer fixes two).
pub fn to_string_indented<T: Serialize>(value: &T, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = Vec::new();
    let mut ser =
        serde_json::Serializer::with_formatter(&mut out, serde_json::ser::PrettyFormatter::with_indent(pad.as_bytes()));
    value.serialize(&mut ser).expect("a position always serialises");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Reads a versioned JSON document of the given `format` into `T`. The format is
/// checked before the fields, so a file of another kind (another game's position,
/// a game record) is named as such rather than reported as an unknown field.
pub fn read_document<T: serde::de::DeserializeOwned>(text: &str, format: &str) -> Result<T, crate::Error> {
    use crate::error::{clip, quote};
    let bad = |msg: String| crate::Error::Notation(format!("position: {msg}"));
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| bad(clip(&e.to_string())))?;
    match value.get("format") {
        Some(serde_json::Value::String(f)) if f != format => {
            return Err(bad(format!("format: expected \"{format}\", found {}", quote(f))));
        }
        Some(f) if !f.is_string() => return Err(bad(format!("format: expected \"{format}\""))),
        _ => {}
    }
    serde_json::from_value(value).map_err(|e| bad(clip(&e.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Doc {
        format: String,
        n: Vec<u8>,
    }

    #[test]
    fn indents_by_the_width_asked() {
        let doc = Doc { format: "x".into(), n: vec![1] };
        assert_eq!(to_string_indented(&doc, 4), "{\n    \"format\": \"x\",\n    \"n\": [\n        1\n    ]\n}");
        assert_eq!(to_string_indented(&doc, 0), "{\n\"format\": \"x\",\n\"n\": [\n1\n]\n}");
    }

    #[test]
    fn a_document_of_another_format_is_named_before_its_fields() {
        let other = r#"{"format": "pavilion-position", "side": "gray"}"#;
        let e = read_document::<Doc>(other, "x").unwrap_err().to_string();
        assert_eq!(e, "position: format: expected \"x\", found 'pavilion-position'");
        let e = read_document::<Doc>(r#"{"format": 3}"#, "x").unwrap_err().to_string();
        assert_eq!(e, "position: format: expected \"x\"");
        let ok: Doc = read_document(r#"{"format": "x", "n": [2]}"#, "x").unwrap();
        assert_eq!(ok, Doc { format: "x".into(), n: vec![2] });
        assert!(read_document::<Doc>("[1,", "x").unwrap_err().to_string().starts_with("position: "));
    }
}
