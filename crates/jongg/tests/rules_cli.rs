//! `jongg rules list`, `show`, `incidents` and `ruling`.

use std::process::Command;

fn jongg(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("run jongg");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("jongg-rules-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn rules_list_names_the_five_presets_with_titles() {
    let (code, out, _) = jongg(&["rules", "list"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    for (line, name) in lines.iter().zip([
        "standard",
        "beth-emeth",
        "mahjong-mania-2026",
        "mississippi-2025",
        "st-louis-senior-olympics",
    ]) {
        assert!(line.starts_with(name), "{line}");
    }
    assert!(out.contains("Standardized National Mah Jongg Tournament Rules"));
    assert!(out.contains("Beth Emeth"));
}

#[test]
fn rules_show_a_builtin_preset_in_plain_language() {
    let (code, out, _) = jongg(&["rules", "show", "standard"]);
    assert_eq!(code, 0);
    assert!(out.contains("Self-picked Mah Jongg: +10"), "{out}");
    assert!(out.contains("two exposures: -20"), "{out}");
    assert!(out.contains("East moves up 1 table"), "{out}");
    let (code, out, _) = jongg(&["rules", "show", "mississippi-2025"]);
    assert_eq!(code, 0);
    assert!(out.contains("4 rounds"), "{out}");
}

#[test]
fn rules_show_a_directors_file_starting_from_a_preset() {
    let path = temp_file(
        "club.toml",
        "base = \"standard\"\nname = \"club\"\ntitle = \"Club night\"\n[round]\nminutes = 50\n",
    );
    let (code, out, err) = jongg(&["rules", "show", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Club night (preset `club`)"), "{out}");
    assert!(out.contains("50 minutes a round"), "{out}");
    assert!(out.contains("round.minutes = 50 (line 5)"), "{out}");
}

#[test]
fn rules_show_a_bad_file_exits_2_naming_file_line_and_key() {
    let path = temp_file(
        "bad.toml",
        "base = \"standard\"\n\n[scoring]\nself_pickd = 3\n",
    );
    let p = path.to_str().unwrap();
    let (code, _, err) = jongg(&["rules", "show", p]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("{p}:4: scoring.self_pickd: unknown field")),
        "{err}"
    );
    let path = temp_file("base.toml", "base = \"nonesuch\"\n");
    let (code, _, err) = jongg(&["rules", "show", path.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(
        err.contains(":1: base: `nonesuch` is not a built-in preset"),
        "{err}"
    );
}

#[test]
fn rules_show_neither_preset_nor_file_exits_2() {
    let (code, _, err) = jongg(&["rules", "show", "no-such-preset"]);
    assert_eq!(code, 2);
    assert!(err.contains("neither a built-in preset"), "{err}");
}

#[test]
fn rules_show_includes_the_floor_and_tables_of_three() {
    let (code, out, _) = jongg(&["rules", "show", "st-louis-senior-olympics"]);
    assert_eq!(code, 0);
    // st-louis-senior-olympics heading and 6a: two card years, the director chooses.
    assert!(
        out.contains("the director chooses: the 2022 NMJL card"),
        "{out}"
    );
    // st-louis-senior-olympics 6e, 6j; NOTE; R12.
    assert!(
        out.contains("A dead hand is written as X on the sheet"),
        "{out}"
    );
    assert!(out.contains("pot penalty"), "{out}");
    assert!(out.contains("No Charleston at a table of three"), "{out}");
}

#[test]
fn rules_incidents_lists_every_incident_with_effect_and_source() {
    let (code, out, err) = jongg(&["rules", "incidents", "--rules", "mahjong-mania-2026"]);
    assert_eq!(code, 0, "{err}");
    let ids: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with(' ') && !l.is_empty() && !l.starts_with("Incidents"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(ids.len(), 37, "{out}");
    assert_eq!(ids[0], "blind_pass_peek");
    // mahjong-mania-2026 rule 14: -25 for a hidden tail.
    assert!(
        out.contains("`hidden_wall_tail` penalty: the player who pushed the wall out -25"),
        "{out}"
    );
    assert!(
        out.contains("source: mahjong-mania-2026 rule 6, 14"),
        "{out}"
    );
}

#[test]
fn rules_incidents_json_is_every_ruling() {
    let (code, out, err) = jongg(&["rules", "incidents", "--rules", "standard", "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let all = v.as_array().unwrap();
    assert_eq!(all.len(), 37);
    for r in all {
        assert!(r["incident"].is_string() && r["source"].is_string() && r["text"].is_string());
    }
}

#[test]
fn rules_ruling_states_penalty_record_and_source() {
    let (code, out, err) = jongg(&[
        "rules",
        "ruling",
        "--rules",
        "mahjong-mania-2026",
        "misnamed_discard_false_mahjong_claim",
    ]);
    assert_eq!(code, 0, "{err}");
    // mahjong-mania-2026 rule 8; R4: -25 to the mis-caller, +10 to each other, the game ends.
    assert!(
        out.contains("the discarder who mis-named the tile: -25"),
        "{out}"
    );
    assert!(out.contains("each other player: +10"), "{out}");
    assert!(
        out.contains("record `result`: \"misnamed_mahjong_claim\""),
        "{out}"
    );
    assert!(
        out.contains("Source: mahjong-mania-2026 rule 8, PENALTIES, R4"),
        "{out}"
    );
    let (code, out, _) = jongg(&[
        "rules",
        "ruling",
        "--rules",
        "standard",
        "mahjong_in_error_exposed",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // standard 17B; R6, R8: dead, 0 (not -10).
    assert_eq!(v["effect"]["dead"], "mahjong_in_error");
    assert_eq!(v["penalty"][0]["points"], 0);
    assert_eq!(v["source"], "standard 17B, 17C, 17E, R8");
}

#[test]
fn rules_ruling_of_an_unknown_incident_names_it_and_lists_the_known() {
    let (code, out, err) = jongg(&["rules", "ruling", "--rules", "standard", "mahjong_in_eror"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("unknown incident `mahjong_in_eror`"), "{err}");
    assert!(
        err.contains("mahjong_in_error_verbal, mahjong_in_error_exposed"),
        "{err}"
    );
    let (code, _, err) = jongg(&[
        "rules",
        "ruling",
        "--rules",
        "no-such-preset",
        "time_called",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("neither a built-in preset"), "{err}");
}

#[test]
fn rules_ruling_reads_a_directors_file() {
    let path = temp_file(
        "floor.toml",
        "base = \"st-louis-senior-olympics\"\nname = \"club\"\n[penalties]\nblind_pass_peek.points = -20\n",
    );
    let p = path.to_str().unwrap();
    let (code, out, err) = jongg(&["rules", "ruling", "--rules", p, "blind_pass_peek"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("Preset: club"), "{out}");
    assert!(
        out.contains(&format!("the player who looked: -20, for looking at a blind-passed tile; stands even if time is called (R7) ({p} line 4)")),
        "{out}"
    );
    let bad = temp_file(
        "floor-bad.toml",
        "base = \"standard\"\n[incidents.blind_pass_peek]\nconduct = \"rude\"\n",
    );
    let b = bad.to_str().unwrap();
    let (code, _, err) = jongg(&["rules", "incidents", "--rules", b]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!(
            "{b}:3: incidents.blind_pass_peek.conduct: unknown variant `rude`"
        )),
        "{err}"
    );
}
