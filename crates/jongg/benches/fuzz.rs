//! The fuzz run (issue 10, point 7): at least 10^6 inputs for every parser
//! of outside input - game records, card files, rules files, tile notation,
//! CSV lists and seatings, tournament files (imports) and every request
//! body of the API, each decided on a tournament with a round under way.
//! Not a test CI runs: `scripts/fuzz.sh [cases] [target...]` runs it in
//! release (docs/security.md records how long it takes).
//!
//! Inputs are valid examples of each kind, changed by a list of mutations
//! (bytes flipped, inserted, deleted or repeated, and tokens that have
//! broken parsers before: quotes, brackets, NUL, huge and negative numbers,
//! long runs). proptest draws them, catches a panic, shrinks the list of
//! mutations to the fewest that still panic and prints that input; the run
//! then fails. Every case is reproducible from proptest's seed, printed too.
//!
//! Memory (issue 19.4: a 64 KB card took 5 GB): the run's allocator is
//! `cap`'s, capped for each target at [`PEAK_BOUND`] over what the run holds
//! before it, so an input that would take more fails an allocation and
//! stops the run (the target's name is printed before its inputs run). The
//! peak each target's inputs reached is printed with it: the resident
//! peak over the target's start (Linux's `VmHWM`, reset before each
//! target); past the bound, the target fails.

use cap::Cap;
use jongg_card::{Card, PRACTICE_CARD};
use jongg_rules::{GameRecord, PRESET_NAMES, Preset, score};
use jongg_server::fuzzing;
use jongg_tools::sample_tournament_upto;
use jongg_tournament::{RoundNo, Tournament};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::alloc::System;
use std::time::Instant;

#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

/// The most memory one target's inputs may take over what the run held
/// before it (an input is at most a few KB: no parser needs more).
const PEAK_BOUND: usize = 64 << 20;

/// A line of `/proc/self/status` in bytes (`VmHWM`, `VmRSS`); `None` off Linux.
fn status_bytes(key: &str) -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    let kb: usize = line[key.len()..]
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb * 1024)
}

/// Starts counting the resident peak again from what is resident now.
fn reset_resident_peak() {
    // Linux: 5 resets the peak (`VmHWM`) to the resident size.
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

/// One change to an input.
#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Insert(usize, &'static str),
    Delete(usize, usize),
    Repeat(usize, usize, usize),
}

/// What breaks parsers: syntax, extremes, NUL, invalid UTF-8, long runs.
const TOKENS: &[&str] = &[
    "\"",
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "=",
    "\n",
    "\r\n",
    "#",
    "\\",
    "\\u0000",
    "\0",
    "null",
    "true",
    "-",
    "0",
    "-2147483648",
    "2147483648",
    "-9223372036854775808",
    "18446744073709551616",
    "1e999",
    "-0.5",
    "\"kind\"",
    "\"\"",
    "[[",
    "]]",
    "'",
    "é",
    "麻",
    "\u{202e}",
    "\u{ff}",
    "WWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWWW",
];

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        3 => (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Mutation::Flip(i, b)),
        3 => (any::<usize>(), prop::sample::select(TOKENS)).prop_map(|(i, t)| Mutation::Insert(i, t)),
        2 => (any::<usize>(), 1usize..64).prop_map(|(i, n)| Mutation::Delete(i, n)),
        1 => (any::<usize>(), 1usize..32, 1usize..64).prop_map(|(i, n, k)| Mutation::Repeat(i, n, k)),
    ]
}

fn mutate(seed: &str, ops: &[Mutation]) -> Vec<u8> {
    let mut b = seed.as_bytes().to_vec();
    for op in ops {
        let at = |i: usize, len: usize| if len == 0 { 0 } else { i % (len + 1) };
        match *op {
            Mutation::Flip(i, x) if !b.is_empty() => {
                let i = i % b.len();
                b[i] ^= x.max(1);
            }
            Mutation::Flip(..) => {}
            Mutation::Insert(i, t) => {
                let i = at(i, b.len());
                b.splice(i..i, t.bytes());
            }
            Mutation::Delete(i, n) => {
                let i = at(i, b.len());
                let end = (i + n).min(b.len());
                b.drain(i..end);
            }
            Mutation::Repeat(i, n, k) => {
                let i = at(i, b.len());
                let end = (i + n).min(b.len());
                let piece = b[i..end].to_vec();
                for _ in 0..k {
                    b.splice(end..end, piece.iter().copied());
                }
            }
        }
    }
    b
}

/// Runs one input through a parser; whether the input was taken.
type Run = Box<dyn Fn(&[u8]) -> bool>;

/// A parser under test: its valid examples and how to run one input.
struct Target {
    name: String,
    seeds: Vec<String>,
    run: Run,
}

fn text(b: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(b)
}

fn targets() -> Vec<Target> {
    let standard = Preset::builtin("standard").expect("the standard preset");
    let records = [
        r#"{"result": "mahjong", "winner": "north", "value": 25, "self_picked": true}"#,
        r#"{"result": "mahjong", "winner": "east", "value": 30, "discarder": "north", "exposures": 2, "jokerless": true}"#,
        r#"{"result": "wall", "penalties": [["east", "blind_pass_peek"], ["south", "hidden_wall_tail"]]}"#,
        r#"{"result": "mahjong_in_error", "declarer": "west", "exposed": ["east", "south"], "intact": "north", "value": 30}"#,
        r#"{"result": "mahjong", "winner": "south", "value": 35, "discarder": "west", "dead": {"north": "mahjong_in_error"}}"#,
        r#"{"result": "timeout"}"#,
    ];
    let mut rules: Vec<String> = PRESET_NAMES
        .iter()
        .filter_map(|n| Preset::builtin_text(n).map(str::to_string))
        .collect();
    rules.push(
        "base = \"standard\"\n\n[scoring.self_picked]\npoints = 15\nsource = \"club rule\"\n"
            .into(),
    );
    // A tournament with round 2 under way: what the API bodies are decided on.
    let live = sample_tournament_upto(
        "Fuzz",
        "standard",
        16,
        RoundNo(4),
        RoundNo(1),
        7,
        1_760_000_000_000,
    )
    .expect("the sample tournament");
    let small = sample_tournament_upto(
        "Fuzz",
        "standard",
        9,
        RoundNo(2),
        RoundNo(1),
        3,
        1_760_000_000_000,
    )
    .expect("the sample tournament");
    let mut out = vec![
        Target {
            name: "game-record".into(),
            seeds: records.iter().map(|s| s.to_string()).collect(),
            run: Box::new(move |b| {
                GameRecord::from_json(&text(b)).is_ok_and(|r| score(&standard, &r).is_ok())
            }),
        },
        Target {
            name: "card".into(),
            seeds: vec![PRACTICE_CARD.to_string()],
            run: Box::new(|b| Card::parse(&text(b)).is_ok()),
        },
        Target {
            name: "rules".into(),
            seeds: rules,
            run: Box::new(|b| Preset::from_toml(&text(b), "fuzz.toml").is_ok()),
        },
        Target {
            name: "tiles".into(),
            seeds: vec!["1B 2B 3B 4C 5C 6C 7D 7D 7D N N E E J".into(), "F F 2020 JJ".into()],
            run: Box::new(|b| jongg_tiles::notation::parse_tiles(&text(b)).is_ok()),
        },
        Target {
            name: "players-csv".into(),
            seeds: vec![
                "number,name,club,late\r\n1,Ann Lee,\"Temple, Beth\",\n2,\"Bo \"\"B\"\" Ng\",,yes\n3,Cy\n"
                    .into(),
            ],
            run: Box::new(|b| fuzzing::players_csv(&text(b)).is_ok()),
        },
        Target {
            name: "seating-csv".into(),
            seeds: vec!["table,east,south,west,north\n1,1,2,3,4\n2,#5,6,7,\nsit out,8\n".into()],
            run: Box::new(|b| fuzzing::seating_csv(&text(b)).is_ok()),
        },
        Target {
            // A page's form, url-encoded (issue 13.7).
            name: "form".into(),
            seeds: vec![
                "name=Spring+Open&dates=2026-03-14%0D%0A2026-03-15&rounds=5&round_minutes=90&tie_breaks=%5B%22points%22%2C%22mah_jonggs%22%5D&odd_players.kind=sit_out&odd_players.points=10&_optional=odd_players.points".into(),
                "method.kind=random&method.seed=4001&_optional=method.seed".into(),
                "number=7&name=Ann+Lee&club=&late=on".into(),
                "result=mahjong&winner=south&declarer=&value=30&discarder=west&exposures=1&jokerless=on&dead.west=infraction&penalty.north.false_dead_call=on&exposed.east=on&version=3".into(),
            ],
            run: Box::new(|b| fuzzing::form(b).is_ok()),
        },
        Target {
            // A position and its script (issue 23.9, docs/positions.md).
            name: "position".into(),
            seeds: [
                include_str!("../../game/tests/positions/a-hand-that-can-make-nothing-is-declared-dead.pos"),
                include_str!("../../game/tests/positions/the-courtesy-pass-exchanges-the-smaller-offer.pos"),
                include_str!("../../game/tests/positions/a-false-mahjong-with-one-hand-intact-beth-emeth.pos"),
            ]
            .map(str::to_string)
            .to_vec(),
            run: Box::new(|b| {
                jongg_game::position::parse(&text(b))
                    .and_then(|s| jongg_game::position::run(&s))
                    .is_ok_and(|r| r.passed())
            }),
        },
        Target {
            name: "import".into(),
            seeds: vec![small.export_json()],
            run: Box::new(|b| {
                Tournament::import_json(&text(b)).is_ok_and(|t| !t.standings().rows.is_empty())
            }),
        },
    ];
    let states = States::new(live);
    for (route, seeds) in body_seeds() {
        let (t, round) = states.for_route(route);
        out.push(Target {
            name: format!("body:{route}"),
            seeds: seeds.iter().map(|s| s.to_string()).collect(),
            run: Box::new(move |b| fuzzing::body(route, b, &t, round).is_ok()),
        });
    }
    out
}

/// A tournament in the state where each route's valid body is taken, so the
/// mutated ones reach the checks behind the first refusal.
struct States {
    /// Round 2 of 4 under way, nothing entered.
    live: Tournament,
    /// Round 1 finished (one round of one): its log.
    finished: Vec<jongg_tournament::Recorded>,
}

impl States {
    fn new(live: Tournament) -> States {
        let one = sample_tournament_upto(
            "Fuzz",
            "standard",
            16,
            RoundNo(1),
            RoundNo(1),
            5,
            1_760_000_000_000,
        )
        .expect("the sample tournament");
        States {
            live,
            finished: one.log().to_vec(),
        }
    }

    /// The log up to (not with) the first event of `kind`.
    fn before(&self, kind: &str) -> Tournament {
        let end = self
            .finished
            .iter()
            .position(|r| serde_json::to_value(&r.event).is_ok_and(|v| v["kind"] == kind))
            .unwrap_or(self.finished.len());
        Tournament::replay(self.finished[..end].iter().cloned()).expect("the sample log folds")
    }

    fn for_route(&self, route: &str) -> (Tournament, u8) {
        use jongg_tournament::{Actor, Command, SeatingMethod};
        let more_rounds = |mut t: Tournament| {
            let update = Command::UpdateSettings {
                name: None,
                dates: None,
                rules: None,
                rounds: Some(RoundNo(4)),
                games_per_round: None,
                round_minutes: None,
                tie_breaks: None,
                odd_players: None,
                time_zone: None,
            };
            t.execute(Actor::Director, update, 1_760_000_000_000)
                .expect("4 rounds");
            t
        };
        match route {
            "create_tournament" => (Tournament::new(), 1),
            "seat_round" => (
                more_rounds(
                    Tournament::replay(self.finished.iter().cloned())
                        .expect("the sample log folds"),
                ),
                2,
            ),
            "start_round" => {
                let mut t = more_rounds(
                    Tournament::replay(self.finished.iter().cloned())
                        .expect("the sample log folds"),
                );
                let seat = Command::SeatRound {
                    round: RoundNo(2),
                    method: SeatingMethod::Movement,
                };
                t.execute(Actor::Director, seat, 1_760_000_000_000)
                    .expect("round 2 seated");
                (t, 2)
            }
            "close_round" => (self.before("round_closed"), 1),
            "sign_sheet" => (self.before("sheet_signed"), 1),
            "accept_sheet" => (self.before("sheet_accepted"), 1),
            "amend_sheet" => (
                Tournament::replay(self.finished.iter().cloned()).expect("the sample log folds"),
                1,
            ),
            _ => (self.live.clone(), 2),
        }
    }
}

/// Valid bodies of every route (round 2 under way, table 1, game 1).
fn body_seeds() -> Vec<(&'static str, Vec<&'static str>)> {
    let entry = r#"{"entry": {"kind": "points", "points": {"east": 30, "south": -10, "west": 0, "north": 0}, "mah_jongg": "east"}}"#;
    let record = r#"{"entry": {"kind": "record", "record": {"result": "mahjong", "winner": "east", "value": 25, "discarder": "south"}}}"#;
    let seeds: Vec<(&str, Vec<&str>)> = vec![
        (
            "setup",
            vec![r#"{"token": "ab12", "username": "director", "password": "correct horse"}"#],
        ),
        (
            "login",
            vec![r#"{"username": "director", "password": "correct horse"}"#],
        ),
        (
            "command",
            vec![
                r#"{"kind": "mark_late", "number": 4}"#,
                r#"{"kind": "register_player", "number": 40, "name": "Ann"}"#,
            ],
        ),
        (
            "create_tournament",
            vec![
                r#"{"name": "Spring", "dates": ["2026-03-14"], "rules": {"kind": "preset", "name": "standard"}, "rounds": 4}"#,
                r#"{"name": "Club", "rules": {"kind": "file", "label": "c.toml", "toml": "base = \"standard\""}, "odd_players": {"kind": "sit_out", "points": 10}, "tie_breaks": ["points", "best_game"]}"#,
            ],
        ),
        (
            "update_settings",
            vec![
                r#"{"name": "Renamed", "rounds": 5, "round_minutes": 70, "dates": ["2026-03-14", "2026-03-15"]}"#,
            ],
        ),
        (
            "register_player",
            vec![r#"{"number": 41, "name": "Ann Lee", "club": "Temple", "late": true}"#],
        ),
        (
            "update_player",
            vec![r#"{"name": "Ann Lee", "club": null}"#],
        ),
        (
            "substitute",
            vec![r#"{"number": 42, "name": "Bo Ng", "club": "Temple"}"#],
        ),
        (
            "seat_round",
            vec![
                r#"{"method": {"kind": "movement"}}"#,
                r#"{"method": {"kind": "imported", "sit_outs": [], "tables": [
                {"table": 1, "seats": {"east": 1, "south": 2, "west": 3, "north": 4}},
                {"table": 2, "seats": {"east": 5, "south": 6, "west": 7, "north": 8}},
                {"table": 3, "seats": {"east": 9, "south": 10, "west": 11, "north": 12}},
                {"table": 4, "seats": {"east": 13, "south": 14, "west": 15, "north": 16}}]}}"#,
            ],
        ),
        ("start_round", vec![r#"{"at": 1760000000000}"#]),
        ("close_round", vec![r#"{"at": 1760000000000}"#]),
        ("enter_game", vec![entry, record]),
        (
            "amend_sheet",
            vec![
                r#"{"entry": {"kind": "points", "points": {"east": 30, "south": -10, "west": 0, "north": 0}}, "reason": "typing slip"}"#,
            ],
        ),
        (
            "sign_sheet",
            vec![
                r#"{"seat": "east"}"#,
                r#"{"seat": "south", "code": "123456"}"#,
            ],
        ),
        ("accept_sheet", vec!["{}"]),
        ("accept_all_signed", vec!["{}"]),
        (
            "players_csv",
            vec![r#"{"csv": "number,name\n1,Ann\n2,\"Lee, Bo\"\n"}"#],
        ),
        ("seating_csv", vec![r#"{"csv": "1,1,2,3,4\n2,5,6,7,8\n"}"#]),
        (
            "set_card",
            vec![
                r#"{"card": {"kind": "practice"}}"#,
                r#"{"year": 2022, "card": {"kind": "none"}}"#,
                r#"{"year": 2019}"#,
            ],
        ),
        (
            "check_hand",
            vec![
                r#"{"record": {"result": "mahjong", "winner": "south", "value": 30, "self_picked": true}, "hand": {"concealed": "2Bx2 WD 6B 2Cx2 WD 6C Fx4 2Dx2"}}"#,
                r#"{"record": {"result": "mahjong", "winner": "east", "value": 25, "discarder": "south"}}"#,
            ],
        ),
        (
            "appoint_official",
            vec![
                r#"{"number": 1, "name": "Table monitor", "tables": [1, 2], "username": "monitor1", "password": "long enough pw"}"#,
                r#"{"number": 2, "name": "Second monitor", "tables": "3, 5-7"}"#,
            ],
        ),
        ("remove_official", vec!["{}"]),
        (
            "call_director",
            vec![r#"{"seat": "west", "reason": "wrong tile count"}"#, "{}"],
        ),
        ("take_call", vec!["{}"]),
        (
            "close_call",
            vec![
                r#"{"incident": "blind_pass_peek", "game": 1, "seat": "south", "note": "looked"}"#,
                r#"{"note": "play on"}"#,
            ],
        ),
        ("warn_player", vec![r#"{"reason": "loud table talk"}"#]),
        (
            "penalize_player",
            vec![r#"{"points": -10, "reason": "disturbing after the round"}"#],
        ),
        (
            "disqualify_player",
            vec![r#"{"scores": "void", "reason": "argued with the director"}"#],
        ),
        (
            "new_live_table",
            vec![
                r#"{"rules": "standard", "seats": {"east": "person", "south": "easy", "west": "medium", "north": "strong"}}"#,
                r#"{"rules": "mississippi-2025", "card": "practice", "seats": {"east": "person", "south": "person", "west": "strong"}, "window_secs": 3, "turn_secs": 600}"#,
            ],
        ),
        (
            "player_sign_up",
            vec![
                r#"{"name": "Ann Lee", "password": "ten chars at least", "confirm": "ten chars at least", "next": "/play"}"#,
            ],
        ),
        (
            "player_sign_in",
            vec![
                r#"{"name": "ann lee", "password": "ten chars at least", "next": "/play/rooms/new"}"#,
            ],
        ),
        ("join_seat", vec![r#"{"seat": "south"}"#]),
    ];
    assert_eq!(
        seeds.iter().map(|(r, _)| *r).collect::<Vec<_>>(),
        fuzzing::BODIES,
        "a seed for every body the API reads"
    );
    seeds
}

/// What importing a large tournament costs now that every event is decided
/// again: 800 players, 8 rounds (the load benchmark's size).
fn largest_import() {
    let t = sample_tournament_upto(
        "Big",
        "standard",
        800,
        RoundNo(8),
        RoundNo(8),
        1,
        1_760_000_000_000,
    )
    .expect("the sample tournament");
    let file = t.export_json();
    let started = Instant::now();
    let back = Tournament::import_json(&file).expect("the export imports");
    let secs = started.elapsed().as_secs_f64();
    assert_eq!(back.log().len(), t.log().len());
    println!(
        "{:<22} {:>9} events  {:>6.1} MB  imported in {secs:.2} s",
        "import-800",
        t.log().len(),
        file.len() as f64 / 1e6
    );
}

fn main() {
    // `cargo bench` passes `--bench`; the rest: [cases] [target...].
    // Without it (`cargo test --benches`, the quick run in scripts/test.sh)
    // each target gets a thousand inputs, so the run still checks itself.
    let bench = std::env::args().any(|a| a == "--bench");
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let cases: u32 = args
        .first()
        .and_then(|a| a.parse().ok())
        .unwrap_or(if bench { 1_000_000 } else { 1_000 });
    let wanted: Vec<&String> = args.iter().filter(|a| a.parse::<u32>().is_err()).collect();
    let mut failed = Vec::new();
    let started = Instant::now();
    for target in targets() {
        if !wanted.is_empty() && !wanted.iter().any(|w| target.name.starts_with(w.as_str())) {
            continue;
        }
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            max_shrink_iters: 20_000,
            ..Config::default()
        });
        let strategy = (
            0..target.seeds.len(),
            prop::collection::vec(mutation(), 0..8),
        );
        // Named before its inputs run: past the cap, an allocation fails and
        // the run stops here.
        eprintln!("{}: inputs may take {} MB", target.name, PEAK_BOUND >> 20);
        ALLOCATOR
            .set_limit(ALLOCATOR.allocated() + PEAK_BOUND)
            .expect("the cap is above what is held");
        reset_resident_peak();
        let resident = status_bytes("VmRSS:");
        let t = Instant::now();
        let taken = std::cell::Cell::new(0u64);
        let result = runner.run(&strategy, |(i, ops)| {
            if (target.run)(&mutate(&target.seeds[i], &ops)) {
                taken.set(taken.get() + 1);
            }
            Ok(())
        });
        let secs = t.elapsed().as_secs_f64();
        ALLOCATOR.set_limit(usize::MAX).expect("no cap");
        let peak = resident
            .zip(status_bytes("VmHWM:"))
            .map(|(start, most)| most.saturating_sub(start));
        let peak_text = peak.map_or("peak ?".into(), |p| {
            format!("peak +{:.1} MB", p as f64 / f64::from(1 << 20))
        });
        match result {
            Ok(()) if peak.is_some_and(|p| p > PEAK_BOUND) => {
                println!(
                    "{:<22} FAILED: {peak_text}, past the bound of {} MB",
                    target.name,
                    PEAK_BOUND >> 20
                );
                failed.push(target.name.clone());
            }
            Ok(()) => println!(
                "{:<22} {cases:>9} inputs  {secs:>8.1} s  {:>9.0} a second  {:>5.1}% taken  {peak_text:>15}  no panic",
                target.name,
                f64::from(cases) / secs,
                taken.get() as f64 * 100.0 / f64::from(cases)
            ),
            Err(e) => {
                println!("{:<22} FAILED after {secs:.1} s: {e}", target.name);
                if let proptest::test_runner::TestError::Fail(_, (i, ops)) = &e {
                    let input = mutate(&target.seeds[*i], ops);
                    println!("  the smallest input that fails: {:?}", text(&input));
                }
                failed.push(target.name.clone());
            }
        }
    }
    if wanted.is_empty() || wanted.iter().any(|w| "import-800".starts_with(w.as_str())) {
        largest_import();
    }
    println!("all targets: {:.1} s", started.elapsed().as_secs_f64());
    if !failed.is_empty() {
        println!("failed: {}", failed.join(", "));
        std::process::exit(1);
    }
}
