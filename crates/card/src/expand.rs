//! Every line expanded into its concrete hands: each choice of suits,
//! offset, number-variable values and any wind or dragon. [`hand_count`]
//! counts them first, without building any, so that a card too big to
//! expand is refused before it is (`lib.rs`).

use crate::compile::{Group, Variant};
use crate::options::{LineOptions, Shift};
use crate::pattern::{Line, NumVar, Pattern, Sym};
use jongg_tiles::{Dragon, Suit, Tile, Wind};

/// What one alternative of a line expands over, before its `d` and `w`
/// groups are picked.
struct Choices {
    /// Offsets of the digits (`any`, `shift`).
    shifts: Vec<i8>,
    /// Values of the number variables, indexed by [`NumVar`] (unused ones 0).
    values: Vec<[u8; NumVar::COUNT]>,
    /// Suit per suit letter, indexed by letter (unused letters hold Dots).
    suit_maps: Vec<[Suit; 3]>,
    /// Ways to pick the `d` and `w` groups.
    picks: u64,
}

impl Choices {
    fn of(line: &Line, pat: &Pattern) -> Choices {
        let options = &line.options;
        let digits: Vec<u8> = pat
            .groups
            .iter()
            .filter_map(|g| match g.sym {
                Sym::Num(n) => Some(n),
                _ => None,
            })
            .collect();
        let candidates: Vec<i8> = match &options.shift {
            Shift::Fixed => vec![0],
            Shift::Any => (-8..=8).collect(),
            Shift::Offsets(v) => v.clone(),
        };
        let shifts = candidates
            .into_iter()
            .filter(|&k| {
                digits.iter().all(|&n| {
                    let m = n as i8 + k;
                    (1..=9).contains(&m) && options.allows_number(m as u8)
                })
            })
            .collect();
        Choices {
            shifts,
            values: var_values(line, pat),
            suit_maps: suit_maps(&pat.letters(), options),
            picks: picks(pat),
        }
    }

    /// Concrete hands before duplicates merge.
    fn count(&self) -> u64 {
        [
            self.shifts.len() as u64,
            self.values.len() as u64,
            self.suit_maps.len() as u64,
        ]
        .iter()
        .fold(self.picks, |a, &b| a.saturating_mul(b))
    }
}

/// The concrete hands a line stands for, counted before duplicates merge:
/// the work of expanding it. Cheap: no hand is built.
pub fn hand_count(line: &Line) -> u64 {
    line.alternatives
        .iter()
        .map(|pat| Choices::of(line, pat).count())
        .fold(0, u64::saturating_add)
}

/// All variants of one line, deduplicated.
pub fn expand(line: &Line, line_index: u32) -> Vec<Variant> {
    let mut out: Vec<Variant> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for pat in &line.alternatives {
        let choices = Choices::of(line, pat);
        for &k in &choices.shifts {
            for values in &choices.values {
                for suits in &choices.suit_maps {
                    for groups in concrete(pat, k, values, suits) {
                        let v = Variant::new(line_index, groups);
                        if seen.insert(v.key()) {
                            out.push(v);
                        }
                    }
                }
            }
        }
    }
    out
}

/// Every choice of values for the number variables the pattern uses: each
/// in its range, different variables different numbers, and every term
/// (with its offset) a number 1-9 that `odd`, `even` and `only` allow.
fn var_values(line: &Line, pat: &Pattern) -> Vec<[u8; NumVar::COUNT]> {
    let used = pat.vars_used();
    let fits = |var: NumVar, value: u8| {
        pat.groups.iter().all(|g| match g.sym {
            Sym::Var { var: v, offset } if v == var => {
                let m = value as i8 + offset;
                (1..=9).contains(&m) && line.options.allows_number(m as u8)
            }
            _ => true,
        })
    };
    let mut out = vec![[0u8; NumVar::COUNT]];
    for i in 0..NumVar::COUNT {
        if used & (1 << i) == 0 {
            continue;
        }
        let var = NumVar(i as u8);
        let range = line.options.range(var);
        let allowed: Vec<u8> = (1..=9)
            .filter(|&v| range & (1 << v) != 0 && fits(var, v))
            .collect();
        out = out
            .into_iter()
            .flat_map(|prefix| {
                allowed
                    .iter()
                    .filter(move |&&v| !prefix[..i].contains(&v))
                    .map(move |&v| {
                        let mut next = prefix;
                        next[i] = v;
                        next
                    })
            })
            .collect();
    }
    out
}

/// Every map from the suit letters used to suits, honouring pins, that
/// spreads the letters over an allowed count of suits (`suits=`; by
/// default as many suits as letters: different letters, different suits).
fn suit_maps(letters: &[u8], options: &LineOptions) -> Vec<[Suit; 3]> {
    let allowed = options.suits.unwrap_or(1 << letters.len());
    let mut out = Vec::new();
    // Letters as base-3 digits, the first letter the most significant, so
    // that maps come in the order the letters are written.
    for code in 0..3usize.pow(letters.len() as u32) {
        let mut map = [Suit::Dots; 3];
        let mut rest = code;
        for &l in letters.iter().rev() {
            map[l as usize] = Suit::ALL[rest % 3];
            rest /= 3;
        }
        let pinned_ok = letters
            .iter()
            .all(|&l| options.pinned[l as usize].is_none_or(|p| p == map[l as usize]));
        let distinct = Suit::ALL
            .iter()
            .filter(|s| letters.iter().any(|&l| map[l as usize] == **s))
            .count();
        if pinned_ok && allowed & (1 << distinct) != 0 {
            out.push(map);
        }
    }
    out
}

/// Ways to pick the pattern's `d` and `w` groups (each different from the
/// fixed dragons or winds and from each other), as [`concrete`] does.
fn picks(pat: &Pattern) -> u64 {
    let (mut any_d, mut any_w) = (0u64, 0u64);
    let (mut dragons, mut winds) = (0u8, 0u8);
    for g in &pat.groups {
        match g.sym {
            Sym::AnyDragon => any_d += 1,
            Sym::AnyWind => any_w += 1,
            Sym::Zero => dragons |= 1 << 2,
            Sym::Red => dragons |= 1,
            Sym::Green => dragons |= 1 << 1,
            Sym::Wind(w) => winds |= 1 << w as u8,
            _ => {}
        }
    }
    // n (n-1) ... (n-k+1): k different picks from n.
    let falling = |n: u64, k: u64| (0..k).fold(1u64, |a, i| a * n.saturating_sub(i));
    falling(3 - dragons.count_ones() as u64, any_d) * falling(4 - winds.count_ones() as u64, any_w)
}

/// The concrete group lists of one pattern for one shift, variable values
/// and suit map: several when the pattern has `d` (any dragon) or `w` (any
/// wind) groups.
fn concrete(
    pat: &Pattern,
    shift: i8,
    values: &[u8; NumVar::COUNT],
    suits: &[Suit; 3],
) -> Vec<Vec<Group>> {
    // Fixed part first; `None` marks a slot still to choose.
    let mut base: Vec<Option<Group>> = Vec::with_capacity(pat.groups.len());
    let mut fixed_dragons: Vec<Dragon> = Vec::new();
    let mut fixed_winds: Vec<Wind> = Vec::new();
    for g in &pat.groups {
        let suit = g.suit.map(|v| suits[v.0 as usize]);
        let tile = match g.sym {
            Sym::Num(n) => suit.and_then(|s| Tile::suited(s, (n as i8 + shift) as u8)),
            Sym::Var { var, offset } => {
                suit.and_then(|s| Tile::suited(s, (values[var.0 as usize] as i8 + offset) as u8))
            }
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
        pat: &Pattern,
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
}
