//! `jongg rules list` and `jongg rules show`.

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
