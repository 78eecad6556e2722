//! Resolving a Charleston pass: who gives what, blind tiles included (R17),
//! and the deadlock of standard 5E, which East breaks from the rack.

use crate::event::PassKind;
use crate::state::{Charleston, Choice};
use jongg_tiles::{BySeat, Seat, Tile};

/// What each seat gave from its rack, and what it kept of what it received.
pub(crate) type PassResult = (BySeat<Vec<Tile>>, BySeat<Vec<Tile>>);

/// The courtesy pass: each pair across exchanges the smaller offer.
pub(crate) fn courtesy(chosen: &BySeat<Choice>) -> PassResult {
    let n = BySeat::from_fn(|s| chosen[s].tiles.len().min(chosen[s.across()].tiles.len()));
    let gave = BySeat::from_fn(|s| chosen[s].tiles[..n[s]].to_vec());
    let kept = BySeat::from_fn(|s| gave[s.across()].clone());
    (gave, kept)
}

/// A Charleston pass with blind tiles (R17). A seat's outgoing tiles are its
/// own followed by the first `blind` of what it receives; `None` when every
/// seat waits on another (standard 5E: see [`Charleston::east_completes`]).
pub(crate) fn resolve_pass(pass: PassKind, chosen: &BySeat<Option<Choice>>) -> Option<PassResult> {
    /// The first `n` tiles `s` passes: its own, then what it takes unseen.
    fn first(
        pass: PassKind,
        chosen: &BySeat<Option<Choice>>,
        s: Seat,
        n: usize,
        depth: u8,
    ) -> Option<Vec<Tile>> {
        let c = chosen[s].as_ref()?;
        let k = c.tiles.len();
        let mut out = c.tiles[..n.min(k)].to_vec();
        if n > k {
            // Around the table and back: everyone waits on someone.
            if depth >= 4 {
                return None;
            }
            out.extend(first(pass, chosen, pass.giver(s), n - k, depth + 1)?);
        }
        Some(out)
    }
    let mut gave = BySeat::default();
    let mut kept = BySeat::default();
    for s in Seat::ALL {
        let c = chosen[s].as_ref()?;
        let incoming = first(pass, chosen, pass.giver(s), 3, 0)?;
        gave[s] = c.tiles.clone();
        kept[s] = incoming[c.blind as usize..].to_vec();
    }
    Some((gave, kept))
}

impl Charleston {
    /// Standard 5E: every seat has chosen, and every one waits on another for
    /// a blind tile. East, who holds the fourteenth tile, must then complete
    /// the pass from the rack; the others' blind tiles follow from it.
    pub fn east_completes(&self) -> bool {
        self.pass != PassKind::Courtesy
            && self.chosen.0.iter().all(Option::is_some)
            && resolve_pass(self.pass, &self.chosen).is_none()
    }
}
