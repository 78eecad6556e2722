//! A tournament's round played online (issue 23.7): each online table of
//! the round plays its games one after another at live tables
//! (`tables.rs`), with the tournament's preset and the event's card (the
//! practice card while the director has loaded none); each player reaches their seat from
//! their own page (`/me?key=`: the seat's token is made from the page's
//! key, `secret::seat_token`), and bots play the seats the director filled.
//!
//! When a table's game ends, its record goes onto the round's sheet by
//! itself, as the system, with the signatures the table gives
//! (`Tournament::online_signatures`), and the next game opens. When the
//! round's clock calls time, every game under way ends as time called
//! (R7: 0 for every player) and the games not begun are entered so; the
//! sheet then waits for the director's accept as any other.

use crate::http::error::ApiError;
use crate::state::AppState;
use crate::state::tables::{Mounted, RoundGame, SeatPlayer, TableSetupDoc};
use jongg_play::settings::TableSettings;
use jongg_rules::record::{GameRecord, GameResult};
use jongg_store::secret::seat_token;
use jongg_store::{LiveTableId, TournamentId, now_millis};
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::{
    Actor, ClockState, Command, Entry, GameNo, RoundNo, RulesSource, SheetState, TableNo,
};
use std::sync::Arc;
use std::time::Duration;

/// How often the round clocks are read for time called.
const CLOCK_EVERY: Duration = Duration::from_secs(1);

/// The server's part of online rounds: each table's game that ends goes
/// onto its sheet, and every second the clocks of rounds with online
/// tables are read for time called. Ends when the server stops.
pub(crate) async fn run(app: Arc<AppState>) {
    let Some(mut ends) = app.tables.take_ends() else {
        return;
    };
    // After a restart: a game whose end was stored but had not reached
    // its sheet goes onto it (not played again), then each online table
    // whose game ended while the server was down opens its next game.
    for id in app.tournaments.ids() {
        let round = app
            .tournaments
            .get(id)
            .ok()
            .and_then(|slot| slot.read(|t| t.current_round()));
        let Some(round) = round else { continue };
        if let Err(e) = enter_stored_ends(&app, id, round).await {
            tracing::error!(tournament = id, %round, error = %e.message, "a stored game's end did not reach its sheet");
        }
        if let Err(e) = open_waiting(&app, id, round).await {
            tracing::error!(tournament = id, %round, error = %e.message, "an online round's tables did not open again");
        }
    }
    let mut stopping = app.tables.stopping();
    let mut every = tokio::time::interval(CLOCK_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            ended = ends.recv() => match ended {
                Some(id) => {
                    if let Err(e) = game_ended(&app, &id).await {
                        tracing::error!(table = %id, error = %e.message, "a live table's game did not reach its sheet");
                    }
                }
                None => return,
            },
            _ = every.tick() => time_called(&app).await,
            _ = stopping.changed() => return,
        }
    }
}

/// Opens a live table for every online table of `round` whose sheet waits
/// for a game and has none under way. Answers the tables opened.
pub(crate) async fn open_waiting(
    app: &AppState,
    id: i64,
    round: RoundNo,
) -> Result<Vec<(TableNo, GameNo, LiveTableId)>, ApiError> {
    let tables: Vec<TableNo> = app.tournaments.get(id)?.read(|t| {
        t.round(round).map(|r| {
            r.sheets
                .iter()
                .filter(|s| s.online && s.state == SheetState::Draft)
                .map(|s| s.table)
                .collect()
        })
    })?;
    let mut opened = Vec::new();
    for table in tables {
        if let Some(o) = next_game(app, id, round, table).await? {
            opened.push((table, o.0, o.1));
        }
    }
    Ok(opened)
}

/// The live table of a player's seat in the round under way, if their
/// table is online, a person plays their seat and its game is not over:
/// the table's id and the seat's token (from the key of their page).
pub(crate) fn seat_of(
    app: &AppState,
    id: i64,
    player: jongg_tournament::PlayerNo,
    page_key: &str,
) -> Option<(LiveTableId, jongg_tiles::Seat, String)> {
    let (round, table, seat) = app.tournaments.get(id).ok()?.read(|t| {
        let round = t.current_round()?;
        let (table, seat) = t.seating(round).ok()?.place_of(player)?;
        let sheet = t.sheet(round, table).ok()?;
        (sheet.online && !sheet.bots[seat]).then_some((round, table, seat))
    })?;
    let m = app
        .tables
        .of_round(id, round)
        .into_iter()
        .filter(|m| !m.progress.finished())
        .find(|m| m.setup.round.is_some_and(|g| g.table == table))?;
    m.setup
        .is_person(seat)
        .then(|| (m.id.clone(), seat, seat_token(page_key, m.id.as_str())))
}

/// A live table's game ended: a tournament's goes onto its sheet, and the
/// table's next game opens (unless time was called).
async fn game_ended(app: &AppState, id: &LiveTableId) -> Result<(), ApiError> {
    let Some(m) = app.tables.get(id) else {
        return Ok(());
    };
    let Some(g) = m.setup.round else {
        return Ok(());
    };
    // The owner's state holds the outcome: no need to read the table's log.
    let glance = m.handle.glance().await.map_err(ApiError::internal)?;
    let Some(outcome) = glance.outcome else {
        return Ok(());
    };
    let table = m.setup.table().map_err(ApiError::internal)?;
    enter(app, g, outcome.record(&table)).await?;
    next_game(app, g.tournament, g.round, g.table).await?;
    Ok(())
}

/// How long before its round's start a table of the round may have been
/// created (a start time the director set later than the moment).
const ROUND_START_SLACK_MS: i64 = 24 * 60 * 60 * 1000;

/// The games of `round` that ended at a live table, stored, while the
/// server stopped before their record reached the sheet (the end and the
/// sheet are two commits): entered now, from each finished table's log.
/// `enter` skips a game already on its sheet.
async fn enter_stored_ends(app: &AppState, id: i64, round: RoundNo) -> Result<(), ApiError> {
    let started = app.tournaments.get(id)?.read(|t| {
        t.round(round).ok().and_then(|r| match r.state {
            jongg_tournament::RoundState::Started { at } => Some(at),
            _ => None,
        })
    });
    let Some(started) = started else {
        return Ok(());
    };
    let store = app.tournaments.store();
    for row in store
        .finished_live_tables_since(started - ROUND_START_SLACK_MS)
        .await?
    {
        let Ok(setup) = serde_json::from_value::<TableSetupDoc>(row.setup) else {
            continue;
        };
        let Some(g) = setup
            .round
            .filter(|g| g.tournament == id && g.round == round)
        else {
            continue;
        };
        let finished = app.tables.finished(&row.id).await?;
        if let Some(outcome) = outcome_of(&finished.log.events) {
            let table = setup.table().map_err(ApiError::internal)?;
            enter(app, g, outcome.record(&table)).await?;
        }
    }
    Ok(())
}

/// How a game ended, from its events (none before its end).
fn outcome_of(events: &[jongg_game::Event]) -> Option<jongg_game::Outcome> {
    events.iter().rev().find_map(|e| match e {
        jongg_game::Event::Ended { outcome } => Some(outcome.clone()),
        _ => None,
    })
}

/// Enters `record` as game `g` of its sheet, as the system, with the
/// signatures the online table gives; nothing if that game is on the
/// sheet already or the sheet is signed.
async fn enter(app: &AppState, g: RoundGame, record: GameRecord) -> Result<(), ApiError> {
    let slot = app.tournaments.get(g.tournament)?;
    let open = slot.read(|t| {
        t.sheet(g.round, g.table).map(|s| {
            s.state == SheetState::Draft
                && g.game
                    .index()
                    .and_then(|i| s.games.get(i))
                    .is_some_and(Option::is_none)
        })
    })?;
    if !open {
        return Ok(());
    }
    let command = Command::EnterGame {
        round: g.round,
        table: g.table,
        game: g.game,
        entry: Entry::Record { record },
    };
    app.tournaments
        .execute(g.tournament, Actor::System, command)
        .await?;
    let signatures = slot.read(|t| t.online_signatures(g.round, g.table))?;
    if !signatures.is_empty() {
        app.tournaments
            .execute_all(g.tournament, Actor::System, signatures)
            .await
            .map_err(|(_, e)| e)?;
    }
    Ok(())
}

/// Whether the clock of `round` has called time now.
fn time_is_called(app: &AppState, id: i64, round: RoundNo) -> bool {
    app.tournaments.get(id).is_ok_and(|slot| {
        slot.read(|t| {
            t.clock(round, now_millis())
                .is_ok_and(|c| c.state == ClockState::TimeCalled)
        })
    })
}

/// The next game of an online table: opened at a live table when none is
/// under way; once time is called, every game not begun entered as time
/// called (R7). Answers the game opened.
async fn next_game(
    app: &AppState,
    id: i64,
    round: RoundNo,
    table: TableNo,
) -> Result<Option<(GameNo, LiveTableId)>, ApiError> {
    let mounted: Vec<Arc<Mounted>> = app
        .tables
        .of_round(id, round)
        .into_iter()
        .filter(|m| m.setup.round.is_some_and(|g| g.table == table))
        .collect();
    if mounted.iter().any(|m| !m.progress.finished()) {
        return Ok(None);
    }
    // Games dealt here (a table retired before its deal played nothing).
    let played: Vec<GameNo> = mounted
        .iter()
        .filter(|m| {
            m.progress
                .started
                .load(std::sync::atomic::Ordering::Relaxed)
        })
        .filter_map(|m| m.setup.round.map(|g| g.game))
        .collect();
    let empty: Vec<GameNo> = app.tournaments.get(id)?.read(|t| {
        t.sheet(round, table).map(|s| {
            if s.state != SheetState::Draft {
                return vec![];
            }
            s.numbered_games()
                .filter(|(_, g)| g.is_none())
                .map(|(n, _)| n)
                .collect()
        })
    })?;
    let called = time_is_called(app, id, round);
    for game in empty {
        // A game played here whose end is on its way to the sheet.
        if played.contains(&game) {
            continue;
        }
        let g = RoundGame {
            tournament: id,
            round,
            table,
            game,
        };
        if called {
            enter(app, g, GameRecord::new(GameResult::Timeout)).await?;
        } else {
            return Ok(Some((game, open_game(app, g).await?)));
        }
    }
    Ok(None)
}

/// Opens game `g` at a live table: the tournament's preset, the event's
/// card, a person at each seated player's seat (their token made from
/// their page's key), the medium bot at each seat a bot fills.
async fn open_game(app: &AppState, g: RoundGame) -> Result<LiveTableId, ApiError> {
    let (rules, players, bots, card) = app.tournaments.get(g.tournament)?.read(|t| {
        let rules = match t.settings().map(|s| &s.rules) {
            Some(RulesSource::Preset { name }) => name.clone(),
            Some(RulesSource::File { label, .. }) => {
                return Err(ApiError::unprocessable(format!(
                    "the rules file `{label}` cannot play at a live table yet: only a built-in preset can"
                )));
            }
            None => return Err(ApiError::not_found("no such tournament")),
        };
        let sheet = t.sheet(g.round, g.table)?;
        Ok((
            rules,
            sheet.players,
            sheet.bots,
            crate::state::card_library::event_card(t),
        ))
    })?;
    let mut keys: BySeat<Option<String>> = BySeat::default();
    for (seat, p) in players.iter() {
        if let Some(p) = p.filter(|_| !bots[seat]) {
            let code = app
                .tournaments
                .store()
                .player_code(TournamentId(g.tournament), p)
                .await?;
            keys[seat] = Some(code.key);
        }
    }
    let seats = BySeat::from_fn(|s| match players[s] {
        None => None,
        Some(_) if bots[s] => Some(SeatPlayer::Medium),
        Some(_) => Some(SeatPlayer::Person),
    });
    let (dealer, east_roll) = dealer_of(app, g).await?;
    let setup = TableSetupDoc {
        rules,
        card: card.name,
        card_text: card.text,
        seats,
        round: Some(g),
        position: None,
        dealer: Some(dealer),
        east_roll,
    };
    let created = app
        .tables
        .create_with(
            LiveTableId::new(),
            setup,
            TableSettings::default(),
            |table| BySeat::from_fn(|s| keys[s].as_deref().map(|k| seat_token(k, table.as_str()))),
        )
        .await?;
    Ok(created.id)
}

/// Who deals game `g`: the seat its sheet names (R12: East deals game 1
/// and the deal passes to the right; after a roll for East the director
/// recorded, the rolled seat). At a table of three that rolls again for
/// East before this game (standard 3A, 5C) and has no roll recorded, the
/// server rolls for its players and records the roll as the system, so
/// the sheet, the audit and the table agree; the throws go with the
/// table for everyone to see.
async fn dealer_of(
    app: &AppState,
    g: RoundGame,
) -> Result<(Seat, Option<jongg_tournament::Throws>), ApiError> {
    let slot = app.tournaments.get(g.tournament)?;
    let (at, rolls) = slot.read(|t| {
        let rules = t.table_rules(g.round, g.table)?;
        let rolls =
            rules.three_player && rules.reroll_east_before_game.is_some_and(|r| g.game >= r);
        Ok::<_, jongg_tournament::DomainError>((t.table_game(g.round, g.table, g.game)?, rolls))
    })?;
    if let Some(dealer) = at.dealer {
        return Ok((dealer, None));
    }
    if !rolls {
        return Err(ApiError::unprocessable(format!(
            "table {} has no dealer for game {}: East's seat is empty and its players roll for East only before game 4 (R12)",
            g.table, g.game
        )));
    }
    let mut rng = jongg_rules::rng::Rng::new(jongg_store::secret::new_seed());
    let Some((east, throws)) = jongg_tournament::roll_dice_for_east(at.seated, &mut rng) else {
        return Err(ApiError::internal(
            "a table with nobody seated has no dealer",
        ));
    };
    let command = Command::RecordEast {
        round: g.round,
        table: g.table,
        east,
    };
    app.tournaments
        .execute(g.tournament, Actor::System, command)
        .await?;
    let at = slot.read(|t| t.table_game(g.round, g.table, g.game))?;
    let dealer = at.dealer.ok_or_else(|| {
        ApiError::unprocessable(format!(
            "table {} cannot know who deals game {} (R12)",
            g.table, g.game
        ))
    })?;
    Ok((dealer, Some(throws)))
}

/// Every second: the online tables of each round whose clock has called
/// time end their games as time called (R7), and their games not begun
/// are entered so.
async fn time_called(app: &AppState) {
    for id in app.tournaments.ids() {
        let Ok(slot) = app.tournaments.get(id) else {
            continue;
        };
        let waiting = slot.read(|t| {
            let round = t.current_round()?;
            let tables: Vec<TableNo> = t
                .round(round)
                .ok()?
                .sheets
                .iter()
                .filter(|s| s.online && s.state == SheetState::Draft && !s.is_complete())
                .map(|s| s.table)
                .collect();
            (!tables.is_empty()).then_some((round, tables))
        });
        let Some((round, tables)) = waiting else {
            continue;
        };
        if !time_is_called(app, id, round) {
            continue;
        }
        for table in tables {
            if let Err(e) = call_time(app, id, round, table).await {
                tracing::error!(tournament = id, %round, %table, error = %e.message, "time called at an online table");
            }
        }
    }
}

/// Time is called at one online table (R7).
async fn call_time(
    app: &AppState,
    id: i64,
    round: RoundNo,
    table: TableNo,
) -> Result<(), ApiError> {
    let open: Vec<Arc<Mounted>> = app
        .tables
        .of_round(id, round)
        .into_iter()
        .filter(|m| !m.progress.finished() && m.setup.round.is_some_and(|g| g.table == table))
        .collect();
    for m in open {
        let Some(g) = m.setup.round else { continue };
        if m.handle.call_time().await.is_err() {
            // Not dealt (or ended meanwhile, whose end is on its way):
            // a game never begun is time called as it stands.
            if !m
                .progress
                .started
                .load(std::sync::atomic::Ordering::Relaxed)
            {
                app.tables.retire(&m).await?;
                enter(app, g, GameRecord::new(GameResult::Timeout)).await?;
            }
        }
    }
    next_game(app, id, round, table).await?;
    Ok(())
}
