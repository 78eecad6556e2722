//! JSON schemas of the request bodies, for the OpenAPI document. They mirror
//! the serde shapes of `jongg-tournament`'s `Command` (whose `kind` the route
//! fills in). `scripts/api-fuzz.sh` generates requests from them
//! (schemathesis) and fails on any 5xx.

use serde_json::{Value, json};

pub fn all() -> Value {
    use jongg_tournament::limits::{
        MAX_DATES, MAX_GAMES, MAX_LABEL, MAX_MINUTES, MAX_NAME, MAX_POINTS, MAX_REASON, MAX_ROUNDS,
        MAX_RULES_FILE,
    };
    let string = json!({ "type": "string" });
    let name = json!({ "type": "string", "minLength": 1, "maxLength": MAX_NAME });
    let club = json!({ "type": "string", "maxLength": MAX_NAME });
    let points = json!({ "type": "integer", "minimum": -MAX_POINTS, "maximum": MAX_POINTS });
    let seat = json!({ "type": "string", "enum": ["east", "south", "west", "north"] });
    let by_seat_int = json!({ "type": "object", "required": ["east", "south", "west", "north"],
        "properties": { "east": points, "south": points, "west": points, "north": points } });
    let settings = json!({
        "name": name, "dates": { "type": "array", "maxItems": MAX_DATES,
            "items": { "type": "string", "format": "date" } },
        "rules": { "$ref": "#/components/schemas/RulesSource" },
        "rounds": { "type": "integer", "minimum": 1, "maximum": MAX_ROUNDS },
        "games_per_round": { "type": "integer", "minimum": 1, "maximum": MAX_GAMES },
        "round_minutes": { "type": "integer", "minimum": 1, "maximum": MAX_MINUTES },
        "tie_breaks": { "$ref": "#/components/schemas/TieBreaks" },
        "odd_players": { "$ref": "#/components/schemas/OddPlayers" } });
    let numbers = json!({ "type": "array", "items": { "type": "integer", "minimum": 1 } });
    let seat_or_empty =
        json!({ "oneOf": [{ "type": "integer", "minimum": 1 }, { "type": "null" }] });
    let seat_method = json!({ "oneOf": [
                { "type": "object", "required": ["kind", "seed"], "properties": {
                    "kind": { "const": "random" }, "seed": { "type": "integer", "minimum": 0 } } },
                { "type": "object", "required": ["kind"], "properties": { "kind": { "const": "by_number" } } },
                { "type": "object", "required": ["kind"], "description": "The preset's movement from the round before (R13)",
                    "properties": { "kind": { "const": "movement" } } },
                { "type": "object", "required": ["kind", "tables"], "properties": {
                    "kind": { "const": "imported" },
                    "tables": { "type": "array", "items": { "type": "object", "required": ["table", "seats"], "properties": {
                        "table": { "type": "integer", "minimum": 1 },
                        "seats": { "type": "object", "required": ["east", "south", "west", "north"], "properties": {
                            "east": seat_or_empty, "south": seat_or_empty, "west": seat_or_empty, "north": seat_or_empty } } } } },
                    "sit_outs": numbers } } ] });
    let mut schemas = json!({
        "Error": { "type": "object", "required": ["error"],
            "properties": { "error": { "type": "string", "description": "What is wrong, in plain words" } } },
        "Setup": { "type": "object", "required": ["token", "password"], "properties": {
            "token": { "type": "string", "description": "The token of the link `jongg serve` printed" },
            "username": { "type": "string", "default": "director", "minLength": 1, "maxLength": 64 },
            "password": { "type": "string", "minLength": 10, "maxLength": 128,
                "description": "10 to 128 characters, not all spaces" },
            "confirm": { "type": "string",
                "description": "The password typed again; refused if it differs" } } },
        "Login": { "type": "object", "required": ["password"], "properties": {
            "username": { "type": "string", "default": "director", "minLength": 1, "maxLength": 64 },
            "password": { "type": "string", "minLength": 1, "maxLength": 1024 } } },
        "RulesSource": { "oneOf": [
            { "type": "object", "required": ["kind", "name"], "properties": {
                "kind": { "const": "preset" },
                "name": { "type": "string", "enum": ["standard", "beth-emeth", "mahjong-mania-2026", "mississippi-2025", "st-louis-senior-olympics"] } } },
            { "type": "object", "required": ["kind", "label", "toml"], "properties": {
                "kind": { "const": "file" },
                "label": { "type": "string", "minLength": 1, "maxLength": MAX_LABEL },
                "toml": { "type": "string", "minLength": 1, "maxLength": MAX_RULES_FILE } } } ] },
        "OddPlayers": { "oneOf": [
            { "type": "object", "required": ["kind"], "properties": { "kind": { "const": "three_player_tables" } } },
            { "type": "object", "required": ["kind", "points"], "properties": { "kind": { "const": "sit_out" }, "points": points } } ] },
        "TieBreaks": { "type": "array", "items": { "type": "string", "enum": ["points", "mah_jonggs", "best_game"] } },
        "CreateTournament": { "type": "object", "required": ["name", "rules"], "properties": settings },
        "UpdateSettings": { "type": "object", "description":
            "Any of CreateTournament's fields; absent ones stay. Rules and games per round only before round 1 starts (R15).",
            "properties": settings },
        "Command": { "type": "object", "required": ["kind"], "description":
            "Any command of the tournament, tagged by `kind`: create_tournament, update_settings, register_player, \
             update_player, withdraw_player, mark_late, arrive, substitute, seat_round, start_round, enter_game, \
             sign_sheet, accept_sheet, amend_sheet, close_round; the other fields as on the matching route.",
            "properties": { "kind": string } },
        "TournamentFile": { "type": "object", "required": ["format", "version", "events"], "properties": {
            "format": { "const": "jongg-tournament" }, "version": { "const": 1 },
            "events": { "type": "array", "items": { "type": "object", "required": ["seq", "at", "actor", "event"] } } } },
        "RegisterPlayer": { "type": "object", "required": ["number", "name"], "properties": {
            "number": { "type": "integer", "minimum": 1 }, "name": name, "club": club, "late": { "type": "boolean" } } },
        "UpdatePlayer": { "type": "object", "properties": {
            "name": name, "club": { "type": ["string", "null"], "maxLength": MAX_NAME } } },
        "Substitute": { "type": "object", "required": ["number", "name"], "properties": {
            "number": { "type": "integer", "minimum": 1 }, "name": name, "club": club } },
        "SeatRound": { "type": "object", "required": ["method"], "properties": {
            "method": seat_method } },
        "Entry": { "oneOf": [
            { "type": "object", "required": ["kind", "points"], "properties": {
                "kind": { "const": "points" }, "points": by_seat_int, "mah_jongg": { "oneOf": [seat, { "type": "null" }] } } },
            { "type": "object", "required": ["kind", "record"], "properties": {
                "kind": { "const": "record" }, "record": { "type": "object", "description": "A game record, scored by the preset" } } } ] },
        "EnterGame": { "type": "object", "required": ["entry"], "properties": {
            "entry": { "$ref": "#/components/schemas/Entry" } } },
        "AmendGame": { "type": "object", "required": ["entry", "reason"], "properties": {
            "entry": { "$ref": "#/components/schemas/Entry" },
            "reason": { "type": "string", "minLength": 1, "maxLength": MAX_REASON } } },
        "SignSheet": { "type": "object", "required": ["seat"], "properties": { "seat": seat } },
    });
    // An optional field may be given as null, meaning not given (serde's
    // `Option`): say so, or the fuzzer rightly calls its acceptance a bug.
    let optional: [(&str, &[&str]); 5] = [
        (
            "CreateTournament",
            &[
                "rounds",
                "games_per_round",
                "round_minutes",
                "tie_breaks",
                "odd_players",
            ],
        ),
        (
            "UpdateSettings",
            &[
                "name",
                "dates",
                "rules",
                "rounds",
                "games_per_round",
                "round_minutes",
                "tie_breaks",
                "odd_players",
            ],
        ),
        ("RegisterPlayer", &["club"]),
        ("UpdatePlayer", &["name"]),
        ("Substitute", &["club"]),
    ];
    for (schema, fields) in optional {
        for f in fields {
            let p = &mut schemas[schema]["properties"][f];
            *p = json!({ "anyOf": [p.take(), { "type": "null" }] });
        }
    }
    // Every body but the open `Command` refuses fields it does not list
    // (the server does: `deny_unknown_fields`), so the fuzzer sends some.
    if let Value::Object(map) = &mut schemas {
        for (name, schema) in map.iter_mut() {
            if name != "Command" {
                close(schema);
            }
        }
    }
    schemas
}

/// Adds `additionalProperties: false` to every object schema that lists
/// its properties.
fn close(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if m.contains_key("properties") && !m.contains_key("additionalProperties") {
                m.insert("additionalProperties".into(), Value::Bool(false));
            }
            m.values_mut().for_each(close);
        }
        Value::Array(a) => a.iter_mut().for_each(close),
        _ => {}
    }
}
