//! The application: the route table and its OpenAPI document.

pub mod routes;
