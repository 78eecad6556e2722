//! JSON schemas of the request bodies, for the OpenAPI document. They mirror
//! the serde shapes of `jongg-tournament`'s `Command` (whose `kind` the route
//! fills in) and are checked against real requests by the API tests.

use serde_json::{Value, json};

pub fn all() -> Value {
    let int = json!({ "type": "integer" });
    let string = json!({ "type": "string" });
    let seat = json!({ "type": "string", "enum": ["east", "south", "west", "north"] });
    let by_seat_int = json!({ "type": "object", "required": ["east", "south", "west", "north"],
        "properties": { "east": int, "south": int, "west": int, "north": int } });
    json!({
        "Error": { "type": "object", "required": ["error"],
            "properties": { "error": { "type": "string", "description": "What is wrong, in plain words" } } },
        "Setup": { "type": "object", "required": ["token", "password"], "properties": {
            "token": { "type": "string", "description": "The token of the link `jongg serve` printed" },
            "username": { "type": "string", "default": "director" },
            "password": { "type": "string", "minLength": 8 } } },
        "Login": { "type": "object", "required": ["password"], "properties": {
            "username": { "type": "string", "default": "director" }, "password": string } },
        "RulesSource": { "oneOf": [
            { "type": "object", "required": ["kind", "name"], "properties": {
                "kind": { "const": "preset" },
                "name": { "type": "string", "enum": ["standard", "beth-emeth", "mahjong-mania-2026", "mississippi-2025", "st-louis-senior-olympics"] } } },
            { "type": "object", "required": ["kind", "label", "toml"], "properties": {
                "kind": { "const": "file" }, "label": string, "toml": string } } ] },
        "OddPlayers": { "oneOf": [
            { "type": "object", "properties": { "kind": { "const": "three_player_tables" } } },
            { "type": "object", "properties": { "kind": { "const": "sit_out" }, "points": int } } ] },
        "TieBreaks": { "type": "array", "items": { "type": "string", "enum": ["points", "mah_jonggs", "best_game"] } },
        "CreateTournament": { "type": "object", "required": ["name", "rules"], "properties": {
            "name": string, "dates": { "type": "array", "items": { "type": "string", "format": "date" } },
            "rules": { "$ref": "#/components/schemas/RulesSource" },
            "rounds": int, "games_per_round": int, "round_minutes": int,
            "tie_breaks": { "$ref": "#/components/schemas/TieBreaks" },
            "odd_players": { "$ref": "#/components/schemas/OddPlayers" } } },
        "UpdateSettings": { "type": "object", "description": "Any of CreateTournament's fields; absent ones stay." },
        "Command": { "type": "object", "required": ["kind"], "description":
            "Any command of the tournament, tagged by `kind`: create_tournament, update_settings, register_player, \
             update_player, withdraw_player, mark_late, arrive, substitute, seat_round, start_round, enter_game, \
             sign_sheet, accept_sheet, amend_sheet, close_round; the other fields as on the matching route.",
            "properties": { "kind": string } },
        "TournamentFile": { "type": "object", "required": ["format", "version", "events"], "properties": {
            "format": { "const": "jongg-tournament" }, "version": { "const": 1 },
            "events": { "type": "array", "items": { "type": "object", "required": ["seq", "at", "actor", "event"] } } } },
        "RegisterPlayer": { "type": "object", "required": ["number", "name"], "properties": {
            "number": int, "name": string, "club": string, "late": { "type": "boolean" } } },
        "UpdatePlayer": { "type": "object", "properties": {
            "name": string, "club": { "type": ["string", "null"] } } },
        "Substitute": { "type": "object", "required": ["number", "name"], "properties": {
            "number": int, "name": string, "club": string } },
        "SeatRound": { "type": "object", "required": ["method"], "properties": {
            "method": { "type": "object", "required": ["kind"], "description":
                "{kind: random, seed}, {kind: by_number}, {kind: movement} or {kind: imported, tables, sit_outs}",
                "properties": { "kind": { "enum": ["random", "by_number", "movement", "imported"] } } } } },
        "Entry": { "oneOf": [
            { "type": "object", "required": ["kind", "points"], "properties": {
                "kind": { "const": "points" }, "points": by_seat_int, "mah_jongg": { "oneOf": [seat, { "type": "null" }] } } },
            { "type": "object", "required": ["kind", "record"], "properties": {
                "kind": { "const": "record" }, "record": { "type": "object", "description": "A game record, scored by the preset" } } } ] },
        "EnterGame": { "type": "object", "required": ["entry"], "properties": {
            "entry": { "$ref": "#/components/schemas/Entry" } } },
        "AmendGame": { "type": "object", "required": ["entry", "reason"], "properties": {
            "entry": { "$ref": "#/components/schemas/Entry" }, "reason": string } },
        "SignSheet": { "type": "object", "required": ["seat"], "properties": { "seat": seat } },
    })
}
