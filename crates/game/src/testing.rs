//! Helpers for tests of hidden information (used by this crate's tests),
//! behind the `test-support` feature.

use crate::game::Game;
use crate::judge::Judge;
use crate::state::{Phase, State};
use jongg_rules::rng::Rng;
use jongg_tiles::{Counts, Seat, Tile};

/// The same table with every tile `seat` cannot see dealt anew: the rest of
/// the wall and the other racks' concealed tiles (less tiles already chosen
/// for a pass) shuffled among themselves, each rack keeping its size.
pub fn shuffle_hidden(st: &State, seat: Seat, seed: u64) -> State {
    let mut out = st.clone();
    let chosen = |s: Seat| -> Counts {
        match &st.phase {
            Phase::Charleston(c) => c.chosen[s]
                .as_ref()
                .map(|c| Counts::from_tiles(&c.tiles))
                .unwrap_or_default(),
            _ => Counts::default(),
        }
    };
    let others: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| *s != seat && st.table.present[*s])
        .collect();
    let mut pool: Vec<Tile> = st.wall[st.drawn..].to_vec();
    let mut sizes = Vec::new();
    for s in &others {
        let mut free = st.hands[*s];
        let keep = chosen(*s);
        for t in Tile::all_kinds() {
            free.0[t.index()] -= keep.get(t);
        }
        sizes.push(free.total());
        pool.extend(free.to_tiles());
    }
    Rng::new(seed).shuffle(&mut pool);
    let wall_len = st.wall.len() - st.drawn;
    out.wall[st.drawn..].copy_from_slice(&pool[..wall_len]);
    let mut at = wall_len;
    for (s, n) in others.iter().zip(sizes) {
        let mut h = chosen(*s);
        for t in &pool[at..at + n] {
            h.add(*t);
        }
        at += n;
        out.hands[*s] = h;
    }
    out
}

/// A game resumed at this state (with no event history).
pub fn game_at<'j>(state: State, judge: &'j dyn Judge) -> Game<'j> {
    Game::resume(state, judge)
}
