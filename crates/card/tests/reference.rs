//! The matcher against a brute-force reference, on random small cards and
//! random racks (many of them built from a line, so that wins are common).
//!
//! The reference shares nothing with the matcher but the parsed `Line`: it
//! expands a line by trying every suit map, offset and wind/dragon choice, and
//! matches by trying every placement of every tile into the groups.

use jongg_card::{Card, Line, Shift, Sym};
use jongg_tiles::{Dragon, Suit, Tile, Wind};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// A tiny deterministic generator (the seeds come from proptest).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

// ---------- the reference expansion ----------

fn ref_variants(line: &Line) -> Vec<Vec<(Tile, u8)>> {
    let mut out = BTreeSet::new();
    for pat in &line.alternatives {
        let used: BTreeSet<u8> = pat
            .groups
            .iter()
            .filter_map(|g| g.suit.map(|s| s.0))
            .collect();
        // `suits=`: how many suits the letters may spread over; by default
        // one suit per letter.
        let suit_counts = line.options.suits.unwrap_or(1 << used.len());
        for map in 0..27usize {
            let suits = [
                Suit::ALL[map % 3],
                Suit::ALL[map / 3 % 3],
                Suit::ALL[map / 9],
            ];
            // Unused letters fixed to Dots; pins honoured.
            let ok = (0..3u8).all(|v| {
                if !used.contains(&v) {
                    return suits[v as usize] == Suit::Dots;
                }
                line.options.pinned[v as usize].is_none_or(|p| p == suits[v as usize])
            });
            let spread: BTreeSet<Suit> = used.iter().map(|&v| suits[v as usize]).collect();
            if !ok || suit_counts & (1 << spread.len()) == 0 {
                continue;
            }
            for k in -8i8..=8 {
                let shift_ok = match &line.options.shift {
                    Shift::Fixed => k == 0,
                    Shift::Any => true,
                    Shift::Offsets(v) => v.contains(&k),
                };
                if !shift_ok {
                    continue;
                }
                // Every value of n, m, k (1-9 each; 0 for one unused).
                for code in 0..1000usize {
                    let values = [
                        (code % 10) as i8,
                        (code / 10 % 10) as i8,
                        (code / 100) as i8,
                    ];
                    let vars_ok = (0..3).all(|i| {
                        let is_used = pat
                            .groups
                            .iter()
                            .any(|g| matches!(g.sym, Sym::Var { var, .. } if var.0 as usize == i));
                        if !is_used {
                            return values[i] == 0;
                        }
                        values[i] >= 1
                            && line.options.ranges[i].is_none_or(|r| r & (1 << values[i]) != 0)
                            && (0..3).all(|j| j == i || values[j] != values[i])
                    });
                    if !vars_ok {
                        continue;
                    }
                    // Every number must be on the board and allowed.
                    let numbers_ok = pat.groups.iter().all(|g| {
                        let m = match g.sym {
                            Sym::Num(n) => n as i8 + k,
                            Sym::Var { var, offset } => values[var.0 as usize] + offset,
                            _ => return true,
                        };
                        (1..=9).contains(&m) && line.options.allows_number(m as u8)
                    });
                    if !numbers_ok {
                        continue;
                    }
                    let mut groups = Vec::new();
                    build(pat, &suits, k, &values, &mut groups, &mut out);
                }
            }
        }
    }
    out.into_iter().collect()
}

/// Chooses the tile of each group in turn; "any" groups try every wind or
/// dragon not clashing with a fixed one of the line or an earlier pick.
fn build(
    pat: &jongg_card::Pattern,
    suits: &[Suit; 3],
    k: i8,
    values: &[i8; 3],
    groups: &mut Vec<(Tile, u8)>,
    out: &mut BTreeSet<Vec<(Tile, u8)>>,
) {
    let i = groups.len();
    if i == pat.groups.len() {
        let mut g = groups.clone();
        g.sort();
        out.insert(g);
        return;
    }
    let g = pat.groups[i];
    let suit = g.suit.map(|v| suits[v.0 as usize]);
    let choices: Vec<Tile> = match g.sym {
        Sym::Num(n) => vec![Tile::suited(suit.unwrap(), (n as i8 + k) as u8).unwrap()],
        Sym::Var { var, offset } => {
            vec![Tile::suited(suit.unwrap(), (values[var.0 as usize] + offset) as u8).unwrap()]
        }
        Sym::Zero => vec![Tile::dragon(Dragon::White)],
        Sym::SuitDragon => vec![Tile::dragon(suit.unwrap().dragon())],
        Sym::Red => vec![Tile::dragon(Dragon::Red)],
        Sym::Green => vec![Tile::dragon(Dragon::Green)],
        Sym::Flower => vec![Tile::FLOWER],
        Sym::Wind(w) => vec![Tile::wind(w)],
        Sym::AnyWind => Wind::ALL.iter().map(|&w| Tile::wind(w)).collect(),
        Sym::AnyDragon => Dragon::ALL.iter().map(|&d| Tile::dragon(d)).collect(),
    };
    for t in choices {
        if matches!(g.sym, Sym::AnyWind | Sym::AnyDragon) {
            let clash_fixed = pat.groups.iter().any(|o| match (g.sym, o.sym) {
                (Sym::AnyWind, Sym::Wind(w)) => Tile::wind(w) == t,
                (Sym::AnyDragon, Sym::Red) => t == Tile::dragon(Dragon::Red),
                (Sym::AnyDragon, Sym::Green) => t == Tile::dragon(Dragon::Green),
                (Sym::AnyDragon, Sym::Zero) => t == Tile::dragon(Dragon::White),
                _ => false,
            });
            let clash_pick = (0..i).any(|j| pat.groups[j].sym == g.sym && groups[j].0 == t);
            if clash_fixed || clash_pick {
                continue;
            }
        }
        groups.push((t, g.size));
        build(pat, suits, k, values, groups, out);
        groups.pop();
    }
}

// ---------- the reference matcher ----------

fn fits(tile: Tile, group: (Tile, u8)) -> bool {
    tile == group.0 || (tile.is_joker() && group.1 >= 3)
}

/// Places concealed tiles one by one into the remaining room of the groups.
/// Naturals come first; jokers (all alike) go in non-decreasing group order.
fn place(tiles: &[Tile], groups: &[(Tile, u8)], room: &mut [u8], joker_from: usize) -> bool {
    let Some((&t, rest)) = tiles.split_first() else {
        return room.iter().all(|&r| r == 0);
    };
    let from = if t.is_joker() { joker_from } else { 0 };
    for i in from..groups.len() {
        if room[i] == 0 || !fits(t, groups[i]) {
            continue;
        }
        // Two groups alike with the same room left are the same choice.
        if !t.is_joker() && (0..i).any(|j| groups[j] == groups[i] && room[j] == room[i]) {
            continue;
        }
        room[i] -= 1;
        let ok = place(
            rest,
            groups,
            room,
            if t.is_joker() { i } else { joker_from },
        );
        room[i] += 1;
        if ok {
            return true;
        }
    }
    false
}

/// Maps exposures to distinct groups (trying all), then places the concealed tiles.
fn ref_wins(
    groups: &[(Tile, u8)],
    concealed: &[Tile],
    exposures: &[Vec<Tile>],
    taken: &mut Vec<bool>,
) -> bool {
    let Some((e, rest)) = exposures.split_first() else {
        let mut room: Vec<u8> = groups
            .iter()
            .zip(taken.iter())
            .map(|(g, &t)| if t { 0 } else { g.1 })
            .collect();
        let mut tiles = concealed.to_vec();
        tiles.sort_by_key(|t| t.is_joker());
        return place(&tiles, groups, &mut room, 0);
    };
    for i in 0..groups.len() {
        if !taken[i]
            && e.len() == groups[i].1 as usize
            && e.iter().all(|&t| fits(t, groups[i]))
            && e.iter().any(|t| !t.is_joker())
        {
            taken[i] = true;
            let ok = ref_wins(groups, concealed, rest, taken);
            taken[i] = false;
            if ok {
                return true;
            }
        }
    }
    false
}

/// The reference variants of every line: (id, C, variants).
type RefCard = Vec<(usize, bool, Vec<Vec<(Tile, u8)>>)>;

fn ref_card(card: &Card) -> RefCard {
    card.lines()
        .iter()
        .map(|l| (l.id, l.concealed_only, ref_variants(l)))
        .collect()
}

/// Whether a game can hold the rack: 14 tiles, each exposure three to six
/// tiles of one kind (jokers aside, at least one natural), and no more of a
/// tile than the set has.
fn ref_holdable(concealed: &[Tile], exposures: &[Vec<Tile>]) -> bool {
    let all: Vec<Tile> = concealed
        .iter()
        .chain(exposures.iter().flatten())
        .copied()
        .collect();
    let exposures_ok = exposures.iter().all(|e| {
        let naturals: BTreeSet<Tile> = e.iter().filter(|t| !t.is_joker()).copied().collect();
        (3..=6).contains(&e.len()) && naturals.len() == 1
    });
    let counts_ok = Tile::all_kinds().all(|k| {
        let n = all.iter().filter(|&&t| t == k).count();
        n <= if k.is_joker() || k.is_flower() { 8 } else { 4 }
    });
    all.len() == 14 && exposures_ok && counts_ok
}

/// The lines the rack makes, or `None` for a rack no game can hold.
fn reference(
    card: &RefCard,
    concealed: &[Tile],
    exposures: &[Vec<Tile>],
) -> Option<BTreeSet<usize>> {
    let mut out = BTreeSet::new();
    if !ref_holdable(concealed, exposures) {
        return None;
    }
    for (id, concealed_only, variants) in card {
        if *concealed_only && !exposures.is_empty() {
            continue;
        }
        if variants
            .iter()
            .any(|groups| ref_wins(groups, concealed, exposures, &mut vec![false; groups.len()]))
        {
            out.insert(*id);
        }
    }
    Some(out)
}

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

fn check_assignment(m: &jongg_card::MahjongMatch, concealed: &[Tile], exposures: &[Vec<Tile>]) {
    let mut all: Vec<Tile> = concealed
        .iter()
        .chain(exposures.iter().flatten())
        .copied()
        .collect();
    let mut got: Vec<Tile> = m.assignment.iter().flat_map(|g| g.tiles.clone()).collect();
    all.sort();
    got.sort();
    assert_eq!(all, got, "every tile used once");
    for g in &m.assignment {
        assert_eq!(g.tiles.len(), g.size as usize);
        for &t in &g.tiles {
            assert!(
                fits(t, (g.tile, g.size)),
                "{t} in a group of {} {}",
                g.size,
                g.tile
            );
        }
    }
    let mut exposed: Vec<usize> = m.assignment.iter().filter_map(|g| g.exposure).collect();
    exposed.sort();
    assert_eq!(
        exposed,
        (0..exposures.len()).collect::<Vec<_>>(),
        "each exposure is exactly one group"
    );
    let jokers = all.iter().filter(|t| t.is_joker()).count();
    assert_eq!(m.jokers_used as usize, jokers);
    assert_eq!(m.jokerless, jokers == 0, "R11");
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
}
