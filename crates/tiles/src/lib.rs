//! Tiles, seats and the text notation of jongg.
//!
//! Pure data: no I/O. Every other crate speaks of tiles and seats through
//! these types, and reads and writes them in the notation of
//! `docs/notation.md` (see [`notation`]).

mod excerpt;
pub mod notation;
mod seat;
mod tile;

pub use excerpt::{EXCERPT_CHARS, excerpt};
pub use notation::{ParseError, Tiles, format_tiles, parse_tiles};
pub use seat::BadSeat;
pub use seat::{BySeat, Seat};
pub use tile::{Counts, Dragon, KIND_COUNT, Suit, Tile, Wind, full_set};
