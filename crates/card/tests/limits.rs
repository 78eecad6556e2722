//! A card that would eat the machine is refused before it is expanded
//! (issue 11: a 330 KB card of 10,000 legal lines of thousands of concrete
//! hands each once made `jongg card lint` grow past 3.8 GB).
//!
//! This test binary runs under an allocator capped a little above what it
//! holds at the start: were the card expanded, an allocation would fail and
//! the test would abort.

use cap::Cap;
use jongg_card::{Card, MAX_CARD_HANDS, MAX_LINE_HANDS, hand_count};
use std::alloc::System;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// Headroom over what the test holds before parsing.
const HEADROOM: usize = 48 << 20;

/// `lines` legal lines of one section, each standing for `5,184` concrete
/// hands: n and m (72 pairs) in two suits (6) with any wind (4) and any
/// dragon (3).
fn hostile(lines: usize) -> String {
    let mut text = String::from("[Many]\n");
    for i in 0..lines {
        text.push_str(&format!(
            "na mb FFFF wwww dddd : {} X \"{i}\"\n",
            25 + i % 20
        ));
    }
    text
}

#[test]
fn a_hostile_card_is_refused_before_it_is_expanded() {
    // As many lines as the largest card file read holds (the 330 KB card of
    // issue 11 is now refused for its size alone).
    let text = hostile(1_700);
    assert!(text.len() <= jongg_card::MAX_CARD_FILE, "{}", text.len());
    let one = Card::parse(&hostile(1)).expect("one such line is a legal card");
    assert_eq!(hand_count(&one.lines()[0]), 5_184);

    ALLOCATOR
        .set_limit(ALLOCATOR.allocated() + HEADROOM)
        .expect("the cap is above what is held");
    let result = Card::parse(&text);
    ALLOCATOR.set_limit(usize::MAX).expect("no cap");

    let Err(errors) = result else {
        panic!("the card is refused")
    };
    let errors = errors.0;
    assert_eq!(errors.len(), 1, "{errors:?}");
    let e = &errors[0];
    // 5,184 hands a line: the 20th line passes the card's limit.
    assert_eq!((e.line, e.column), (21, 1));
    assert!(
        e.message
            .contains(&format!("more than {MAX_CARD_HANDS} concrete hands")),
        "{}",
        e.message
    );
}

#[test]
fn one_line_past_its_limit_is_refused_with_its_count() {
    // n, m, k different (504) in three suits (6) with three single any winds (24).
    let text = "[Big]\nna mb kc w w w FFFF FFFF : 25 X\nFF 2222a 4444b 6666c : 25 X\n";
    let Err(errors) = Card::parse(text) else {
        panic!("the line is refused")
    };
    let errors = errors.0;
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!((errors[0].line, errors[0].column), (2, 1));
    assert!(
        errors[0].message.contains("72576 concrete hands")
            && errors[0]
                .message
                .contains(&format!("at most {MAX_LINE_HANDS}")),
        "{}",
        errors[0].message
    );
}
