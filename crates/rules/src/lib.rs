//! See docs/ARCHITECTURE.md.
pub mod movement;
