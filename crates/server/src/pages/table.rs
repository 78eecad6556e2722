//! Score entry at the table: the page a table's QR code opens (phone-sized),
//! the same page for the director (enter, or amend an accepted sheet with a
//! reason), and the live points: the page sends the game as it stands and
//! gets back the points with the preset's explanation, or the field that is
//! wrong.

use super::{PageError, PageResult, html, name_of, preset_of, seat_name};
use crate::AppState;
use crate::error::ApiError;
use crate::extract::{Caller, Params, body_object};
use askama::Template;
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use jongg_tiles::Seat;
use jongg_tournament::{Entry, GameNo, RoundNo, SheetState, TableGame, TableNo, Tournament};
use serde_json::{Value, json};
use std::sync::Arc;

pub(super) fn routes(r: Router<Arc<AppState>>) -> Router<Arc<AppState>> {
    r.route("/score", get(scorekeeper_page))
        .route("/director/t/{id}/r/{r}/table/{t}", get(director_page))
        .route("/t/{id}/r/{r}/table/{t}/preview", post(preview))
}

struct SeatView {
    /// `east`, ...
    key: &'static str,
    label: &'static str,
    name: String,
}

struct GameRow {
    game: u8,
    points: Vec<String>,
    lines: Vec<String>,
    entered: bool,
}

struct SignView {
    key: &'static str,
    label: &'static str,
    name: String,
    checks: String,
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
            })
        })
        .collect();
    let present: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|&s| sheet.players[s].is_some())
        .collect();
    let games = sheet
        .numbered_games()
        .map(|(game, g)| GameRow {
            game: game.0,
            points: present
                .iter()
                .map(|&s| {
                    g.as_ref()
                        .map_or_else(String::new, |g| format!("{:+}", g.points[s]))
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
                Entry::Record { record } => serde_json::to_value(record).unwrap_or(Value::Null),
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
    let verification = preset.as_ref().map(|p| p.verification.clone());
    let signatures = present
        .iter()
        .map(|&s| {
            let checks = verification.as_ref().map_or_else(String::new, |v| {
                let list: Vec<&str> = v.verifies[s]
                    .iter()
                    .filter(|o| present.contains(o))
                    .map(|&o| seat_name(o))
                    .collect();
                if list.is_empty() {
                    "their own scores".to_string()
                } else {
                    format!("the scores of {}", list.join(" and "))
                }
            });
            SignView {
                key: s.name(),
                label: seat_name(s),
                name: seats
                    .iter()
                    .find(|v| v.key == s.name())
                    .map_or_else(String::new, |v| v.name.clone()),
                checks,
                signed: sheet.signed[s],
            }
        })
        .collect();
    let accepted = sheet.state == SheetState::Accepted;
    let misnamed_claim_ends_game = preset
        .as_ref()
        .is_some_and(|p| p.misnamed_discard.claim_ends_game);
    Ok(ScorePage {
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
        state: match sheet.state {
            SheetState::Draft => "being filled in",
            SheetState::Signed => "signed: waiting for the director",
            SheetState::Accepted => "accepted by the director",
        },
        complete: sheet.is_complete(),
        signatures,
        records: Value::Object(records).to_string(),
        rules_title: preset.map_or_else(String::new, |p| p.title),
    })
}

async fn scorekeeper_page(State(app): State<Arc<AppState>>, uri: axum::http::Uri) -> PageResult {
    // The key of the link, looked up whoever opens it (a director's browser
    // with a session too: the page then writes as the table's scorekeeper).
    let key = uri
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("key=")))
        .unwrap_or_default()
        .to_string();
    let unknown = || {
        PageError::from(ApiError::unauthorized(
            "this page needs the table's link as printed on the table card (scan its QR code)",
        ))
    };
    if key.len() != 64 || !key.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(unknown());
    }
    let link = app
        .tournaments
        .store()
        .find_table_token(&key)
        .await
        .map_err(ApiError::from)?
        .ok_or_else(unknown)?;
    let (id, round, table) = (link.tournament.0, link.round, link.table);
    let page = app
        .tournaments
        .get(id)?
        .read(|t| score_page(t, id, round, table, key, false))?;
    html(&page)
}

async fn director_page(
    State(app): State<Arc<AppState>>,
    caller: Caller,
    Params((id, round, table)): Params<(i64, RoundNo, TableNo)>,
) -> PageResult {
    super::need_director(
        &caller,
        &format!("/director/t/{id}/r/{round}/table/{table}"),
    )?;
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
async fn preview(
    State(app): State<Arc<AppState>>,
    Params((id, round, table)): Params<(i64, RoundNo, TableNo)>,
    uri: axum::http::Uri,
    body: Bytes,
) -> Result<Response, ApiError> {
    let map = body_object(&body)?;
    let game = uri
        .query()
        .and_then(|q| q.split('&').find_map(|kv| kv.strip_prefix("game=")))
        .and_then(|g| g.parse::<GameNo>().ok());
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
            crate::tools::sample_tournament_upto("t", "standard", 7, RoundNo(1), RoundNo(0), 1, 0)
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
