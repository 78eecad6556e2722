//! Standings, per-round results and each player's game-by-game record.
//!
//! Only accepted sheets count (standard 26: scores are final once accepted);
//! sit-out points count from the start of their round. Points were computed
//! when each game was entered, so nothing is scored again here.
//!
//! The live standings (issue 13.9) also count the games entered on sheets
//! not yet accepted, marked provisional: without them, a round's sit-out
//! points would put the players sitting out first until the sheets are in.
//! The official figure stays the accepted one.

use crate::error::DomainError;
use crate::model::{
    GameNo, PlayerNo, PlayerStatus, RoundNo, RoundState, SheetState, TableNo, TieBreak,
};
use crate::tournament::Tournament;
use jongg_tiles::{BySeat, Seat};
use serde::{Deserialize, Serialize};

/// The standings: one row per registered player, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    pub tie_breaks: Vec<TieBreak>,
    pub rows: Vec<StandingRow>,
}

/// One player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StandingRow {
    /// 1 for the best; players equal on every tie-break key share a rank
    /// (1, 2, 2, 4).
    pub rank: u32,
    pub player: PlayerNo,
    pub name: String,
    pub club: Option<String>,
    pub status: PlayerStatus,
    /// Added in i64: never wraps, whatever the log holds.
    pub points: i64,
    pub mah_jonggs: u32,
    /// The best single game, if any game counted.
    pub best_game: Option<i32>,
    /// Games counted (on accepted sheets).
    pub games: u32,
    /// Points per round, sit-out points included; index 0 is round 1.
    pub rounds: Vec<i64>,
    /// Live standings only: games counted from sheets not yet accepted
    /// (provisional), and their points, which `points` includes. Always 0
    /// in the official standings.
    #[serde(default)]
    pub unaccepted_games: u32,
    #[serde(default)]
    pub unaccepted_points: i64,
    /// Penalties outside the games (standard 2C), already in `points`.
    #[serde(default)]
    pub penalties: i64,
    /// Disqualified, and whether their own scores were kept or made void
    /// (standard 2B, 27; opponents' scores never change).
    #[serde(default)]
    pub disqualified: Option<crate::floor::DisqualifiedScores>,
}

impl StandingRow {
    /// Whether the row counts a game not yet accepted (live standings).
    pub fn provisional(&self) -> bool {
        self.unaccepted_games > 0
    }

    /// The points of accepted sheets alone: the official figure.
    pub fn official_points(&self) -> i64 {
        self.points - self.unaccepted_points
    }
}

/// One round's results, table by table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundResults {
    pub round: RoundNo,
    pub state: RoundState,
    pub tables: Vec<TableResult>,
    pub sit_outs: Vec<crate::model::SitOut>,
}

/// One table's sheet in a round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableResult {
    pub table: TableNo,
    pub players: BySeat<Option<PlayerNo>>,
    /// Points by game (`None` where not entered yet).
    pub games: Vec<Option<BySeat<i32>>>,
    pub totals: BySeat<i32>,
    pub state: SheetState,
    /// Played at a live table (issue 23.7).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub online: bool,
    /// The seats a bot played for an absent player (issue 23.7).
    #[serde(default, skip_serializing_if = "crate::model::no_bots")]
    pub bots: BySeat<bool>,
}

/// A player's games, one line each, in round and game order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerRecord {
    pub player: PlayerNo,
    pub games: Vec<GameLine>,
    pub sit_outs: Vec<(RoundNo, i32)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLine {
    pub round: RoundNo,
    pub table: TableNo,
    pub seat: Seat,
    pub game: GameNo,
    /// `None` where the game is not entered yet.
    pub points: Option<i32>,
    pub mah_jongg: bool,
    /// Whether the sheet is accepted (only then does the game count).
    pub accepted: bool,
    /// A bot played the seat for the absent player (issue 23.7): the
    /// points are the bot's, and count for no one.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

#[derive(Clone, Copy, Default)]
struct Tally {
    points: i64,
    mah_jonggs: u32,
    best: Option<i32>,
    games: u32,
    unaccepted_games: u32,
    unaccepted_points: i64,
}

impl Tournament {
    /// The standings under the tournament's tie-break order: accepted
    /// sheets only (standard 26).
    pub fn standings(&self) -> Standings {
        self.standings_counting(false)
    }

    /// The standings during a round: accepted sheets and, marked
    /// provisional in each row, the games entered on sheets not yet
    /// accepted (issue 13.9).
    pub fn live_standings(&self) -> Standings {
        self.standings_counting(true)
    }

    fn standings_counting(&self, live: bool) -> Standings {
        let tie_breaks = self
            .settings
            .as_ref()
            .map_or_else(|| TieBreak::DEFAULT.to_vec(), |s| s.tie_breaks.clone());
        let numbers: Vec<PlayerNo> = self.players.keys().copied().collect();
        let n_rounds = self.rounds.len();
        let mut tally = vec![Tally::default(); numbers.len()];
        let mut per_round = vec![0i64; numbers.len() * n_rounds];
        // A disqualified player's void scores count for nobody's standing
        // but their opponents' (standard 2B, 27: theirs stand).
        let void: Vec<bool> = numbers
            .iter()
            .map(|&p| self.floor.disqualified(p) == Some(crate::floor::DisqualifiedScores::Void))
            .collect();
        let index = |p: PlayerNo| numbers.binary_search(&p).ok().filter(|&i| !void[i]);
        for (r, round) in self.rounds.iter().enumerate() {
            if round.state != RoundState::Seated {
                for s in &round.seating.sit_outs {
                    if let Some(i) = index(s.player) {
                        tally[i].points += i64::from(s.points);
                        per_round[i * n_rounds + r] += i64::from(s.points);
                    }
                }
            }
            for sheet in round
                .sheets
                .iter()
                .filter(|s| live || s.state == SheetState::Accepted)
            {
                let pending = sheet.state != SheetState::Accepted;
                for (seat, p) in sheet.players.iter() {
                    // A bot's points count for no one (issue 23.7).
                    if sheet.bots[seat] {
                        continue;
                    }
                    let Some(i) = p.and_then(index) else { continue };
                    let t = &mut tally[i];
                    for g in sheet.games.iter().flatten() {
                        let pts = g.points[seat];
                        t.points += i64::from(pts);
                        t.games += 1;
                        t.best = Some(t.best.map_or(pts, |b| b.max(pts)));
                        t.mah_jonggs += u32::from(g.mah_jongg == Some(seat));
                        per_round[i * n_rounds + r] += i64::from(pts);
                        if pending {
                            t.unaccepted_games += 1;
                            t.unaccepted_points += i64::from(pts);
                        }
                    }
                }
            }
        }
        // Penalties outside the games (standard 2C; st-louis NOTE).
        for (t, &p) in tally.iter_mut().zip(&numbers) {
            t.points += self.floor.penalty_points(p);
        }
        let key = |t: &Tally| -> [i64; 3] {
            let mut k = [i64::MIN; 3];
            for (slot, tb) in k.iter_mut().zip(&tie_breaks) {
                *slot = match tb {
                    TieBreak::Points => t.points,
                    TieBreak::MahJonggs => i64::from(t.mah_jonggs),
                    TieBreak::BestGame => t.best.map_or(i64::MIN + 1, i64::from),
                };
            }
            k
        };
        // A disqualified player is out of the competition: ranked after
        // every player still in it, whatever their points (the texts give
        // them no place; standard 2B, 27, R1).
        let out: Vec<bool> = numbers
            .iter()
            .map(|&p| self.floor.disqualified(p).is_some())
            .collect();
        let mut order: Vec<usize> = (0..numbers.len()).collect();
        order.sort_by(|&a, &b| {
            out[a]
                .cmp(&out[b])
                .then(key(&tally[b]).cmp(&key(&tally[a])))
                .then(numbers[a].cmp(&numbers[b]))
        });
        let mut rows = Vec::with_capacity(order.len());
        let mut rank = 0;
        for (pos, &i) in order.iter().enumerate() {
            let prev = pos.checked_sub(1).map(|p| order[p]);
            if prev.is_none_or(|p| out[p] != out[i] || key(&tally[p]) != key(&tally[i])) {
                rank = pos as u32 + 1;
            }
            let p = &self.players[&numbers[i]];
            let t = tally[i];
            let penalties = self.floor.penalty_points(p.number);
            rows.push(StandingRow {
                rank,
                player: p.number,
                name: p.name.clone(),
                club: p.club.clone(),
                status: p.status,
                points: t.points,
                mah_jonggs: t.mah_jonggs,
                best_game: t.best,
                games: t.games,
                rounds: per_round[i * n_rounds..(i + 1) * n_rounds].to_vec(),
                unaccepted_games: t.unaccepted_games,
                unaccepted_points: t.unaccepted_points,
                penalties,
                disqualified: self.floor.disqualified(p.number),
            });
        }
        Standings { tie_breaks, rows }
    }

    /// One round, table by table (all sheets, accepted or not, with their state).
    pub fn round_results(&self, round: RoundNo) -> Result<RoundResults, DomainError> {
        let r = self.round(round)?;
        let tables = r
            .sheets
            .iter()
            .map(|s| TableResult {
                table: s.table,
                players: s.players,
                games: s
                    .games
                    .iter()
                    .map(|g| g.as_ref().map(|g| g.points))
                    .collect(),
                totals: s.totals(),
                state: s.state,
                online: s.online,
                bots: s.bots,
            })
            .collect();
        Ok(RoundResults {
            round,
            state: r.state,
            tables,
            sit_outs: r.seating.sit_outs.clone(),
        })
    }

    /// Every game a player has sat at, in order, and their sit-outs.
    pub fn player_record(&self, player: PlayerNo) -> Result<PlayerRecord, DomainError> {
        self.player(player)?;
        let mut games = Vec::new();
        let mut sit_outs = Vec::new();
        for round in &self.rounds {
            if round.state == RoundState::Seated {
                continue;
            }
            for s in round.seating.sit_outs.iter().filter(|s| s.player == player) {
                sit_outs.push((round.seating.round, s.points));
            }
            for sheet in &round.sheets {
                let Some((seat, _)) = sheet.players.iter().find(|(_, p)| **p == Some(player))
                else {
                    continue;
                };
                for (game, entry) in sheet.numbered_games() {
                    games.push(GameLine {
                        round: sheet.round,
                        table: sheet.table,
                        seat,
                        game,
                        points: entry.as_ref().map(|e| e.points[seat]),
                        mah_jongg: entry.as_ref().is_some_and(|e| e.mah_jongg == Some(seat)),
                        accepted: sheet.state == SheetState::Accepted,
                        bot: sheet.bots[seat],
                    });
                }
            }
        }
        Ok(PlayerRecord {
            player,
            games,
            sit_outs,
        })
    }
}
