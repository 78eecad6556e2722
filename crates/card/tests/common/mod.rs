//! An independent reference for the card's tests: a brute-force expansion
//! of a parsed line and a brute-force matcher. It shares nothing with the
//! library but the parsed `Line`: it expands a line by trying every suit
//! map, offset, variable value and wind/dragon choice, and matches by trying
//! every placement of every tile into the groups.
#![allow(dead_code)]

use jongg_card::{Card, Line, Shift, Sym};
use jongg_tiles::{Dragon, Suit, Tile, Wind};
use std::collections::BTreeSet;

/// A tiny deterministic generator (the seeds come from proptest).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

// ---------- the reference expansion ----------

pub fn ref_variants(line: &Line) -> Vec<Vec<(Tile, u8)>> {
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
        let var_used: [bool; 3] = std::array::from_fn(|i| {
            pat.groups
                .iter()
                .any(|g| matches!(g.sym, Sym::Var { var, .. } if var.0 as usize == i))
        });
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
                        if !var_used[i] {
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

pub fn fits(tile: Tile, group: (Tile, u8)) -> bool {
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
pub type RefCard = Vec<(usize, bool, Vec<Vec<(Tile, u8)>>)>;

pub fn ref_card(card: &Card) -> RefCard {
    card.lines()
        .iter()
        .map(|l| (l.id, l.concealed_only, ref_variants(l)))
        .collect()
}

/// Whether a game can hold the rack: 14 tiles, each exposure three to six
/// tiles of one kind (jokers aside, at least one natural), and no more of a
/// tile than the set has.
pub fn ref_holdable(concealed: &[Tile], exposures: &[Vec<Tile>]) -> bool {
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
pub fn reference(
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

pub fn check_assignment(m: &jongg_card::MahjongMatch, concealed: &[Tile], exposures: &[Vec<Tile>]) {
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
