//! Sample tournaments: `jongg demo`'s, and the benchmarks'.
//!
//! The demo plays a whole tournament through the domain exactly as the API
//! would (seat, start, enter every game, sign, accept, close), as the
//! `System` actor, then stores its log in one transaction. Its games come
//! from a [`GameMaker`]: `jongg demo` plays each game with the table engine's
//! bots and enters its record; the benchmarks use [`random_points`], plain
//! points that are random but plausible, with the numbers taken from the
//! preset: a Mah Jongg scores a card value plus the preset's self-picked and
//! jokerless bonuses, and the thrower gets the preset's throw points; a wall
//! game gives every hand the preset's wall-game points (R2: scoring is
//! additive).

use crate::ToolError;
use jongg_rules::Preset;
use jongg_rules::rng::Rng;
use jongg_tiles::{BySeat, Seat};
use jongg_tournament::{
    Actor, Command, Entry, GameNo, RoundNo, RulesSource, SeatingMethod, Tournament,
};

/// Makes the entry of one game at a table whose seats are `seated`: the
/// preset, which seats are filled, the game's number in the round and a seed.
pub type GameMaker<'a> =
    dyn FnMut(&Preset, BySeat<bool>, GameNo, u64) -> Result<Entry, String> + 'a;

/// Plain points, random but plausible under the preset (fast: no game is
/// played). The benchmarks' tournaments.
pub fn random_points(
    preset: &Preset,
    seated: BySeat<bool>,
    _game: GameNo,
    seed: u64,
) -> Result<Entry, String> {
    Ok(random_game(preset, seated, &mut Rng::new(seed)))
}

/// True `percent` times in 100 (the demo's draws, by remainder, so a seed
/// keeps its demo).
fn percent(rng: &mut Rng, percent: u64) -> bool {
    rng.remainder(100) < percent
}

/// One of `items`, by remainder.
fn pick<T: Copy>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.remainder(items.len() as u64) as usize]
}

/// Card values a winner plausibly scores (the card's common values; no hand
/// of the card is named).
const CARD_VALUES: [i32; 7] = [25, 25, 25, 30, 30, 35, 50];

/// One plausible game at a table whose seats are `seated`.
fn random_game(preset: &Preset, seated: BySeat<bool>, rng: &mut Rng) -> Entry {
    let seats: Vec<Seat> = Seat::ALL.into_iter().filter(|s| seated[*s]).collect();
    let mut points = BySeat([0i32; 4]);
    let s = &preset.scoring;
    if percent(rng, 80) && seats.len() >= 2 {
        let winner = pick(rng, &seats);
        let mut score = pick(rng, &CARD_VALUES);
        if percent(rng, 12) {
            score += s.jokerless.points;
        }
        if percent(rng, 30) {
            score += s.self_picked.points;
        } else {
            let others: Vec<Seat> = seats.iter().copied().filter(|x| *x != winner).collect();
            let thrower = pick(rng, &others);
            let t = &preset.throw;
            let penalty = match rng.remainder(4) {
                0 => t.exposures_0.points,
                1 => t.exposures_1.points,
                2 => t.exposures_2.points,
                _ => t.exposures_3_or_4.points,
            };
            points[thrower] += penalty;
        }
        points[winner] += score;
        Entry::Points {
            points,
            mah_jongg: Some(winner),
        }
    } else {
        for x in &seats {
            points[*x] = s.wall_game.points;
        }
        Entry::Points {
            points,
            mah_jongg: None,
        }
    }
}

/// A finished tournament: `players` players, `rounds` rounds under `preset`,
/// round 1 seated at random from `seed`, then by the preset's movement;
/// round 1 starts at `base` (Unix milliseconds).
pub fn sample_tournament(
    name: &str,
    preset: &str,
    players: u32,
    rounds: RoundNo,
    seed: u64,
    base: i64,
) -> Result<Tournament, ToolError> {
    sample_tournament_upto(name, preset, players, rounds, rounds, seed, base)
}

/// Like [`sample_tournament`], but only the first `played` rounds are
/// played; if that is fewer than `rounds`, the next round is seated and
/// started with its sheets empty (the benchmark's round under way).
pub fn sample_tournament_upto(
    name: &str,
    preset: &str,
    players: u32,
    rounds: RoundNo,
    played: RoundNo,
    seed: u64,
    base: i64,
) -> Result<Tournament, ToolError> {
    let sample = Sample {
        name,
        preset,
        players,
        rounds,
        played,
        seed,
        base,
    };
    sample_tournament_with(&sample, &mut random_points)
}

/// Which sample tournament to make: `players` players, `rounds` rounds under
/// `preset`, the first `played` of them played, round 1 seated at random
/// from `seed` and starting at `base` (Unix milliseconds).
#[derive(Debug, Clone, Copy)]
pub struct Sample<'a> {
    pub name: &'a str,
    pub preset: &'a str,
    pub players: u32,
    pub rounds: RoundNo,
    pub played: RoundNo,
    pub seed: u64,
    pub base: i64,
}

/// Like [`sample_tournament_upto`], with the games made by `games`.
pub fn sample_tournament_with(
    sample: &Sample<'_>,
    games: &mut GameMaker<'_>,
) -> Result<Tournament, ToolError> {
    let Sample {
        name,
        preset,
        players,
        rounds,
        played,
        seed,
        base,
    } = *sample;
    if !jongg_rules::PRESET_NAMES.contains(&preset) {
        return Err(ToolError::UnknownPreset(preset.to_string()));
    }
    let mut rng = Rng::new(seed);
    let mut t = Tournament::new();
    let at = |minutes: i64| base + minutes * 60_000;
    let exec =
        |t: &mut Tournament, cmd: Command, at: i64| t.execute(Actor::System, cmd, at).map(|_| ());
    exec(
        &mut t,
        Command::CreateTournament {
            name: name.to_string(),
            dates: vec![],
            rules: RulesSource::Preset {
                name: preset.to_string(),
            },
            rounds: Some(rounds),
            games_per_round: None,
            round_minutes: None,
            tie_breaks: None,
            odd_players: None,
            time_zone: None,
        },
        at(0),
    )?;
    for n in 1..=players {
        exec(
            &mut t,
            Command::RegisterPlayer {
                number: jongg_tournament::PlayerNo(n),
                name: format!("Player {n}"),
                club: None,
                late: false,
            },
            at(0),
        )?;
    }
    // The tournament's own rules (a copy: `t` changes below).
    let rules = t.preset()?.clone();
    let last = rounds.min(played.next().unwrap_or(played));
    for round in last.upto() {
        let start = i64::from(round) * 90;
        let method = if round == RoundNo(1) {
            SeatingMethod::Random { seed }
        } else {
            SeatingMethod::Movement
        };
        exec(&mut t, Command::SeatRound { round, method }, at(start))?;
        exec(
            &mut t,
            Command::StartRound {
                round,
                at: at(start),
            },
            at(start),
        )?;
        if round > played {
            break;
        }
        let tables: Vec<_> = t.seating(round)?.tables.clone();
        let per_round = t.settings().map_or(GameNo(4), |s| s.games_per_round);
        for table in &tables {
            let seated = BySeat::from_fn(|s| table.seats[s].is_some());
            for game in per_round.upto() {
                let entry = games(&rules, seated, game, rng.next_u64()).map_err(ToolError::Game)?;
                exec(
                    &mut t,
                    Command::EnterGame {
                        round,
                        table: table.table,
                        game,
                        entry,
                    },
                    at(start + 15 * i64::from(game)),
                )?;
                // Seats that sign each game's line (mississippi-2025).
                for seat in t.preset()?.sign_off.each_game.seats.clone() {
                    if table.seats[seat].is_some() {
                        exec(
                            &mut t,
                            Command::SignSheet {
                                round,
                                table: table.table,
                                seat,
                                game: Some(game),
                                device: None,
                            },
                            at(start + 15 * i64::from(game) + 1),
                        )?;
                    }
                }
            }
            for (seat, _) in table.players() {
                if t.sheet(round, table.table)?.state == jongg_tournament::SheetState::Draft {
                    exec(
                        &mut t,
                        Command::SignSheet {
                            round,
                            table: table.table,
                            seat,
                            game: None,
                            device: None,
                        },
                        at(start + 70),
                    )?;
                }
            }
            exec(
                &mut t,
                Command::AcceptSheet {
                    round,
                    table: table.table,
                },
                at(start + 75),
            )?;
        }
        exec(
            &mut t,
            Command::CloseRound {
                round,
                at: at(start + 80),
            },
            at(start + 80),
        )?;
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_tournament_is_finished_and_the_same_for_a_seed() {
        let a = sample_tournament("x", "standard", 16, RoundNo(4), 7, 1_000).unwrap();
        let b = sample_tournament("x", "standard", 16, RoundNo(4), 7, 1_000).unwrap();
        assert!(
            a.log() == b.log(),
            "the same seed makes the same tournament"
        );
        let c = sample_tournament("x", "standard", 16, RoundNo(4), 8, 1_000).unwrap();
        assert!(a.log() != c.log(), "another seed makes another");
        assert_eq!(a.rounds().len(), 4);
        assert!(
            a.rounds()
                .iter()
                .all(|r| matches!(r.state, jongg_tournament::RoundState::Closed { .. }))
        );
        assert_eq!(a.standings().rows.len(), 16);
    }

    #[test]
    fn a_sample_can_stop_with_a_round_under_way() {
        let t = sample_tournament_upto("x", "standard", 16, RoundNo(4), RoundNo(2), 7, 0).unwrap();
        assert_eq!(t.rounds().len(), 3);
        assert_eq!(t.current_round(), Some(RoundNo(3)));
    }

    #[test]
    fn every_preset_makes_a_sample_with_odd_players() {
        for p in jongg_rules::PRESET_NAMES {
            let t = sample_tournament("x", p, 13, RoundNo(2), 1, 0).unwrap();
            assert_eq!(t.rounds().len(), 2, "{p}");
        }
        assert!(matches!(
            sample_tournament("x", "nope", 8, RoundNo(1), 1, 0),
            Err(ToolError::UnknownPreset(_))
        ));
    }
}
