//! The strong bot's plan: several lines of the whole card weighed by how
//! near they are, how live their missing tiles still are, and what they pay.

use super::stakes::Stakes;
use jongg_card::{Card, NearHand};
use jongg_tiles::{Counts, KIND_COUNT, Tile};

/// How many near lines it looks at.
pub(super) const CANDIDATES: usize = 12;
/// How many it plays toward at once (compatible lines share their tiles).
pub(super) const KEPT: usize = 3;

/// One line the bot plays toward, with its weight (the kept weights sum to 1).
#[derive(Clone, Debug)]
pub(super) struct Target {
    pub near: NearHand,
    /// Tiles to get, counting a scarce tile as more than one.
    pub effort: f64,
    pub weight: f64,
}

/// Copies of each kind this seat has not seen: in the wall or other racks.
pub(super) fn unseen(hand: &Counts, seen: &Counts) -> [u8; KIND_COUNT] {
    let mut out = [0u8; KIND_COUNT];
    for t in Tile::all_kinds() {
        out[t.index()] = t
            .copies_in_set()
            .saturating_sub(seen.get(t))
            .saturating_sub(hand.get(t));
    }
    out
}

/// The effort a line takes: each missing tile counts more the fewer copies
/// are left to find (all seen but one: twice); a concealed line grows from
/// the wall alone, so it counts as farther.
fn effort(n: &NearHand, left: &[u8; KIND_COUNT]) -> f64 {
    let mut want = [0u8; KIND_COUNT];
    for t in &n.needed {
        want[t.index()] += 1;
    }
    let mut e = 0.0;
    for t in Tile::all_kinds() {
        let w = want[t.index()];
        if w == 0 {
            continue;
        }
        // A joker needed, or a kind with as many left as wanted, is hard to find.
        let avail = f64::from(left[t.index()]) + if t.is_joker() { 0.0 } else { 1.0 };
        e += f64::from(w) * (1.0 + f64::from(w) / (avail + 1.0));
    }
    if n.concealed_only { e + 1.5 } else { e }
}

/// What the line pays the winner under the preset, roughly: its card value,
/// and the jokerless bonus when no joker is held or needed.
fn payoff(n: &NearHand, jokers_held: u8, stakes: &Stakes) -> f64 {
    let jokerless =
        jokers_held == 0 && n.jokers_used == 0 && !n.needed.iter().any(|t| t.is_joker());
    f64::from(n.value)
        + if jokerless {
            f64::from(stakes.jokerless)
        } else {
            0.0
        }
}

/// The lines to play toward, best first.
pub(super) fn choose(
    card: &Card,
    hand: &Counts,
    racks: &[Vec<Tile>],
    seen: &Counts,
    stakes: &Stakes,
) -> Vec<Target> {
    let left = unseen(hand, seen);
    let near = card.nearest_live(&hand.to_tiles(), racks, Some(seen), CANDIDATES);
    let mut all: Vec<Target> = near
        .into_iter()
        .map(|n| {
            let effort = effort(&n, &left);
            // Each tile further off makes the line about a third as likely;
            // the payoff scales what it is worth.
            let weight = (-1.1 * effort).exp() * payoff(&n, hand.get(Tile::JOKER), stakes).sqrt();
            Target {
                near: n,
                effort,
                weight,
            }
        })
        .collect();
    all.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    all.truncate(KEPT);
    let sum: f64 = all.iter().map(|t| t.weight).sum();
    if sum > 0.0 {
        for t in &mut all {
            t.weight /= sum;
        }
    }
    all
}

/// What keeping one copy of each kind is worth to the plan: the weight of
/// every kept line that would miss it (a line with a spare copy loses nothing).
pub(super) fn keep_value(targets: &[Target], hand: &Counts) -> [f64; KIND_COUNT] {
    let mut value = [0.0; KIND_COUNT];
    for target in targets {
        let useless = Counts::from_tiles(&target.near.useless);
        for t in Tile::all_kinds() {
            if hand.get(t) > 0 && useless.get(t) == 0 {
                value[t.index()] += target.weight;
            }
        }
    }
    // A joker serves any group of three or more: never worth throwing.
    value[Tile::JOKER.index()] = f64::INFINITY;
    value
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::parse_tiles;

    fn counts(s: &str) -> Counts {
        Counts::from_tiles(&parse_tiles(s).unwrap())
    }

    #[test]
    fn a_line_whose_tiles_are_all_seen_counts_as_farther() {
        let card = Card::practice();
        let hand = counts("2Dx2 WD 6D 2B J WD 6B Fx3 2C 5C");
        let stakes = Stakes::of("standard");
        let fresh = choose(&card, &hand, &[], &Counts::default(), &stakes);
        assert!(!fresh.is_empty());
        let best = &fresh[0];
        // Every copy of the best line's first missing natural now seen but one.
        let Some(&missing) = best.near.needed.iter().find(|t| !t.is_joker()) else {
            return;
        };
        let mut seen = Counts::default();
        for _ in 0..missing.copies_in_set() - 1 - hand.get(missing) {
            seen.add(missing);
        }
        let scarce = choose(&card, &hand, &[], &seen, &stakes);
        let again = scarce.iter().find(|t| t.near.line == best.near.line);
        assert!(again.is_none_or(|t| t.effort > best.effort), "{again:?}");
    }

    #[test]
    fn kept_weights_sum_to_one_and_jokers_are_kept() {
        let card = Card::practice();
        let hand = counts("2Dx2 WD 6D 2B J WD 6B Fx3 2C 5C");
        let targets = choose(
            &card,
            &hand,
            &[],
            &Counts::default(),
            &Stakes::of("standard"),
        );
        let sum: f64 = targets.iter().map(|t| t.weight).sum();
        assert!((sum - 1.0).abs() < 1e-9 && targets.len() <= KEPT);
        let keep = keep_value(&targets, &hand);
        assert!(keep[Tile::JOKER.index()].is_infinite());
    }
}
