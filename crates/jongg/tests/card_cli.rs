//! `jongg card ...` end to end (issue 3, item 5; issue 11).

use std::process::{Command, Output};

fn jongg(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jongg"))
        .args(args)
        .output()
        .expect("runs jongg")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A card file in the temp dir, unique per test.
fn card_file(name: &str, text: &str) -> String {
    let path =
        std::env::temp_dir().join(format!("jongg-card-cli-{}-{name}.card", std::process::id()));
    std::fs::write(&path, text).expect("writes a temp card");
    path.to_string_lossy().into_owned()
}

#[test]
fn check_reports_the_line_made() {
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "practice",
        "--hand",
        "N E W S 2C WD 2C 6C 6Dx3",
        "--exposure",
        "2D 2D J",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Mah Jongg: 2026 #2 (line 2)"), "{out}");
    assert!(out.contains("35 points"), "{out}");
    assert!(out.contains("[2Dx2 J]"), "{out}");
    assert!(out.contains("1 joker(s), exposed"), "{out}");
}

#[test]
fn check_not_mahjong_exits_1() {
    // A joker in a pair (2468 #2's pair of 4s) is no Mah Jongg.
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "practice",
        "--hand",
        "2Dx4 J J 4B J 6B 6B 8Cx4",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Not Mah Jongg"));
}

#[test]
fn check_json() {
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "practice",
        "--json",
        "--hand",
        "N N N J",
        "--exposure",
        "Fx4 J",
        "--exposure",
        "4D 4D J J J",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["mahjong"], true);
    let m = &v["matches"][0];
    assert_eq!(m["name"], "Quints #1");
    assert_eq!(v["best"]["name"], "Quints #1");
    // R3: a quint hand with two exposures and one group left.
    assert_eq!(m["quints"], true);
    assert_eq!(m["one_group_left"], true);
    assert_eq!(m["jokers_used"], 5);
    assert_eq!(m["assignment"][0]["exposure"], 0);
}

#[test]
fn bad_tiles_and_bad_racks_exit_2() {
    let o = jongg(&["card", "check", "--card", "practice", "--hand", "F F 0D"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad tile `0D`"), "{}", stderr(&o));
    let o = jongg(&["card", "check", "--card", "practice", "--hand", "F F 2B"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("14 tiles"), "{}", stderr(&o));
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "practice",
        "--hand",
        "Fx4 4Cx4 6Dx4",
        "--exposure",
        "2B J",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("a pair or a single is never exposed"),
        "{}",
        stderr(&o)
    );
    let o = jongg(&["card", "near", "--card", "practice", "--hand", "F F 2B"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("13 or 14"), "{}", stderr(&o));
}

#[test]
fn bad_card_exits_2() {
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "/nonexistent/x.card",
        "--hand",
        "F",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("cannot read card file"),
        "{}",
        stderr(&o)
    );
    let path = card_file("bad", "[A]\nFF 2222a 4444b 666c : 25 X\n");
    let o = jongg(&["card", "check", "--card", &path, "--hand", "F"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("13 tiles"), "{}", stderr(&o));
}

#[test]
fn near_lists_needed_and_useless() {
    let o = jongg(&[
        "card",
        "near",
        "--card",
        "practice",
        "--hand",
        "F 2B 4B 4B 6Bx3 8Bx4 GD 9C",
        "--top",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with(" 2 needed  2468 #1"), "{out}");
    assert!(out.contains("need: GDx2"), "{out}");
    assert!(out.contains("no use: 9C"), "{out}");
    let o = jongg(&[
        "card",
        "near",
        "--card",
        "practice",
        "--hand",
        "F 2B 4B 4B 6Bx3 8Bx4 GD 9C",
        "--top",
        "3",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["nearest"].as_array().map(Vec::len), Some(3));
    assert_eq!(v["nearest"][0]["tiles_needed"], 2);
    assert_eq!(v["best"]["name"], "2468 #1");
    assert_eq!(v["best"], v["nearest"][0]);
}

#[test]
fn lint_reports_errors_with_line_and_column() {
    let path = card_file(
        "lint",
        "[A]\nFF 2222a 4444b 666c : 25 X\nFF 2Z22a 4444b 6666c : 25 X\n",
    );
    let o = jongg(&["card", "lint", &path]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(err.contains(":2:1: error: this hand has 13 tiles"), "{err}");
    assert!(err.contains(":3:5: error: unknown symbol `Z`"), "{err}");
}

#[test]
fn lint_warnings_and_a_clean_card() {
    let path = card_file(
        "warn",
        "[A]\nFF 2222a 4444b 6666c : 25 X\n[B]\nFF 6666a 4444b 2222c : 30 X\n",
    );
    let o = jongg(&["card", "lint", &path]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains(":4:1: warning: B #1: makes the same tiles as A #1"),
        "{}",
        stderr(&o)
    );
    let o = jongg(&["card", "lint", "practice"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("55 lines"), "{}", stdout(&o));
    assert!(stdout(&o).contains("0 warning(s)"), "{}", stdout(&o));
}

#[test]
fn show_prints_the_card_back() {
    let o = jongg(&["card", "show", "practice"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    // `--card` names the card as for check and near.
    assert_eq!(stdout(&jongg(&["card", "show", "--card", "practice"])), out);
    assert!(out.contains("\n  2468 #3 "), "{out}");
    assert!(out.starts_with("jongg practice card 2026\n"), "{out}");
    for section in [
        "2026",
        "2468",
        "ANY LIKE NUMBERS",
        "ADDITION HANDS",
        "QUINTS",
        "CONSECUTIVE RUN",
        "13579",
        "WINDS-DRAGONS",
        "369",
        "SINGLES AND PAIRS",
    ] {
        assert!(
            out.contains(&format!("\n{section}\n")),
            "{section} in\n{out}"
        );
    }
    assert!(out.contains("111a + 666a = 777a FFFFF"), "{out}");
}

#[test]
fn exposed_pairs_and_singles_are_refused() {
    // Issue 11: `--exposure "7C 7C"` and even `--exposure "N"` were called Mah Jongg.
    // 2026 #3 (FFF 22a 0000 22b 666c) with its pair of 2D, or one 2D, exposed.
    for (hand, exposure) in [
        ("F F F 2B 2B WDx4 6Cx3", "2D 2D"),
        ("F F F 2B 2B WDx4 6Cx3 2D", "2D"),
    ] {
        let o = jongg(&[
            "card",
            "check",
            "--card",
            "practice",
            "--hand",
            hand,
            "--exposure",
            exposure,
        ]);
        assert_eq!(o.status.code(), Some(2), "{exposure}: {}", stdout(&o));
        assert!(
            stderr(&o).contains("a pair or a single is never exposed"),
            "{}",
            stderr(&o)
        );
    }
    // The pair joins the hand: Mah Jongg.
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "practice",
        "--hand",
        "F F F 2B 2B WDx4 6Cx3 2D 2D",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("Mah Jongg: 2026 #3"), "{}", stdout(&o));
}

#[test]
fn racks_no_set_holds_are_refused_naming_the_tile() {
    // Issue 11: fourteen jokers (`Jx8 Jx6`) were Mah Jongg on three lines.
    let o = jongg(&["card", "check", "--card", "practice", "--hand", "Jx8 Jx6"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("14 × J in the rack and its exposures; the set has only 8"),
        "{}",
        stderr(&o)
    );
    let o = jongg(&[
        "card",
        "check",
        "--card",
        "practice",
        "--hand",
        "5Bx5 1Dx4 2Dx4 F",
    ]);
    assert!(stderr(&o).contains("5 × 5B"), "{}", stderr(&o));
    let o = jongg(&[
        "card",
        "near",
        "--card",
        "practice",
        "--hand",
        "Fx5 1Dx4 2D",
        "--exposure",
        "Fx4",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("9 × F"), "{}", stderr(&o));
}

#[test]
fn check_names_the_best_line_when_several_match() {
    let path = card_file(
        "best",
        "[A]\nFF 2222a 4444b 6666c : 25 X\n[B]\nFF 2222a 4444b 6666c : 30 X name=\"Kongs in three suits\"\n",
    );
    let o = jongg(&[
        "card",
        "check",
        "--card",
        &path,
        "--hand",
        "F F 2Dx4 4Bx4 6Cx4",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Mah Jongg: A #1 (line 1)"), "{out}");
    assert!(
        out.contains("Mah Jongg: Kongs in three suits (line 2)"),
        "{out}"
    );
    assert!(
        out.ends_with("Best: Kongs in three suits (30 points)\n"),
        "{out}"
    );
    let o = jongg(&[
        "card",
        "check",
        "--card",
        &path,
        "--json",
        "--hand",
        "F F 2Dx4 4Bx4 6Cx4",
    ]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).expect("json");
    assert_eq!(v["best"]["name"], "Kongs in three suits");
    assert_eq!(v["best"]["line"], 2);
    assert_eq!(v["matches"].as_array().map(Vec::len), Some(2));
}

#[test]
fn show_one_line_by_name_with_its_concrete_hands() {
    let o = jongg(&["card", "show", "practice", "--line", "2468#3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.starts_with("2468 #3 (line 9): 2468a 2468b 66c 8888c : 35 C\n3 concrete hand(s):\n"),
        "{out}"
    );
    assert!(
        out.contains("\n  2D | 4D | 6D | 8D | 2B | 4B | 6B | 8B | 6Cx2 | 8Cx4\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 2 + 3, "{out}");
    let o = jongg(&["card", "show", "practice", "--line", "2468 #99"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("no line named `2468 #99`"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn lint_suggests_the_short_form_of_an_or_list() {
    let path = card_file(
        "short",
        "[Year]\n2026a 1111b 1111c FF or 2026a 3333b 3333c FF or 2026a 5555b 5555c FF or 2026a 7777b 7777c FF or 2026a 9999b 9999c FF : 25 X\n",
    );
    let o = jongg(&["card", "lint", &path]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(
            ":2:1: warning: Year #1: its 5 `or` alternatives can be written once: 2026a nnnnb nnnnc FF : 25 X n=odd"
        ),
        "{}",
        stderr(&o)
    );
}

#[test]
fn lint_refuses_a_card_that_stands_for_too_many_hands() {
    // Issue 11: a 330 KB card of 10,000 legal lines made lint grow past 3.8 GB.
    // A card file has at most 64 KB since issue 19.4, so 1,700 such lines
    // (60 KB) are what can come; the hands are counted before the 21st.
    let mut text = String::from("[Many]\n");
    for i in 0..1_700 {
        text.push_str(&format!("na mb FFFF wwww dddd : 25 X \"{i}\"\n"));
    }
    assert!(text.len() < jongg_card_max(), "{} bytes", text.len());
    let path = card_file("hostile", &text);
    let o = jongg(&["card", "lint", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(
            ":21:1: error: with this line the card stands for more than 100000 concrete hands"
        ),
        "{}",
        stderr(&o)
    );
}

/// The most bytes of a card file (`jongg_card::MAX_CARD_FILE`, 64 KB).
fn jongg_card_max() -> usize {
    64 * 1024
}
