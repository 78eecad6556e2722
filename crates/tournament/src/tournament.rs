//! The tournament aggregate: state, `decide` (commands to events) and
//! `apply` (events to state).

use crate::command::Command;
use crate::error::DomainError;
use crate::event::{Event, Recorded};
use crate::limits::{
    MAX_DATES, MAX_GAMES, MAX_LABEL, MAX_MINUTES, MAX_NAME, MAX_PLAYERS, MAX_POINTS, MAX_REASON,
    MAX_ROUNDS, MAX_RULES_FILE, check_text, is_iso_date, points_ok, time_ok,
};
use crate::model::{
    Actor, Entry, GameEntry, GameNo, Millis, OddPlayers, Player, PlayerNo, PlayerStatus, RoundNo,
    RoundState, RulesSource, Seating, SeatingMethod, Settings, Sheet, SheetState, SitOut, TableNo,
    TableSeats, TieBreak,
};
use crate::rules::{self, Rules};
use crate::seating::{self, Plan, Slots};
use jongg_tiles::{BySeat, Seat};
use std::collections::{BTreeMap, BTreeSet};

/// One round: its seating, where it is, and (once started) one sheet per table.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    pub seating: Seating,
    pub state: RoundState,
    pub sheets: Vec<Sheet>,
}

/// A tournament: the fold of its events. Build it with [`Tournament::replay`]
/// or [`Tournament::execute`]; never edit it by hand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tournament {
    pub(crate) settings: Option<Settings>,
    pub(crate) players: BTreeMap<PlayerNo, Player>,
    pub(crate) rounds: Vec<Round>,
    pub(crate) log: Vec<Recorded>,
    pub(crate) rules: Option<Rules>,
}

impl Tournament {
    /// An empty tournament, before `CreateTournament`.
    pub fn new() -> Tournament {
        Tournament::default()
    }

    /// Rebuild a tournament from its stored events.
    pub fn replay(records: impl IntoIterator<Item = Recorded>) -> Tournament {
        let mut t = Tournament::new();
        for r in records {
            t.record(r);
        }
        t
    }

    /// Rebuild the state alone from bare events (no audit log).
    pub fn replay_events<'a>(events: impl IntoIterator<Item = &'a Event>) -> Tournament {
        let mut t = Tournament::new();
        for e in events {
            t.apply(e);
        }
        t
    }

    /// Apply a stored event and keep it in the log (the audit log reads it).
    pub fn record(&mut self, recorded: Recorded) {
        self.apply(&recorded.event);
        self.log.push(recorded);
    }

    /// Decide and record in one step: the events are numbered after the
    /// last one in the log and stamped with `at`. Returns what was recorded,
    /// for the caller to store.
    pub fn execute(
        &mut self,
        actor: Actor,
        command: Command,
        at: Millis,
    ) -> Result<Vec<Recorded>, DomainError> {
        let events = self.decide(&actor, command)?;
        let mut out = Vec::with_capacity(events.len());
        for event in events {
            let rec = Recorded {
                seq: self.log.len() as u64 + 1,
                at,
                actor,
                event,
            };
            self.record(rec.clone());
            out.push(rec);
        }
        Ok(out)
    }

    // ----- reading -----

    pub fn settings(&self) -> Option<&Settings> {
        self.settings.as_ref()
    }

    /// Players in number order.
    pub fn players(&self) -> impl Iterator<Item = &Player> {
        self.players.values()
    }

    pub fn player(&self, number: PlayerNo) -> Result<&Player, DomainError> {
        self.players
            .get(&number)
            .ok_or(DomainError::PlayerNotFound(number))
    }

    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }

    pub fn round(&self, round: RoundNo) -> Result<&Round, DomainError> {
        usize::from(round)
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .ok_or(DomainError::RoundNotFound(round))
    }

    pub fn seating(&self, round: RoundNo) -> Result<&Seating, DomainError> {
        Ok(&self.round(round)?.seating)
    }

    pub fn sheet(&self, round: RoundNo, table: TableNo) -> Result<&Sheet, DomainError> {
        let r = self.round(round)?;
        match sheet_index(&r.sheets, table) {
            Some(i) => Ok(&r.sheets[i]),
            None if r.seating.table(table).is_some() => {
                Err(DomainError::SheetNotFound { round, table })
            }
            None => Err(DomainError::TableNotFound { round, table }),
        }
    }

    /// The round under way (started, not closed).
    pub fn current_round(&self) -> Option<RoundNo> {
        self.rounds
            .iter()
            .find(|r| matches!(r.state, RoundState::Started { .. }))
            .map(|r| r.seating.round)
    }

    /// The stored events, oldest first.
    pub fn log(&self) -> &[Recorded] {
        &self.log
    }

    // ----- deciding -----

    /// Check a command against the actor's rights and the tournament's state,
    /// and say what happens. Changes nothing.
    pub fn decide(&self, actor: &Actor, command: Command) -> Result<Vec<Event>, DomainError> {
        self.allowed(actor, &command)?;
        if !matches!(command, Command::CreateTournament { .. }) && self.settings.is_none() {
            return Err(DomainError::NoTournament);
        }
        match command {
            Command::CreateTournament {
                name,
                dates,
                rules: source,
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
            } => {
                if self.settings.is_some() {
                    return Err(DomainError::AlreadyCreated);
                }
                check_rules(&source)?;
                let r = rules::resolve(&source)?;
                let settings = Settings {
                    name: name.trim().to_string(),
                    dates,
                    // A preset number too large for the setting becomes its
                    // largest value, which `check_settings` refuses by name.
                    rounds: rounds.unwrap_or_else(|| {
                        let n = r.preset.round.rounds.unwrap_or(4);
                        u8::try_from(n).unwrap_or(u8::MAX)
                    }),
                    games_per_round: games_per_round
                        .unwrap_or_else(|| u8::try_from(r.preset.round.games).unwrap_or(u8::MAX)),
                    round_minutes: round_minutes.unwrap_or_else(|| {
                        u16::try_from(r.preset.round.minutes).unwrap_or(u16::MAX)
                    }),
                    tie_breaks: tie_breaks.unwrap_or_else(|| TieBreak::DEFAULT.to_vec()),
                    odd_players: odd_players.unwrap_or(OddPlayers::ThreePlayerTables),
                    rules: source,
                };
                check_settings(&settings)?;
                Ok(vec![Event::TournamentCreated { settings }])
            }
            Command::UpdateSettings {
                name,
                dates,
                rules: source,
                rounds,
                games_per_round,
                round_minutes,
                tie_breaks,
                odd_players,
            } => {
                let before = self.settings_ok()?.clone();
                let mut after = before.clone();
                let started = self.rounds.iter().any(|r| r.state != RoundState::Seated);
                if let Some(name) = name {
                    after.name = name.trim().to_string();
                }
                if let Some(dates) = dates {
                    after.dates = dates;
                }
                if let Some(source) = source {
                    if started && source != before.rules {
                        return Err(conflict("the rules cannot change once round 1 has started"));
                    }
                    check_rules(&source)?;
                    rules::resolve(&source)?;
                    after.rules = source;
                }
                if let Some(g) = games_per_round {
                    if started && g != before.games_per_round {
                        return Err(conflict(
                            "games per round cannot change once round 1 has started",
                        ));
                    }
                    after.games_per_round = g;
                }
                if let Some(r) = rounds {
                    if usize::from(r) < self.rounds.len() {
                        return Err(conflict(format!(
                            "{} rounds are seated already; the tournament cannot have {r}",
                            self.rounds.len()
                        )));
                    }
                    after.rounds = r;
                }
                if let Some(m) = round_minutes {
                    after.round_minutes = m;
                }
                if let Some(t) = tie_breaks {
                    after.tie_breaks = t;
                }
                if let Some(o) = odd_players {
                    // Sit-out points may change between rounds (rounds seated
                    // keep theirs); tables of three versus sit-outs may not.
                    let same_kind =
                        std::mem::discriminant(&o) == std::mem::discriminant(&before.odd_players);
                    if !self.rounds.is_empty() && !same_kind {
                        return Err(conflict(
                            "tables of three or sit-outs cannot change once a round is seated",
                        ));
                    }
                    after.odd_players = o;
                }
                check_settings(&after)?;
                if after == before {
                    return Ok(vec![]);
                }
                Ok(vec![Event::SettingsUpdated { before, after }])
            }
            Command::RegisterPlayer {
                number,
                name,
                club,
                late,
            } => {
                if self.players.contains_key(&number) {
                    return Err(DomainError::DuplicatePlayer(number));
                }
                self.room_for_a_player()?;
                let player = Player {
                    number,
                    name: name.trim().to_string(),
                    club: clean_club(club),
                    status: if late {
                        PlayerStatus::Late
                    } else {
                        PlayerStatus::Active
                    },
                    substitute_for: None,
                };
                check_player(&player)?;
                let mut events = vec![Event::PlayerRegistered {
                    player: player.clone(),
                }];
                // The roster is copied only when a round waits to be
                // re-seated (a list of thousands registers in linear time).
                if self
                    .rounds
                    .last()
                    .is_some_and(|r| r.state == RoundState::Seated)
                {
                    let mut players = self.players.clone();
                    players.insert(number, player);
                    events.extend(self.reseat_pending(&players, None)?);
                }
                Ok(events)
            }
            Command::UpdatePlayer { number, name, club } => {
                let before = self.player(number)?.clone();
                let mut after = before.clone();
                if let Some(name) = name {
                    after.name = name.trim().to_string();
                }
                if let Some(club) = club {
                    after.club = clean_club(club);
                }
                check_player(&after)?;
                if after == before {
                    return Ok(vec![]);
                }
                Ok(vec![Event::PlayerUpdated { before, after }])
            }
            Command::WithdrawPlayer { number } => {
                let p = self.player(number)?;
                if let PlayerStatus::Withdrawn { .. } = p.status {
                    return Err(conflict(format!("player {number} has already withdrawn")));
                }
                let after_round = self.rounds_started();
                let mut players = self.players.clone();
                if let Some(p) = players.get_mut(&number) {
                    p.status = PlayerStatus::Withdrawn { after_round };
                }
                let mut events = vec![Event::PlayerWithdrawn {
                    number,
                    after_round,
                }];
                events.extend(self.reseat_pending(&players, None)?);
                Ok(events)
            }
            Command::MarkLate { number } => {
                let p = self.player(number)?;
                if p.status != PlayerStatus::Active {
                    return Err(conflict(format!("player {number} is not active")));
                }
                if self.has_played(number) {
                    return Err(conflict(format!(
                        "player {number} has played already; withdraw them instead"
                    )));
                }
                let mut players = self.players.clone();
                if let Some(p) = players.get_mut(&number) {
                    p.status = PlayerStatus::Late;
                }
                let mut events = vec![Event::PlayerMarkedLate { number }];
                events.extend(self.reseat_pending(&players, None)?);
                Ok(events)
            }
            Command::Arrive { number } => {
                let p = self.player(number)?;
                if p.status != PlayerStatus::Late {
                    return Err(conflict(format!("player {number} is not marked late")));
                }
                let mut players = self.players.clone();
                if let Some(p) = players.get_mut(&number) {
                    p.status = PlayerStatus::Active;
                }
                let mut events = vec![Event::PlayerArrived { number }];
                events.extend(self.reseat_pending(&players, None)?);
                Ok(events)
            }
            Command::Substitute {
                out,
                number,
                name,
                club,
            } => {
                let gone = self.player(out)?;
                if let PlayerStatus::Withdrawn { .. } = gone.status {
                    return Err(conflict(format!("player {out} has already withdrawn")));
                }
                if self.players.contains_key(&number) {
                    return Err(DomainError::DuplicatePlayer(number));
                }
                self.room_for_a_player()?;
                let player = Player {
                    number,
                    name: name.trim().to_string(),
                    club: clean_club(club),
                    status: PlayerStatus::Active,
                    substitute_for: Some(out),
                };
                check_player(&player)?;
                let after_round = self.rounds_started();
                let mut players = self.players.clone();
                if let Some(p) = players.get_mut(&out) {
                    p.status = PlayerStatus::Withdrawn { after_round };
                }
                players.insert(number, player.clone());
                let mut events = vec![Event::PlayerSubstituted {
                    out,
                    after_round,
                    player,
                }];
                events.extend(self.reseat_pending(&players, Some((out, number)))?);
                Ok(events)
            }
            Command::SeatRound { round, method } => {
                let settings = self.settings_ok()?;
                if round == 0 || round > settings.rounds {
                    return Err(DomainError::Invalid(format!(
                        "round {round} is not a round of this tournament (1 to {})",
                        settings.rounds
                    )));
                }
                let index = usize::from(round) - 1;
                match self.rounds.get(index) {
                    Some(r) if r.state != RoundState::Seated => {
                        return Err(conflict(format!(
                            "round {round} has started: its seating is fixed"
                        )));
                    }
                    Some(_) if index + 1 != self.rounds.len() => {
                        return Err(conflict(format!(
                            "round {round} cannot be re-seated: a later round is seated"
                        )));
                    }
                    Some(_) => {}
                    None if index != self.rounds.len() => {
                        return Err(conflict(format!(
                            "round {round} cannot be seated before round {}",
                            self.rounds.len() + 1
                        )));
                    }
                    None => {}
                }
                if index > 0 && self.rounds[index - 1].state == RoundState::Seated {
                    return Err(conflict(format!(
                        "round {} must start before round {round} is seated",
                        round - 1
                    )));
                }
                let plan = self.plan_round(round, &method, &self.players)?;
                Ok(vec![Event::RoundSeated {
                    seating: self.seating_of(round, method, plan),
                }])
            }
            Command::StartRound { round, at } => {
                check_time(at)?;
                let r = self.round(round)?;
                if r.state != RoundState::Seated {
                    return Err(conflict(format!("round {round} has already started")));
                }
                if round > 1 && !matches!(self.round(round - 1)?.state, RoundState::Closed { .. }) {
                    return Err(conflict(format!("round {} is not closed yet", round - 1)));
                }
                Ok(vec![Event::RoundStarted { round, at }])
            }
            Command::EnterGame {
                round,
                table,
                game,
                entry,
            } => {
                let sheet = self.open_sheet(actor, round, table)?;
                let before = self.game_slot(sheet, game)?.clone();
                let after = self.game_entry(sheet, game, entry)?;
                Ok(vec![Event::GameEntered {
                    round,
                    table,
                    game,
                    before,
                    after,
                }])
            }
            Command::SignSheet { round, table, seat } => {
                let sheet = self.open_sheet(actor, round, table)?;
                if sheet.players[seat].is_none() {
                    return Err(DomainError::Invalid(format!(
                        "{seat} is empty at table {table}: nobody there can sign"
                    )));
                }
                if let Some(g) = sheet.games.iter().position(Option::is_none) {
                    return Err(conflict(format!(
                        "game {} is not entered: a sheet is signed when every game is on it",
                        g + 1
                    )));
                }
                if sheet.signed[seat] {
                    return Err(conflict(format!("{seat} has already signed this sheet")));
                }
                let mut signed = sheet.signed;
                signed[seat] = true;
                let complete = self.verified(&sheet.players, &signed)?;
                Ok(vec![Event::SheetSigned {
                    round,
                    table,
                    seat,
                    complete,
                }])
            }
            Command::AcceptSheet { round, table } => {
                let sheet = self.sheet(round, table)?;
                match sheet.state {
                    SheetState::Draft => Err(conflict(format!(
                        "the sheet of table {table}, round {round} is not signed: unverified sheets are not accepted (standard 4)"
                    ))),
                    SheetState::Accepted => Err(conflict(format!(
                        "the sheet of table {table}, round {round} is already accepted"
                    ))),
                    SheetState::Signed => Ok(vec![Event::SheetAccepted { round, table }]),
                }
            }
            Command::AmendSheet {
                round,
                table,
                game,
                entry,
                reason,
            } => {
                let reason = reason.trim().to_string();
                if reason.is_empty() {
                    return Err(DomainError::Invalid(
                        "an amendment needs a reason (R14)".into(),
                    ));
                }
                check_text("the reason", &reason, MAX_REASON, true)?;
                let sheet = self.sheet(round, table)?;
                if sheet.state != SheetState::Accepted {
                    return Err(conflict(format!(
                        "the sheet of table {table}, round {round} is not accepted: enter the game instead"
                    )));
                }
                let before = self.game_slot(sheet, game)?.clone();
                let after = self.game_entry(sheet, game, entry)?;
                Ok(vec![Event::SheetAmended {
                    round,
                    table,
                    game,
                    before,
                    after,
                    reason,
                }])
            }
            Command::CloseRound { round, at } => {
                check_time(at)?;
                let r = self.round(round)?;
                if !matches!(r.state, RoundState::Started { .. }) {
                    return Err(conflict(format!("round {round} is not under way")));
                }
                let open: Vec<String> = r
                    .sheets
                    .iter()
                    .filter(|s| s.state != SheetState::Accepted)
                    .map(|s| s.table.to_string())
                    .collect();
                if !open.is_empty() {
                    return Err(conflict(format!(
                        "round {round} has sheets not accepted yet: tables {}",
                        open.join(", ")
                    )));
                }
                Ok(vec![Event::RoundClosed { round, at }])
            }
        }
    }

    /// Who may do what: the public nothing; a scorekeeper only its own
    /// table's sheet in the round under way; only the director amends.
    fn allowed(&self, actor: &Actor, command: &Command) -> Result<(), DomainError> {
        let forbid = |action: &str| {
            Err(DomainError::Forbidden {
                actor: *actor,
                action: action.to_string(),
            })
        };
        match (actor, command) {
            (Actor::Director, _) => Ok(()),
            (Actor::System, Command::AmendSheet { .. }) => forbid("amend an accepted sheet"),
            (Actor::System, _) => Ok(()),
            (Actor::Public, _) => forbid("change the tournament"),
            (
                Actor::Scorekeeper { round: r, table: t },
                Command::EnterGame { round, table, .. } | Command::SignSheet { round, table, .. },
            ) => {
                if (r, t) != (round, table) {
                    return forbid(&format!("write the sheet of table {table}, round {round}"));
                }
                if self.current_round() != Some(*round) {
                    return forbid(&format!(
                        "write a sheet of round {round}: it is not under way"
                    ));
                }
                if self
                    .sheet(*round, *table)
                    .is_ok_and(|s| s.state == SheetState::Accepted)
                {
                    return Err(DomainError::SheetLocked {
                        round: *round,
                        table: *table,
                    });
                }
                Ok(())
            }
            (Actor::Scorekeeper { .. }, _) => {
                forbid("do anything but enter and sign its own sheet")
            }
        }
    }

    /// A tournament registers at most [`MAX_PLAYERS`].
    fn room_for_a_player(&self) -> Result<(), DomainError> {
        if self.players.len() >= MAX_PLAYERS {
            return Err(DomainError::Invalid(format!(
                "the tournament has {MAX_PLAYERS} players, the most it can register"
            )));
        }
        Ok(())
    }

    fn settings_ok(&self) -> Result<&Settings, DomainError> {
        self.settings.as_ref().ok_or(DomainError::NoTournament)
    }

    fn rules(&self) -> Result<&Rules, DomainError> {
        self.rules
            .as_ref()
            .ok_or_else(|| conflict("the tournament's rules cannot be read"))
    }

    /// How many rounds have started (under way or closed).
    pub fn rounds_started(&self) -> RoundNo {
        self.rounds
            .iter()
            .filter(|r| r.state != RoundState::Seated)
            .count() as RoundNo
    }

    fn has_played(&self, player: PlayerNo) -> bool {
        self.rounds.iter().any(|r| {
            r.state != RoundState::Seated
                && (r.seating.place_of(player).is_some()
                    || r.seating.sit_outs.iter().any(|s| s.player == player))
        })
    }

    fn active(players: &BTreeMap<PlayerNo, Player>) -> BTreeSet<PlayerNo> {
        players
            .values()
            .filter(|p| p.status == PlayerStatus::Active)
            .map(|p| p.number)
            .collect()
    }

    fn sat_out_before(&self, round: RoundNo) -> BTreeMap<PlayerNo, u32> {
        let mut out = BTreeMap::new();
        for r in self
            .rounds
            .iter()
            .take(usize::from(round).saturating_sub(1))
        {
            for s in &r.seating.sit_outs {
                *out.entry(s.player).or_insert(0) += 1;
            }
        }
        out
    }

    /// The seating a round would get by `method`, for these players.
    fn plan_round(
        &self,
        round: RoundNo,
        method: &SeatingMethod,
        players: &BTreeMap<PlayerNo, Player>,
    ) -> Result<Plan, DomainError> {
        let odd = self.settings_ok()?.odd_players;
        let active = Self::active(players);
        match method {
            SeatingMethod::ByNumber => {
                let order: Vec<PlayerNo> = active.iter().copied().collect();
                seating::in_order(&order, odd)
            }
            SeatingMethod::Random { seed } => {
                let mut order: Vec<PlayerNo> = active.iter().copied().collect();
                seating::shuffle(&mut order, *seed);
                seating::in_order(&order, odd)
            }
            SeatingMethod::Imported { tables, sit_outs } => {
                seating::check(tables, sit_outs, &active, odd)
            }
            SeatingMethod::Movement => {
                if round <= 1 {
                    return Err(DomainError::Invalid(
                        "round 1 has no round before it to move from: seat it randomly, by number or imported".into(),
                    ));
                }
                let prev = &self.round(round - 1)?.seating;
                let slots: Vec<Slots> = prev.tables.iter().map(|t| t.seats.0).collect();
                let moved = seating::moved(&slots, self.rules()?)?;
                let waiting: Vec<PlayerNo> = prev.sit_outs.iter().map(|s| s.player).collect();
                seating::fit(&moved, &waiting, &active, odd, &self.sat_out_before(round))
            }
            SeatingMethod::Adjusted => Err(DomainError::Invalid(
                "`adjusted` seatings are made by the tournament, not asked for".into(),
            )),
        }
    }

    fn seating_of(&self, round: RoundNo, method: SeatingMethod, plan: Plan) -> Seating {
        let points = match self.settings.as_ref().map(|s| s.odd_players) {
            Some(OddPlayers::SitOut { points }) => points,
            _ => 0,
        };
        Seating {
            round,
            method,
            tables: plan.table_seats(),
            sit_outs: plan
                .sit_outs
                .iter()
                .map(|&player| SitOut { player, points })
                .collect(),
        }
    }

    /// After a roster change, the round seated but not started (if any) is
    /// fitted to the new roster, moving as few players as possible. A
    /// substitute takes the seat of the player replaced.
    fn reseat_pending(
        &self,
        players: &BTreeMap<PlayerNo, Player>,
        substitute: Option<(PlayerNo, PlayerNo)>,
    ) -> Result<Option<Event>, DomainError> {
        let Some(last) = self.rounds.last() else {
            return Ok(None);
        };
        if last.state != RoundState::Seated {
            return Ok(None);
        }
        let round = last.seating.round;
        let swap = |p: Option<PlayerNo>| match (p, substitute) {
            (Some(p), Some((out, sub))) if p == out => Some(sub),
            _ => p,
        };
        let slots: Vec<Slots> = last
            .seating
            .tables
            .iter()
            .map(|t| t.seats.0.map(swap))
            .collect();
        let waiting: Vec<PlayerNo> = last
            .seating
            .sit_outs
            .iter()
            .filter_map(|s| swap(Some(s.player)))
            .collect();
        let odd = self.settings_ok()?.odd_players;
        let plan = seating::fit(
            &slots,
            &waiting,
            &Self::active(players),
            odd,
            &self.sat_out_before(round),
        )?;
        let seating = self.seating_of(round, SeatingMethod::Adjusted, plan);
        if seating.tables == last.seating.tables && seating.sit_outs == last.seating.sit_outs {
            return Ok(None);
        }
        Ok(Some(Event::RoundSeated { seating }))
    }

    /// A sheet a non-accepted game may be entered on or signed.
    fn open_sheet(
        &self,
        actor: &Actor,
        round: RoundNo,
        table: TableNo,
    ) -> Result<&Sheet, DomainError> {
        let sheet = self.sheet(round, table)?;
        if sheet.state == SheetState::Accepted {
            return Err(match actor {
                Actor::Director | Actor::System => conflict(format!(
                    "the sheet of table {table}, round {round} is accepted: amend it with a reason (R14)"
                )),
                _ => DomainError::SheetLocked { round, table },
            });
        }
        Ok(sheet)
    }

    fn game_slot<'s>(
        &self,
        sheet: &'s Sheet,
        game: GameNo,
    ) -> Result<&'s Option<GameEntry>, DomainError> {
        let games = sheet.games.len() as GameNo;
        usize::from(game)
            .checked_sub(1)
            .and_then(|i| sheet.games.get(i))
            .ok_or(DomainError::GameNotFound { game, games })
    }

    /// Score an entry for game `game` of a sheet: a record by the preset
    /// (stored with the empty seat and the dealer the sheet knows, R12),
    /// plain points as given.
    fn game_entry(
        &self,
        sheet: &Sheet,
        game: GameNo,
        entry: Entry,
    ) -> Result<GameEntry, DomainError> {
        let seated = BySeat::from_fn(|s| sheet.players[s].is_some());
        match entry {
            Entry::Record { record } => {
                let at = self.table_game(sheet.round, sheet.table, game)?;
                let scored = rules::score_record(&self.rules()?.preset, &record, &at)
                    .map_err(|e| DomainError::InvalidRecord(e.to_string()))?;
                if let Some(s) = Seat::ALL
                    .into_iter()
                    .find(|&s| !points_ok(scored.points[s]))
                {
                    return Err(DomainError::InvalidRecord(format!(
                        "{s} would score {}: beyond any game score (at most {MAX_POINTS} either way)",
                        scored.points[s]
                    )));
                }
                Ok(GameEntry {
                    entry: Entry::Record {
                        record: scored.record,
                    },
                    points: scored.points,
                    mah_jongg: scored.mah_jongg,
                    lines: scored.lines.iter().map(ToString::to_string).collect(),
                    warnings: vec![],
                })
            }
            Entry::Points { points, mah_jongg } => {
                for s in Seat::ALL {
                    if !seated[s] && points[s] != 0 {
                        return Err(DomainError::InvalidPoints(format!(
                            "{s} is empty at this table but has {} points",
                            points[s]
                        )));
                    }
                    if !points_ok(points[s]) {
                        return Err(DomainError::InvalidPoints(format!(
                            "{s}'s {} is beyond any game score (at most {MAX_POINTS} either way)",
                            points[s]
                        )));
                    }
                }
                if let Some(w) = mah_jongg
                    && !seated[w]
                {
                    return Err(DomainError::InvalidPoints(format!(
                        "{w} is empty at this table and cannot make Mah Jongg"
                    )));
                }
                Ok(GameEntry {
                    entry: Entry::Points { points, mah_jongg },
                    points,
                    mah_jongg,
                    lines: vec![],
                    warnings: crate::points::warnings(&points, mah_jongg, &seated),
                })
            }
        }
    }

    /// Whether every seated player's scores are verified as R14 says: by
    /// their own signature when players sign their own, or by a seated
    /// player whose duty it is. A score nobody seated is charged with (the
    /// partner's seat is empty at a three-player table) falls to the sheet
    /// keeper (East); the keeper's own, to any other seated signer.
    fn verified(
        &self,
        players: &BySeat<Option<PlayerNo>>,
        signed: &BySeat<bool>,
    ) -> Result<bool, DomainError> {
        let v = &self.rules()?.preset.verification;
        let seated = |s: Seat| players[s].is_some();
        Ok(Seat::ALL.into_iter().filter(|&s| seated(s)).all(|s| {
            let duty: Vec<Seat> = Seat::ALL
                .into_iter()
                .filter(|&o| seated(o) && v.verifies[o].contains(&s))
                .collect();
            if !duty.is_empty() {
                duty.iter().all(|&o| signed[o])
            } else if v.sign_own && s != v.sheet_keeper {
                signed[s]
            } else if s != v.sheet_keeper {
                signed[v.sheet_keeper]
            } else {
                Seat::ALL
                    .into_iter()
                    .any(|o| o != s && seated(o) && signed[o])
            }
        }))
    }

    // ----- applying -----

    /// Fold one event into the state. Never fails: an event that does not
    /// fit (which `decide` never makes) changes nothing.
    pub fn apply(&mut self, event: &Event) {
        match event {
            Event::TournamentCreated { settings } => {
                self.rules = rules::resolve(&settings.rules).ok();
                self.settings = Some(settings.clone());
            }
            Event::SettingsUpdated { after, .. } => {
                self.rules = rules::resolve(&after.rules).ok();
                self.settings = Some(after.clone());
            }
            Event::PlayerRegistered { player } => {
                self.players.insert(player.number, player.clone());
            }
            Event::PlayerUpdated { after, .. } => {
                if let Some(p) = self.players.get_mut(&after.number) {
                    *p = after.clone();
                }
            }
            Event::PlayerWithdrawn {
                number,
                after_round,
            } => {
                self.set_status(
                    *number,
                    PlayerStatus::Withdrawn {
                        after_round: *after_round,
                    },
                );
            }
            Event::PlayerMarkedLate { number } => self.set_status(*number, PlayerStatus::Late),
            Event::PlayerArrived { number } => self.set_status(*number, PlayerStatus::Active),
            Event::PlayerSubstituted {
                out,
                after_round,
                player,
            } => {
                self.set_status(
                    *out,
                    PlayerStatus::Withdrawn {
                        after_round: *after_round,
                    },
                );
                self.players.insert(player.number, player.clone());
            }
            Event::RoundSeated { seating } => {
                let index = usize::from(seating.round).wrapping_sub(1);
                if index == self.rounds.len() {
                    self.rounds.push(Round {
                        seating: seating.clone(),
                        state: RoundState::Seated,
                        sheets: vec![],
                    });
                } else if let Some(r) = self.rounds.get_mut(index)
                    && r.state == RoundState::Seated
                {
                    r.seating = seating.clone();
                }
            }
            Event::RoundStarted { round, at } => {
                let games = self.settings.as_ref().map_or(4, |s| s.games_per_round);
                if let Some(r) = self.round_mut(*round)
                    && r.state == RoundState::Seated
                {
                    r.state = RoundState::Started { at: *at };
                    r.sheets = r
                        .seating
                        .tables
                        .iter()
                        .map(|t: &TableSeats| Sheet {
                            round: *round,
                            table: t.table,
                            players: t.seats,
                            games: vec![None; usize::from(games)],
                            signed: BySeat([false; 4]),
                            state: SheetState::Draft,
                        })
                        .collect();
                }
            }
            Event::GameEntered {
                round,
                table,
                game,
                after,
                ..
            } => {
                if let Some(sheet) = self.sheet_mut(*round, *table)
                    && sheet.state != SheetState::Accepted
                    && let Some(slot) = slot_mut(sheet, *game)
                {
                    *slot = Some(after.clone());
                    sheet.signed = BySeat([false; 4]);
                    sheet.state = SheetState::Draft;
                }
            }
            Event::SheetSigned {
                round,
                table,
                seat,
                complete,
            } => {
                if let Some(sheet) = self.sheet_mut(*round, *table)
                    && sheet.state != SheetState::Accepted
                {
                    sheet.signed[*seat] = true;
                    if *complete {
                        sheet.state = SheetState::Signed;
                    }
                }
            }
            Event::SheetAccepted { round, table } => {
                if let Some(sheet) = self.sheet_mut(*round, *table) {
                    sheet.state = SheetState::Accepted;
                }
            }
            Event::SheetAmended {
                round,
                table,
                game,
                after,
                ..
            } => {
                if let Some(sheet) = self.sheet_mut(*round, *table)
                    && let Some(slot) = slot_mut(sheet, *game)
                {
                    *slot = Some(after.clone());
                }
            }
            Event::RoundClosed { round, at } => {
                if let Some(r) = self.round_mut(*round) {
                    r.state = RoundState::Closed { at: *at };
                }
            }
        }
    }

    fn set_status(&mut self, number: PlayerNo, status: PlayerStatus) {
        if let Some(p) = self.players.get_mut(&number) {
            p.status = status;
        }
    }

    fn round_mut(&mut self, round: RoundNo) -> Option<&mut Round> {
        usize::from(round)
            .checked_sub(1)
            .and_then(|i| self.rounds.get_mut(i))
    }

    fn sheet_mut(&mut self, round: RoundNo, table: TableNo) -> Option<&mut Sheet> {
        let sheets = &mut self.round_mut(round)?.sheets;
        let i = sheet_index(sheets, table)?;
        sheets.get_mut(i)
    }
}

/// Where table `table`'s sheet is: at `table - 1` when the tables are
/// numbered in order (always, for seatings `decide` made), else searched.
fn sheet_index(sheets: &[Sheet], table: TableNo) -> Option<usize> {
    let guess = usize::from(table).wrapping_sub(1);
    match sheets.get(guess) {
        Some(s) if s.table == table => Some(guess),
        _ => sheets.iter().position(|s| s.table == table),
    }
}

fn slot_mut(sheet: &mut Sheet, game: GameNo) -> Option<&mut Option<GameEntry>> {
    usize::from(game)
        .checked_sub(1)
        .and_then(|i| sheet.games.get_mut(i))
}

/// A round's start or end is a moment between 1970 and 9999.
fn check_time(at: Millis) -> Result<(), DomainError> {
    if !time_ok(at) {
        return Err(DomainError::Invalid(format!(
            "{at} is not a moment between 1970 and 9999 (Unix milliseconds)"
        )));
    }
    Ok(())
}

fn conflict(message: impl Into<String>) -> DomainError {
    DomainError::Conflict(message.into())
}

fn clean_club(club: Option<String>) -> Option<String> {
    club.map(|c| c.trim().to_string()).filter(|c| !c.is_empty())
}

fn check_player(p: &Player) -> Result<(), DomainError> {
    if p.number.0 == 0 {
        return Err(DomainError::Invalid("player numbers start at 1".into()));
    }
    if p.name.is_empty() {
        return Err(DomainError::Invalid(format!(
            "player {} needs a name",
            p.number
        )));
    }
    check_text(
        &format!("the name of player {}", p.number),
        &p.name,
        MAX_NAME,
        false,
    )?;
    if let Some(club) = &p.club {
        check_text(
            &format!("the club of player {}", p.number),
            club,
            MAX_NAME,
            false,
        )?;
    }
    Ok(())
}

/// Settings a tournament can run with.
fn check_settings(s: &Settings) -> Result<(), DomainError> {
    let bad = |m: String| Err(DomainError::InvalidSettings(m));
    if s.name.is_empty() {
        return bad("the tournament needs a name".into());
    }
    check_text("the tournament's name", &s.name, MAX_NAME, false)?;
    if s.dates.len() > MAX_DATES {
        return bad(format!(
            "{} dates: a tournament lists at most {MAX_DATES} days of play",
            s.dates.len()
        ));
    }
    for d in &s.dates {
        if !is_iso_date(d) {
            // Say the date, but not a megabyte of it.
            let shown: String = d.chars().take(20).collect();
            return bad(format!(
                "`{shown}` is not a day of the calendar written like 2026-03-14"
            ));
        }
    }
    if s.rounds == 0 || s.rounds > MAX_ROUNDS {
        return bad(format!(
            "{} rounds: a tournament has 1 to {MAX_ROUNDS}",
            s.rounds
        ));
    }
    if s.games_per_round == 0 || s.games_per_round > MAX_GAMES {
        return bad(format!(
            "{} games a round: a round has 1 to {MAX_GAMES} (R15: four)",
            s.games_per_round
        ));
    }
    if s.round_minutes == 0 || s.round_minutes > MAX_MINUTES {
        return bad(format!(
            "{} minutes a round: 1 to {MAX_MINUTES}",
            s.round_minutes
        ));
    }
    if s.tie_breaks.is_empty() {
        return bad("the standings need at least one tie-break key".into());
    }
    for (i, t) in s.tie_breaks.iter().enumerate() {
        if s.tie_breaks[..i].contains(t) {
            return bad(format!("tie-break `{t:?}` is listed twice"));
        }
    }
    if let OddPlayers::SitOut { points } = s.odd_players
        && !points_ok(points)
    {
        return bad(format!(
            "{points} points for sitting out: at most {MAX_POINTS} either way"
        ));
    }
    check_rules(&s.rules)
}

/// A director's rules file is bounded before it is read.
fn check_rules(source: &RulesSource) -> Result<(), DomainError> {
    let bad = |m: String| Err(DomainError::InvalidSettings(m));
    if let RulesSource::File { label, toml } = source {
        if label.trim().is_empty() || toml.trim().is_empty() {
            return bad("a rules file needs a label and its text".into());
        }
        check_text("the rules file's label", label, MAX_LABEL, false)?;
        if toml.len() > MAX_RULES_FILE {
            return bad(format!(
                "the rules file has {} bytes: at most {MAX_RULES_FILE}",
                toml.len()
            ));
        }
        check_text("the rules file", toml, MAX_RULES_FILE, true)?;
    }
    Ok(())
}
