//! What tests, benchmarks and the fuzz run use (behind `test-support`,
//! but `pdf_text`, which the crate's own unit tests use too).

#[cfg(feature = "test-support")]
pub mod client;
#[cfg(feature = "test-support")]
pub mod fuzzing;
pub mod pdf_text;
