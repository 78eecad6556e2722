//! The table page's model (`assets/play_table.js`) against the engine
//! (issue 23.5): bot games under every preset, at tables of four and three,
//! each seat's events as the table sends them (redacted for the seat); after
//! every move node folds them with `play_table.js` and compares the result
//! with the seat's view from the engine: the rack, every exposure, the
//! floor, each rack's size, the wall, the dead hands, who is awaited, the
//! situation, the pass and the tile open to claims. A view read afresh
//! (`fromView`) must say who is awaited as the engine does. A spectator's
//! model is folded the same way from the public events (`Event::public`)
//! and compared with the public view (`fromPublic` afresh too). Needs Node.js
//! (as the browser tests do); the check is `tests/play_model_check.cjs`.

use jongg_card::Card;
use jongg_game::bot::{Bot, RandomBot};
use jongg_game::{Action, Game, Phase, Step, Table};
use jongg_play::public::PublicSnapshot;
use jongg_rules::rng::Rng;
use jongg_tiles::Seat;
use std::io::Write;
use std::process::Command;

/// Plays `games` bot games and writes one line per seat after each move:
/// `{"game", "seat", "events": [[at, event], ...], "snap": view}`.
fn traces(games: u64) -> Vec<u8> {
    let card = Card::practice();
    let mut out = Vec::new();
    for seed in 1..=games {
        let preset = jongg_rules::Preset::builtin(jongg_rules::PRESET_NAMES[(seed % 5) as usize])
            .expect("a built-in preset");
        let dealer = Seat::ALL[(seed / 5 % 4) as usize];
        let mut table = Table::from_preset(&preset, dealer);
        if seed % 4 == 0 {
            table = table.without(dealer.next()); // R12: a table of three
        }
        let mut bots: Vec<RandomBot> = Seat::ALL
            .iter()
            .map(|s| RandomBot::new(Rng::derive(seed, s.index() as u64)))
            .collect();
        let mut game = Game::new(table, seed, &card).expect("a game");
        let mut told = 0;
        for _ in 0..20_000 {
            let events = game.events().to_vec();
            for s in Seat::ALL {
                let batch: Vec<_> = (told..events.len())
                    .map(|i| serde_json::json!([i + 1, events[i].redacted_for(s)]))
                    .collect();
                let mut line = serde_json::json!({"game": seed, "seat": s, "events": batch,
                    "snap": game.view(s).snapshot()});
                if let Some(ok) = corrections(&game, s, &card) {
                    line["corrections"] = serde_json::json!(ok);
                }
                writeln!(out, "{line}").expect("in memory");
            }
            // A spectator: every event public, the public view.
            let batch: Vec<_> = (told..events.len())
                .map(|i| serde_json::json!([i + 1, events[i].public()]))
                .collect();
            let line = serde_json::json!({"game": seed, "seat": null, "events": batch,
                "public": PublicSnapshot::from_game(&game)});
            writeln!(out, "{line}").expect("in memory");
            told = events.len();
            if game.is_over() {
                break;
            }
            let seat = Seat::ALL
                .into_iter()
                .find(|s| game.state().awaiting(*s))
                .expect("a game not over awaits a seat");
            let action = bots[seat.index()].act(&game.view(seat), &card);
            game.act(seat, &action).expect("a bot's move is legal");
        }
        assert!(game.is_over(), "game {seed} did not end");
    }
    out
}

/// When `seat` has an exposure open to correction (standard 16D): every
/// `correct` the engine accepts, as (naturals, jokers), but the exposure
/// as it stands.
fn corrections(game: &Game, seat: Seat, card: &Card) -> Option<Vec<(u8, u8)>> {
    let Phase::Play(Step::Turn(t)) = game.state().phase() else {
        return None;
    };
    let made = t
        .made
        .filter(|_| t.seat == seat && t.must_expose.is_none())?;
    let old = game.state().exposures(seat)[made as usize];
    let mut ok = vec![];
    for naturals in 0..=6u8 {
        for jokers in 0..=6u8 {
            if naturals + 1 == old.naturals && jokers == old.jokers {
                continue;
            }
            let mut g = Game::resume(game.state().clone(), card);
            if g.act(seat, &Action::Correct { naturals, jokers }).is_ok() {
                ok.push((naturals, jokers));
            }
        }
    }
    Some(ok)
}

#[test]
fn the_pages_model_of_the_table_follows_the_engine_move_by_move() {
    let dir = std::env::temp_dir().join(format!("jongg-play-model-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let file = dir.join("traces.jsonl");
    std::fs::write(&file, traces(40)).expect("the traces written");
    let here = env!("CARGO_MANIFEST_DIR");
    let run = Command::new("node")
        .arg(format!("{here}/tests/play_model_check.cjs"))
        .arg(format!("{here}/assets/play_table.js"))
        .arg(&file)
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    let run = run.expect("this test needs Node.js (`node`), as the browser tests do");
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains(" 0 differ"), "{said}");
}
