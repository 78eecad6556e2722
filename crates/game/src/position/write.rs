//! A script written as text that [`super::parse`] reads back to the same
//! script (the set-up first, then the steps, one a line).

use super::expect::{ENDS, Expect, PointsOf, write_exposure};
use super::words::{name_of, pass_name, seat_letter, write_tiles};
use super::{CardName, Script, Start, StepKind, action};
use jongg_tiles::Seat;
use std::fmt;

impl fmt::Display for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        writeln!(f, "rules {}", p.rules)?;
        let card = match p.card {
            CardName::Toy => "toy",
            CardName::Practice => "practice",
        };
        writeln!(f, "card {card}")?;
        writeln!(f, "dealer {}", seat_letter(p.dealer))?;
        if let Some(e) = p.empty {
            writeln!(f, "empty {}", seat_letter(e))?;
        }
        match p.start {
            None => {}
            Some(Start::Turn(s)) => writeln!(f, "turn {}", seat_letter(s))?,
            Some(Start::Pick(s)) => writeln!(f, "turn {} pick", seat_letter(s))?,
            Some(Start::Charleston(pass)) => writeln!(f, "charleston {}", pass_name(pass))?,
        }
        for s in Seat::ALL {
            if !p.racks[s].is_empty() {
                writeln!(f, "rack {} {}", seat_letter(s), write_tiles(&p.racks[s]))?;
            }
            for e in &p.exposed[s] {
                writeln!(f, "exposed {} {}", seat_letter(s), write_exposure(e))?;
            }
        }
        // Runs of one seat's discards, in floor order.
        let mut i = 0;
        while i < p.discards.len() {
            let seat = p.discards[i].0;
            let run: Vec<_> = p.discards[i..]
                .iter()
                .take_while(|(s, _)| *s == seat)
                .map(|(_, t)| *t)
                .collect();
            i += run.len();
            writeln!(f, "discards {} {}", seat_letter(seat), write_tiles(&run))?;
        }
        if !p.wall.is_empty() {
            writeln!(f, "wall {}", write_tiles(&p.wall))?;
        }
        if let Some(k) = p.wall_left {
            writeln!(f, "wall-left {k}")?;
        }
        for step in &self.steps {
            match &step.kind {
                StepKind::Act {
                    seat,
                    action: a,
                    discard,
                } => writeln!(
                    f,
                    "{} {}",
                    seat_letter(*seat),
                    action::write_step(a, *discard)
                )?,
                StepKind::Expect(e) => writeln!(f, "{}", write_expect(e))?,
            }
        }
        Ok(())
    }
}

/// The line `read` reads, `expect` included.
pub fn write_expect(e: &Expect) -> String {
    let body = match e {
        Expect::Refused { seat, code, words } => {
            let mut s = format!("refused {} {}", seat_letter(*seat), name_of(code));
            if let Some(w) = words {
                s.push_str(&format!(" \"{w}\""));
            }
            s
        }
        Expect::Turn { seat, expose } => {
            format!(
                "turn {}{}",
                seat_letter(*seat),
                if *expose { " expose" } else { "" }
            )
        }
        Expect::Pick(s) => format!("pick {}", seat_letter(*s)),
        Expect::Window { tile, from } => format!("window {tile} from {}", seat_letter(*from)),
        Expect::Awaiting(seats) if seats.is_empty() => "awaiting none".into(),
        Expect::Awaiting(seats) => {
            let letters: Vec<&str> = seats.iter().map(|s| seat_letter(*s)).collect();
            format!("awaiting {}", letters.join(" "))
        }
        Expect::Charleston(p) => format!("charleston {}", pass_name(*p)),
        Expect::Ended(k) => format!(
            "ended {}",
            ENDS.iter().find(|(_, e)| e == k).map_or("wall", |(w, _)| w)
        ),
        Expect::Playing => "playing".into(),
        Expect::Winner(s) => format!("winner {}", seat_letter(*s)),
        Expect::Record { field, value } => format!("record {field} {}", value.join(" ")),
        Expect::Points(PointsOf::Seat(s, p)) => format!("points {} {p}", seat_letter(*s)),
        Expect::Points(PointsOf::All([a, b, c, d])) => format!("points {a} {b} {c} {d}"),
        Expect::Dead { seat, reason } => format!(
            "dead {} {}",
            seat_letter(*seat),
            reason.map_or("none".into(), |r| name_of(&r))
        ),
        Expect::Penalty { seat, kind } => {
            format!("penalty {} {}", seat_letter(*seat), name_of(kind))
        }
        Expect::Exposed { seat, exposures } if exposures.is_empty() => {
            format!("exposed {} none", seat_letter(*seat))
        }
        Expect::Exposed { seat, exposures } => {
            let groups: Vec<String> = exposures.iter().map(write_exposure).collect();
            format!("exposed {} {}", seat_letter(*seat), groups.join(" | "))
        }
        Expect::Count { seat, tile, n } => format!("count {} {tile} {n}", seat_letter(*seat)),
        Expect::Rack { seat, tiles } => {
            format!("rack {} {}", seat_letter(*seat), write_tiles(tiles))
        }
        Expect::Floor(t) if t.is_empty() => "floor none".into(),
        Expect::Floor(t) => format!("floor {}", write_tiles(t)),
        Expect::WallLeft(n) => format!("wall-left {n}"),
        Expect::Bot {
            strength,
            seat,
            not,
            action,
        } => format!(
            "bot {} {}{} {}",
            strength.name(),
            seat_letter(*seat),
            if *not { " not" } else { "" },
            action.as_ref().map_or("discard".into(), action::write)
        ),
    };
    format!("expect {}", body.trim_end())
}
