//! `hand_count`, what a line would cost to expand, counted without
//! expanding it (a card too big is refused before it is expanded): for a
//! line whose hands never coincide it is exactly the number of variants.
//! A fixed dragon or wind leaves only the others for an "any dragon" (`d`)
//! or "any wind" (`w`) group.

use jongg_card::{Card, hand_count};

fn count_and_variants(line: &str) -> (u64, usize) {
    let card = Card::parse(&format!("[S]\n{line}\n")).expect("a legal line");
    (hand_count(&card.lines()[0]), card.variants_of(1).len())
}

#[test]
fn any_dragon_or_wind_is_counted_without_the_fixed_ones() {
    for (line, hands) in [
        // Three suits for `a`, two dragons left for `d`.
        ("FF 1111a 0000 dddd : 25 X", 3 * 2),
        ("FF 1111a RRRR dddd : 25 X", 3 * 2),
        ("FF 1111a GGGG dddd : 25 X", 3 * 2),
        // Two fixed dragons: `d` is the third.
        ("FF 0000 GGGG dddd : 25 X", 1),
        ("FF RRRR GGGG dddd : 25 X", 1),
        // A fixed wind: three left for `w`; two fixed: two left.
        ("FF 1111a NNNN wwww : 25 X", 3 * 3),
        ("FF 1111a EEEE wwww : 25 X", 3 * 3),
        ("FF EEEE SSSS wwww : 25 X", 2),
        ("FF WWWW NNNN wwww : 25 X", 2),
        // Nothing fixed: any of three dragons times any of four winds.
        ("FF 1111a dddd wwww : 25 X", 3 * 3 * 4),
    ] {
        assert_eq!(count_and_variants(line), (hands, hands as usize), "{line}");
    }
}

/// Two "any wind" groups are two different winds: counted in order before
/// the duplicates merge (6 ordered picks from E, S, W beside a fixed North,
/// 3 as sets), times three dragons.
#[test]
fn two_any_winds_are_counted_as_ordered_picks_before_duplicates_merge() {
    assert_eq!(
        count_and_variants("www NNNN www dddd : 25 X"),
        (3 * 2 * 3, 3 * 3)
    );
}
