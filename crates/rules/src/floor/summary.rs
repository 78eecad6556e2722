//! The floor's part of the plain-language summary (`jongg rules show`):
//! short, with sources; the rulings themselves are listed by
//! `jongg rules incidents`.

use super::card::CardYear;
use super::incident::Incident;
use super::sign_off::DeadHandMark;
use crate::preset::Preset;
use crate::summary::{list, seat_title};
use std::fmt::{Result, Write};

/// "text (source)." with one full stop.
fn cited(text: &str, source: &str) -> String {
    format!("{} ({source}).", text.trim_end_matches('.'))
}

fn card_name(y: CardYear) -> String {
    match y {
        CardYear::Current => "the current year's NMJL card".into(),
        CardYear::Year(y) => format!("the {y} NMJL card"),
    }
}

impl Preset {
    /// Lines for the "Score sheet" section: when to sign, dead hands.
    pub(crate) fn write_sign_off_summary(&self, o: &mut String) -> Result {
        let s = &self.sign_off;
        writeln!(
            o,
            "  - Signatures are given when the round's games are done ({}).",
            s.signatures.source
        )?;
        if !s.each_game.seats.is_empty() {
            let seats: Vec<_> = s.each_game.seats.clone();
            writeln!(
                o,
                "  - {} also signs after each game, on that game's line ({}).",
                list(&seats),
                s.each_game.source
            )?;
        }
        match s.dead_hand_mark.mark {
            DeadHandMark::X => writeln!(
                o,
                "  - A dead hand is written as X on the sheet, not as its points ({}).",
                s.dead_hand_mark.source
            )?,
            DeadHandMark::Points => writeln!(
                o,
                "  - A dead hand is written as its points ({}).",
                s.dead_hand_mark.source
            )?,
        }
        if s.personal_code.required {
            writeln!(
                o,
                "  - Each player confirms their signature with their own short code ({}).",
                s.personal_code.source
            )?;
        }
        Ok(())
    }

    /// The "At a table of three" section (R12).
    pub(crate) fn write_three_player_summary(&self, o: &mut String) -> Result {
        writeln!(o)?;
        writeln!(o, "At a table of three:")?;
        for n in self.three_player_notes() {
            writeln!(o, "  - {}", cited(&n.text, &n.source))?;
        }
        let odd = &self.three_player.odd_players;
        if !odd.tables_of_three {
            writeln!(
                o,
                "  - {}",
                cited(
                    "Four players at every table: by default the players left over sit out, and the director is warned if tables of three are chosen.",
                    &odd.source
                )
            )?;
        }
        writeln!(o)?;
        writeln!(o, "Reminders to every table:")?;
        for r in &self.reminders {
            writeln!(o, "  - {}", cited(&r.text, &r.source))?;
        }
        Ok(())
    }

    /// The event's card, the clock, discipline and incidents.
    pub(crate) fn write_floor_summary(&self, o: &mut String) -> Result {
        writeln!(o)?;
        writeln!(o, "The event's card:")?;
        match self.card.readings.as_slice() {
            [one] => writeln!(o, "  - {} ({}).", card_name(one.year), one.source)?,
            many => {
                let parts: Vec<String> = many
                    .iter()
                    .map(|r| format!("{} ({})", card_name(r.year), r.source))
                    .collect();
                writeln!(
                    o,
                    "  - The text reads {} ways; the director chooses: {}.",
                    if many.len() == 2 { "two" } else { "several" },
                    parts.join(" or ")
                )?;
            }
        }

        let t = &self.timing;
        writeln!(o)?;
        writeln!(o, "The clock:")?;
        writeln!(o, "  - {}", cited(&t.rule.text, &t.rule.source))?;
        if let Some(d) = &t.on_time_duty {
            writeln!(
                o,
                "  - {} at each table makes sure each game finishes on time ({}).",
                seat_title(d.seat),
                d.source
            )?;
        }
        if t.warning.minutes > 0 {
            writeln!(
                o,
                "  - Every clock warns {} minutes before time is called ({}).",
                t.warning.minutes, t.warning.source
            )?;
        } else {
            writeln!(
                o,
                "  - No warning before time is called ({}).",
                t.warning.source
            )?;
        }
        let called = self.ruling(Incident::TimeCalled);
        writeln!(
            o,
            "  - Time called with a game open ({}): {}",
            called.source, called.text
        )?;

        let d = &self.discipline;
        writeln!(o)?;
        writeln!(o, "Discipline:")?;
        let sources: Vec<&str> = d.ladder.iter().map(|s| s.source.as_str()).collect();
        writeln!(
            o,
            "  - Complaints about a player's conduct: {} ({}).",
            d.describe_ladder(),
            sources.join("; ")
        )?;
        if d.immediate_disqualification.allowed {
            writeln!(
                o,
                "  - Arguing with the director may be grounds for immediate disqualification ({}).",
                d.immediate_disqualification.source
            )?;
        }
        if let Some(p) = &d.discretionary_penalty {
            writeln!(
                o,
                "  - The director may give a {} ({}).",
                p.describe(),
                p.source
            )?;
        }
        writeln!(
            o,
            "  - A disqualified player's games are kept or made void as the director chooses; their opponents' scores do not change."
        )?;

        let all = self.incidents();
        let inherited = all
            .iter()
            .filter(|&&i| {
                self.incidents
                    .get(i)
                    .is_some_and(|r| r.source.starts_with("R1, "))
            })
            .count();
        writeln!(o)?;
        writeln!(
            o,
            "Incidents: the director rules on {} incidents; `jongg rules incidents` lists them and `jongg rules ruling` gives one.",
            all.len()
        )?;
        if inherited > 0 {
            writeln!(
                o,
                "  - {} follow this text, {inherited} the standard rules where this text is silent (R1).",
                all.len() - inherited
            )?;
        }
        Ok(())
    }
}
