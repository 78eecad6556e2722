//! What a spectator and every seat may see of the table as a whole: the
//! public view (no concealed tile, no wall order), who is at each seat, and
//! the racks once the game has ended.

use jongg_game::{
    Began, DeadReason, Exposure, Game, PassKind, Phase, Snapshot, State, Step, Table,
};
use jongg_tiles::{BySeat, Seat, Tile};
use serde::{Deserialize, Serialize};

/// The table as a spectator sees it: a seat's [`Snapshot`] without its
/// rack, its pass or its situation. Built field by field from the public
/// parts only, so a field added to the snapshot is not shown by accident.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PublicSnapshot {
    pub table: Table,
    pub exposures: BySeat<Vec<Exposure>>,
    /// Tiles on each rack (concealed and exposed): public, they can be counted.
    pub rack_len: BySeat<usize>,
    pub dead: BySeat<Option<DeadReason>>,
    pub floor: Vec<(Seat, Tile)>,
    pub wall_left: usize,
    /// Who the engine waits for.
    pub awaiting: BySeat<bool>,
    pub situation: PublicSituation,
}

/// Where the game stands, as anyone may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PublicSituation {
    /// Before the deal.
    Setup,
    /// A Charleston pass: `awaiting` tells who has not chosen.
    Charleston {
        pass: PassKind,
    },
    /// A seat's turn; `begun`: with a pick or a claim (not the dealer's first).
    Turn {
        seat: Seat,
        must_expose: Option<Tile>,
        made: Option<u8>,
        begun: bool,
    },
    /// A seat picks next.
    Pick {
        seat: Seat,
    },
    /// The calling window on a discard: `at` is the discard's event number
    /// (the one a claim names; filled by the table's owner). `awaiting`
    /// names every seat that may call, answered or not: a pass is silent
    /// until the window closes.
    Window {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// After a shown false Mah Jongg (R8).
    MahJonggInError {
        declarer: Seat,
    },
    Over,
}

impl PublicSituation {
    pub fn of(state: &State) -> PublicSituation {
        match state.phase() {
            Phase::Setup => PublicSituation::Setup,
            Phase::Over => PublicSituation::Over,
            Phase::Charleston(c) => PublicSituation::Charleston { pass: c.pass },
            Phase::Play(Step::Turn(t)) => PublicSituation::Turn {
                seat: t.seat,
                must_expose: t.must_expose,
                made: t.made,
                begun: t.began != Began::Dealt,
            },
            Phase::Play(Step::Pick(s)) => PublicSituation::Pick { seat: *s },
            Phase::Play(Step::Window(_)) => PublicSituation::Window { at: None },
            Phase::Play(Step::Error { declarer, .. }) => PublicSituation::MahJonggInError {
                declarer: *declarer,
            },
        }
    }
}

impl PublicSnapshot {
    /// The public part of a seat's snapshot (any seat's: they share it).
    fn of(s: Snapshot, situation: PublicSituation) -> PublicSnapshot {
        PublicSnapshot {
            table: s.table,
            exposures: s.exposures,
            rack_len: s.rack_len,
            dead: s.dead,
            floor: s.floor,
            wall_left: s.wall_left,
            awaiting: s.awaiting,
            situation,
        }
    }

    pub fn from_game(game: &Game<'_>) -> PublicSnapshot {
        PublicSnapshot::of(
            game.view(Seat::East).snapshot(),
            PublicSituation::of(game.state()),
        )
    }

    /// The snapshot as a live table tells it: the open window's discard
    /// number, and no answer given in it ([`seen_awaiting`]).
    pub fn as_told(mut self, state: &State, discard: Option<u64>) -> PublicSnapshot {
        if let PublicSituation::Window { at } = &mut self.situation {
            *at = discard;
        }
        self.awaiting = seen_awaiting(state);
        self
    }

    pub fn over(&self) -> bool {
        self.situation == PublicSituation::Over
    }
}

/// Whom the table is seen to wait for. In a calling window: every seat
/// that may call the discard, whether it has answered or not (at a real
/// table a pass is silent; the answers are told when the window closes,
/// docs/play-protocol.md); otherwise whom the engine waits for.
pub fn seen_awaiting(state: &State) -> BySeat<bool> {
    match state.phase() {
        Phase::Play(Step::Window(w)) => BySeat::from_fn(|s| match w.callable {
            Some((_, from, _)) => s != from && s != w.last && state.live(s),
            None => state.awaiting(s),
        }),
        _ => BySeat::from_fn(|s| state.awaiting(s)),
    }
}

/// Every seat's concealed tiles, sorted as notation prints them: told to
/// all only when the game has ended. An empty seat's rack is empty.
pub fn racks(game: &Game<'_>) -> BySeat<Vec<Tile>> {
    BySeat::from_fn(|s| game.view(s).hand().to_tiles())
}

/// Who is at a seat, as everyone at the table (and spectators) see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Presence {
    /// No one: a table of three.
    Empty,
    /// A person, connected.
    Connected,
    /// A person whose connection is gone (not yet played by a bot).
    Away,
    /// A bot plays the seat from the start.
    Bot,
    /// A bot plays for a person who is gone (or ran out of time twice).
    StandIn,
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_game::ToyJudge;

    #[test]
    fn the_public_snapshot_carries_no_rack_and_says_when_it_is_over() {
        let judge = ToyJudge;
        let game = Game::new(Table::standard(), 7, &judge).unwrap();
        let p = PublicSnapshot::from_game(&game);
        assert!(!p.over());
        assert!(matches!(p.situation, PublicSituation::Charleston { .. }));
        assert_eq!(p.rack_len[game.state().table().dealer], 14);
        let text = serde_json::to_string(&p).unwrap();
        assert!(!text.contains("\"hand\""), "{text}");
        let racks = racks(&game);
        assert_eq!(racks[Seat::East].len() + racks[Seat::South].len(), 27);
    }
}
