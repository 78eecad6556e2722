//! A script written as text that [`super::parse`] reads back to the same
//! script (the set-up first, then the steps, one a line).

use super::words::{pass_name, seat_letter, write_tiles};
use super::{CardName, Script, Start, StepKind, action, expect};
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
                writeln!(
                    f,
                    "exposed {} {}",
                    seat_letter(s),
                    expect::write_exposure(e)
                )?;
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
                StepKind::Act { seat, action: a } => {
                    writeln!(f, "{} {}", seat_letter(*seat), action::write(a))?
                }
                StepKind::Expect(e) => writeln!(f, "{}", expect::write(e))?,
            }
        }
        Ok(())
    }
}
