//! A game's log with the proof of its fair wall: the file `jongg sim --log`
//! writes for each bot game and `jongg verify-wall` checks. JSON lines: the
//! first line `{"v": 1, "fair_wall": {commitment, contributions, seed}}`,
//! then the game's events, one a line (`jongg_game::log`), the first of them
//! `began` with the wall in picking order. A table set up from a position
//! (`position.rs`) has no fair wall: its first line is
//! `{"v": 1, "position": "<the position's text>"}` and its events follow
//! the set-up; [`FairGameLog::verify`] says it was set up, never that it
//! verified.

use crate::wall::{Contribution, ServerSeed, WallMismatch, WallProof, fair_wall, verify};
use jongg_game::bot::Bot;
use jongg_game::log::{read_events, write_events};
use jongg_game::{Event, Game, Judge, Table, ToyJudge};
use jongg_tiles::{BySeat, Seat, Tile};
use serde::{Deserialize, Serialize};

/// The version of the log's first line.
pub const LOG_VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    v: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    fair_wall: Option<WallProof>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    position: Option<String>,
}

/// A game and the proof of its wall.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FairGameLog {
    pub proof: WallProof,
    /// The position the table was set up from: then there was no fair wall
    /// (`proof` is the table's unused commitment, never written out).
    pub position: Option<String>,
    pub events: Vec<Event>,
}

/// Why a log does not show a fair game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LogProblem {
    #[error("{0}")]
    Wall(#[from] WallMismatch),
    #[error("line 2 is not the `began` event with the wall")]
    NoWall,
    #[error(
        "this game was set up from a position: its wall was not drawn, so there is no fair wall to verify"
    )]
    SetUp,
    #[error("line 3: the deal does not follow from the wall: {0}")]
    Deal(String),
    #[error("line {line}: {seat} picked {found}, but the wall's next tile is {expected}")]
    Pick {
        line: usize,
        seat: Seat,
        found: Tile,
        expected: Tile,
    },
}

impl FairGameLog {
    pub fn to_json_lines(&self) -> String {
        let header = Header {
            v: LOG_VERSION,
            fair_wall: self.position.is_none().then(|| self.proof.clone()),
            position: self.position.clone(),
        };
        let mut out = serde_json::to_string(&header).unwrap_or_default();
        out.push('\n');
        out.push_str(&write_events(&self.events));
        out
    }

    /// Reads a log; the error names the line and what is wrong.
    pub fn from_json_lines(text: &str) -> Result<FairGameLog, String> {
        let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
        let header: Header = serde_json::from_str(first.trim())
            .map_err(|e| format!("line 1: not a fair-wall header: {e}"))?;
        if header.v != LOG_VERSION {
            return Err(format!(
                "line 1: log version {} (this jongg reads version {LOG_VERSION})",
                header.v
            ));
        }
        // `read_events` counts lines from the second line of the file.
        let events = read_events(rest).map_err(|e| match e.strip_prefix("line ") {
            Some(tail) => match tail.split_once(':') {
                Some((n, why)) => match n.parse::<usize>() {
                    Ok(n) => format!("line {}:{why}", n + 1),
                    Err(_) => e.clone(),
                },
                None => e.clone(),
            },
            None => e.clone(),
        })?;
        let proof = match (header.fair_wall, &header.position) {
            (Some(proof), None) => proof,
            // A set-up game's proof is never checked: its wall was not drawn.
            (None, Some(_)) => WallProof {
                commitment: ServerSeed::from_bytes([0; 32]).commitment(),
                contributions: BySeat::default(),
                seed: ServerSeed::from_bytes([0; 32]),
            },
            _ => return Err(
                "line 1: not a fair-wall header: it holds `fair_wall` or `position`, one of them"
                    .into(),
            ),
        };
        Ok(FairGameLog {
            proof,
            position: header.position,
            events,
        })
    }

    /// The table before the first event: empty for a drawn game (its
    /// events begin with the deal), the set-up for a position's.
    pub fn start(&self) -> Result<jongg_game::State, String> {
        match &self.position {
            None => Ok(jongg_game::State::default()),
            Some(text) => crate::position::set_out(text)
                .map(|s| s.state)
                .map_err(|e| format!("line 1: the position: {e}")),
        }
    }

    /// The wall of the `began` event.
    pub fn wall(&self) -> Option<&[Tile]> {
        match self.events.first() {
            Some(Event::Began {
                wall: Some(wall), ..
            }) => Some(wall),
            _ => None,
        }
    }

    /// Checks the commitment, the wall, the deal and every pick.
    pub fn verify(&self) -> Result<(), LogProblem> {
        if self.position.is_some() {
            return Err(LogProblem::SetUp);
        }
        let (Some(Event::Began { table, .. }), Some(wall)) = (self.events.first(), self.wall())
        else {
            return Err(LogProblem::NoWall);
        };
        verify(&self.proof, wall)?;
        let dealt =
            Game::from_wall(table.clone(), wall.to_vec(), &ToyJudge).map_err(LogProblem::Deal)?;
        let (Some(want), Some(got)) = (dealt.events().get(1), self.events.get(1)) else {
            return Err(LogProblem::Deal("the log has no deal".into()));
        };
        if want != got {
            let seat = match (want, got) {
                (Event::Dealt { hands: w }, Event::Dealt { hands: g }) => {
                    Seat::ALL.into_iter().find(|s| w[*s] != g[*s])
                }
                _ => None,
            };
            return Err(LogProblem::Deal(match seat {
                Some(s) => format!("{s}'s tiles differ"),
                None => "the log's second event is not the deal".into(),
            }));
        }
        let mut drawn = match got {
            Event::Dealt { hands } => hands.0.iter().flatten().map(Vec::len).sum::<usize>(),
            _ => 0,
        };
        for (i, e) in self.events.iter().enumerate().skip(2) {
            if let Event::Picked {
                seat,
                tile: Some(found),
            } = e
            {
                let expected = wall.get(drawn).copied();
                if expected != Some(*found) {
                    return Err(LogProblem::Pick {
                        line: i + 2,
                        seat: *seat,
                        found: *found,
                        expected: expected.unwrap_or(Tile::JOKER),
                    });
                }
                drawn += 1;
            }
        }
        Ok(())
    }
}

/// Plays one game between bots on the fair wall of `seed` and the
/// contributions, and returns its log with the proof.
pub fn bot_game_log(
    table: Table,
    seed: ServerSeed,
    contributions: BySeat<Contribution>,
    judge: &dyn Judge,
    bots: &mut [Box<dyn Bot + '_>; 4],
) -> Result<FairGameLog, String> {
    let wall = fair_wall(&seed, &contributions);
    let mut game = Game::from_wall(table, wall, judge)?;
    while !game.is_over() {
        for seat in Seat::ALL {
            if game.state().awaiting(seat) {
                let action = bots[seat.index()].act(&game.view(seat), judge);
                game.act(seat, &action)
                    .map_err(|r| format!("{} bot at {r}", bots[seat.index()].name()))?;
            }
        }
    }
    Ok(FairGameLog {
        proof: WallProof {
            commitment: seed.commitment(),
            contributions,
            seed,
        },
        position: None,
        events: game.events().to_vec(),
    })
}

/// A simulated seat's contribution: follows from the run's seed.
pub fn simulated_contribution(seed: u64, game: u64, seat: Seat) -> Contribution {
    let bytes = ServerSeed::for_simulation(seed ^ 0x5EA7, game * 4 + seat.index() as u64);
    Contribution::new(bytes.bytes()[..16].to_vec()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_game::bot::RandomBot;

    fn log() -> FairGameLog {
        let mut bots: [Box<dyn Bot>; 4] = Seat::ALL.map(|s| {
            let b: Box<dyn Bot> = Box::new(RandomBot::new(s.index() as u64));
            b
        });
        let contributions = BySeat::from_fn(|s| simulated_contribution(9, 0, s));
        bot_game_log(
            Table::standard(),
            ServerSeed::for_simulation(9, 0),
            contributions,
            &ToyJudge,
            &mut bots,
        )
        .unwrap()
    }

    fn edited(text: &str, line: usize, edit: impl Fn(&str) -> String) -> String {
        text.lines()
            .enumerate()
            .map(|(i, l)| {
                if i + 1 == line {
                    edit(l)
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn a_written_log_reads_back_and_verifies() {
        let log = log();
        let text = log.to_json_lines();
        let back = FairGameLog::from_json_lines(&text).unwrap();
        assert_eq!(back, log);
        assert_eq!(back.verify(), Ok(()));
    }

    #[test]
    fn one_changed_tile_in_the_wall_is_refused_naming_it() {
        let log = log();
        let mut bad = log.clone();
        let Some(Event::Began { wall: Some(w), .. }) = bad.events.first_mut() else {
            panic!("no wall");
        };
        let k = w.iter().position(|t| *t != w[100]).unwrap();
        w.swap(100, k);
        let text = bad.to_json_lines();
        let e = FairGameLog::from_json_lines(&text)
            .unwrap()
            .verify()
            .unwrap_err();
        assert!(
            e.to_string()
                .starts_with(&format!("tile {} of the wall", 100.min(k) + 1)),
            "{e}"
        );
    }

    #[test]
    fn a_changed_pick_is_refused_naming_its_line() {
        let text = log().to_json_lines();
        let line = text.lines().position(|l| l.contains("\"picked\"")).unwrap() + 1;
        let bad = edited(&text, line, |l| {
            let mut e: serde_json::Value = serde_json::from_str(l).unwrap();
            let t = e["tile"].as_str().unwrap().to_string();
            e["tile"] = (if t == "J" { "F" } else { "J" }).into();
            e.to_string()
        });
        let e = FairGameLog::from_json_lines(&bad)
            .unwrap()
            .verify()
            .unwrap_err();
        assert!(
            matches!(e, LogProblem::Pick { line: l, .. } if l == line),
            "{e}"
        );
    }

    #[test]
    fn a_changed_seed_or_contribution_is_refused() {
        let log = log();
        let mut seed = log.clone();
        seed.proof.seed = ServerSeed::from_bytes([1; 32]);
        assert_eq!(
            seed.verify(),
            Err(LogProblem::Wall(WallMismatch::Commitment))
        );
        let mut contribution = log;
        contribution.proof.contributions[Seat::South] = Contribution::default();
        assert!(matches!(
            contribution.verify(),
            Err(LogProblem::Wall(WallMismatch::Tile { .. }))
        ));
    }

    #[test]
    fn a_set_up_games_log_says_so_and_never_verifies() {
        let mut log = log();
        log.position = Some("turn S\nrack S 6C J".into());
        log.events.clear();
        let text = log.to_json_lines();
        assert!(text.starts_with("{\"v\":1,\"position\":"), "{text}");
        assert!(!text.contains("fair_wall"), "{text}");
        let back = FairGameLog::from_json_lines(&text).unwrap();
        assert_eq!(back.position, log.position);
        assert_eq!(back.verify(), Err(LogProblem::SetUp));
        assert_eq!(back.start().unwrap().rack_len(Seat::South), 14);
        let both = "{\"v\":1}\n";
        let e = FairGameLog::from_json_lines(both).unwrap_err();
        assert!(e.contains("one of them"), "{e}");
    }

    #[test]
    fn a_bad_header_or_event_names_its_line() {
        let text = log().to_json_lines();
        let e = FairGameLog::from_json_lines(&edited(&text, 1, |_| "{}".into())).unwrap_err();
        assert!(e.starts_with("line 1: not a fair-wall header"), "{e}");
        let e = FairGameLog::from_json_lines(&edited(&text, 4, |_| "{\"event\": 3}".into()))
            .unwrap_err();
        assert!(e.starts_with("line 4:"), "{e}");
    }
}
