//! The plain-language summary of a preset, for a director to read aloud.

use crate::preset::{Points, Preset};
use jongg_tiles::Seat;
use std::fmt::Write;

fn pts(p: i32) -> String {
    if p == 0 {
        "0".to_string()
    } else {
        format!("{p:+}")
    }
}

fn penalty(p: &Points) -> String {
    if p.points == 0 {
        "no penalty".to_string()
    } else {
        format!("{:+}", p.points)
    }
}

fn tables(n: i32) -> String {
    match n {
        0 => "stays".to_string(),
        1 => "moves up 1 table".to_string(),
        -1 => "moves down 1 table".to_string(),
        n if n > 0 => format!("moves up {n} tables"),
        n => format!("moves down {} tables", -n),
    }
}

pub(crate) fn seat_title(s: Seat) -> &'static str {
    match s {
        Seat::East => "East",
        Seat::South => "South",
        Seat::West => "West",
        Seat::North => "North",
    }
}

pub(crate) fn list(seats: &[Seat]) -> String {
    let names: Vec<&str> = seats.iter().map(|&s| seat_title(s)).collect();
    match names.len() {
        0 => "nobody".to_string(),
        1 => names[0].to_string(),
        _ => {
            let (last, first) = names.split_last().unwrap_or((&"", &[]));
            format!("{} and {last}", first.join(", "))
        }
    }
}

fn ordinal(n: u32) -> String {
    match n {
        1 => "first".into(),
        2 => "second".into(),
        3 => "third".into(),
        4 => "fourth".into(),
        n => format!("{n}th"),
    }
}

impl Preset {
    /// A plain-language account of the preset, for a director to read aloud.
    pub fn summary(&self) -> String {
        let mut o = String::new();
        let _ = self.write_summary(&mut o);
        o
    }

    fn write_summary(&self, o: &mut String) -> std::fmt::Result {
        writeln!(o, "{} (preset `{}`)", self.title, self.name)?;
        writeln!(o, "From: {}", self.document)?;
        if let Some(base) = &self.based_on {
            writeln!(
                o,
                "Starts from the built-in preset `{base}`, with these changes:"
            )?;
            for c in &self.changes {
                writeln!(o, "  - {} = {} (line {})", c.key, c.value, c.line)?;
            }
        }

        let r = &self.round;
        writeln!(o)?;
        write!(
            o,
            "Rounds: {} games a round, {} minutes a round",
            r.games, r.minutes
        )?;
        if let Some(n) = r.rounds {
            write!(o, ", {n} rounds")?;
        }
        writeln!(o, ".")?;

        let s = &self.scoring;
        writeln!(o)?;
        writeln!(
            o,
            "Scoring (every bonus and penalty adds up; nothing doubles):"
        )?;
        writeln!(
            o,
            "  - The winner scores the value of the hand on the card."
        )?;
        write!(
            o,
            "  - Self-picked Mah Jongg: {}.",
            pts(s.self_picked.points)
        )?;
        if s.heavenly.self_picked_bonus {
            writeln!(o, " A heavenly hand counts as self-picked.")?;
        } else {
            writeln!(o, " A heavenly hand gets no self-picked bonus.")?;
        }
        writeln!(
            o,
            "  - Jokerless hand (not Singles and Pairs): {}.",
            pts(s.jokerless.points)
        )?;
        writeln!(
            o,
            "  - Singles and Pairs hand: {}.",
            pts(s.singles_and_pairs.points)
        )?;
        writeln!(
            o,
            "  - Wall game: {} to each live hand.",
            pts(s.wall_game.points)
        )?;
        writeln!(
            o,
            "  - Dead hand: {}, whether the game ends in a Mah Jongg or a wall game.",
            pts(s.dead_hand.points)
        )?;
        writeln!(
            o,
            "  - Game not finished in time: {} for everyone; conduct penalties still count.",
            s.timeout.points
        )?;

        let t = &self.throw;
        writeln!(o)?;
        writeln!(o, "Throwing the winning tile, by the winner's exposures:")?;
        writeln!(o, "  - no exposures: {}", penalty(&t.exposures_0))?;
        writeln!(o, "  - one exposure: {}", penalty(&t.exposures_1))?;
        write!(o, "  - two exposures: {}", penalty(&t.exposures_2))?;
        if t.exposures_2_one_group_left.points != t.exposures_2.points {
            write!(
                o,
                "; {} when only one more group would complete the hand",
                penalty(&t.exposures_2_one_group_left)
            )?;
        }
        if t.exposures_2_quints.points != t.exposures_2.points {
            write!(o, "; {} for a Quints hand", penalty(&t.exposures_2_quints))?;
        }
        writeln!(o)?;
        writeln!(
            o,
            "  - three or four exposures: {}",
            penalty(&t.exposures_3_or_4)
        )?;

        let m = &self.misnamed_discard;
        writeln!(o)?;
        writeln!(o, "A mis-named discard claimed for Mah Jongg:")?;
        if m.replaces_throw {
            writeln!(
                o,
                "  - The discarder gets {} in place of the throw penalty; the winner scores as usual.",
                penalty(&m.winning_tile)
            )?;
        } else if m.winning_tile.points == 0 {
            writeln!(
                o,
                "  - If it completes the hand, the game is scored as usual, throw penalty included."
            )?;
        } else {
            writeln!(
                o,
                "  - If it completes the hand, the game is scored as usual and the discarder also gets {}.",
                penalty(&m.winning_tile)
            )?;
        }
        if m.claim_ends_game {
            writeln!(
                o,
                "  - If it does not complete the hand, the game ends at once: the discarder {}, each other player {}.",
                pts(m.claim_discarder.points),
                pts(m.claim_others.points)
            )?;
        }

        let p = &self.penalties;
        let f = &self.false_dead_call;
        writeln!(o)?;
        writeln!(
            o,
            "Conduct penalties (they stand even when time is called):"
        )?;
        writeln!(
            o,
            "  - Looking at a blind-passed tile: {}",
            penalty(&p.blind_pass_peek)
        )?;
        writeln!(
            o,
            "  - Mis-naming a discard that is called for an exposure: {}",
            penalty(&p.misnamed_exposure_tile)
        )?;
        if f.makes_dead {
            write!(
                o,
                "  - Wrongly declaring another hand dead: the caller's hand is dead, stops playing and scores 0 for the game"
            )?;
            if f.penalty.points != 0 {
                write!(o, ", and {}", penalty(&f.penalty))?;
            }
            writeln!(o)?;
        } else {
            writeln!(
                o,
                "  - Wrongly declaring another hand dead: {}, and the caller plays on",
                penalty(&f.penalty)
            )?;
        }
        writeln!(
            o,
            "  - Hiding the tail of the wall: {}",
            penalty(&p.hidden_wall_tail)
        )?;

        let e = &self.mahjong_in_error;
        writeln!(o)?;
        writeln!(o, "Mah Jongg in error:")?;
        writeln!(
            o,
            "  - A verbal claim alone costs nothing and play goes on."
        )?;
        writeln!(
            o,
            "  - A declarer who exposes tiles is dead ({}); so is anyone who exposed because of it.",
            pts(e.declarer.points)
        )?;
        writeln!(
            o,
            "  - With two or more hands still intact, the game goes on."
        )?;
        writeln!(
            o,
            "  - All three others exposed: each of them {}.",
            pts(e.all_exposed_others.points)
        )?;
        let one = &e.one_intact;
        match (one.points, one.claimed_value_times) {
            (p, 0) => writeln!(o, "  - One hand intact: that player {}.", pts(p))?,
            (0, t) => writeln!(
                o,
                "  - One hand intact: that player scores {t} times the value of the hand the declarer claimed."
            )?,
            (p, t) => writeln!(
                o,
                "  - One hand intact: that player {} plus {t} times the value of the hand the declarer claimed.",
                pts(p)
            )?,
        }
        writeln!(o, "  - Everyone else scores 0.")?;

        let mv = &self.movement;
        writeln!(o)?;
        writeln!(
            o,
            "Movement after each round: East {}, South {}, West {}, North {} (table numbers wrap around).",
            tables(mv.east),
            tables(mv.south),
            tables(mv.west),
            tables(mv.north)
        )?;

        let v = &self.verification;
        writeln!(o)?;
        writeln!(o, "Score sheet:")?;
        writeln!(
            o,
            "  - {} keeps the score sheet.",
            seat_title(v.sheet_keeper)
        )?;
        if v.sign_own {
            writeln!(o, "  - Every player checks and signs for their own scores.")?;
        }
        for (seat, others) in v.verifies.iter() {
            if !others.is_empty() {
                writeln!(
                    o,
                    "  - {} checks and signs for {}.",
                    seat_title(seat),
                    list(others)
                )?;
            }
        }
        if v.collectors.len() == 1 {
            writeln!(
                o,
                "  - {} hands the sheets in after every round.",
                seat_title(v.collectors[0])
            )?;
        } else {
            let parts: Vec<String> = v
                .collectors
                .iter()
                .enumerate()
                .map(|(i, &s)| format!("{} in the {} round", seat_title(s), ordinal(i as u32 + 1)))
                .collect();
            writeln!(
                o,
                "  - The sheets are handed in by {}, then again in that order.",
                parts.join(", ")
            )?;
        }
        if v.locked_when_accepted {
            writeln!(
                o,
                "  - Once the director accepts a sheet, only the director can change it, giving a reason."
            )?;
        }
        self.write_sign_off_summary(o)?;

        let c = &self.charleston;
        writeln!(o)?;
        writeln!(o, "Charleston:")?;
        if c.first_required {
            writeln!(
                o,
                "  - The first Charleston (right, across, left) is compulsory."
            )?;
        }
        if c.second_optional {
            writeln!(
                o,
                "  - The second Charleston (left, across, right) is played unless a player stops it."
            )?;
        }
        if c.courtesy_pass {
            writeln!(o, "  - An optional courtesy pass across follows.")?;
        }
        let b = &c.blind_pass;
        let mut when = Vec::new();
        if b.first_left {
            when.push("the first left");
        }
        if b.last_right {
            when.push("the last right");
        }
        if when.is_empty() {
            writeln!(o, "  - No blind passing.")?;
        } else {
            writeln!(
                o,
                "  - Up to {} tiles may be passed blind on {}; looking at them costs {}.",
                b.max_tiles,
                when.join(" and "),
                penalty(&self.penalties.blind_pass_peek)
            )?;
        }
        self.write_three_player_summary(o)?;

        let k = &self.calls;
        writeln!(o)?;
        writeln!(o, "Calling discards:")?;
        if k.mahjong_beats_exposure {
            writeln!(o, "  - A call for Mah Jongg beats a call for an exposure.")?;
        }
        if k.nearest_in_turn_wins {
            writeln!(
                o,
                "  - Between equal calls, the player next in turn after the discarder wins."
            )?;
        }
        if k.joker_covers {
            writeln!(
                o,
                "  - A discard covered by the next discard, even a joker, is dead."
            )?;
        } else {
            writeln!(
                o,
                "  - A discard covered by the next discard is dead, except that a discarded joker does not cover: the tile before it may still be called, and the joker stays dead."
            )?;
        }
        if k.last_discard.callable {
            writeln!(
                o,
                "  - The discard after the wall's last tile may be claimed like any other."
            )?;
        } else {
            writeln!(
                o,
                "  - The game ends when the last tile is discarded: that discard cannot be claimed ({}).",
                k.last_discard.source
            )?;
        }
        self.write_floor_summary(o)
    }
}
