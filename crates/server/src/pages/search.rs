//! Finding a player by a typed name (issue 20.5): without case or accents,
//! so "wojcik", "Lucja" and "nunez" find Wójcik, Łucja and Núñez on every
//! search (round control, "Where do I sit?").

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// `s` folded for matching: decomposed (NFKD), accents dropped, lower
/// case, and the Latin letters that do not decompose written as their
/// base letters (ł, ø, đ, ß, æ, œ, dotless ı).
pub(crate) fn folded(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.nfkd().filter(|c| !is_combining_mark(*c)) {
        for l in c.to_lowercase() {
            match l {
                'ł' => out.push('l'),
                'ø' => out.push('o'),
                'đ' | 'ð' => out.push('d'),
                'ı' => out.push('i'),
                'ß' => out.push_str("ss"),
                'æ' => out.push_str("ae"),
                'œ' => out.push_str("oe"),
                'þ' => out.push_str("th"),
                other => out.push(other),
            }
        }
    }
    out
}

/// Whether `name` contains what was typed (`query`, already [`folded`]).
pub(crate) fn name_has(name: &str, query: &str) -> bool {
    folded(name).contains(query)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_found_without_its_accents_or_case() {
        for (name, typed) in [
            ("Wójcik", "wojcik"),
            ("Łucja Nowak", "Lucja"),
            ("José Núñez", "nunez"),
            ("Søren Ærø", "soren aero"),
            ("Strauß", "STRAUSS"),
            ("Ελένη", "ελενη"),
            ("王秀英", "秀英"),
        ] {
            assert!(name_has(name, &folded(typed)), "{typed} finds {name}");
        }
        assert!(!name_has("Wójcik", &folded("wojciech")));
        assert!(name_has("ﬁnn", &folded("fin")), "compatibility forms too");
    }
}
