//! A card of long unknown words is refused cheaply (issue 19.4: each
//! unknown symbol's error quoted the whole word, so a 64 KB word took 5 GB
//! and 10 s while the server held the tournament's lock).
//!
//! This test binary runs under `cap`'s allocator, capped at [`PEAK`] over
//! what the test holds before parsing (the old parser fails an allocation
//! instead of eating the machine). `cap` counts the most bytes ever held
//! at once: less what was held before, it bounds a parse's peak from above
//! (and is the parse's peak in a process of one test, as nextest runs them).

use cap::Cap;
use jongg_card::{Card, MAX_CARD_FILE, MAX_ERRORS};
use std::alloc::System;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// The most memory a refused card may take over what was held before.
const PEAK: usize = 64 << 20;
/// The longest a refused card may take (a debug build on a shared machine).
const TIME: Duration = Duration::from_secs(2);

/// One test at a time: the allocator's count is the process's.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// Parses `text` under a cap of `cap` bytes over what is held: gives the
/// errors, how long it took, and (at most) the peak of bytes held over the
/// start.
fn refuse(text: &str, cap: usize) -> (Vec<jongg_card::Diagnostic>, Duration, usize) {
    let start = ALLOCATOR.allocated();
    ALLOCATOR
        .set_limit(start + cap)
        .expect("the cap is above what is held");
    let clock = Instant::now();
    let result = Card::parse(text);
    let took = clock.elapsed();
    let peak = ALLOCATOR.max_allocated().saturating_sub(start);
    ALLOCATOR.set_limit(usize::MAX).expect("no cap");
    let Err(errors) = result else {
        panic!("the card is refused")
    };
    (errors.0, took, peak)
}

/// A card file of exactly [`MAX_CARD_FILE`] bytes: a section, then `words`
/// unknown words of one length filling the rest of one hand's line.
fn hostile(words: usize) -> String {
    let head = "[Hostile]\n";
    let tail = " : 25 X\n";
    let room = MAX_CARD_FILE - head.len() - tail.len();
    let len = room / words - 1;
    let mut text = String::from(head);
    for _ in 0..words {
        text.push_str(&"Z".repeat(len));
        text.push(' ');
    }
    while text.len() < MAX_CARD_FILE - tail.len() {
        text.push('Z');
    }
    text.push_str(tail);
    assert_eq!(text.len(), MAX_CARD_FILE);
    text
}

#[test]
fn a_64_kb_word_of_unknown_symbols_is_refused_within_64_mb_and_quickly() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let (errors, took, peak) = refuse(&hostile(1), PEAK);
    eprintln!("one 64 KB word: {peak} bytes at most, {took:?}");
    assert!(peak < PEAK, "{peak} bytes");
    assert!(took < TIME, "{took:?}");
    assert!(
        errors[0].message.contains("unknown symbol `Z`"),
        "{errors:?}"
    );
}

#[test]
fn many_long_words_of_unknown_symbols_are_refused_within_64_mb_and_quickly() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for words in [16, 256, 4096] {
        let (errors, took, peak) = refuse(&hostile(words), PEAK);
        eprintln!("{words} long words: {peak} bytes at most, {took:?}");
        assert!(peak < PEAK, "{words} words: {peak} bytes");
        assert!(took < TIME, "{words} words: {took:?}");
        assert!(errors.len() <= MAX_ERRORS + 1, "{}", errors.len());
    }
}

#[test]
fn a_refused_cards_errors_are_short() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    for words in [1, 16, 4096] {
        let Err(errors) = Card::parse(&hostile(words)) else {
            panic!("the card is refused")
        };
        assert!(errors.0.len() <= MAX_ERRORS + 1, "{}", errors.0.len());
        for d in &errors.0 {
            assert!(d.message.chars().count() < 300, "{}", d.message);
        }
        // What a page shows of all of them.
        assert!(
            errors.to_string().len() < 40_000,
            "{}",
            errors.to_string().len()
        );
    }
    let Err(errors) = Card::parse(&hostile(4096)) else {
        panic!("the card is refused")
    };
    let last = errors.0.last().expect("errors");
    assert!(last.message.contains("more errors"), "{}", last.message);
}

#[test]
fn a_card_file_past_the_limit_is_refused_naming_the_limit() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let mut text = hostile(1);
    text.push('\n');
    // Refused before it is read: a cap of 16 KB over what is held would fail
    // the reading of 64 KB (the parser holds each line as characters).
    let (errors, _, _) = refuse(&text, 16 << 10);
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(
        errors[0]
            .message
            .contains(&format!("at most {MAX_CARD_FILE} bytes")),
        "{}",
        errors[0].message
    );
}
