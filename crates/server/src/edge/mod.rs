//! What every request passes on its way to a handler: who calls and may
//! they (access), the same-site guard, forms before the script loads, and
//! the pieces a handler extracts.

pub(crate) mod access;
pub(crate) mod client;
pub(crate) mod error_page;
pub(crate) mod extract;
pub(crate) mod forms;
pub(crate) mod guard;
pub(crate) mod route;
