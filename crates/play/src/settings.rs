//! A live table's settings: the calling window, the clocks (issue 23.4) and
//! the strength of the bot that stands in for a player who is gone (issue 24).

use jongg_game::bot::Strength;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// The calling window's bounds in milliseconds (issue 23.4: 3-10 s).
pub const WINDOW_MS: std::ops::RangeInclusive<u64> = 3_000..=10_000;

/// Times in milliseconds; public (every seat is told them in `welcome`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSettings {
    /// The calling window after every discard, the same after each (a
    /// shorter one would tell who cannot call): 3000-10000, default 5000.
    pub window_ms: u64,
    /// The time a seat has for each move before its reserve is used.
    pub turn_ms: u64,
    /// Each seat's reserve for the game, used when a move takes longer.
    pub reserve_ms: u64,
    /// A seat gone longer than this is played by a bot until it is back.
    pub absent_ms: u64,
    /// How many of its last messages each seat's outbox keeps for a
    /// reconnect; one that missed more gets the whole view.
    pub replay: usize,
    /// How long a bot waits before each of its moves, as a person would
    /// (issue 24.5): 0 here (tests, simulations); the server's tables wait
    /// about a second. Left out of an older table's log: 0.
    #[serde(default)]
    pub bot_delay_ms: u64,
    /// How many spectators may watch at once; one more is refused with
    /// `too_many_spectators`. Left out of an older table's log: 50.
    #[serde(default = "default_spectators")]
    pub spectators: usize,
    /// Whether the seats may chat. Left out of an older table's log: on.
    #[serde(default = "default_chat")]
    pub chat: bool,
    /// The strength of the bot that plays a person's seat while its player
    /// is gone (issue 24: `medium` unless the table says otherwise). Left
    /// out of an older table's log: `medium`.
    #[serde(default = "medium")]
    pub stand_in: Strength,
}

/// Spectators a table takes unless its settings say otherwise.
pub const DEFAULT_SPECTATORS: usize = 50;

fn default_spectators() -> usize {
    DEFAULT_SPECTATORS
}

fn default_chat() -> bool {
    true
}

fn medium() -> Strength {
    Strength::Medium
}

/// The longest a bot may wait before a move.
pub const MOST_BOT_DELAY_MS: u64 = 10_000;

impl Default for TableSettings {
    fn default() -> TableSettings {
        TableSettings {
            window_ms: 5_000,
            turn_ms: 20_000,
            reserve_ms: 60_000,
            absent_ms: 30_000,
            // About 15 seconds of play at a person's pace (a message is
            // about 90 bytes): a phone away longer gets the whole view,
            // which is smaller than the messages it replaces (0.8-1.5 KB).
            // The kept messages were most of a live table's memory
            // (BENCHMARKS.md, "Live tables under load").
            replay: 32,
            bot_delay_ms: 0,
            spectators: DEFAULT_SPECTATORS,
            chat: true,
            stand_in: Strength::Medium,
        }
    }
}

impl TableSettings {
    /// Settings a table can run with; the error names the value.
    pub fn check(&self) -> Result<(), String> {
        if !WINDOW_MS.contains(&self.window_ms) {
            return Err(format!(
                "window_ms must be from {} to {} (3-10 s), not {}",
                WINDOW_MS.start(),
                WINDOW_MS.end(),
                self.window_ms
            ));
        }
        if self.turn_ms < 1_000 {
            return Err(format!(
                "turn_ms must be at least 1000, not {}",
                self.turn_ms
            ));
        }
        if self.absent_ms < 1_000 {
            return Err(format!(
                "absent_ms must be at least 1000, not {}",
                self.absent_ms
            ));
        }
        if self.bot_delay_ms > MOST_BOT_DELAY_MS {
            return Err(format!(
                "bot_delay_ms must be at most {MOST_BOT_DELAY_MS}, not {}",
                self.bot_delay_ms
            ));
        }
        if self.replay == 0 {
            return Err("replay must keep at least one message".into());
        }
        Ok(())
    }

    pub fn window(&self) -> Duration {
        Duration::from_millis(self.window_ms)
    }

    pub fn turn(&self) -> Duration {
        Duration::from_millis(self.turn_ms)
    }

    pub fn reserve(&self) -> Duration {
        Duration::from_millis(self.reserve_ms)
    }

    pub fn absent(&self) -> Duration {
        Duration::from_millis(self.absent_ms)
    }

    pub fn bot_delay(&self) -> Duration {
        Duration::from_millis(self.bot_delay_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_tables_settings_read_with_spectators_and_chat_on() {
        let old = r#"{"window_ms":5000,"turn_ms":20000,"reserve_ms":60000,"absent_ms":30000,"replay":512}"#;
        let s: TableSettings = serde_json::from_str(old).unwrap();
        assert_eq!(s.spectators, DEFAULT_SPECTATORS);
        assert!(s.chat);
    }

    #[test]
    fn the_default_window_is_five_seconds_and_bounds_are_named() {
        let s = TableSettings::default();
        assert_eq!(s.check(), Ok(()));
        assert_eq!(s.window(), Duration::from_secs(5));
        let e = TableSettings {
            window_ms: 2_999,
            ..s.clone()
        }
        .check()
        .unwrap_err();
        assert!(e.starts_with("window_ms must be from 3000 to 10000"), "{e}");
        assert!(
            TableSettings {
                window_ms: 10_001,
                ..s
            }
            .check()
            .is_err()
        );
    }

    #[test]
    fn the_stand_in_is_medium_unless_the_table_says_otherwise() {
        // Issue 24: a seat left by a player is taken by `medium`; a table
        // stored before the setting existed reads the same.
        assert_eq!(TableSettings::default().stand_in, Strength::Medium);
        let mut old = serde_json::to_value(TableSettings::default()).unwrap();
        old.as_object_mut().unwrap().remove("stand_in");
        let read: TableSettings = serde_json::from_value(old).unwrap();
        assert_eq!(read, TableSettings::default());
        let strong = TableSettings {
            stand_in: Strength::Strong,
            ..TableSettings::default()
        };
        let json = serde_json::to_value(&strong).unwrap();
        assert_eq!(json["stand_in"], "strong");
        assert_eq!(
            serde_json::from_value::<TableSettings>(json).unwrap(),
            strong
        );
        let mut bad = serde_json::to_value(TableSettings::default()).unwrap();
        bad["stand_in"] = "wizard".into();
        let e = serde_json::from_value::<TableSettings>(bad)
            .unwrap_err()
            .to_string();
        assert!(e.contains("unknown variant `wizard`"), "{e}");
    }
}
