//! A backup from the director's pages (issue 32.9), black box on port 0:
//! the export is a file to save (an attachment, not text shown), and the
//! director's home restores one without a terminal: its form sends the
//! file's JSON to the import, which checks it as `jongg import` does.

mod common;

use common::*;
use serde_json::{Value, json};

#[test]
fn a_backup_downloads_as_a_file_and_the_directors_home_restores_it() {
    let app = App::start(jongg_store::Backend::Sqlite);
    let id = tournament(&app, "standard", 8, 2);
    let mut d = app.director();
    let r = d.get(&format!("{}/export", t(id))).unwrap();
    assert_eq!(r.status, 200);
    assert_eq!(
        r.header("content-disposition"),
        Some(format!("attachment; filename=\"jongg-tournament-{id}.json\"").as_str()),
        "saved as a file, not opened as text"
    );
    let file: Value = r.json();
    // The home's form: the file read by the page's script (jongg.js's
    // restoreBackup), sent to the import, then to the new tournament.
    let home = d.get("/director").unwrap().text();
    assert!(
        home.contains("<form id=\"restore\" data-api=\"/api/tournaments/import\" data-then=\"/director/t/{id}\" data-prepare=\"restoreBackup\""),
        "{home}"
    );
    assert!(
        home.contains("id=\"backup-file\" accept=\".json,application/json\""),
        "{home}"
    );
    let script = app.public().get("/assets/jongg.js").unwrap().text();
    assert!(script.contains("window.jongg.restoreBackup = function (form, data)"));
    // What the script sends: the same tournament is refused, naming it;
    // under a new name it is restored as a copy.
    let again = d.post("/api/tournaments/import", &file).unwrap();
    assert_eq!(again.status, 409, "{}", again.text());
    assert!(again.text().contains("already here"), "{}", again.text());
    let copy = expect(
        d.post("/api/tournaments/import?name=Restored%20copy", &file),
        201,
    );
    let new = copy["id"].as_i64().unwrap();
    assert_ne!(new, id);
    let summary = expect(d.get(&t(new)), 200);
    assert_eq!(summary["settings"]["name"], "Restored copy", "{summary}");
    // A file that is not a tournament is refused in words, nothing made.
    let bad = d
        .post("/api/tournaments/import", &json!({ "format": "nope" }))
        .unwrap();
    assert!(bad.status == 400 || bad.status == 422, "{}", bad.text());
}
