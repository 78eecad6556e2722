//! Reads a position's text: set-up lines, then actions and expectations.
//! Every mistake is named with its line; nothing here panics on any text.

use super::words::{number, pass, seat, strip_comment, tiles};
use super::{CardName, Position, PositionError, Script, Start, Step, StepKind, action, expect};
use crate::judge::Exposure;
use jongg_tiles::{Counts, Seat, Tile, excerpt};

/// The most lines a position may have: a whole game is far fewer.
const MAX_LINES: usize = 10_000;

/// Reads a script; the error names the first line that is wrong.
pub fn parse(text: &str) -> Result<Script, PositionError> {
    let mut r = Reader::default();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if n > MAX_LINES {
            return Err(PositionError::new(
                n,
                format!("more than {MAX_LINES} lines"),
            ));
        }
        let line = strip_comment(raw).trim();
        if line.is_empty() {
            continue;
        }
        r.line(n, line).map_err(|m| PositionError::new(n, m))?;
    }
    r.finish()
}

/// What the reader has seen so far.
#[derive(Default)]
struct Reader {
    position: Position,
    steps: Vec<Step>,
    /// Tiles named so far, by kind: never more than the set holds.
    named: Counts,
    /// The line of each set-up key already given once.
    seen: Vec<(String, usize)>,
    /// Lines of racks and exposures, for the size check at the end.
    rack_lines: Vec<(Seat, usize)>,
    start_line: usize,
    wall_left_line: usize,
}

impl Reader {
    fn line(&mut self, n: usize, line: &str) -> Result<(), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((key, args)) = words.split_first() else {
            return Ok(());
        };
        let key_lower = key.to_ascii_lowercase();
        if key_lower == "expect" {
            let rest = line[key.len()..].trim();
            let e = expect::read(args, rest)?;
            self.check_refusal_follows_action(&e)?;
            self.steps.push(Step {
                line: n,
                kind: StepKind::Expect(e),
            });
            return Ok(());
        }
        if let Ok(s) = seat(key) {
            let (action, discard) = action::read_step(args)?;
            self.steps.push(Step {
                line: n,
                kind: StepKind::Act {
                    seat: s,
                    action,
                    discard,
                },
            });
            return Ok(());
        }
        if !self.steps.is_empty() {
            return Err(format!(
                "`{}`: the set-up comes before the first action or expectation",
                excerpt(key)
            ));
        }
        self.setup(n, &key_lower, args)
    }

    fn check_refusal_follows_action(&self, e: &expect::Expect) -> Result<(), String> {
        let expect::Expect::Refused { seat, .. } = e else {
            return Ok(());
        };
        match self.steps.last().map(|s| &s.kind) {
            Some(StepKind::Act { seat: s, .. }) if s == seat => Ok(()),
            _ => Err(format!(
                "`expect refused {seat}` follows the action of {seat} it is about"
            )),
        }
    }

    /// A set-up line; keys other than `exposed` and `discards` come once.
    fn setup(&mut self, n: usize, key: &str, args: &[&str]) -> Result<(), String> {
        let once_key = match key {
            "rack" => args
                .first()
                .map(|s| format!("rack {s}"))
                .unwrap_or_default(),
            "exposed" | "discards" => String::new(),
            "turn" | "charleston" => "start".into(),
            k => k.to_string(),
        };
        if !once_key.is_empty() {
            if let Some((_, at)) = self.seen.iter().find(|(k, _)| *k == once_key) {
                return Err(format!("`{key}` was given already on line {at}"));
            }
            self.seen.push((once_key, n));
        }
        let p = &mut self.position;
        match (key, args) {
            ("rules", [name]) => {
                if jongg_rules::Preset::builtin(name).is_none() {
                    return Err(format!(
                        "`{}` is not a rules preset ({})",
                        excerpt(name),
                        jongg_rules::PRESET_NAMES.join(", ")
                    ));
                }
                p.rules = name.to_string();
            }
            ("card", [name]) => {
                p.card = match name.to_ascii_lowercase().as_str() {
                    "toy" => CardName::Toy,
                    "practice" => CardName::Practice,
                    _ => {
                        return Err(format!(
                            "`{}` is not a card here (toy or practice)",
                            excerpt(name)
                        ));
                    }
                }
            }
            ("dealer", [s]) => p.dealer = seat(s)?,
            ("empty", [s]) => p.empty = Some(seat(s)?),
            ("turn", [s]) => {
                p.start = Some(Start::Turn(seat(s)?));
                self.start_line = n;
            }
            ("turn", [s, pick]) if pick.eq_ignore_ascii_case("pick") => {
                p.start = Some(Start::Pick(seat(s)?));
                self.start_line = n;
            }
            ("charleston", [name]) => {
                p.start = Some(Start::Charleston(pass(name)?));
                self.start_line = n;
            }
            ("rack", [s, rest @ ..]) => {
                let s = seat(s)?;
                let ts = tiles(&rest.join(" "))?;
                self.count(&ts)?;
                self.position.racks[s] = ts;
                self.rack_lines.push((s, n));
            }
            ("exposed", [s, rest @ ..]) => {
                let s = seat(s)?;
                let e = expect::exposure(&rest.join(" "))?;
                if !(3..=6).contains(&e.len()) {
                    return Err("an exposure is 3 to 6 tiles (standard 16)".into());
                }
                self.count(&e.tiles())?;
                self.position.exposed[s].push(e);
                self.rack_lines.push((s, n));
            }
            ("discards", [s, rest @ ..]) => {
                let s = seat(s)?;
                let ts = tiles(&rest.join(" "))?;
                self.count(&ts)?;
                self.position
                    .discards
                    .extend(ts.into_iter().map(|t| (s, t)));
            }
            ("wall", rest) => {
                let ts = tiles(&rest.join(" "))?;
                self.count(&ts)?;
                self.position.wall = ts;
            }
            ("wall-left", [k]) => {
                p.wall_left = Some(number(k, "tiles in the wall")?);
                self.wall_left_line = n;
            }
            (
                "rules" | "card" | "dealer" | "empty" | "turn" | "charleston" | "rack" | "exposed"
                | "discards" | "wall-left",
                _,
            ) => return Err(format!("`{key}`: {}", usage(key))),
            _ => {
                return Err(format!(
                    "`{}` is neither a set-up line (rules, card, dealer, empty, turn, charleston, \
                     rack, exposed, discards, wall, wall-left), an action (`E discard 7C`) nor `expect`",
                    excerpt(key)
                ));
            }
        }
        Ok(())
    }

    /// Adds named tiles; no kind beyond its copies in the set of 152.
    fn count(&mut self, ts: &[Tile]) -> Result<(), String> {
        for t in ts {
            self.named.add(*t);
            if self.named.get(*t) > t.copies_in_set() {
                let what = if t.is_joker() { "jokers" } else { "tiles" };
                return Err(format!(
                    "{} × {t} named so far where the set has {} {what}",
                    self.named.get(*t),
                    t.copies_in_set()
                ));
            }
        }
        Ok(())
    }

    fn finish(self) -> Result<Script, PositionError> {
        let p = &self.position;
        let at = |line: usize, m: String| PositionError::new(line.max(1), m);
        if let Some(e) = p.empty {
            if e == p.dealer {
                return Err(at(
                    self.start_line,
                    format!("the dealer ({e}) cannot be the empty seat"),
                ));
            }
            if !p.racks[e].is_empty()
                || !p.exposed[e].is_empty()
                || p.discards.iter().any(|(s, _)| *s == e)
            {
                return Err(at(
                    self.start_line,
                    format!("{e} is the empty seat and holds no tiles"),
                ));
            }
        }
        match p.start {
            Some(Start::Turn(s) | Start::Pick(s)) if Some(s) == p.empty => {
                return Err(at(self.start_line, format!("{s} is the empty seat")));
            }
            Some(Start::Charleston(_)) => {
                if p.empty.is_some() {
                    return Err(at(
                        self.start_line,
                        "a table of three has no Charleston (R12)".into(),
                    ));
                }
                if !p.discards.is_empty() || Seat::ALL.iter().any(|s| !p.exposed[*s].is_empty()) {
                    return Err(at(
                        self.start_line,
                        "in the Charleston nothing is exposed or discarded yet".into(),
                    ));
                }
            }
            _ => {}
        }
        for (s, line) in &self.rack_lines {
            let held = p.racks[*s].len() + p.exposed[*s].iter().map(Exposure::len).sum::<usize>();
            let size = p.rack_size(*s);
            if held > size {
                return Err(at(
                    *line,
                    format!("{s} holds {held} tiles, concealed and exposed; here it holds {size}"),
                ));
            }
        }
        let in_racks: usize = Seat::ALL.iter().map(|s| p.rack_size(*s)).sum();
        let wall = 152usize.saturating_sub(in_racks + p.discards.len());
        if p.wall.len() > wall {
            return Err(at(
                1,
                format!(
                    "the wall's front names {} tiles; only {wall} are left for the wall",
                    p.wall.len()
                ),
            ));
        }
        if let Some(k) = p.wall_left
            && (k > wall || k < p.wall.len())
        {
            return Err(at(
                self.wall_left_line,
                format!(
                    "wall-left {k}: the wall holds from {} (its front) to {wall} tiles",
                    p.wall.len()
                ),
            ));
        }
        Ok(Script {
            position: self.position,
            steps: self.steps,
        })
    }
}

fn usage(key: &str) -> &'static str {
    match key {
        "rules" => "write `rules standard` (a preset's name)",
        "card" => "write `card toy` or `card practice`",
        "dealer" | "empty" => "name one seat: E, S, W or N",
        "turn" => "write `turn E` (E to discard) or `turn E pick` (E to pick)",
        "charleston" => "write `charleston first-right` (the pass under way)",
        "rack" | "discards" => "name a seat, then tiles: `rack E 1B 2B 3B`",
        "exposed" => "name a seat, then one exposure: `exposed N 6D 6D J`",
        _ => "write `wall-left 20`",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> PositionError {
        parse(text).unwrap_err()
    }

    #[test]
    fn mistakes_name_their_line() {
        assert_eq!(err("rules standard\n\nrack E 5Bx5").line, 3);
        assert!(err("rack E 5Bx5").message.contains("5 × 5B"));
        assert!(err("rack E Jx8\nwall J").message.contains("8 jokers"));
        assert!(err("rules nonsense").message.contains("not a rules preset"));
        assert!(
            err("rack E 1Bx4 2Bx4 3Bx4 4Bx3")
                .message
                .contains("holds 15")
        );
        assert!(
            err("turn S\nrack E 1Bx4 2Bx4 3Bx4 4B 5B")
                .message
                .contains("holds 14")
        );
        let e = err("E pick\nrack E 1B");
        assert_eq!(
            (e.line, e.message.contains("before the first action")),
            (2, true)
        );
        assert!(
            err("E pick\nexpect refused S not_your_turn")
                .message
                .contains("follows")
        );
        assert!(err("dealer E\ndealer S").message.contains("line 1"));
        assert!(
            err("charleston first-right\nexposed N 6D 6D 6D")
                .message
                .contains("Charleston")
        );
        assert!(err("wall-left 200").message.contains("wall-left 200"));
        // A long word is quoted short (docs/security.md, issue 19.4).
        let long = "x".repeat(10_000);
        assert!(err(&long).message.len() < 400);
        assert!(err(&format!("rack E {long}")).message.len() < 400);
    }

    #[test]
    fn a_short_script_reads() {
        let s = parse(
            "# R16\nrules beth-emeth\nrack E 6B\nwall 5D\nE discard 6B  # the first discard\n\
             expect window 6B from E\n",
        )
        .unwrap();
        assert_eq!(s.position.rules, "beth-emeth");
        assert_eq!(s.steps.len(), 2);
        assert_eq!(s.steps[1].line, 6);
    }
}
