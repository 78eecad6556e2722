//! Finding 19.4: a 64 KB card file took 5 GB and 10 s to refuse, under the
//! tournament's lock. Each unknown symbol's error copied the whole word.
//! Errors quote at most 40 characters now, a word and a file report few,
//! a file past 64 KB is refused unread, and the server parses the file
//! before it takes the lock.

use crate::common::*;
use jongg_store::Backend;
use serde_json::json;
use std::time::{Duration, Instant};

/// The largest card file read.
const MAX: usize = 64 * 1024;

/// A card file of `len` bytes: one hand of one unknown word.
fn one_long_word(len: usize) -> String {
    let (head, tail) = ("[Hostile]\n", " : 25 X\n");
    format!("{head}{}{tail}", "Z".repeat(len - head.len() - tail.len()))
}

#[test]
fn a_64_kb_card_of_one_unknown_word_is_refused_quickly_and_briefly() {
    let app = App::start(Backend::Sqlite);
    let id = tournament(&app, "standard", 4, 1);
    let mut d = app.director();
    let card = format!("{}/card", t(id));
    let file = |text: String| json!({ "card": { "kind": "file", "label": "mine", "text": text } });
    let clock = Instant::now();
    let r = d.post(&card, &file(one_long_word(MAX))).unwrap();
    let took = clock.elapsed();
    assert_eq!(r.status, 422, "{}", r.text());
    let error = r.json()["error"].as_str().unwrap().to_string();
    assert!(error.contains("unknown symbol `Z`"), "{error}");
    assert!(error.len() < 2_000, "{} bytes: {error}", error.len());
    assert!(took < Duration::from_secs(2), "{took:?}");
    // A byte more is refused for its size, naming the limit.
    let r = d.post(&card, &file(one_long_word(MAX + 1))).unwrap();
    assert!(matches!(r.status, 413 | 422), "{}", r.status);
    assert!(r.text().contains(&MAX.to_string()), "{}", r.text());
    // Nothing was loaded; the practice card still is.
    expect(
        d.post(&card, &json!({ "card": { "kind": "practice" } })),
        200,
    );
}
