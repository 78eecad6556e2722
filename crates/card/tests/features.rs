//! The feature card (`cards/features.card`): an original card that uses
//! every feature of the format's feature table (docs/card-format.md, "Every
//! feature"). Every concrete hand it compiles to is found by the matcher,
//! with and without jokers in groups of three or more and with exposures;
//! no joker ever stands in a single or a pair. The brute-force reference of
//! `common/mod.rs` judges every rack independently.

mod common;

use common::{RefCard, Rng, check_assignment, ref_card, ref_variants, reference};
use jongg_card::{Card, Line, SectionKind, Shift, Sym, Token, Variant};
use jongg_tiles::Tile;
use proptest::prelude::*;
use std::sync::OnceLock;

const CARD: &str = include_str!("../../../cards/features.card");
const DOCS: &str = include_str!("../../../docs/card-format.md");

fn card() -> &'static Card {
    static CARD_: OnceLock<Card> = OnceLock::new();
    CARD_.get_or_init(|| Card::parse(CARD).expect("the feature card parses"))
}

fn refc() -> &'static RefCard {
    static REF: OnceLock<RefCard> = OnceLock::new();
    REF.get_or_init(|| ref_card(card()))
}

/// The rows of the docs' feature table: (feature, example).
fn feature_table() -> Vec<(String, String)> {
    let section = DOCS
        .split("\n## Every feature")
        .nth(1)
        .expect("docs/card-format.md has a section `Every feature`");
    let section = section.split("\n## ").next().unwrap_or(section);
    section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.split('|').map(str::trim).collect();
            let unquote = |c: &str| c.trim_matches('`').to_string();
            (unquote(cells[1]), unquote(cells[2]))
        })
        .collect()
}

/// Whether `line` uses the feature of the table named `id`.
fn uses(id: &str, line: &Line) -> bool {
    let groups = || line.alternatives.iter().flat_map(|a| a.groups.iter());
    let has = |f: &dyn Fn(Sym) -> bool| groups().any(|g| f(g.sym));
    match id {
        "suit-letters" => line.alternatives.iter().any(|a| a.letters().len() >= 2),
        "quint" => groups().any(|g| g.size == 5),
        "sextet" => groups().any(|g| g.size == 6),
        "year" => line.alternatives.iter().any(|a| {
            a.tokens.iter().any(|t| match t {
                Token::Groups { first, count } => {
                    let gs = &a.groups[*first..first + count];
                    gs.iter().any(|g| g.sym == Sym::Zero) && gs.iter().any(|g| g.sym.is_number())
                }
                Token::Decoration(_) => false,
            })
        }),
        "flowers" => has(&|s| s == Sym::Flower),
        "named-winds" => has(&|s| matches!(s, Sym::Wind(_))),
        "any-wind" => has(&|s| s == Sym::AnyWind),
        "matching-dragon" | "opposite-dragon" => line.alternatives.iter().any(|a| {
            a.groups.iter().any(|g| {
                let matching = a
                    .groups
                    .iter()
                    .any(|n| n.sym.is_number() && n.suit == g.suit);
                g.sym == Sym::SuitDragon && matching == (id == "matching-dragon")
            })
        }),
        "any-dragon" => has(&|s| s == Sym::AnyDragon),
        "fixed-dragons" => {
            has(&|s| s == Sym::Red) && has(&|s| s == Sym::Green) && has(&|s| s == Sym::Zero)
        }
        "any" => line.options.shift == Shift::Any,
        "shift" => matches!(line.options.shift, Shift::Offsets(_)),
        "odd-even" => line.options.parity.is_some(),
        "only" => line.options.only.is_some(),
        "pin" => line.options.pinned.iter().any(Option::is_some),
        "variables" => line
            .alternatives
            .iter()
            .any(|a| a.vars_used().count_ones() >= 2),
        "offsets" => has(&|s| matches!(s, Sym::Var { offset, .. } if offset != 0)),
        "ranges" => line.options.ranges.iter().any(Option::is_some),
        "suits" => line.options.suits.is_some(),
        "or" => line.alternatives.len() > 1,
        "concealed" => line.concealed_only,
        "decorations" => line
            .alternatives
            .iter()
            .any(|a| a.tokens.iter().any(|t| matches!(t, Token::Decoration(_)))),
        "name" => line.name_given,
        "note" => line.note.is_some(),
        "singles-and-pairs" => line.section_kind == SectionKind::SinglesAndPairs,
        "quints" => line.section_kind == SectionKind::Quints,
        other => {
            panic!("the docs name a feature `{other}` this test cannot recognise: teach `uses`")
        }
    }
}

#[test]
fn the_docs_examples_parse_and_the_feature_card_uses_every_feature() {
    let table = feature_table();
    assert!(
        table.len() >= 25,
        "{} features in the docs' table",
        table.len()
    );
    for (id, example) in &table {
        // Each example is a line (or a section header) of a valid card.
        let text = if example.starts_with('[') {
            format!("{example}\nFF 2222a 4444b 6666c : 25 X\n")
        } else {
            format!("[Example]\n{example}\n")
        };
        let example_card =
            Card::parse(&text).unwrap_or_else(|e| panic!("`{id}` example `{example}`: {e}"));
        let line = example_card.lines().last().expect("a line");
        assert!(
            uses(id, line),
            "the `{id}` example `{example}` does not show it"
        );
        assert!(
            card().lines().iter().any(|l| uses(id, l)),
            "cards/features.card uses no `{id}`"
        );
    }
}

#[test]
fn the_feature_card_is_original_and_lints_clean() {
    assert_eq!(card().warnings(), vec![]);
    assert!(card().lines().len() >= 25);
    // None of its lines is a line of the practice card either.
    let practice = Card::practice();
    for l in card().lines() {
        assert!(
            practice
                .lines()
                .iter()
                .all(|p| p.pattern_text() != l.pattern_text()),
            "{}",
            l.name
        );
    }
}

#[test]
fn the_feature_card_expands_as_the_brute_force_does() {
    for line in card().lines() {
        let mut got: Vec<Vec<(Tile, u8)>> = card()
            .variants_of(line.id)
            .iter()
            .map(|v| {
                let mut g: Vec<(Tile, u8)> = v.groups.iter().map(|g| (g.tile, g.size)).collect();
                g.sort();
                g
            })
            .collect();
        got.sort();
        assert_eq!(got, ref_variants(line), "{}", line.name);
    }
}

/// A rack for a concrete hand: naturals, except jokers where `joker` says
/// so (groups of three or more only, never the first tile) and wherever the
/// set has no natural left; groups of three or more exposed where `expose`
/// says so (X lines only). `None` when no set holds it (more than 8 jokers).
fn rack(
    line: &Line,
    v: &Variant,
    mut joker: impl FnMut() -> bool,
    mut expose: impl FnMut() -> bool,
) -> Option<(Vec<Tile>, Vec<Vec<Tile>>)> {
    let (mut concealed, mut exposures) = (Vec::new(), Vec::new());
    let mut used = [0u8; 36];
    for g in &v.groups {
        let tiles: Vec<Tile> = (0..g.size)
            .map(|i| {
                let spent = used[g.tile.index()] >= g.tile.copies_in_set();
                if g.size >= 3 && i > 0 && (spent || joker()) {
                    Tile::JOKER
                } else {
                    used[g.tile.index()] += 1;
                    g.tile
                }
            })
            .collect();
        if g.size >= 3 && !line.concealed_only && expose() {
            exposures.push(tiles);
        } else {
            concealed.extend(tiles);
        }
    }
    let jokers = concealed
        .iter()
        .chain(exposures.iter().flatten())
        .filter(|t| t.is_joker())
        .count();
    (jokers <= 8).then_some((concealed, exposures))
}

fn found(line: &Line, concealed: &[Tile], exposures: &[Vec<Tile>]) -> Result<(), String> {
    let matches = card()
        .mahjong(concealed, exposures)
        .map_err(|e| format!("{}: refused: {e}", line.name))?;
    for m in &matches {
        check_assignment(m, concealed, exposures);
    }
    if !matches.iter().any(|m| m.line == line.id) {
        return Err(format!(
            "{}: not found for {concealed:?} {exposures:?}",
            line.name
        ));
    }
    let want = reference(refc(), concealed, exposures).expect("a rack a set holds");
    let got: std::collections::BTreeSet<usize> = matches.iter().map(|m| m.line).collect();
    if got != want {
        return Err(format!(
            "{}: matcher {got:?}, reference {want:?}",
            line.name
        ));
    }
    Ok(())
}

#[test]
fn every_concrete_hand_is_found_with_naturals_only() {
    let mut checked = 0;
    for line in card().lines() {
        for v in card().variants_of(line.id) {
            // Jokers only where the set runs out of naturals (a quint of a number).
            let (concealed, exposures) = rack(line, v, || false, || false).expect("makeable");
            found(line, &concealed, &exposures).unwrap();
            checked += 1;
        }
    }
    assert_eq!(checked, card().variant_count());
}

/// A random line and concrete hand, optionally only those with a single or pair.
fn pick(rng: &mut Rng, small_group: bool) -> (&'static Line, &'static Variant) {
    loop {
        let line = &card().lines()[rng.below(card().lines().len())];
        let variants = card().variants_of(line.id);
        let v = &variants[rng.below(variants.len())];
        if !small_group || v.groups.iter().any(|g| g.size < 3) {
            return (line, v);
        }
    }
}

#[test]
fn the_random_racks_carry_jokers_and_exposures() {
    // The property tests below are only as good as their racks.
    let (mut racks, mut with_jokers, mut with_exposures) = (0, 0, 0);
    for seed in 1..=300u64 {
        let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
        let (line, v) = pick(&mut rng, false);
        let mut coin = Rng(rng.next() | 1);
        let mut coin2 = Rng(rng.next() | 1);
        if let Some((concealed, exposures)) = rack(line, v, || coin.chance(40), || coin2.chance(50))
        {
            racks += 1;
            with_jokers += usize::from(
                concealed
                    .iter()
                    .chain(exposures.iter().flatten())
                    .any(|t| t.is_joker()),
            );
            with_exposures += usize::from(!exposures.is_empty());
        }
    }
    assert!(racks > 250, "{racks}");
    assert!(
        with_jokers * 2 > racks,
        "{with_jokers} of {racks} with jokers"
    );
    assert!(
        with_exposures * 3 > racks,
        "{with_exposures} of {racks} with exposures"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_concrete_hand_is_found_with_jokers_and_exposures(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let (line, v) = pick(&mut rng, false);
        let mut coin = Rng(rng.next() | 1);
        let mut coin2 = Rng(rng.next() | 1);
        if let Some((concealed, exposures)) =
            rack(line, v, || coin.chance(40), || coin2.chance(50))
        {
            prop_assert_eq!(found(line, &concealed, &exposures), Ok(()));
        }
    }

    #[test]
    fn no_joker_ever_stands_in_a_single_or_pair(seed in any::<u64>()) {
        let mut rng = Rng(seed | 1);
        let (line, v) = pick(&mut rng, true);
        let mut coin = Rng(rng.next() | 1);
        let Some((mut concealed, exposures)) = rack(line, v, || coin.chance(30), || false) else {
            return Ok(());
        };
        // A joker in place of one tile of a single or pair (all concealed).
        let small: Vec<Tile> = v.groups.iter().filter(|g| g.size < 3).map(|g| g.tile).collect();
        let tile = small[rng.below(small.len())];
        let at = concealed.iter().position(|&t| t == tile).expect("the tile is held");
        concealed[at] = Tile::JOKER;
        let want = reference(refc(), &concealed, &exposures);
        match card().mahjong(&concealed, &exposures) {
            Ok(matches) => {
                // Whatever the rack still makes, no assignment puts a joker
                // in a single or pair, and the reference agrees line for line.
                for m in &matches {
                    check_assignment(m, &concealed, &exposures);
                }
                let got: std::collections::BTreeSet<usize> =
                    matches.iter().map(|m| m.line).collect();
                prop_assert_eq!(Some(got), want);
            }
            // Nine jokers: no set holds the rack.
            Err(_) => prop_assert_eq!(want, None),
        }
    }
}
