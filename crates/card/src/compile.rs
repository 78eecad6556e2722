//! The compiled card: every line expanded into its concrete variants (each a
//! list of groups of one tile kind) with count vectors, masks and an index,
//! so that a query never re-reads patterns.

use crate::pattern::{Line, Shift, Sym};
use jongg_tiles::{Dragon, KIND_COUNT, Suit, Tile, Wind};

/// Kinds that can appear in a group (no joker).
pub const NATURAL_KINDS: usize = KIND_COUNT - 1;

/// One concrete group: `size` tiles of `tile`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Group {
    pub tile: Tile,
    pub size: u8,
}

impl Group {
    /// Jokers may stand only in pungs, kongs, quints and sextets.
    pub fn joker_ok(self) -> bool {
        self.size >= 3
    }
}

/// Per kind of a variant: how many tiles it needs and how many of them must be
/// natural (because they stand in singles or pairs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need {
    pub kind: u8,
    pub total: u8,
    pub natural: u8,
}

/// One concrete way to make a line.
#[derive(Clone, Debug)]
pub struct Variant {
    /// Index into `Card::lines`.
    pub line: u32,
    /// The groups in the order the line writes them.
    pub groups: Vec<Group>,
    /// Needs per kind, kinds ascending.
    pub needs: Vec<Need>,
    /// Bit k set when kind k is in some group.
    pub mask: u64,
    /// Bit k set when kind k must be natural somewhere (a single or pair).
    pub natural_mask: u64,
    /// The naturals of a jokerless make, per kind.
    pub counts: [u8; KIND_COUNT],
    /// Per kind, the tiles standing in singles and pairs (naturals only).
    pub natural: [u8; KIND_COUNT],
    /// Per kind, the tiles standing in pungs or larger (jokers allowed).
    pub eligible: [u8; KIND_COUNT],
}

impl Variant {
    fn new(line: u32, groups: Vec<Group>) -> Variant {
        let mut counts = [0u8; KIND_COUNT];
        let mut natural = [0u8; KIND_COUNT];
        for g in &groups {
            counts[g.tile.index()] += g.size;
            if !g.joker_ok() {
                natural[g.tile.index()] += g.size;
            }
        }
        let mut needs = Vec::new();
        let (mut mask, mut natural_mask) = (0u64, 0u64);
        for k in 0..NATURAL_KINDS {
            if counts[k] > 0 {
                needs.push(Need {
                    kind: k as u8,
                    total: counts[k],
                    natural: natural[k],
                });
                mask |= 1 << k;
                if natural[k] > 0 {
                    natural_mask |= 1 << k;
                }
            }
        }
        Variant {
            line,
            groups,
            needs,
            mask,
            natural_mask,
            counts,
            natural,
            eligible: std::array::from_fn(|k| counts[k] - natural[k]),
        }
    }

    /// A key equal for variants with the same groups in any order.
    fn key(&self) -> Vec<Group> {
        let mut g = self.groups.clone();
        g.sort();
        g
    }

    /// Whether the 152 tiles can make this variant: every single and pair
    /// natural, and the rest within the four (eight for Flowers) copies plus
    /// the eight jokers.
    pub fn makeable(&self) -> bool {
        let mut jokers = 0u32;
        for n in &self.needs {
            let copies = Tile::from_index(n.kind).map_or(4, |t| t.copies_in_set());
            if n.natural > copies {
                return false;
            }
            jokers += n.total.saturating_sub(copies) as u32;
        }
        jokers <= 8
    }
}

/// All variants of one line, deduplicated.
pub fn expand(line: &Line, line_index: u32) -> Vec<Variant> {
    let mut out: Vec<Variant> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pat in &line.alternatives {
        let mut vars: Vec<u8> = pat
            .groups
            .iter()
            .filter_map(|g| g.suit.map(|s| s.0))
            .collect();
        vars.sort_unstable();
        vars.dedup();
        let numbers: Vec<u8> = pat
            .groups
            .iter()
            .filter_map(|g| {
                if let Sym::Num(n) = g.sym {
                    Some(n)
                } else {
                    None
                }
            })
            .collect();
        let shifts: Vec<i8> = match &line.options.shift {
            Shift::Fixed => vec![0],
            Shift::Any => (-8..=8).collect(),
            Shift::Offsets(v) => v.clone(),
        };
        for &k in &shifts {
            let fits = numbers.iter().all(|&n| {
                let m = n as i8 + k;
                (1..=9).contains(&m) && line.options.allows_number(m as u8)
            });
            if !fits {
                continue;
            }
            for suits in suit_assignments(&vars, &line.options.pinned) {
                for groups in concrete(pat, k, &suits) {
                    let v = Variant::new(line_index, groups);
                    if seen.insert(v.key()) {
                        out.push(v);
                    }
                }
            }
        }
    }
    out
}

/// Every injective map from the suit letters used to suits, honouring pins.
/// Returned as a table indexed by letter (unused letters hold Dots).
fn suit_assignments(vars: &[u8], pinned: &[Option<Suit>; 3]) -> Vec<[Suit; 3]> {
    let mut out = Vec::new();
    let mut cur = [Suit::Dots; 3];
    fn go(
        i: usize,
        vars: &[u8],
        pinned: &[Option<Suit>; 3],
        cur: &mut [Suit; 3],
        out: &mut Vec<[Suit; 3]>,
    ) {
        if i == vars.len() {
            out.push(*cur);
            return;
        }
        let v = vars[i] as usize;
        for s in Suit::ALL {
            if pinned[v].is_some_and(|p| p != s) || vars[..i].iter().any(|&u| cur[u as usize] == s)
            {
                continue;
            }
            cur[v] = s;
            go(i + 1, vars, pinned, cur, out);
        }
    }
    go(0, vars, pinned, &mut cur, &mut out);
    out
}

/// The concrete group lists of one pattern for one shift and suit map:
/// several when the pattern has `d` (any dragon) or `w` (any wind) groups.
fn concrete(pat: &crate::pattern::Pattern, shift: i8, suits: &[Suit; 3]) -> Vec<Vec<Group>> {
    // Fixed part first; `None` marks a slot still to choose.
    let mut base: Vec<Option<Group>> = Vec::with_capacity(pat.groups.len());
    let mut fixed_dragons: Vec<Dragon> = Vec::new();
    let mut fixed_winds: Vec<Wind> = Vec::new();
    for g in &pat.groups {
        let suit = g.suit.map(|v| suits[v.0 as usize]);
        let tile = match g.sym {
            Sym::Num(n) => suit.and_then(|s| Tile::suited(s, (n as i8 + shift) as u8)),
            Sym::Zero => Some(Tile::dragon(Dragon::White)),
            Sym::SuitDragon => suit.map(|s| Tile::dragon(s.dragon())),
            Sym::Red => Some(Tile::dragon(Dragon::Red)),
            Sym::Green => Some(Tile::dragon(Dragon::Green)),
            Sym::Flower => Some(Tile::FLOWER),
            Sym::Wind(w) => Some(Tile::wind(w)),
            Sym::AnyDragon | Sym::AnyWind => None,
        };
        match g.sym {
            Sym::Zero => fixed_dragons.push(Dragon::White),
            Sym::Red => fixed_dragons.push(Dragon::Red),
            Sym::Green => fixed_dragons.push(Dragon::Green),
            Sym::Wind(w) => fixed_winds.push(w),
            _ => {}
        }
        base.push(tile.map(|tile| Group { tile, size: g.size }));
    }
    let mut out = Vec::new();
    let mut cur = base.clone();
    fn go(
        i: usize,
        pat: &crate::pattern::Pattern,
        fixed_dragons: &[Dragon],
        fixed_winds: &[Wind],
        cur: &mut Vec<Option<Group>>,
        out: &mut Vec<Vec<Group>>,
    ) {
        if i == cur.len() {
            out.push(cur.iter().map(|g| g.expect("every slot chosen")).collect());
            return;
        }
        let g = pat.groups[i];
        let choices: Vec<Tile> = match g.sym {
            Sym::AnyDragon => Dragon::ALL
                .iter()
                .filter(|d| !fixed_dragons.contains(d))
                .map(|&d| Tile::dragon(d))
                .collect(),
            Sym::AnyWind => Wind::ALL
                .iter()
                .filter(|w| !fixed_winds.contains(w))
                .map(|&w| Tile::wind(w))
                .collect(),
            _ => {
                go(i + 1, pat, fixed_dragons, fixed_winds, cur, out);
                return;
            }
        };
        for t in choices {
            // Different from the other "any" groups chosen so far.
            if cur[..i]
                .iter()
                .zip(&pat.groups)
                .any(|(c, pg)| pg.sym == g.sym && c.is_some_and(|c| c.tile == t))
            {
                continue;
            }
            cur[i] = Some(Group {
                tile: t,
                size: g.size,
            });
            go(i + 1, pat, fixed_dragons, fixed_winds, cur, out);
        }
        cur[i] = None;
    }
    go(0, pat, &fixed_dragons, &fixed_winds, &mut cur, &mut out);
    out
}

/// Bit sets over variants, one per tile kind: the variants holding that kind.
#[derive(Clone, Debug, Default)]
pub struct KindIndex {
    pub words: usize,
    /// `NATURAL_KINDS * words` words.
    pub sets: Vec<u64>,
}

impl KindIndex {
    pub fn build(variants: &[Variant]) -> KindIndex {
        let words = variants.len().div_ceil(64).max(1);
        let mut sets = vec![0u64; NATURAL_KINDS * words];
        for (i, v) in variants.iter().enumerate() {
            for n in &v.needs {
                sets[n.kind as usize * words + i / 64] |= 1 << (i % 64);
            }
        }
        KindIndex { words, sets }
    }

    pub fn set(&self, kind: usize) -> &[u64] {
        &self.sets[kind * self.words..(kind + 1) * self.words]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_card;

    fn variants(text: &str) -> Vec<Variant> {
        let card = parse_card(&format!("[S]\n{text}\n")).unwrap();
        expand(&card.lines[0], 0)
    }

    #[test]
    fn three_suit_like_numbers_dedupe() {
        // Like numbers in three suits: the 6 suit orders give the same tiles.
        let v = variants("FF 1111a 1111b 1111c : 25 X any");
        assert_eq!(v.len(), 9);
        let v = variants("FF 1111a 2222b 3333c : 25 X");
        assert_eq!(v.len(), 6);
    }

    #[test]
    fn shift_parity_and_sets() {
        assert_eq!(variants("11a 222a 3333a 444a 55a : 25 X any").len(), 5 * 3);
        assert_eq!(variants("FF 1111a 1111b 1111c : 25 X any odd").len(), 5);
        assert_eq!(variants("FF 1111a 1111b 1111c : 25 X shift=0,8").len(), 2);
        assert_eq!(
            variants("FF 1111a 1111b 1111c : 25 X any only=2,5").len(),
            2
        );
    }

    #[test]
    fn dragons_follow_suit_letters() {
        // `D` with the numbers' letter: the matching dragon only.
        let v = variants("1111a DDDDa 2222a FF : 25 X");
        assert_eq!(v.len(), 3);
        for var in &v {
            let suit = var.groups[0].tile.suit().unwrap();
            assert_eq!(var.groups[1].tile, Tile::dragon(suit.dragon()));
        }
        // `D` with another letter: one of the two opposite dragons.
        let v = variants("1111a DDDDb 2222a FF : 25 X");
        assert_eq!(v.len(), 6);
        for var in &v {
            let suit = var.groups[0].tile.suit().unwrap();
            assert_ne!(var.groups[1].tile, Tile::dragon(suit.dragon()));
        }
    }

    #[test]
    fn any_winds_and_dragons_differ() {
        let v = variants("www NNNN www dddd : 25 X");
        // Two different winds among E S W (not N): 6 ordered, 3 as sets; 3 dragons.
        assert_eq!(v.len(), 3 * 3);
    }

    #[test]
    fn makeable_checks_the_set() {
        assert!(
            variants("FFFFFF 1111a 1111b : 25 X")
                .iter()
                .all(|v| v.makeable())
        );
        // Three pairs of one natural kind need 6 naturals: impossible.
        assert!(
            variants("11a 11a 11a 2222b FFFF : 25 X")
                .iter()
                .all(|v| !v.makeable())
        );
    }
}
