//! The jongg tournament server: a JSON HTTP API (axum) over the tournament
//! domain (`jongg-tournament`) and the event store (`jongg-store`), and the
//! web pages.
//!
//! The files are in layers, bottom up (docs/ARCHITECTURE.md, "The server by
//! layer"; `tests/layers.rs` holds the rule that none imports a layer above
//! its own): `http` (pieces without state), `state`, `edge` (what every
//! request passes), `body`, `api` and `pages`, `app` (the route table and
//! the start); `testing` aside. This file only declares them and re-exports
//! what the binary, the tools and the tests use.

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
#[cfg(feature = "test-support")]
pub use state::password_checks::checks_made as password_checks_made;
#[doc(hidden)]
pub use testing::pdf_text;
#[cfg(feature = "test-support")]
pub use testing::{client, fuzzing};

pub use api::play::{BOT_DELAY_MS as PLAY_BOT_DELAY_MS, FREE_TABLES as PLAY_TABLES_FREE};
pub use app::{Config, Running, ServerError, router, run, start};
pub use http::error::ApiError;
pub use http::listen::{ConnectionLimits, InForce, open_file_limit, raise_open_file_limit};
pub use pages::play_accounts::FREE_SIGN_UPS as PLAY_SIGN_UPS_FREE;
pub use routes::openapi;
pub use state::AppState;
pub use state::pace::{PaceLimits, Rate};
pub use state::paper::Paper;
pub use state::password::HashLimits;
pub use state::running::SERVER_NAME;
pub use state::sockets::SocketLimits;
pub use state::tables::limits::TableLimits;
