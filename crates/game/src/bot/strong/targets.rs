//! The strong bot's plan: several lines of the whole card weighed by how
//! near they are, how live their missing tiles still are, and what they pay.

use super::stakes::Stakes;
use jongg_card::{Card, NearHand};
use jongg_tiles::{Counts, KIND_COUNT, Tile};

/// How many near lines it looks at.
pub(super) const CANDIDATES: usize = 12;
/// How many it plays toward at once (compatible lines share their tiles).
pub(super) const KEPT: usize = 3;
/// How many near lines a rack's worth sums, when choosing what to part
/// with. Against three medium bots (2,000 games, four strong bots' speed
/// beside it): 4 lines won 41.0%, 6 lines 43.9% (about 80 games/s), 8 lines
/// 42.2%, 12 lines 42.2% (about 30 games/s).
pub(super) const POTENTIAL: usize = 6;

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

/// What a rack can see of the game: the tiles it can no longer find
/// (`seen`: the floor and every exposure) and those the card search leaves
/// out (`out`: the floor and the other seats' exposed naturals; its own
/// exposures are passed as exposures, and exposed jokers can be redeemed).
#[derive(Clone, Copy, Debug)]
pub(super) struct Sight<'a> {
    pub seen: &'a Counts,
    pub out: &'a Counts,
    pub stakes: &'a Stakes,
}

/// The `top` near lines of the card, each weighed (not normalised), best
/// first.
pub(super) fn weighed(
    card: &Card,
    hand: &Counts,
    racks: &[Vec<Tile>],
    sight: Sight<'_>,
    top: usize,
) -> Vec<Target> {
    let left = unseen(hand, sight.seen);
    let near = card.nearest_live(&hand.to_tiles(), racks, Some(sight.out), top);
    let mut all: Vec<Target> = near
        .into_iter()
        .map(|n| {
            let effort = effort(&n, &left);
            // Each tile further off makes the line about a third as likely;
            // the payoff scales what it is worth.
            let weight =
                (-1.1 * effort).exp() * payoff(&n, hand.get(Tile::JOKER), sight.stakes).sqrt();
            Target {
                near: n,
                effort,
                weight,
            }
        })
        .collect();
    all.sort_by(|a, b| b.weight.total_cmp(&a.weight));
    all
}

/// The lines to play toward, best first.
pub(super) fn choose(
    card: &Card,
    hand: &Counts,
    racks: &[Vec<Tile>],
    sight: Sight<'_>,
) -> Vec<Target> {
    let mut all = weighed(card, hand, racks, sight, CANDIDATES);
    all.truncate(KEPT);
    let sum: f64 = all.iter().map(|t| t.weight).sum();
    if sum > 0.0 {
        for t in &mut all {
            t.weight /= sum;
        }
    }
    all
}

/// What a rack is worth to play on: the weights of its [`POTENTIAL`]
/// nearest lines together (several open lines are worth more than one).
pub(super) fn potential(card: &Card, hand: &Counts, racks: &[Vec<Tile>], sight: Sight<'_>) -> f64 {
    weighed(card, hand, racks, sight, POTENTIAL)
        .iter()
        .map(|t| t.weight)
        .sum()
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
        let none = Counts::default();
        let sight = |seen| Sight {
            seen,
            out: seen,
            stakes: &stakes,
        };
        let fresh = choose(&card, &hand, &[], sight(&none));
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
        let scarce = choose(&card, &hand, &[], sight(&seen));
        let again = scarce.iter().find(|t| t.near.line == best.near.line);
        assert!(again.is_none_or(|t| t.effort > best.effort), "{again:?}");
    }

    #[test]
    fn kept_weights_sum_to_one_and_jokers_are_kept() {
        let card = Card::practice();
        let hand = counts("2Dx2 WD 6D 2B J WD 6B Fx3 2C 5C");
        let none = Counts::default();
        let sight = Sight {
            seen: &none,
            out: &none,
            stakes: &Stakes::of("standard"),
        };
        let targets = choose(&card, &hand, &[], sight);
        let sum: f64 = targets.iter().map(|t| t.weight).sum();
        assert!((sum - 1.0).abs() < 1e-9 && targets.len() <= KEPT);
        let keep = keep_value(&targets, &hand);
        assert!(keep[Tile::JOKER.index()].is_infinite());
    }

    #[test]
    fn a_rack_loses_worth_with_a_tile_its_lines_need_and_none_with_a_spare_one() {
        // The strong bot parts with the tile whose loss costs its near lines
        // least; a tile every near line holds spare costs nothing, which is
        // what lets it skip searching the card again for that tile.
        let card = Card::practice();
        let hand = counts("2Dx2 WD 6D 2B J WD 6B Fx3 2C 5C 9B");
        let none = Counts::default();
        let stakes = Stakes::of("standard");
        let sight = Sight {
            seen: &none,
            out: &none,
            stakes: &stakes,
        };
        let lines = weighed(&card, &hand, &[], sight, POTENTIAL);
        let base = potential(&card, &hand, &[], sight);
        assert!((base - lines.iter().map(|l| l.weight).sum::<f64>()).abs() < 1e-12);
        let without = |t: &str| {
            let mut h = hand;
            h.remove(parse_tiles(t).unwrap()[0]);
            potential(&card, &h, &[], sight)
        };
        let nine = parse_tiles("9B").unwrap()[0];
        assert!(lines.iter().all(|l| l.near.useless.contains(&nine)));
        assert_eq!(without("9B"), base);
        // A Flower: the best line wants it.
        assert!(!lines[0].near.useless.contains(&Tile::FLOWER));
        assert!(without("F") < base, "{} vs {base}", without("F"));
    }
}
