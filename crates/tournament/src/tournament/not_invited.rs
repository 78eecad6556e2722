//! Players not invited again (standard 2B: a disqualified player "likely
//! [will] be dis-invited from participation in future tournaments"). jongg
//! keeps no register across events: each event's log, and its export, holds
//! its disqualifications. The director copies this event's list
//! ([`Tournament::not_invited_again`]) and, at a later event, pastes the
//! lists kept so far; [`Tournament::not_invited_matches`] names the
//! registered players on it, so registration warns and never refuses: a
//! name is not a person, the director decides.

use super::Tournament;
use crate::model::PlayerNo;

/// A name as compared: case, spacing and a trailing "(#12)" ignored.
fn key(name: &str) -> String {
    let name = match name.rfind("(#") {
        Some(i) if name.trim_end().ends_with(')') => &name[..i],
        _ => name,
    };
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

impl Tournament {
    /// This event's players not to invite again, one a line as the
    /// director keeps them: "Name (#12)", the disqualified (standard 2B).
    pub fn not_invited_again(&self) -> Vec<String> {
        self.players()
            .filter(|p| self.disqualified(p.number).is_some())
            .map(|p| format!("{} (#{})", p.name, p.number.0))
            .collect()
    }

    /// The registered players whose name is a line of `list` (a pasted
    /// "not invited" list, one name a line, as `not_invited_again` writes
    /// them), with the line that matched.
    pub fn not_invited_matches(&self, list: &str) -> Vec<(PlayerNo, String)> {
        let lines: Vec<(&str, String)> = list
            .lines()
            .map(|l| (l.trim(), key(l)))
            .filter(|(_, k)| !k.is_empty())
            .collect();
        self.players()
            .filter_map(|p| {
                let k = key(&p.name);
                lines
                    .iter()
                    .find(|(_, l)| *l == k)
                    .map(|(line, _)| (p.number, (*line).to_string()))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::*;

    /// standard 2B: a disqualified player is "likely be dis-invited from
    /// participation in future tournaments": this event's list names them,
    /// and a later event's registration is warned of a matching name.
    #[test]
    fn standard_2b_the_disqualified_are_listed_and_warned_of_at_registration() {
        let mut t = crate::testing::seated("standard", 8, None, true);
        assert!(t.not_invited_again().is_empty());
        t.execute(
            Actor::Director,
            Command::DisqualifyPlayer {
                player: PlayerNo(3),
                reason: "a second complaint".into(),
                scores: DisqualifiedScores::Kept,
            },
            5_000,
        )
        .unwrap();
        let list = t.not_invited_again();
        assert_eq!(list, vec!["P3 (#3)".to_string()]);
        // A later event: P3 registers again under another number.
        let later = crate::testing::seated("standard", 4, None, false);
        let pasted = format!("{}\n  p3  \n\nSomeone Else\n", list[0]);
        let found = later.not_invited_matches(&pasted);
        assert_eq!(found, vec![(PlayerNo(3), "P3 (#3)".to_string())]);
        assert!(later.not_invited_matches("P33").is_empty());
    }

    /// Only a trailing "(#12)" is the number of the list's line: a name
    /// with "(#" inside it is compared whole.
    #[test]
    fn only_a_closing_number_is_left_out_of_a_name_compared_standard_2b() {
        let later = crate::testing::seated("standard", 4, None, false);
        assert_eq!(
            later.not_invited_matches("P2 (#17)  "),
            vec![(PlayerNo(2), "P2 (#17)".to_string())]
        );
        assert!(later.not_invited_matches("P2 (#17").is_empty());
        assert!(later.not_invited_matches("P2 (#1) junior").is_empty());
    }
}
