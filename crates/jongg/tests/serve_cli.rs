//! `jongg demo`, `jongg export` and `jongg import` on a temporary SQLite file.

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
fn demo_then_export_import_round_trips_exactly() {
    let dir = std::env::temp_dir().join(format!("jongg-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("sub/jongg.sqlite").display());
    let out = jongg(&[
        "demo",
        "--database",
        &db,
        "--players",
        "13",
        "--rounds",
        "3",
        "--preset",
        "beth-emeth",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("Created tournament 1: 13 players, 3 rounds under `beth-emeth`"),
        "{said}"
    );
    assert!(said.contains("/api/tournaments/1/standings"), "{said}");
    assert!(said.contains("games played by bots"), "{said}");
    let a = dir.join("a.json");
    let b = dir.join("b.json");
    let out = jongg(&[
        "export",
        "--tournament",
        "1",
        "--database",
        &db,
        a.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = jongg(&["import", "--database", &db, a.to_str().unwrap()]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("as tournament 2"),
        "{}",
        text(&out.stdout)
    );
    let out = jongg(&[
        "export",
        "--tournament",
        "2",
        "--database",
        &db,
        b.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let (a, b) = (
        std::fs::read_to_string(&a).unwrap(),
        std::fs::read_to_string(&b).unwrap(),
    );
    assert!(a == b, "the backup round-trips exactly");
    assert!(a.contains("\"format\": \"jongg-tournament\""));
    // Every game was played out and entered as its record, scored by the preset.
    let file: serde_json::Value = serde_json::from_str(&a).unwrap();
    let games: Vec<&serde_json::Value> = file["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["event"])
        .filter(|e| e["kind"] == "game_entered")
        .collect();
    assert_eq!(games.len(), 4 * 4 * 3, "4 tables x 4 games x 3 rounds");
    assert!(
        games
            .iter()
            .all(|g| g["after"]["entry"]["kind"] == "record")
    );
    assert!(games.iter().all(|g| {
        g["after"]["lines"]
            .as_array()
            .is_some_and(|l| !l.is_empty())
    }));
    // Plain points on request, for big demos.
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
    assert!(text(&out.stdout).contains("plain points"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_are_named_with_exit_code_2() {
    let dir = std::env::temp_dir().join(format!("jongg-cli-bad-{}", std::process::id()));
    let db = format!("sqlite://{}", dir.join("jongg.sqlite").display());
    let cases: [(&[&str], &str); 5] = [
        (&["serve", "--bind", "nowhere"], "--bind `nowhere`"),
        (
            &["demo", "--database", &db, "--preset", "nope"],
            "unknown rules preset `nope`",
        ),
        (&["demo", "--database", "mysql://x"], "neither sqlite"),
        (
            &["export", "--tournament", "9", "--database", &db, "-"],
            "tournament 9 does not exist",
        ),
        (
            &["import", "--database", &db, "/no/such/file.json"],
            "cannot read /no/such/file.json",
        ),
    ];
    for (args, needle) in cases {
        let out = jongg(args);
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).contains(needle),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    std::fs::write(
        dir.join("bad.json"),
        "{\"format\": \"x\", \"version\": 1, \"events\": []}",
    )
    .unwrap();
    let out = jongg(&[
        "import",
        "--database",
        &db,
        dir.join("bad.json").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("format is `x`"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
