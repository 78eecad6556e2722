//! The application: how it is configured, the route table and its OpenAPI
//! document, and the start that assembles the state and the router.

pub(crate) mod config;
pub mod routes;
pub(crate) mod start;

pub use config::{Config, ServerError};
pub use start::{Running, router, run, start};
