//! Helpers shared by the engine's tests: tables set up tile by tile.
#![allow(dead_code)]

use jongg_game::{Action, Call, Event, Game, Table, ToyJudge};
use jongg_tiles::{BySeat, Counts, Seat, Tile, full_set, parse_tiles};

pub static TOY: ToyJudge = ToyJudge;

pub fn tiles(s: &str) -> Vec<Tile> {
    parse_tiles(s).unwrap()
}

pub fn t(s: &str) -> Tile {
    s.parse().unwrap()
}

/// A table as it stood after the Charleston: each rack starts with the
/// given tiles and is filled up (dealer 14, others 13) with tiles nobody
/// named, taken from the flowers and honours first (never a joker); the wall
/// starts with `wall` and goes on with the rest.
pub fn position(table: Table, hands: [&str; 4], wall: &str) -> Game<'static> {
    let mut left = Counts::from_tiles(&full_set());
    let named: Vec<Vec<Tile>> = hands.iter().map(|h| tiles(h)).collect();
    let front = tiles(wall);
    for tile in named.iter().flatten().chain(&front) {
        assert!(left.remove(*tile), "too many {tile} in the test set-up");
    }
    // Filler order: flowers, dragons, winds, then suits high to low.
    let order: Vec<Tile> = {
        let mut v: Vec<Tile> = Tile::all_kinds().filter(|t| !t.is_joker()).collect();
        v.reverse();
        v
    };
    let take = |n: usize, left: &mut Counts| -> Vec<Tile> {
        let mut out = Vec::new();
        for tile in &order {
            while out.len() < n && left.get(*tile) > 0 {
                left.remove(*tile);
                out.push(*tile);
            }
        }
        out
    };
    let mut racks: BySeat<Vec<Tile>> = BySeat::default();
    for s in Seat::ALL {
        if !table.present[s] {
            assert!(named[s.index()].is_empty());
            continue;
        }
        let want = if s == table.dealer { 14 } else { 13 };
        let mut rack = named[s.index()].clone();
        assert!(rack.len() <= want, "{s} has too many tiles in the set-up");
        let more = take(want - rack.len(), &mut left);
        rack.extend(more);
        racks[s] = rack;
    }
    let mut w = front;
    w.extend(left.to_tiles());
    Game::from_position(table, racks, w, &TOY).unwrap()
}

/// A four-player game dealt (East dealing) so that each rack starts with the
/// given tiles, filled up as in [`position`]; the Charleston is next.
pub fn dealt(hands: [&str; 4]) -> Game<'static> {
    let g = position(Table::standard(), hands, "");
    // Read the racks back from the arranged game and lay them out in the
    // order of the deal: three rounds of four, then one each, then East's last.
    let racks: Vec<Vec<Tile>> = Seat::ALL
        .iter()
        .map(|s| g.view(*s).hand().to_tiles())
        .collect();
    let mut rest = Counts::from_tiles(&full_set());
    for r in &racks {
        for t in r {
            rest.remove(*t);
        }
    }
    let mut at = [0usize; 4];
    let mut wall = Vec::new();
    for _ in 0..3 {
        for s in 0..4 {
            wall.extend_from_slice(&racks[s][at[s]..at[s] + 4]);
            at[s] += 4;
        }
    }
    for s in 0..4 {
        wall.push(racks[s][at[s]]);
        at[s] += 1;
    }
    wall.push(racks[0][13]);
    wall.extend(rest.to_tiles());
    Game::from_wall(Table::standard(), wall, &TOY).unwrap()
}

pub fn act(g: &mut Game<'_>, seat: Seat, a: Action) -> Vec<Event> {
    match g.act(seat, &a) {
        Ok(e) => e.to_vec(),
        Err(r) => panic!("{a:?} refused: {r}"),
    }
}

/// Asserts the action is refused, the state unchanged, and the reason says `why`.
pub fn refused(g: &mut Game<'_>, seat: Seat, a: Action, why: &str) {
    let before = g.state().clone();
    let n = g.events().len();
    match g.act(seat, &a) {
        Ok(e) => panic!("{a:?} accepted: {e:?}"),
        Err(r) => assert!(
            r.reason.contains(why),
            "reason `{}` lacks `{why}`",
            r.reason
        ),
    }
    assert_eq!(g.state(), &before, "a refusal changed the state");
    assert_eq!(g.events().len(), n);
}

pub fn discard(g: &mut Game<'_>, seat: Seat, tile: &str) {
    act(g, seat, Action::Discard { tile: t(tile) });
}

/// Every other live seat declines the discard on the table.
pub fn all_decline(g: &mut Game<'_>) {
    let seats: Vec<Seat> = g.awaiting().collect();
    for s in seats {
        act(g, s, Action::Decline);
    }
}

pub fn claim(g: &mut Game<'_>, seat: Seat, call: Call) {
    act(g, seat, Action::Claim { call });
}
