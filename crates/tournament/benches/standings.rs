//! Standings of a stored 800-player, 8-round tournament (issue 5: under 20 ms).
//!
//! Run: `cargo bench -p jongg-tournament --bench standings`

use jongg_tiles::{BySeat, Seat};
use jongg_tournament::{
    Actor, Command, Entry, GameNo, OddPlayers, PlayerNo, Recorded, RoundNo, RulesSource,
    SeatingMethod, TableNo, Tournament,
};

fn main() {
    divan::main();
}

const PLAYERS: u32 = 800;
const ROUNDS: RoundNo = RoundNo(8);

/// 800 players seated at random, moved by the standard movement for 8
/// rounds, every game entered (plain points varied by table, game and round),
/// signed and accepted: 200 tables x 8 rounds x 4 games.
fn tournament() -> Tournament {
    let mut t = Tournament::new();
    let mut at = 0;
    let mut run = |t: &mut Tournament, cmd: Command| {
        at += 1;
        t.execute(Actor::Director, cmd, at)
            .expect("a valid command");
    };
    run(
        &mut t,
        Command::CreateTournament {
            name: "Bench".into(),
            dates: vec![],
            rules: RulesSource::Preset {
                name: "standard".into(),
            },
            rounds: Some(ROUNDS),
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: Some(OddPlayers::ThreePlayerTables),
            time_zone: None,
        },
    );
    for n in 1..=PLAYERS {
        run(
            &mut t,
            Command::RegisterPlayer {
                number: PlayerNo(n),
                name: format!("P{n}"),
                club: None,
                late: false,
            },
        );
    }
    for round in ROUNDS.upto() {
        let method = if round == RoundNo(1) {
            SeatingMethod::Random { seed: 5 }
        } else {
            SeatingMethod::Movement
        };
        run(&mut t, Command::SeatRound { round, method });
        run(&mut t, Command::StartRound { round, at: 0 });
        let tables: Vec<TableNo> = t
            .seating(round)
            .expect("seated")
            .tables
            .iter()
            .map(|x| x.table)
            .collect();
        for table in tables {
            for game in GameNo(4).upto() {
                let mix = u32::from(table) * 13 + u32::from(game) * 7 + u32::from(round) * 5;
                let winner = Seat::from_index(mix as usize % 4);
                let mut points = BySeat([0; 4]);
                points[winner] = 25 + (mix % 10) as i32 * 5;
                if mix % 3 != 0 {
                    points[winner.next()] = -10;
                }
                let entry = Entry::Points {
                    points,
                    mah_jongg: Some(winner),
                };
                run(
                    &mut t,
                    Command::EnterGame {
                        round,
                        table,
                        game,
                        entry,
                    },
                );
            }
            for seat in Seat::ALL {
                run(
                    &mut t,
                    Command::SignSheet {
                        round,
                        table,
                        seat,
                        game: None,
                        device: None,
                    },
                );
            }
            run(&mut t, Command::AcceptSheet { round, table });
        }
        run(&mut t, Command::CloseRound { round, at: 0 });
    }
    t
}

#[divan::bench]
fn standings_800_players_8_rounds(bencher: divan::Bencher) {
    let t = tournament();
    assert_eq!(t.standings().rows.len(), PLAYERS as usize);
    bencher.bench_local(|| divan::black_box(&t).standings());
}

/// Replaying the stored log (the clone of the log each replay takes is made
/// outside the timing).
#[divan::bench]
fn replay_800_players_8_rounds(bencher: divan::Bencher) {
    let t = tournament();
    let log: Vec<Recorded> = t.log().to_vec();
    assert_eq!(Tournament::replay(log.clone()), Ok(t));
    bencher
        .with_inputs(|| log.clone())
        .bench_local_values(Tournament::replay);
}
