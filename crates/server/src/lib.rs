//! The jongg tournament server: a JSON HTTP API (axum) over the tournament
//! domain (`jongg-tournament`) and the event store (`jongg-store`).
//!
//! Layout: one module per area (`auth`, `tournaments`, `players`, `rounds`,
//! `pages`), each listing its routes in the table of [`routes`] with who may
//! call them; the router, its access layer (`access`) and the OpenAPI
//! document at `/openapi.json` are all built from that table. Request
//! bodies are typed (`body`), and the document's schemas come from the
//! same types.
//! [`state`] holds every tournament folded in memory and runs commands as
//! decide and apply, then answer once a grouped commit has stored them.
//! [`error::ApiError`] turns every failure into a
//! 4xx with a message naming what is wrong (or a 500 that leaks nothing).

mod api;
mod app;
mod body;
mod edge;
mod http;
mod pages;
mod state;
mod testing;

pub use app::routes;
pub use http::{hall, logging};
#[doc(hidden)]
pub use testing::pdf_text;
#[cfg(feature = "test-support")]
pub use testing::{client, fuzzing};

pub use app::{Config, Running, ServerError, router, run, start};
pub use http::error::ApiError;
pub use http::listen::{ConnectionLimits, InForce, open_file_limit, raise_open_file_limit};
pub use routes::openapi;
pub use state::AppState;
pub use state::paper::Paper;
