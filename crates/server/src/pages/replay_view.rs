//! The replay page's content (issue 23.9, 24.6): one move of a finished
//! game from the engine's frames (`jongg_game::replay::frames`, what
//! `jongg replay` prints), the wall's check in words, and, for a reviewed
//! seat, the coach's line at the move and where it differs most
//! (`jongg_game::coach`, what `jongg review` prints). Pure: no I/O, so its
//! tests need no server.

use super::seat_name;
use super::tile_face::TileView;
use askama::Template;
use jongg_game::coach::{Review, TOP, top_differences};
use jongg_game::replay::{Frame, Rack};
use jongg_play::game_log::FairGameLog;
use jongg_tiles::{Seat, Tile};

/// A tile with its face, as the live table draws it (`tile_face.rs`).
fn tile(t: Tile) -> TileView {
    TileView::new(t)
}

fn tiles(ts: &[Tile]) -> Vec<TileView> {
    ts.iter().copied().map(tile).collect()
}

pub(super) struct RackView {
    pub seat: &'static str,
    pub concealed: Vec<TileView>,
    pub exposures: Vec<Vec<TileView>>,
    pub discards: Vec<TileView>,
    pub dead: Option<String>,
    pub changed: bool,
    pub awaited: bool,
    /// The seat the coach reviews.
    pub reviewed: bool,
}

/// A line of the move list.
pub(super) struct MoveLink {
    pub number: usize,
    pub words: String,
    pub href: String,
    pub current: bool,
    /// The reviewed seat decided here and the strong bot would not have.
    pub differs: bool,
}

/// The coach at this move: the seat's decision beside the strong bot's.
pub(super) struct CoachLine {
    pub did: String,
    pub strong: String,
    pub agree: bool,
    pub difference: String,
    pub reason: String,
}

/// One of the decisions where the seat and the strong bot differ most.
pub(super) struct TopLine {
    pub number: usize,
    pub href: String,
    pub did: String,
    pub strong: String,
    pub difference: String,
}

/// The coach's part of the page: the reviewed seat and what it found.
pub(super) struct Coached {
    pub seat: &'static str,
    pub at_move: Option<CoachLine>,
    pub top: Vec<TopLine>,
    pub agreed: usize,
    pub decisions: usize,
}

/// A link to review a seat.
pub(super) struct SeatLink {
    pub label: &'static str,
    pub href: String,
    pub current: bool,
}

#[derive(Template)]
#[template(path = "replay.html")]
pub(super) struct ReplayPage {
    pub id: String,
    pub number: usize,
    pub total: usize,
    pub words: String,
    pub wall_left: usize,
    pub awaiting: String,
    pub racks: Vec<RackView>,
    pub floor: Vec<TileView>,
    pub first: Option<String>,
    pub prev: Option<String>,
    pub next: Option<String>,
    pub last: Option<String>,
    pub moves: Vec<MoveLink>,
    pub wall_ok: bool,
    pub wall_words: String,
    /// Set up from a position: no wall to verify, no coach.
    pub set_up: bool,
    pub log_href: String,
    pub log_name: String,
    pub seats: Vec<SeatLink>,
    pub coach: Option<Coached>,
}

/// The address of move `n`, for the reviewed seat if any.
pub(super) fn href(id: &str, seat: Option<Seat>, n: usize) -> String {
    match seat {
        Some(s) => format!("/play/{id}/replay?seat={s}&move={n}"),
        None => format!("/play/{id}/replay?move={n}"),
    }
}

/// The log's file name: the table's id in it.
pub(super) fn log_name(id: &str) -> String {
    format!("jongg-table-{id}.jsonl")
}

/// The wall's check in words, as `jongg verify-wall` says it.
pub(super) fn wall_check(log: &FairGameLog) -> (bool, String) {
    let picks = log
        .events
        .iter()
        .filter(|e| matches!(e, jongg_game::Event::Picked { .. }))
        .count();
    if log.position.is_some() {
        return (
            false,
            format!(
                "{} The game began from a set-up (its racks, exposures, floor and wall were \
                 laid out by hand), so there is no fair wall to check.",
                crate::state::tables::TableSetupDoc::SET_UP_WORDS
            ),
        );
    }
    match log.verify() {
        Ok(()) => (
            true,
            format!(
                "A fair wall: the seed revealed at the end matches the commitment published \
                 before the deal; the wall follows from that seed and the seats' contributions, \
                 and the deal and all {picks} picks came off it in order."
            ),
        ),
        Err(e) => (false, format!("NOT a fair wall: {e}")),
    }
}

/// What the page shows at move `n` (from 1) of these frames.
pub(super) struct At<'a> {
    pub id: &'a str,
    pub frames: &'a [Frame],
    pub n: usize,
    pub log: &'a FairGameLog,
    /// The seat reviewed and its review, when the coach is asked.
    pub review: Option<(Seat, &'a [Review])>,
}

impl At<'_> {
    pub(super) fn page(&self) -> ReplayPage {
        let total = self.frames.len();
        let n = self.n.clamp(1, total.max(1));
        let f = &self.frames[n - 1];
        let seat = self.review.map(|(s, _)| s);
        let link = |k: usize| href(self.id, seat, k);
        let differs: Vec<usize> = self
            .review
            .map(|(_, r)| r.iter().filter(|r| !r.agree).map(|r| r.event).collect())
            .unwrap_or_default();
        let awaiting: Vec<&str> = f
            .racks
            .iter()
            .filter(|r| r.awaited)
            .map(|r| seat_name(r.seat))
            .collect();
        let (wall_ok, wall_words) = wall_check(self.log);
        ReplayPage {
            id: self.id.to_string(),
            number: n,
            total,
            words: f.words.clone(),
            wall_left: f.wall_left,
            awaiting: if awaiting.is_empty() {
                "no one".into()
            } else {
                awaiting.join(", ")
            },
            racks: f.racks.iter().map(|r| rack(r, f, seat)).collect(),
            floor: f.floor.iter().map(|(_, t)| tile(*t)).collect(),
            first: (n > 1).then(|| link(1)),
            prev: (n > 1).then(|| link(n - 1)),
            next: (n < total).then(|| link(n + 1)),
            last: (n < total).then(|| link(total)),
            moves: self
                .frames
                .iter()
                .map(|m| MoveLink {
                    number: m.number,
                    words: m.words.clone(),
                    href: link(m.number),
                    current: m.number == n,
                    differs: differs.contains(&m.number),
                })
                .collect(),
            wall_ok,
            wall_words,
            set_up: self.log.position.is_some(),
            log_href: format!("/play/{}/log.jsonl", self.id),
            log_name: log_name(self.id),
            seats: f
                .racks
                .iter()
                .map(|r| SeatLink {
                    label: seat_name(r.seat),
                    href: href(self.id, Some(r.seat), n),
                    current: Some(r.seat) == seat,
                })
                .collect(),
            coach: self
                .review
                .map(|(s, reviews)| coached(self.id, s, reviews, n)),
        }
    }
}

fn rack(r: &Rack, f: &Frame, reviewed: Option<Seat>) -> RackView {
    let thrown: Vec<Tile> = f
        .floor
        .iter()
        .filter(|(s, _)| *s == r.seat)
        .map(|(_, t)| *t)
        .collect();
    RackView {
        seat: seat_name(r.seat),
        concealed: tiles(&r.concealed),
        exposures: r.exposures.iter().map(|e| tiles(e)).collect(),
        discards: tiles(&thrown),
        dead: r.dead.clone(),
        changed: r.changed,
        awaited: r.awaited,
        reviewed: reviewed == Some(r.seat),
    }
}

fn points(d: f64) -> String {
    format!("{d:.1}")
}

fn coached(id: &str, seat: Seat, reviews: &[Review], n: usize) -> Coached {
    Coached {
        seat: seat_name(seat),
        at_move: reviews.iter().find(|r| r.event == n).map(|r| CoachLine {
            did: r.did_words.clone(),
            strong: r.strong_words.clone(),
            agree: r.agree,
            difference: points(r.difference),
            reason: r.reason.clone(),
        }),
        top: top_differences(reviews, TOP)
            .into_iter()
            .map(|r| TopLine {
                number: r.event,
                href: href(id, Some(seat), r.event),
                did: r.did_words.clone(),
                strong: r.strong_words.clone(),
                difference: points(r.difference),
            })
            .collect(),
        agreed: reviews.iter().filter(|r| r.agree).count(),
        decisions: reviews.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tile_is_coloured_by_its_suit_and_an_honour_is_not() {
        assert_eq!(tile(Tile::FLOWER).suit, 'h');
        assert_eq!(tile(Tile::JOKER).suit, 'h');
        for t in Tile::all_kinds() {
            let v = tile(t);
            assert_eq!(v.code, t.to_string());
            if v.suit != 'h' {
                assert!(v.code.ends_with(v.suit), "{}", v.code);
            }
        }
    }

    #[test]
    fn a_moves_address_keeps_the_reviewed_seat() {
        assert_eq!(href("ab", None, 3), "/play/ab/replay?move=3");
        assert_eq!(
            href("ab", Some(Seat::West), 3),
            "/play/ab/replay?seat=west&move=3"
        );
        assert_eq!(log_name("ab"), "jongg-table-ab.jsonl");
    }
}
