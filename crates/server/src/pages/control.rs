//! Round control (issue 13.2): the director's first page. The round under
//! way first, every table a compact tile (games entered, signatures, the
//! round clock, a call waiting) that keeps itself current from the
//! tournament's change feed (`live.rs`: the page fetches `tiles` again after
//! each commit); unsigned and late tables stand out; "accept all signed";
//! player search; who a re-seating moved and which cards to print again.
//! The long forms (players, settings, seating) are pages of their own
//! (`director.rs`).

use super::clock::{ClockView, clock_view};
use super::{PageResult, html, name_of, seat_name, who};
use crate::edge::access::Access;
use crate::edge::extract::Params;
use crate::edge::extract::path::InTournament;
use crate::edge::route::{Route, route};
use crate::state::AppState;
use askama::Template;
use axum::extract::{Query, State};
use jongg_store::now_millis;
use jongg_tiles::Seat;
use jongg_tournament::{
    ClockState, OpenCall, PlayerNo, Reseat, ReseatCause, RoundNo, RoundState, Sheet, SheetState,
    Tournament,
};
use serde::Deserialize;
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Director, routes!(control)),
        route(Access::Director, routes!(tiles)),
    ]
}

/// Where one table's sheet is, for the director at a glance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TileState {
    /// The round is seated, not started: no sheet yet.
    NotStarted,
    /// Games still to enter.
    Playing,
    /// Every game entered, not yet signed by all it needs (R14).
    Unsigned,
    /// Signed: waiting for the director to accept it.
    Signed,
    Accepted,
}

impl TileState {
    fn label(self) -> &'static str {
        match self {
            TileState::NotStarted => "not started",
            // One word for each sheet state on every page (issue 13.6).
            TileState::Playing => super::sheet_words(SheetState::Draft, false),
            TileState::Unsigned => super::sheet_words(SheetState::Draft, true),
            TileState::Signed => super::sheet_words(SheetState::Signed, true),
            TileState::Accepted => super::sheet_words(SheetState::Accepted, true),
        }
    }

    fn class(self) -> &'static str {
        match self {
            TileState::NotStarted => "not-started",
            TileState::Playing => "playing",
            TileState::Unsigned => "unsigned",
            TileState::Signed => "signed",
            TileState::Accepted => "accepted",
        }
    }
}

/// One table's tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Tile {
    pub table: u16,
    /// The players, seat by seat ("East: Ada Abrams (#1)").
    pub seats: Vec<String>,
    pub entered: usize,
    pub games: usize,
    /// Seats that have signed, and seats seated.
    pub signed: usize,
    pub seated: usize,
    pub state: TileState,
    /// The round clock has run out and games are still to enter.
    pub late: bool,
    /// A call for the director from this table not yet closed (the floor,
    /// standard 22, 27): `Tournament::call_waiting`.
    pub call_waiting: bool,
    /// The call in words: from which seat, why, who took it.
    pub call: Option<String>,
    /// The rulings made at this table this round (issue 20.7).
    pub rulings: Vec<crate::body::rulings::RulingView>,
    /// Played at live tables (issue 23.7), and the seats bots play there.
    pub online: bool,
    pub bots: Vec<&'static str>,
    /// Seats a bot may still take for an absent player: (seat, words).
    pub bot_choices: Vec<(&'static str, String)>,
}

impl Tile {
    pub fn label(&self) -> &'static str {
        self.state.label()
    }

    pub fn class(&self) -> String {
        let mut c = format!("tile tile-{}", self.state.class());
        if self.late {
            c.push_str(" tile-late");
        }
        if self.call_waiting {
            c.push_str(" tile-call");
        }
        if self.needs_director() {
            c.push_str(" tile-attention");
        }
        c
    }

    /// `state-accepted`, ...: the sheet's state as the other pages mark it.
    pub fn state_class(&self) -> String {
        format!("state-{}", self.state.class())
    }

    pub fn is_signed(&self) -> bool {
        self.state == TileState::Signed
    }

    /// Whether the director should look at it: not signed, late, or a call.
    pub fn needs_director(&self) -> bool {
        self.late
            || self.call_waiting
            || matches!(self.state, TileState::Unsigned | TileState::Signed)
    }
}

/// A table's open call in words, for its tile.
fn call_words(c: &OpenCall) -> String {
    let mut s = String::from("Call waiting");
    if let Some(seat) = c.seat {
        s.push_str(&format!(" from {}", seat_name(seat)));
    }
    if !c.reason.is_empty() {
        s.push_str(&format!(": {}", c.reason));
    }
    if let Some(by) = &c.taken_by {
        s.push_str(&format!(" (taken by {by})"));
    }
    s
}

/// Whether round `round`'s time is up at `now`: read from the one reading
/// of its clock (`Tournament::clock`, pauses and extensions counted).
fn time_up(t: &Tournament, round: RoundNo, now: i64) -> bool {
    t.clock(round, now)
        .is_ok_and(|c| c.state == ClockState::TimeCalled || (c.ticking() && c.left_ms <= 0))
}

/// The tiles of a round at `now` (Unix ms), table by table. Late comes
/// from the round clock's one reading; a call from the floor's open calls.
pub(crate) fn tiles_of(t: &Tournament, round: RoundNo, now: i64) -> Vec<Tile> {
    let Ok(r) = t.round(round) else {
        return Vec::new();
    };
    let over = time_up(t, round, now);
    r.seating
        .tables
        .iter()
        .map(|ts| {
            let sheet = r.sheets.iter().find(|s| s.table == ts.table);
            let seats = ts
                .seats
                .iter()
                .filter(|(_, p)| p.is_some())
                .map(|(s, p)| format!("{}: {}", seat_name(s), who(t, *p)))
                .collect();
            let seated = ts.player_count();
            let games = t.settings().map_or(0, |s| usize::from(s.games_per_round.0));
            let call = t.call_waiting(round, ts.table).map(|c| call_words(&c));
            let call_waiting = call.is_some();
            let rulings = crate::body::rulings::rulings(t, Some(round), Some(ts.table));
            match sheet {
                None => Tile {
                    table: ts.table.0,
                    seats,
                    entered: 0,
                    games,
                    signed: 0,
                    seated,
                    state: TileState::NotStarted,
                    late: false,
                    call_waiting,
                    call,
                    rulings,
                    online: false,
                    bots: Vec::new(),
                    bot_choices: Vec::new(),
                },
                Some(s) => {
                    let entered = s.games.iter().flatten().count();
                    let state = match s.state {
                        SheetState::Accepted => TileState::Accepted,
                        SheetState::Signed => TileState::Signed,
                        SheetState::Draft if s.is_complete() => TileState::Unsigned,
                        SheetState::Draft => TileState::Playing,
                    };
                    Tile {
                        table: ts.table.0,
                        seats,
                        entered,
                        games: s.games.len(),
                        signed: s.signed.iter().filter(|(_, b)| **b).count(),
                        seated,
                        state,
                        late: over
                            && matches!(r.state, RoundState::Started { .. })
                            && !s.is_complete(),
                        call_waiting,
                        call,
                        rulings,
                        online: s.online,
                        bots: Seat::ALL
                            .into_iter()
                            .filter(|&seat| s.bots[seat])
                            .map(seat_name)
                            .collect(),
                        bot_choices: bot_choices(t, s),
                    }
                }
            }
        })
        .collect()
}

/// The seats of an online table a bot may take for their absent player
/// (the domain's `fill_with_bots` refuses the rest): seated, no bot yet,
/// the sheet not signed.
fn bot_choices(t: &Tournament, s: &Sheet) -> Vec<(&'static str, String)> {
    if !s.online || s.state != SheetState::Draft {
        return Vec::new();
    }
    Seat::ALL
        .into_iter()
        .filter(|&seat| s.players[seat].is_some() && !s.bots[seat])
        .map(|seat| {
            let words = format!("{}: {}", seat_name(seat), who(t, s.players[seat]));
            (seat.name(), words)
        })
        .collect()
}

/// The round round control shows: the one asked for, else the round under
/// way, else the last one seated (started or not).
fn shown_round(t: &Tournament, asked: Option<u8>) -> Option<RoundNo> {
    if let Some(n) = asked
        && t.round(RoundNo(n)).is_ok()
    {
        return Some(RoundNo(n));
    }
    t.current_round()
        .or_else(|| t.rounds().last().map(|r| r.seating.round))
}

/// The live part of round control: counts, "accept all signed", tiles.
#[derive(Template)]
#[template(path = "control_tiles.html")]
pub(crate) struct Tiles {
    id: i64,
    round: u8,
    started: bool,
    closed: bool,
    /// The round's clock (`clock.html`), read once for the whole page.
    clock: Option<ClockView>,
    tiles: Vec<Tile>,
    signed: usize,
    accepted: usize,
    unsigned: usize,
    late: usize,
    calls: usize,
    /// Tables of the round under way that could still go online (issue
    /// 23.7): not online, nothing entered.
    could_go_online: usize,
    seq: u64,
}

pub(crate) fn tiles_view(t: &Tournament, id: i64, round: RoundNo, now: i64) -> Option<Tiles> {
    let r = t.round(round).ok()?;
    let tiles = tiles_of(t, round, now);
    let count = |f: &dyn Fn(&Tile) -> bool| tiles.iter().filter(|x| f(x)).count();
    Some(Tiles {
        id,
        round: round.0,
        started: matches!(r.state, RoundState::Started { .. }),
        closed: matches!(r.state, RoundState::Closed { .. }),
        clock: clock_view(t, round, now),
        signed: count(&|x| x.state == TileState::Signed),
        accepted: count(&|x| x.state == TileState::Accepted),
        unsigned: count(&|x| x.state == TileState::Unsigned),
        late: count(&|x| x.late),
        calls: count(&|x| x.call_waiting),
        could_go_online: r
            .sheets
            .iter()
            .filter(|s| {
                !s.online && s.state == SheetState::Draft && s.games.iter().all(Option::is_none)
            })
            .count(),
        tiles,
        seq: t.log().len() as u64,
    })
}

/// A player found by the search: where they sit now and next.
struct Found {
    number: u32,
    name: String,
    status: &'static str,
    places: Vec<String>,
}

fn search(t: &Tournament, q: &str) -> Vec<Found> {
    let q = q.trim().trim_start_matches('#').trim();
    if q.is_empty() {
        return Vec::new();
    }
    let number: Option<u32> = q.parse().ok();
    let typed = super::search::folded(q);
    t.players()
        .filter(|p| match number {
            Some(n) => p.number == PlayerNo(n),
            None => super::search::name_has(&p.name, &typed),
        })
        .take(20)
        .map(|p| {
            let places = t
                .rounds()
                .iter()
                .filter(|r| !matches!(r.state, RoundState::Closed { .. }))
                .map(|r| {
                    let round = r.seating.round;
                    match r.seating.place_of(p.number) {
                        Some((table, seat)) => {
                            format!("Round {round}: table {table}, {}", seat_name(seat))
                        }
                        None if r.seating.sit_outs.iter().any(|s| s.player == p.number) => {
                            format!("Round {round}: sits out")
                        }
                        None => format!("Round {round}: not seated"),
                    }
                })
                .collect();
            Found {
                number: p.number.0,
                name: p.name.clone(),
                status: super::status_word(t, p),
                places,
            }
        })
        .collect()
}

/// A re-seating in words: why, who moved, which cards to print again.
pub(crate) struct ReseatView {
    pub round: u8,
    pub cause: String,
    pub moves: Vec<String>,
    pub reprint: String,
    pub removed: String,
}

fn place(p: Option<(jongg_tournament::TableNo, jongg_tiles::Seat)>) -> String {
    match p {
        Some((table, seat)) => format!("table {table} {}", seat_name(seat)),
        None => "no table".into(),
    }
}

fn tables(list: &[jongg_tournament::TableNo]) -> String {
    list.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The re-seatings of the round seated and not started, if any.
pub(crate) fn reseat_views(t: &Tournament) -> Vec<ReseatView> {
    let Some(r) = t.rounds().last().filter(|r| r.state == RoundState::Seated) else {
        return Vec::new();
    };
    let round = r.seating.round;
    t.reseats(round)
        .into_iter()
        .map(
            |Reseat {
                 cause,
                 moves,
                 reprint,
                 removed,
                 ..
             }| ReseatView {
                round: round.0,
                cause: match cause {
                    Some(ReseatCause::Registered(p)) => {
                        format!("{} was registered", who(t, Some(p)))
                    }
                    Some(ReseatCause::Withdrawn(p)) => format!("{} withdrew", who(t, Some(p))),
                    Some(ReseatCause::MarkedLate(p)) => {
                        format!("{} is not here", who(t, Some(p)))
                    }
                    Some(ReseatCause::Arrived(p)) => format!("{} arrived", who(t, Some(p))),
                    Some(ReseatCause::Substituted { out, player }) => format!(
                        "{} took the place of {}",
                        who(t, Some(player)),
                        who(t, Some(out))
                    ),
                    None => "The players changed".into(),
                },
                moves: moves
                    .iter()
                    .map(|m| {
                        format!(
                            "{}: {} → {}",
                            who(t, Some(m.player)),
                            place(m.from),
                            place(m.to)
                        )
                    })
                    .collect(),
                reprint: tables(&reprint),
                removed: tables(&removed),
            },
        )
        .collect()
}

#[derive(Template)]
#[template(path = "control.html")]
struct Control {
    id: i64,
    name: String,
    hall: Option<crate::http::hall::HallNotice>,
    /// The round shown, its heading's words, and its live part.
    round: Option<(u8, &'static str)>,
    /// The live part, rendered (`control_tiles.html`).
    live: Option<String>,
    /// Other rounds, to look at: (number, state).
    others: Vec<(u8, &'static str)>,
    seated: bool,
    sit_outs: Vec<String>,
    reseats: Vec<ReseatView>,
    warnings: Vec<String>,
    seat_next: Option<(u8, u8, u64)>,
    /// The next round can be seated from the adopted computed seating (14.8).
    scheduled_next: bool,
    /// The computed seating offered or adopted (`schedule_offer.html`),
    /// searched only when a round is to be seated.
    schedule: Option<super::schedule::ScheduleView>,
    /// The shown round's clock, for its controls (`clock_controls.html`, 14.5).
    clock: Option<ClockView>,
    q: String,
    found: Vec<Found>,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ControlQuery {
    /// What was just done, said at the top (the guard writes it in: `forms.rs`).
    #[allow(dead_code)]
    done: Option<String>,
    /// A round to look at (else the one under way).
    round: Option<u8>,
    /// A player to find, by number or name.
    q: Option<String>,
}

fn round_words(s: RoundState) -> &'static str {
    match s {
        RoundState::Seated => "seated, not started",
        RoundState::Started { .. } => "under way",
        RoundState::Closed { .. } => "closed",
    }
}

fn control_of(t: &Tournament, id: i64, q: ControlQuery, now: i64) -> Control {
    let shown = shown_round(t, q.round);
    let r = shown.and_then(|n| t.round(n).ok());
    let total = t.settings().map_or(0, |s| s.rounds.0);
    let n = t.rounds().last().map_or(0, |r| r.seating.round.0);
    let last_closed = t
        .rounds()
        .last()
        .is_none_or(|r| matches!(r.state, RoundState::Closed { .. }));
    let next = n.saturating_add(1);
    let seat_next =
        (last_closed && n < total).then(|| (next, n, id.unsigned_abs() * 1000 + u64::from(next)));
    let seated = r.is_some_and(|r| r.state == RoundState::Seated);
    let warnings = if seated {
        super::repeat_meetings(t)
    } else {
        Vec::new()
    };
    let query = q.q.unwrap_or_default();
    Control {
        id,
        name: name_of(t),
        hall: None,
        round: r.map(|r| (r.seating.round.0, round_words(r.state))),
        live: shown
            .and_then(|n| tiles_view(t, id, n, now))
            .and_then(|v| v.render().ok()),
        others: t
            .rounds()
            .iter()
            .filter(|x| Some(x.seating.round) != shown)
            .map(|x| (x.seating.round.0, round_words(x.state)))
            .collect(),
        seated,
        sit_outs: r.map_or_else(Vec::new, |r| {
            r.seating
                .sit_outs
                .iter()
                .map(|s| format!("{} ({} points)", who(t, Some(s.player)), s.points))
                .collect()
        }),
        reseats: reseat_views(t),
        warnings,
        seat_next,
        scheduled_next: seat_next.is_some_and(|n| t.scheduled(RoundNo(n.0)).is_some()),
        schedule: None,
        clock: shown.and_then(|n| clock_view(t, n, now)),
        found: search(t, &query),
        q: query,
    }
}

/// Round control: the round under way, table by table, kept current.
#[utoipa::path(get, path = "/director/t/{id}", params(InTournament, ControlQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn control(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<ControlQuery>,
) -> PageResult {
    let now = now_millis();
    let mut page = app.tournaments.get(id)?.read(|t| control_of(t, id, q, now));
    page.hall = app.hall_notice.clone();
    if page.seat_next.is_some() {
        page.schedule = super::schedule::view(&app, id).await;
    }
    html(&page)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct TilesQuery {
    /// The round (else the one under way).
    round: Option<u8>,
}

/// The live part of round control alone (an HTML fragment), fetched again
/// by the page after each change.
#[utoipa::path(get, path = "/director/t/{id}/tiles", params(InTournament, TilesQuery), responses((status = OK, description = "The fragment", content_type = "text/html")))]
async fn tiles(
    State(app): State<Arc<AppState>>,
    Params(InTournament { id }): Params<InTournament>,
    Query(q): Query<TilesQuery>,
) -> PageResult {
    let now = now_millis();
    let view = app
        .tournaments
        .get(id)?
        .read(|t| shown_round(t, q.round).and_then(|n| tiles_view(t, id, n, now)));
    match view {
        Some(v) => html(&v),
        None => Err(crate::http::error::ApiError::not_found(
            "this tournament has no round seated yet",
        )
        .into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::{BySeat, Seat};
    use jongg_tournament::{
        Actor, CallNo, ClockAction, Command, Entry, GameNo, RulesSource, SeatingMethod, TableNo,
    };

    const START: i64 = 1_760_000_000_000;

    /// 12 players, standard (R15: 4 games; its round minutes), round 1
    /// started at START.
    fn started() -> Tournament {
        let mut t = Tournament::new();
        let mut go = |c| t.execute(Actor::Director, c, START).unwrap();
        go(Command::CreateTournament {
            name: "hall".into(),
            dates: vec![],
            rules: RulesSource::Preset {
                name: "standard".into(),
            },
            rounds: None,
            games_per_round: None,
            round_minutes: Some(60),
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        });
        for n in 1..=12 {
            go(Command::RegisterPlayer {
                number: PlayerNo(n),
                name: format!("P{n}"),
                club: None,
                late: false,
            });
        }
        go(Command::SeatRound {
            round: RoundNo(1),
            method: SeatingMethod::ByNumber,
        });
        go(Command::StartRound {
            round: RoundNo(1),
            at: START,
        });
        t
    }

    fn enter(t: &mut Tournament, table: u16, games: u8) {
        for g in 1..=games {
            t.execute(
                Actor::Director,
                Command::EnterGame {
                    round: RoundNo(1),
                    table: TableNo(table),
                    game: GameNo(g),
                    entry: Entry::Points {
                        points: BySeat([10, 10, 10, 10]),
                        mah_jongg: None,
                    },
                },
                START,
            )
            .unwrap();
        }
    }

    fn sign_all(t: &mut Tournament, table: u16) {
        for seat in Seat::ALL {
            if t.sheet(RoundNo(1), TableNo(table)).unwrap().state != SheetState::Draft {
                break;
            }
            t.execute(
                Actor::Director,
                Command::SignSheet {
                    round: RoundNo(1),
                    table: TableNo(table),
                    seat,
                    game: None,
                    device: None,
                },
                START,
            )
            .unwrap();
        }
    }

    #[test]
    fn tiles_say_playing_unsigned_signed_and_accepted_r14() {
        let mut t = started();
        enter(&mut t, 1, 2);
        enter(&mut t, 2, 4);
        enter(&mut t, 3, 4);
        sign_all(&mut t, 3);
        let tiles = tiles_of(&t, RoundNo(1), START + 1);
        let states: Vec<TileState> = tiles.iter().map(|x| x.state).collect();
        assert_eq!(
            states,
            [TileState::Playing, TileState::Unsigned, TileState::Signed]
        );
        assert_eq!((tiles[0].entered, tiles[0].games), (2, 4));
        assert!(!tiles[0].needs_director());
        assert!(tiles[1].needs_director() && tiles[2].needs_director());
        assert_eq!(tiles[2].signed, tiles[2].seated.min(tiles[2].signed));
        assert!(tiles.iter().all(|x| !x.call_waiting), "nobody called");
        t.execute(
            Actor::Director,
            Command::AcceptAllSigned { round: RoundNo(1) },
            START,
        )
        .unwrap();
        assert_eq!(
            tiles_of(&t, RoundNo(1), START + 1)[2].state,
            TileState::Accepted
        );
    }

    #[test]
    fn a_table_is_late_once_the_round_clock_runs_out_with_games_to_enter_r15() {
        let mut t = started();
        enter(&mut t, 2, 4);
        let end = START + 60 * 60_000;
        let before = tiles_of(&t, RoundNo(1), end - 1);
        assert!(before.iter().all(|x| !x.late), "on time before the end");
        let after = tiles_of(&t, RoundNo(1), end);
        let late: Vec<u16> = after.iter().filter(|x| x.late).map(|x| x.table).collect();
        assert_eq!(late, [1, 3], "table 2 has every game in");
        assert!(after[0].class().contains("tile-late"));
        let view = tiles_view(&t, 1, RoundNo(1), end).unwrap();
        assert_eq!((view.late, view.unsigned), (2, 1));
    }

    /// The clock's one reading decides late (14.5): a pause holds the end
    /// back, and the tables turn late only once the paused time is used up.
    #[test]
    fn a_paused_clock_holds_lateness_back_r15() {
        let mut t = started();
        let minute = 60_000;
        let clock = |t: &mut Tournament, action, at| {
            t.execute(
                Actor::Director,
                Command::AdjustClock {
                    round: RoundNo(1),
                    action,
                    reason: "a fire alarm".into(),
                    at,
                },
                at,
            )
            .unwrap();
        };
        clock(&mut t, ClockAction::Pause, START + 30 * minute);
        let end = START + 60 * minute;
        assert!(
            tiles_of(&t, RoundNo(1), end + 60 * minute)
                .iter()
                .all(|x| !x.late)
        );
        clock(&mut t, ClockAction::Resume, end);
        assert!(
            tiles_of(&t, RoundNo(1), end + 30 * minute - 1)
                .iter()
                .all(|x| !x.late)
        );
        assert!(
            tiles_of(&t, RoundNo(1), end + 30 * minute)
                .iter()
                .all(|x| x.late)
        );
        let view = tiles_view(&t, 1, RoundNo(1), end + 10 * minute).unwrap();
        let c = view.clock.expect("a started round has a clock");
        assert_eq!((c.state, c.left_ms), ("running", 20 * minute));
    }

    /// A table's call for the director (standard 22, 27) marks its tile,
    /// from `Tournament::call_waiting`, until the call is closed.
    #[test]
    fn a_call_for_the_director_marks_its_tile_until_closed_standard_22() {
        let mut t = started();
        let go = |t: &mut Tournament, c| t.execute(Actor::Director, c, START).unwrap();
        go(
            &mut t,
            Command::CallDirector {
                round: RoundNo(1),
                table: TableNo(2),
                seat: Some(Seat::South),
                reason: "a claim".into(),
            },
        );
        let tiles = tiles_of(&t, RoundNo(1), START + 1);
        let calling: Vec<u16> = tiles
            .iter()
            .filter(|x| x.call_waiting)
            .map(|x| x.table)
            .collect();
        assert_eq!(calling, [2]);
        assert_eq!(
            tiles[1].call.as_deref(),
            Some("Call waiting from South: a claim")
        );
        assert!(tiles[1].class().contains("tile-call") && tiles[1].needs_director());
        assert!(!tiles[0].class().contains("tile-call"));
        assert_eq!(tiles_view(&t, 1, RoundNo(1), START + 1).unwrap().calls, 1);
        let call = CallNo(1);
        go(&mut t, Command::TakeCall { call });
        assert_eq!(
            tiles_of(&t, RoundNo(1), START + 1)[1].call.as_deref(),
            Some("Call waiting from South: a claim (taken by director)")
        );
        go(
            &mut t,
            Command::CloseCall {
                call,
                incident: None,
                game: None,
                seat: None,
                note: "settled at the table".into(),
            },
        );
        assert!(
            tiles_of(&t, RoundNo(1), START + 1)
                .iter()
                .all(|x| !x.call_waiting)
        );
    }

    #[test]
    fn search_finds_by_number_or_name_and_says_where_they_sit() {
        let t = started();
        let by_number = search(&t, "#7");
        assert_eq!(by_number.len(), 1);
        assert_eq!(by_number[0].places, ["Round 1: table 2, West"]);
        assert_eq!(search(&t, "p1").len(), 4, "P1, P10, P11, P12");
        assert!(search(&t, "  ").is_empty());
        assert!(search(&t, "nobody").is_empty());
    }
}
