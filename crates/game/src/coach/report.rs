//! The review printed: each decision in a line beside the strong bot's,
//! its reason under it, then where the two differ most.

use super::Review;
use jongg_tiles::Seat;
use std::fmt::Write;

/// How many decisions "where you differ most" lists.
pub const TOP: usize = 5;

/// The `n` decisions where the seat and the strong bot differ most, the
/// largest difference first (ties by the earlier decision); agreements
/// are never listed.
pub fn top_differences(reviews: &[Review], n: usize) -> Vec<&Review> {
    let mut differ: Vec<&Review> = reviews.iter().filter(|r| !r.agree).collect();
    differ.sort_by(|a, b| {
        b.difference
            .total_cmp(&a.difference)
            .then(a.event.cmp(&b.event))
    });
    differ.truncate(n);
    differ
}

/// The whole review as `jongg review` prints it.
pub fn review_text(reviews: &[Review], seat: Seat) -> String {
    let mut out = format!("{seat}'s decisions beside the strong bot's\n\n");
    for r in reviews {
        let mark = if r.agree { "=" } else { "≠" };
        let _ = write!(out, "{:>4}. you: {}", r.event, r.did_words);
        if r.agree {
            let _ = writeln!(out, "  {mark} strong agrees");
        } else {
            let _ = writeln!(
                out,
                "  {mark} strong: {} (differ by {:.1})",
                r.strong_words, r.difference
            );
        }
        let _ = writeln!(out, "        {}", r.reason);
    }
    let agreed = reviews.iter().filter(|r| r.agree).count();
    let _ = writeln!(
        out,
        "\nstrong agrees at {agreed} of {} decisions",
        reviews.len()
    );
    let _ = writeln!(out, "\nWhere you and the strong bot differ most:");
    let top = top_differences(reviews, TOP);
    if top.is_empty() {
        let _ = writeln!(out, "  nowhere: it agrees with every decision");
    }
    for (i, r) in top.iter().enumerate() {
        let _ = writeln!(
            out,
            "  {}. at {}: you {}; strong would {} (by {:.1} points)",
            i + 1,
            r.event,
            r.did_words,
            r.strong_words,
            r.difference
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coach::Decision;
    use crate::event::Action;
    use jongg_tiles::Tile;

    fn review(event: usize, agree: bool, difference: f64) -> Review {
        Review {
            event,
            decision: Decision::Turn,
            did: Action::Discard { tile: Tile::FLOWER },
            strong: Action::Discard { tile: Tile::FLOWER },
            did_words: "discard F".into(),
            strong_words: "discard F".into(),
            agree,
            reason: "why".into(),
            difference,
            danger: 0.0,
        }
    }

    #[test]
    fn the_largest_differences_are_listed_first_and_agreements_never() {
        let all = vec![
            review(1, false, 1.0),
            review(2, true, 0.0),
            review(3, false, 4.0),
            review(4, false, 1.0),
        ];
        let top: Vec<usize> = top_differences(&all, 2).iter().map(|r| r.event).collect();
        assert_eq!(top, vec![3, 1]);
        let text = review_text(&all, Seat::South);
        assert!(text.contains("strong agrees at 1 of 4 decisions"), "{text}");
        assert!(text.contains("  1. at 3: you discard F"), "{text}");
        assert!(!text.contains(". at 2:"), "{text}");
    }
}
