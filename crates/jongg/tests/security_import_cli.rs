//! Finding 6 through `jongg import`: a hostile file is refused whole, with
//! the first bad event's number and why, exit code 2, nothing stored; a
//! file larger than a tournament file may be is not read past its limit.
//! (Every hostile import of the issue is tested over HTTP in
//! crates/server/tests/security/hostile_imports.rs; both run one function.)

use serde_json::{Value, json};
use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("cannot run jongg")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn jongg_import_refuses_a_hostile_file_whole() {
    let dir = std::env::temp_dir().join(format!("jongg-cli-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "8",
        "--rounds",
        "1",
        "--games",
        "points",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let good = dir.join("good.json");
    let out = jongg(&[
        "export",
        "--tournament",
        "1",
        "--database",
        &db,
        good.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let mut file: Value = serde_json::from_str(&std::fs::read_to_string(&good).unwrap()).unwrap();

    // A game whose points wrap an i32.
    let events = file["events"].as_array_mut().unwrap();
    let i = events
        .iter()
        .position(|e| e["event"]["kind"] == "game_entered")
        .unwrap();
    events[i]["event"]["after"]["entry"]["points"]["east"] = json!(i32::MIN);
    let bad = dir.join("bad.json");
    std::fs::write(&bad, file.to_string()).unwrap();
    let out = jongg(&["import", "--database", &db, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    let said = text(&out.stderr);
    assert!(
        said.contains(&format!("event {} of the file is refused", i + 1))
            && said.contains("-2147483648 is beyond any game score"),
        "{said}"
    );
    let events = file["events"].as_array_mut().unwrap();
    events[i]["event"]["after"]["entry"]["points"]["east"] = json!(0);
    events[1]["actor"] = json!({ "kind": "public" });
    std::fs::write(&bad, file.to_string()).unwrap();
    let out = jongg(&["import", "--database", &db, bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr)
            .contains("event 2 of the file is refused: the public may not change the tournament"),
        "{}",
        text(&out.stderr)
    );
    // Nothing was stored: there is no tournament 2.
    let out = jongg(&["export", "--tournament", "2", "--database", &db, "-"]);
    assert!(
        text(&out.stderr).contains("tournament 2 does not exist"),
        "{}",
        text(&out.stderr)
    );

    // Past 64 MB, the file is not even read whole.
    let big = dir.join("big.json");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((64 << 20) + 10).unwrap();
    let out = jongg(&["import", "--database", &db, big.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("larger than a tournament file may be"),
        "{}",
        text(&out.stderr)
    );

    // The good file is taken whole.
    let out = jongg(&["import", "--database", &db, good.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("as tournament 2"));
    let _ = std::fs::remove_dir_all(&dir);
}
