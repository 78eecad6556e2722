//! What the table's preset pays: the strong bot plays to it. Read from the
//! preset the table names (public: every player knows the event's rules).

use jongg_rules::Preset;

/// The points the strong bot weighs, in the preset's own numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Stakes {
    pub rules: String,
    /// R9: the self-picked bonus.
    pub self_picked: i32,
    /// R11: the jokerless bonus.
    pub jokerless: i32,
    /// R3: what the thrower of the winning tile pays, by the winner's
    /// exposures (0, 1, 2, 3 or more): a positive number of points.
    pub throw: [i32; 4],
}

impl Stakes {
    /// The stakes of the preset named `rules` (`standard` when the name is
    /// not a built-in preset, e.g. a rules file's own name).
    pub fn of(rules: &str) -> Stakes {
        let preset = Preset::builtin(rules)
            .or_else(|| Preset::builtin("standard"))
            .expect("the standard preset is built in");
        let t = &preset.throw;
        Stakes {
            rules: rules.to_string(),
            self_picked: preset.scoring.self_picked.points,
            jokerless: preset.scoring.jokerless.points,
            throw: [
                t.exposures_0.points,
                t.exposures_1.points,
                t.exposures_2
                    .points
                    .min(t.exposures_2_one_group_left.points),
                t.exposures_3_or_4.points,
            ]
            .map(|p| -p.min(0)),
        }
    }

    /// What throwing the winning tile to a rack with `exposures` costs.
    pub fn throw_cost(&self, exposures: usize) -> i32 {
        self.throw[exposures.min(3)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stakes_follow_the_preset() {
        // standard 13.5: throwing to a concealed hand costs 10 (R3).
        let s = Stakes::of("standard");
        assert_eq!(s.throw_cost(0), 10);
        assert_eq!(s.self_picked, 10);
        let b = Stakes::of("beth-emeth");
        assert_eq!(b.throw_cost(0), 0);
        assert_eq!(b.self_picked, 15);
        assert_eq!(Stakes::of("no-such-rules").throw, s.throw);
    }
}
