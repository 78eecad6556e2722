//! Score entry at the table: the page a table's QR code opens (phone-sized),
//! the same page for the director (enter, or amend an accepted sheet with a
//! reason), and the live points: the page sends the game as it stands and
//! gets back the points with the preset's explanation, or the field that is
//! wrong.

use super::clock::{ClockView, current_clock};
use super::{PageError, PageResult, duty_words, html, name_of, preset_of, seat_name};
use crate::body::rulings::RulingView;
use crate::edge::access::{Access, Caller};
use crate::edge::extract::path::InTable;
use crate::edge::extract::{Params, body_object};
use crate::edge::route::{Route, route};
use crate::http::error::ApiError;
use crate::state::AppState;
use askama::Template;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use jongg_tiles::Seat;
use jongg_tournament::{Entry, GameNo, RoundNo, SheetState, TableGame, TableNo, Tournament};
use serde_json::{Value, json};
use std::sync::Arc;
use utoipa::IntoParams;
use utoipa_axum::routes;

pub(super) fn routes() -> Vec<Route> {
    vec![
        route(Access::Scorekeeper, routes!(scorekeeper_page)),
        route(Access::Director, routes!(director_page)),
        route(Access::Public, routes!(preview)),
    ]
}

/// `?key=`: a table's link.
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct KeyQuery {
    /// The key of the table's link (the table card's QR code).
    #[allow(dead_code)]
    key: Option<String>,
}

/// `?game=`: which game of the sheet (read as text, so that a bad one is
/// answered as the page expects: the field `game`, 422).
#[derive(Debug, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct GameQuery {
    /// Which game of the sheet, from 1: it decides the dealer (R12).
    #[param(value_type = u32, minimum = 1, required = true)]
    game: Option<String>,
}

struct SeatView {
    /// `east`, ...
    key: &'static str,
    label: &'static str,
    name: String,
    /// The player's number, shown by the name for each player to check
    /// (st-louis-senior-olympics 5c).
    number: u32,
}

struct GameRow {
    game: u8,
    points: Vec<String>,
    lines: Vec<String>,
    entered: bool,
    /// The rulings about this game, once it is entered (issue 20.7).
    rulings: Vec<RulingView>,
}

struct SignView {
    key: &'static str,
    label: &'static str,
    name: String,
    number: u32,
    /// What the signature vouches for ("the scores of West and South").
    checks: String,
    /// The sheet needs this signature; when not, `note` says why
    /// (a table of three: standard 4, R14; `jongg_tournament::duties`).
    required: bool,
    note: String,
    /// The rule behind who signs (`[sign_off] signatures`).
    source: String,
    signed: bool,
}

#[derive(Template)]
#[template(path = "score.html")]
struct ScorePage {
    id: i64,
    round: RoundNo,
    table: TableNo,
    name: String,
    /// The scorekeeper's key (empty for the director, who has a session).
    key: String,
    director: bool,
    /// Amending an accepted sheet (the director only).
    amend: bool,
    /// Nothing can be written (accepted, and not the director).
    locked: bool,
    /// The round is not under way (and not the director amending).
    closed: bool,
    seats: Vec<SeatView>,
    games: Vec<GameRow>,
    totals: Vec<i32>,
    next_game: u8,
    state: &'static str,
    complete: bool,
    signatures: Vec<SignView>,
    /// The recorded game records by game number, as JSON, to fill the form
    /// when a game is picked again.
    records: String,
    rules_title: String,
    /// The preset ends a game on a claim of a mis-named discard (R4).
    misnamed_claim_ends_game: bool,
    /// The sheet's version, sent back with every edit (no silent overwrite).
    version: u64,
    /// Who has signed, in words ("South and West"); empty: nobody.
    signed_by: String,
    /// A table of three: what changes, with its source (R12).
    three: ThreeView,
    /// The event's card file, where one is loaded: tiles may be entered
    /// (issue 14.1, `score_hand.html`).
    card_label: String,
    /// Each entered game's line signatures, where the preset has a seat
    /// sign after each game (mississippi-2025 East): (game, seat key, seat, signed).
    game_signs: Vec<(u8, &'static str, &'static str, bool)>,
    /// Each player signs with their personal code (issue 14, point 6;
    /// `[sign_off] personal_code`): the signing asks for it.
    personal_code: bool,
    /// What every table is reminded of, with its rule (`[[reminders]]`:
    /// the card, standard 1; the sheets, standard 25).
    reminders: Vec<(String, String)>,
    /// The round's clock, while the round is under way (14.5).
    clock: Option<ClockView>,
    /// The rulings at this table this round not shown under an entered
    /// game: about no game, or one not entered yet.
    other_rulings: Vec<RulingView>,
    /// The game to offer as "time was called" (R7) once time is called:
    /// the first game not entered, on a sheet that can be written.
    open_game: Option<u8>,
}

impl ScorePage {
    /// Whether an entered game has a ruling (the reasons then open).
    fn has_rulings(&self) -> bool {
        self.games.iter().any(|g| !g.rulings.is_empty())
    }
}

/// What a table of three is told (R12; standard 3A): no Charleston, the
/// roll for East before game 4, and who won it.
#[derive(Default)]
struct ThreeView {
    notes: Vec<(String, String)>,
    /// The game before which the table rolls again for East.
    reroll_game: Option<u8>,
    /// Who is East after the roll, in words ("West: P7"); empty: not yet.
    east_after: String,
    /// The roll may still be recorded (no game from the roll on entered).
    can_record: bool,
    /// A table of four: the roll for East before game 1 (standard 3).
    four: bool,
}

fn three_view(t: &Tournament, sheet: &jongg_tournament::Sheet, seats: &[SeatView]) -> ThreeView {
    let Ok(rules) = t.table_rules(sheet.round, sheet.table) else {
        return ThreeView::default();
    };
    let reroll = if rules.three_player {
        rules.reroll_east_before_game
    } else {
        // standard 3: whoever rolls highest is East for game 1.
        Some(GameNo(1))
    };
    let notes = if !rules.three_player {
        Vec::new()
    } else {
        t.preset().map_or_else(
            |_| Vec::new(),
            |p| {
                p.three_player_notes()
                    .into_iter()
                    .map(|n| (n.text, n.source))
                    .collect()
            },
        )
    };
    let east_after = sheet.east_after_reroll.map_or_else(String::new, |s| {
        let name = seats
            .iter()
            .find(|v| v.key == s.name())
            .map_or_else(String::new, |v| v.name.clone());
        format!("{}: {name}", seat_name(s))
    });
    let can_record = reroll.is_some_and(|g| {
        let from = g.index().unwrap_or(0);
        sheet.games.iter().skip(from).all(Option::is_none)
    }) && sheet.state != SheetState::Accepted;
    ThreeView {
        notes,
        reroll_game: reroll.map(|g| g.0),
        east_after,
        can_record,
        four: !rules.three_player,
    }
}

fn score_page(
    t: &Tournament,
    id: i64,
    round: RoundNo,
    table: TableNo,
    key: String,
    director: bool,
) -> Result<ScorePage, PageError> {
    let sheet = t.sheet(round, table)?;
    let preset = preset_of(t);
    let seats: Vec<SeatView> = Seat::ALL
        .into_iter()
        .filter_map(|s| {
            let p = sheet.players[s]?;
            Some(SeatView {
                key: s.name(),
                label: seat_name(s),
                name: t
                    .player(p)
                    .map_or_else(|_| format!("#{}", p.0), |x| x.name.clone()),
                number: p.0,
            })
        })
        .collect();
    let present: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| sheet.players[s].is_some())
        .collect();
    let mut other_rulings = crate::body::rulings::rulings(t, Some(round), Some(table));
    let games = sheet
        .numbered_games()
        .map(|(game, g)| GameRow {
            rulings: if g.is_some() {
                let (mine, rest) = other_rulings
                    .drain(..)
                    .partition(|r| r.game == Some(game.0));
                other_rulings = rest;
                mine
            } else {
                Vec::new()
            },
            game: game.0,
            points: present
                .iter()
                .map(|&s| {
                    g.as_ref().map_or_else(String::new, |g| {
                        jongg_tournament::marks::game_cell(t.preset().ok(), g, s, true)
                    })
                })
                .collect(),
            lines: g.as_ref().map_or_else(Vec::new, |g| g.lines.clone()),
            entered: g.is_some(),
        })
        .collect();
    let totals_all = sheet.totals();
    let mut records = serde_json::Map::new();
    for (i, g) in sheet.games.iter().enumerate() {
        if let Some(g) = g {
            let v = match &g.entry {
                Entry::Record { record } | Entry::Hand { record, .. } => {
                    serde_json::to_value(record).unwrap_or(Value::Null)
                }
                Entry::Points { .. } => Value::Null,
            };
            records.insert((i + 1).to_string(), v);
        }
    }
    let next_game = sheet
        .games
        .iter()
        .position(Option::is_none)
        .map_or(1, |i| i + 1);
    let duties = preset.as_ref().map(|p| {
        (
            jongg_tournament::duties::signing_duties(p, &sheet.players),
            p,
        )
    });
    let signatures = present
        .iter()
        .map(|&s| {
            let seat = seats.iter().find(|v| v.key == s.name());
            let duty = duties.as_ref().and_then(|(d, p)| Some((d[s].clone()?, *p)));
            SignView {
                key: s.name(),
                label: seat_name(s),
                name: seat.map_or_else(String::new, |v| v.name.clone()),
                number: seat.map_or(0, |v| v.number),
                checks: duty.as_ref().map_or_else(String::new, |(d, _)| {
                    duty_words::checked(d, s, "my own scores")
                }),
                required: duty.as_ref().is_none_or(|(d, _)| d.required),
                note: duty
                    .as_ref()
                    .map_or_else(String::new, |(d, _)| duty_words::not_needed(d, s)),
                source: duty
                    .as_ref()
                    .map_or_else(String::new, |(_, p)| p.sign_off.signatures.source.clone()),
                signed: sheet.signed[s],
            }
        })
        .collect();
    let accepted = sheet.state == SheetState::Accepted;
    let signed_by: Vec<&str> = present
        .iter()
        .filter(|&&s| sheet.signed[s])
        .map(|&s| seat_name(s))
        .collect();
    let three = three_view(t, sheet, &seats);
    let misnamed_claim_ends_game = preset
        .as_ref()
        .is_some_and(|p| p.misnamed_discard.claim_ends_game);
    let writable = !accepted && t.current_round() == Some(round);
    let clock = current_clock(t, jongg_store::now_millis()).filter(|c| c.round == round.0);
    let open_game = sheet
        .games
        .iter()
        .position(Option::is_none)
        .filter(|_| writable)
        .and_then(|i| u8::try_from(i + 1).ok());
    Ok(ScorePage {
        game_signs: {
            let each = t
                .preset()
                .map(|p| p.sign_off.each_game.seats.clone())
                .unwrap_or_default();
            sheet
                .numbered_games()
                .filter(|(_, g)| g.is_some())
                .flat_map(|(game, _)| {
                    let signed = sheet.game_signed.get(game.index().unwrap_or(0)).copied();
                    each.iter()
                        .filter(|s| present.contains(s))
                        .map(move |&s| {
                            (game.0, s.name(), seat_name(s), signed.is_some_and(|b| b[s]))
                        })
                        .collect::<Vec<_>>()
                })
                .collect()
        },
        personal_code: t.preset().is_ok_and(|p| p.sign_off.personal_code.required),
        reminders: t.preset().map_or_else(
            |_| Vec::new(),
            |p| {
                p.reminders
                    .iter()
                    .map(|r| (r.text.clone(), r.source.clone()))
                    .collect()
            },
        ),
        card_label: t
            .card_setting()
            .file
            .as_ref()
            .map_or_else(String::new, |f| f.label.clone()),
        clock,
        open_game,
        other_rulings,
        misnamed_claim_ends_game,
        id,
        round,
        table,
        name: name_of(t),
        key,
        director,
        amend: director && accepted,
        locked: accepted && !director,
        closed: t.current_round() != Some(round) && !(director && accepted),
        seats,
        games,
        totals: present.iter().map(|&s| totals_all[s]).collect(),
        next_game: u8::try_from(next_game).unwrap_or(1),
        state: super::sheet_words(sheet.state, sheet.is_complete()),
        complete: sheet.is_complete(),
        signatures,
        records: Value::Object(records).to_string(),
        rules_title: preset.map_or_else(String::new, |p| p.title),
        version: sheet.version,
        signed_by: signed_by.join(" and "),
        three,
    })
}

/// Score entry at a table, opened from its link (the table card's QR code).
///
/// The access layer found the link by its key, which counts first here: a
/// director's browser opening a table's link is that table's scorekeeper,
/// and the page writes as it.
#[utoipa::path(get, path = "/score", params(KeyQuery), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn scorekeeper_page(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    uri: axum::http::Uri,
) -> PageResult {
    let Caller::Scorekeeper(link) = caller else {
        return Err(ApiError::forbidden("this page is a table's: open its link").into());
    };
    // The page sends the key with what it writes.
    let key = uri
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("key=")))
        .unwrap_or_default()
        .to_string();
    let (id, round, table) = (link.tournament.0, link.round, link.table);
    let page = app
        .tournaments
        .get(id)?
        .read(|t| score_page(t, id, round, table, key, false))?;
    html(&page)
}

/// A table's sheet for the director: enter games, or amend an accepted sheet.
#[utoipa::path(get, path = "/director/t/{id}/r/{r}/table/{t}", params(InTable), responses((status = OK, description = "The page", content_type = "text/html")))]
async fn director_page(
    State(app): State<Arc<AppState>>,
    Params(InTable {
        id,
        r: round,
        t: table,
    }): Params<InTable>,
) -> PageResult {
    let page = app
        .tournaments
        .get(id)?
        .read(|t| score_page(t, id, round, table, String::new(), true))?;
    html(&page)
}

/// Scores a game record as it stands, as entering game `?game=G` on the
/// sheet would (one path: `jongg_tournament::score_record`):
/// `{"points": {...}, "lines": [...]}`, or 422 with `{"error", "field"}`
/// naming the field that is wrong.
#[utoipa::path(post, path = "/t/{id}/r/{r}/table/{t}/preview", params(InTable, GameQuery),
    request_body(content = Object, description = "A game record as it stands (docs/scoring.md)"),
    responses((status = OK, description = "The points, with the preset's reasons", body = Object)))]
async fn preview(
    State(app): State<Arc<AppState>>,
    Params(InTable {
        id,
        r: round,
        t: table,
    }): Params<InTable>,
    Query(q): Query<GameQuery>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let map = body_object(&body)?;
    let game = q.game.and_then(|g| g.parse::<GameNo>().ok());
    let slot = app.tournaments.get(id)?;
    let found = slot.read(|t| {
        let preset =
            preset_of(t).ok_or_else(|| ApiError::conflict("the tournament has no rules yet"))?;
        let games = t.settings().map_or(GameNo(0), |s| s.games_per_round);
        let Some(game) = game.filter(|g| (GameNo(1)..=games).contains(g)) else {
            return Ok(Err(games));
        };
        Ok::<_, ApiError>(Ok((preset, t.table_game(round, table, game)?)))
    })?;
    match found {
        Ok((preset, at)) => Ok(score_preview(&preset, &at, &Value::Object(map))),
        Err(games) => Ok(field_error(
            "game",
            format!("say which game of the sheet: ?game=1 to {games}"),
        )),
    }
}

fn field_error(field: &str, reason: impl Into<String>) -> Response {
    let reason = reason.into();
    (
        StatusCode::UNPROCESSABLE_ENTITY,
        axum::Json(
            json!({ "error": format!("{field}: {reason}"), "field": field, "reason": reason }),
        ),
    )
        .into_response()
}

pub(super) fn score_preview(
    preset: &jongg_rules::Preset,
    at: &TableGame,
    record: &Value,
) -> Response {
    let scored = jongg_tournament::read_record(record)
        .and_then(|record| jongg_tournament::score_record(preset, &record, at));
    match scored {
        Ok(scored) => {
            let lines: Vec<Value> = scored
                .lines
                .iter()
                .map(|l| json!({ "seat": l.seat, "points": l.points, "reason": l.reason, "source": l.source }))
                .collect();
            axum::Json(json!({ "points": scored.points, "lines": lines })).into_response()
        }
        Err(e) => field_error(&e.field, e.reason),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_tiles::BySeat;

    fn body(r: Response) -> (StatusCode, Value) {
        let status = r.status();
        let bytes = futures_body(r);
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    fn futures_body(r: Response) -> Vec<u8> {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            axum::body::to_bytes(r.into_body(), 1 << 20)
                .await
                .unwrap()
                .to_vec()
        })
    }

    #[test]
    fn a_self_picked_mah_jongg_scores_with_reasons() {
        // standard 13: the card value to the winner; standard 13.1: +10 for
        // self-picking; the others score nothing (R2).
        let p = jongg_rules::Preset::builtin("standard").unwrap();
        let all = TableGame::new(GameNo(1), BySeat([true; 4]), None);
        let (status, v) = body(score_preview(
            &p,
            &all,
            &json!({"result": "mahjong", "winner": "east", "value": 25, "self_picked": true}),
        ));
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(
            v["points"],
            json!({"east": 35, "south": 0, "west": 0, "north": 0}),
            "{v}"
        );
        let sources: Vec<&str> = v["lines"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|l| l["source"].as_str())
            .collect();
        assert!(sources.contains(&"standard 13.1"), "{v}");
    }

    #[test]
    fn errors_name_the_field() {
        let p = jongg_rules::Preset::builtin("standard").unwrap();
        let all = TableGame::new(GameNo(1), BySeat([true; 4]), None);
        let (status, v) = body(score_preview(
            &p,
            &all,
            &json!({"result": "mahjong", "winner": "up"}),
        ));
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(v["field"], "winner");
        // R12: the empty seat of a three-player table cannot win.
        let three = TableGame::new(
            GameNo(1),
            BySeat([true, true, true, false]),
            Some(GameNo(4)),
        );
        let (status, v) = body(score_preview(
            &p,
            &three,
            &json!({"result": "mahjong", "winner": "north", "value": 25, "discarder": "east"}),
        ));
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(v["field"], "winner");
    }

    #[test]
    fn a_table_of_three_previews_an_error_with_a_throw_in_r8_r12() {
        // No North; South shows a false Mah Jongg, West throws in: East is
        // the one intact hand (+10, standard 17D) and North has no line.
        let p = jongg_rules::Preset::builtin("standard").unwrap();
        let three = TableGame::new(
            GameNo(2),
            BySeat([true, true, true, false]),
            Some(GameNo(4)),
        );
        let (status, v) = body(score_preview(
            &p,
            &three,
            &json!({"result": "mahjong_in_error", "declarer": "south", "value": 30, "exposed": ["west"]}),
        ));
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(
            v["points"],
            json!({"east": 10, "south": 0, "west": 0, "north": 0})
        );
        assert!(
            v["lines"]
                .as_array()
                .unwrap()
                .iter()
                .all(|l| l["seat"] != "north")
        );
    }

    #[test]
    fn a_heavenly_hand_is_refused_for_a_seat_that_did_not_deal_r10() {
        let p = jongg_rules::Preset::builtin("standard").unwrap();
        let heavenly =
            json!({"result": "mahjong", "winner": "south", "value": 25, "heavenly": true});
        // Game 1: East dealt.
        let (status, v) = body(score_preview(
            &p,
            &TableGame::new(GameNo(1), BySeat([true; 4]), None),
            &heavenly,
        ));
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(v["field"], "heavenly");
        assert!(v["reason"].as_str().unwrap().contains("R10"), "{v}");
        // Game 2: South dealt (R12).
        let (status, v) = body(score_preview(
            &p,
            &TableGame::new(GameNo(2), BySeat([true; 4]), None),
            &heavenly,
        ));
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["points"]["south"], 25);
    }

    /// The preview answers as entering the game would: the same records
    /// taken, the same refused (issue 12: it took an empty seat in `exposed`
    /// or `penalties` that the sheet then refused).
    #[test]
    fn the_preview_takes_exactly_what_the_sheet_takes_r12() {
        use jongg_tournament::{Actor, Command};
        // Seven players: a table of four and a table of three, round 1
        // under way with its sheets empty.
        let t =
            jongg_tools::sample_tournament_upto("t", "standard", 7, RoundNo(1), RoundNo(0), 1, 0)
                .unwrap();
        let preset = t.preset().unwrap().clone();
        let records = [
            json!({"result": "wall"}),
            json!({"result": "wall", "exposed": ["north"]}),
            json!({"result": "wall", "penalties": [{"seat": "north", "kind": "blind_pass_peek"}]}),
            json!({"result": "mahjong_in_error", "declarer": "south", "value": 30, "exposed": ["north"]}),
            json!({"result": "mahjong", "winner": "south", "value": 25, "heavenly": true}),
            json!({"result": "wall", "dealer": "south"}),
            json!({"result": "wall", "empty_seat": "west"}),
            json!({"result": "wall", "comment": "x".repeat(5000)}),
            json!({"result": "mahjong", "winner": "east", "value": 25, "discarder": "west"}),
        ];
        for table in [TableNo(1), TableNo(2)] {
            let at = t.table_game(RoundNo(1), table, GameNo(1)).unwrap();
            for record in &records {
                let (status, _) = body(score_preview(&preset, &at, record));
                let entered = jongg_tournament::read_record(record).is_ok_and(|record| {
                    let enter = Command::EnterGame {
                        round: RoundNo(1),
                        table,
                        game: GameNo(1),
                        entry: Entry::Record { record },
                    };
                    t.decide(&Actor::Director, enter).is_ok()
                });
                assert_eq!(status == StatusCode::OK, entered, "table {table}: {record}");
            }
        }
    }
}
