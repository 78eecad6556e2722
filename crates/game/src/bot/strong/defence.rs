//! Defence: how much throwing each kind may cost, from what opponents'
//! exposures show. An opponent's lines are those its exposures still fit,
//! with every tile this seat knows is gone (its own rack included) left out;
//! the tiles those lines still lack are the ones it may be waiting on.

use super::stakes::Stakes;
use crate::view::View;
use jongg_card::Card;
use jongg_tiles::{Counts, KIND_COUNT, Seat, Tile};

/// How many of an opponent's possible lines are weighed.
const LINES: usize = 6;
/// The share of the danger weighed against the bot's own plan: against
/// three medium bots (2,000 games, BENCHMARKS.md) the whole danger won
/// 39.6% of games and threw the winning tile in 2.3%, half of it 42.2% and
/// 2.8%, none 43.8% and 3.5%.
const WEIGHT: f64 = 0.5;

/// How likely an opponent with this many exposures is to be one tile away,
/// early (the wall full) and late (the wall nearly out).
fn readiness(exposures: usize, wall_left: usize) -> f64 {
    let base = match exposures {
        0 => 0.0,
        1 => 0.08,
        2 => 0.3,
        _ => 0.65,
    };
    let late = 1.0 - (wall_left as f64 / 100.0).min(1.0);
    base * (0.5 + 0.5 * late)
}

/// Tiles out of the opponent's reach, as this seat knows them: the floor,
/// the other racks' exposed naturals, and this seat's own rack (as the
/// engine judges a dead hand, `Card::can_still_make`).
fn out_of_reach(view: &View<'_>, opponent: Seat) -> Counts {
    let mut out = *view.hand();
    for (_, t) in view.floor() {
        out.add(*t);
    }
    for s in Seat::ALL.into_iter().filter(|s| *s != opponent) {
        for e in view.exposures(s) {
            // Exposed jokers stay out: they can still be redeemed.
            out.0[e.tile.index()] += e.naturals;
        }
    }
    out
}

/// The points throwing one copy of each kind puts at risk: for every live
/// opponent with exposures, the chance it is the tile they wait on, times
/// the throw penalty of the preset (R3) and the hand's value.
pub(super) fn danger(card: &Card, view: &View<'_>, stakes: &Stakes) -> [f64; KIND_COUNT] {
    let mut risk = [0.0; KIND_COUNT];
    let me = view.seat();
    for o in Seat::ALL {
        let shown = view.exposures(o);
        if o == me || !view.live(o) || shown.is_empty() {
            continue;
        }
        let ready = readiness(shown.len(), view.wall_left());
        let racks: Vec<Vec<Tile>> = shown.iter().map(|e| e.tiles()).collect();
        let lines = card.nearest_live(&[], &racks, Some(&out_of_reach(view, o)), LINES);
        if lines.is_empty() {
            continue;
        }
        let mut share = [0.0; KIND_COUNT];
        let mut value = 0.0;
        for line in &lines {
            let n = line.needed.len().max(1) as f64;
            for t in &line.needed {
                share[t.index()] += 1.0 / n;
            }
            value += f64::from(line.value);
        }
        let k = lines.len() as f64;
        let cost = f64::from(stakes.throw_cost(shown.len())) + value / k;
        for (r, s) in risk.iter_mut().zip(share) {
            *r += WEIGHT * ready * (s / k) * cost;
        }
    }
    risk
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readiness_grows_with_exposures_and_as_the_wall_empties() {
        assert_eq!(readiness(0, 50), 0.0);
        assert!(readiness(1, 50) < readiness(2, 50));
        assert!(readiness(2, 50) < readiness(3, 50));
        assert!(readiness(3, 90) < readiness(3, 10));
    }
}
