//! A practice table set up from a position (docs/positions.md) instead of
//! a drawn wall: a director or teacher lays out a ruling and plays it on.
//! The position's text is the table's record of how it began (the log's
//! `opened` holds it); the table it sets out is read from it again on
//! every resume, so nothing but the text is stored.
//!
//! What a live table takes of the format: the set-up only. Actions and
//! expectations are a script's, not a table's (the players make the moves),
//! so a text with any is refused naming its first such line.

use jongg_game::position::{Position, parse};
use jongg_game::{State, ToyJudge};

/// The most bytes of a position's text: a whole set-up is far fewer.
pub const MOST_POSITION_BYTES: usize = 16 * 1024;

/// A position read for a live table: as written, and the table it sets out.
#[derive(Clone, Debug)]
pub struct SetOut {
    pub position: Position,
    /// The engine's state at the position (every rack, the wall in order).
    pub state: State,
}

/// Reads a position for a live table. The error is the position parser's,
/// naming the line (`line 3: ...`), or the set-up's.
pub fn set_out(text: &str) -> Result<SetOut, String> {
    if text.len() > MOST_POSITION_BYTES {
        return Err(format!(
            "the position is {} bytes; at most {MOST_POSITION_BYTES}",
            text.len()
        ));
    }
    let script = parse(text).map_err(|e| e.to_string())?;
    if let Some(step) = script.steps.first() {
        return Err(format!(
            "line {}: a table starts from the set-up only (racks, exposures, discards, wall, \
             turn); its players make the moves, so leave out actions and expectations",
            step.line
        ));
    }
    // The judge only decides Mah Jongg; setting the table out asks it nothing.
    let game = jongg_game::position::setup(&script.position, &ToyJudge)?;
    Ok(SetOut {
        state: game.state().clone(),
        position: script.position,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use jongg_game::{Phase, Step};
    use jongg_tiles::Seat;

    #[test]
    fn a_position_sets_out_its_racks_floor_and_turn() {
        let s = set_out("turn S\nrack S 6C J\ndiscards E 2C\nwall F").unwrap();
        assert_eq!(s.state.rack_len(Seat::South), 14);
        assert_eq!(s.state.floor().len(), 1);
        assert!(matches!(s.state.phase(), Phase::Play(Step::Turn(t)) if t.seat == Seat::South));
    }

    #[test]
    fn an_unreadable_position_is_the_parsers_error_naming_its_line() {
        let e = set_out("rack E 1B\n\nrack E 2B").unwrap_err();
        assert!(e.starts_with("line 3:"), "{e}");
        let e = set_out("rack E 9Z").unwrap_err();
        assert!(e.starts_with("line 1:"), "{e}");
    }

    #[test]
    fn a_position_with_moves_is_refused_naming_the_first() {
        let e = set_out("rack E 1B\n# the ruling\nE discard 1B\nexpect turn S").unwrap_err();
        assert!(
            e.starts_with("line 3: a table starts from the set-up only"),
            "{e}"
        );
    }

    #[test]
    fn a_position_too_long_is_refused_before_it_is_read() {
        let e = set_out(&"#".repeat(MOST_POSITION_BYTES + 1)).unwrap_err();
        assert!(e.contains("at most"), "{e}");
    }
}
