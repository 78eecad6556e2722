//! The matcher against a brute-force reference (`common/mod.rs`), on random
//! small cards and random racks (many of them built from a line, so that
//! wins are common).

mod common;

use common::{Rng, check_assignment, ref_card, ref_variants, reference};
use jongg_card::Card;
use jongg_tiles::{Counts, Tile, full_set};
use proptest::prelude::*;
use std::collections::BTreeSet;

// ---------- random cards and racks ----------

const SYMS: &[&str] = &[
    "1", "2", "3", "5", "7", "9", "0", "D", "d", "R", "G", "F", "E", "N", "w", "n", "m", "n+1",
    "m-2",
];

fn random_line(rng: &mut Rng) -> String {
    let mut left = 14;
    let mut tokens = Vec::new();
    let (mut has_digit, mut vars) = (false, BTreeSet::new());
    while left > 0 {
        let size = 1 + rng.below(left.min(6));
        left -= size;
        let sym = SYMS[rng.below(SYMS.len())];
        let mut tok = match sym.split_at(1) {
            (v, off) if !off.is_empty() => format!("({}{off})", v.repeat(size)),
            _ => sym.repeat(size),
        };
        let var = sym.starts_with(['n', 'm']);
        let digit = sym.chars().all(|c| c.is_ascii_digit() && c != '0');
        if var || digit || sym == "D" {
            tok.push(['a', 'b', 'c'][rng.below(3)]);
        }
        has_digit |= digit;
        if var {
            vars.insert(&sym[..1]);
        }
        tokens.push(tok);
    }
    let mut line = format!(
        "{} : {} {}",
        tokens.join(" "),
        10 + rng.below(50),
        if rng.chance(30) { "C" } else { "X" }
    );
    if has_digit {
        line.push_str(
            [
                " any",
                " shift=0,2",
                " any odd",
                " any only=2,4,6,8",
                " a=B",
                "",
            ][rng.below(6)],
        );
    } else if !vars.is_empty() {
        line.push_str(["", " odd", " only=2,4,6,8", " a=B"][rng.below(4)]);
    }
    for v in vars {
        let range = ["", "", "odd", "2-7", "1,5,9"][rng.below(5)];
        if !range.is_empty() {
            line.push_str(&format!(" {v}={range}"));
        }
    }
    if rng.chance(25) {
        line.push_str([" suits=1,3", " suits=1", " suits=1,2", " suits=2"][rng.below(4)]);
    }
    line
}

fn random_card(rng: &mut Rng) -> Card {
    for _ in 0..1000 {
        let mut text = String::from("[Mixed]\n");
        for _ in 0..3 {
            text.push_str(&random_line(rng));
            text.push('\n');
        }
        text.push_str("[Singles and Pairs]\n");
        text.push_str("NN EE 1a 1b 1c 2a 2b 2c FF 00 : 50 C any\n");
        // `a=B` on a line without `a` (and the like) is an error; draw again.
        if let Ok(c) = Card::parse(&text) {
            return c;
        }
    }
    panic!("no random card parsed in 1000 tries: the generator is broken");
}

fn random_tile(rng: &mut Rng) -> Tile {
    Tile::from_index(rng.below(36) as u8).unwrap()
}

/// A rack: often made from a variant of a line (jokers, exposures, a tile
/// changed), sometimes 14 random tiles.
fn random_rack(rng: &mut Rng, card: &Card) -> (Vec<Tile>, Vec<Vec<Tile>>) {
    let line = &card.lines()[rng.below(card.lines().len())];
    let variants = card.variants_of(line.id);
    if variants.is_empty() || rng.chance(15) {
        return ((0..14).map(|_| random_tile(rng)).collect(), Vec::new());
    }
    let v = &variants[rng.below(variants.len())];
    let mut concealed = Vec::new();
    let mut exposures = Vec::new();
    // Naturals past the set's copies become jokers where a joker may stand.
    let mut used = [0u8; 36];
    for g in &v.groups {
        let tiles: Vec<Tile> = (0..g.size)
            .map(|_| {
                let k = g.tile.index();
                let spent = used[k] >= g.tile.copies_in_set();
                if g.size >= 3 && (spent || rng.chance(25)) {
                    Tile::JOKER
                } else {
                    used[k] += 1;
                    g.tile
                }
            })
            .collect();
        let all_jokers = tiles.iter().all(|t| t.is_joker());
        // Now and then a pair or single exposed: never a group (refused).
        let exposable = g.size >= 3 || rng.chance(5);
        if rng.chance(if line.concealed_only { 5 } else { 30 }) && !all_jokers && exposable {
            exposures.push(tiles);
        } else {
            concealed.extend(tiles);
        }
    }
    if rng.chance(30) && !concealed.is_empty() {
        let i = rng.below(concealed.len());
        concealed[i] = random_tile(rng);
    }
    if rng.chance(10) && exposures.len() >= 2 {
        // Two exposures merged: must never be one group.
        let b = exposures.pop().unwrap();
        exposures[0].extend(b);
    }
    // Shuffle the concealed tiles.
    for i in (1..concealed.len()).rev() {
        concealed.swap(i, rng.below(i + 1));
    }
    (concealed, exposures)
}
#[test]
fn generator_makes_wins_with_jokers_and_exposures() {
    // The property tests below are only as good as their racks: check that
    // many are wins, some with exposures and jokers, and some are not.
    let (mut racks, mut wins, mut exposed_wins, mut joker_wins) = (0, 0, 0, 0);
    let mut refused = 0;
    for seed in 1..=60u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let card = random_card(&mut rng);
        let refc = ref_card(&card);
        for _ in 0..12 {
            let (concealed, exposures) = random_rack(&mut rng, &card);
            racks += 1;
            let got = card.mahjong(&concealed, &exposures);
            let want = reference(&refc, &concealed, &exposures);
            assert_eq!(got.is_ok(), want.is_some(), "{:?}", got.as_ref().err());
            let got = got.unwrap_or_default();
            refused += usize::from(want.is_none());
            let ids: BTreeSet<usize> = got.iter().map(|m| m.line).collect();
            assert_eq!(ids, want.unwrap_or_default());
            if !got.is_empty() {
                wins += 1;
                exposed_wins += usize::from(!exposures.is_empty());
                joker_wins += usize::from(got[0].jokers_used > 0);
            }
        }
    }
    assert!(wins * 4 > racks, "{wins} wins of {racks}");
    assert!(wins * 10 < racks * 9, "{wins} wins of {racks}");
    assert!(exposed_wins * 10 > wins, "{exposed_wins} exposed of {wins}");
    assert!(joker_wins * 10 > wins, "{joker_wins} with jokers of {wins}");
    // Some racks are refused (a pair exposed, a sextet without jokers), not most.
    assert!(
        refused > 0 && refused * 4 < racks,
        "{refused} refused of {racks}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn matcher_agrees_with_brute_force(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let card = random_card(&mut rng);
        let refc = ref_card(&card);
        for _ in 0..12 {
            let (concealed, exposures) = random_rack(&mut rng, &card);
            let got = card.mahjong(&concealed, &exposures);
            let want = reference(&refc, &concealed, &exposures);
            prop_assert_eq!(got.is_ok(), want.is_some(), "refused: {:?}", got.as_ref().err());
            let got = got.unwrap_or_default();
            let want = want.unwrap_or_default();
            let ids: BTreeSet<usize> = got.iter().map(|m| m.line).collect();
            prop_assert_eq!(&ids, &want, "card:\n{}\nrack {:?} exposures {:?}", card.show(), concealed, exposures);
            prop_assert_eq!(card.is_mahjong(&concealed, &exposures), !want.is_empty());
            for m in &got {
                check_assignment(m, &concealed, &exposures);
            }
        }
    }

    #[test]
    fn expansion_agrees_with_brute_force(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let card = random_card(&mut rng);
        for line in card.lines() {
            let mut got: Vec<Vec<(Tile, u8)>> = card
                .variants_of(line.id)
                .iter()
                .map(|v| {
                    let mut g: Vec<(Tile, u8)> = v.groups.iter().map(|g| (g.tile, g.size)).collect();
                    g.sort();
                    g
                })
                .collect();
            got.sort();
            prop_assert_eq!(got, ref_variants(line));
            // The line printed back reads as the same line.
            let again = Card::parse(&format!("[{}]\n{}\n", line.section, line.to_text()))
                .expect("a printed line parses");
            prop_assert_eq!(&again.lines()[0].alternatives, &line.alternatives);
            prop_assert_eq!(&again.lines()[0].options, &line.options);
        }
    }

    #[test]
    fn one_tile_short_of_a_win_needs_one(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let card = random_card(&mut rng);
        let (mut concealed, exposures) = random_rack(&mut rng, &card);
        let wins = card.mahjong(&concealed, &exposures).unwrap_or_default();
        if let (Some(w), false) = (wins.first(), concealed.is_empty()) {
            let near = card.nearest(&concealed, &exposures, 50);
            prop_assert_eq!(near[0].tiles_needed, 0);
            let gone = concealed.remove(rng.below(concealed.len()));
            let near = card.nearest(&concealed, &exposures, 50);
            let that = near.iter().find(|n| n.line == w.line).expect("the line is still listed");
            prop_assert_eq!(that.tiles_needed, 1);
            prop_assert!(near.iter().all(|n| n.tiles_needed >= 1));
            // Getting the tile it names wins that line again.
            prop_assert_eq!(that.needed.len(), 1);
            concealed.push(that.needed[0]);
            let again = card.mahjong(&concealed, &exposures);
            prop_assert!(again.as_ref().is_ok_and(|m| m.iter().any(|m| m.line == w.line)), "removed {}, got {}: {:?}\n{}", gone, that.needed[0], again, card.show());
        }
    }

    /// The block search (`nearest_live` without exposures) gives exactly
    /// what the search before it gives (`nearest_by_variant`): lines, order,
    /// tiles needed and useless, jokers used; with and without tiles out of
    /// play; and with exposures, the lines described as before.
    #[test]
    fn nearest_by_block_agrees_with_variant_by_variant(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let card = random_card(&mut rng);
        for _ in 0..12 {
            let (concealed, exposures) = random_rack(&mut rng, &card);
            let out = rng.chance(50).then(|| random_unavailable(&mut rng));
            let top = 1 + rng.below(30);
            // As dealt (exposures described the new way), and all concealed.
            let mut all = concealed.clone();
            for e in &exposures {
                all.extend(e);
            }
            all.truncate(rng.below(15));
            for (concealed, exposures) in [(&concealed, &exposures), (&all, &Vec::new())] {
                prop_assert_eq!(
                    card.nearest_live(concealed, exposures, out.as_ref(), top),
                    card.nearest_by_variant(concealed, exposures, out.as_ref(), top),
                    "card:\n{}\nrack {:?} {:?} out {:?} top {}", card.show(), concealed, exposures, out, top
                );
            }
        }
    }

    /// The same on the practice card (758 hands in 12 blocks), racks of 0 to
    /// 14 tiles drawn from the 152, up to 60 lines asked for.
    #[test]
    fn nearest_by_block_agrees_on_the_practice_card(seed in any::<u64>()) {
        let card = practice();
        let mut rng = Rng(seed | 1);
        for _ in 0..8 {
            let mut wall = full_set();
            for i in (1..wall.len()).rev() {
                wall.swap(i, rng.below(i + 1));
            }
            let rack = &wall[..rng.below(15)];
            let out = rng
                .chance(50)
                .then(|| Counts::from_tiles(&wall[14..14 + rng.below(80)]));
            let top = 1 + rng.below(60);
            prop_assert_eq!(
                card.nearest_live(rack, &[], out.as_ref(), top),
                card.nearest_by_variant(rack, &[], out.as_ref(), top),
                "rack {:?} out {:?} top {}", rack, out, top
            );
        }
    }
}

/// Tiles out of play: up to 60 of random kinds (more than the set holds of
/// one now and then, which the search must bear).
fn random_unavailable(rng: &mut Rng) -> Counts {
    let mut out = Counts::default();
    for _ in 0..rng.below(60) {
        out.add(random_tile(rng));
    }
    out
}

fn practice() -> &'static Card {
    static CARD: std::sync::OnceLock<Card> = std::sync::OnceLock::new();
    CARD.get_or_init(Card::practice)
}
