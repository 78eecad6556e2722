//! The attacks of issue 10 ("what an attack on the server found") and of
//! issue 19, each made again as it was made, and each now refused. One module per finding,
//! named after it (docs/security.md lists them); one test binary, because
//! every server test binary links axum and sqlx and two shared cores pay
//! for each link.

mod common;

#[path = "security/login_limit.rs"]
mod login_limit;

#[path = "security/points_overflow.rs"]
mod points_overflow;

#[path = "security/long_names.rs"]
mod long_names;

#[path = "security/cross_site.rs"]
mod cross_site;

#[path = "security/smaller_ones.rs"]
mod smaller_ones;

#[path = "security/hostile_imports.rs"]
mod hostile_imports;

#[path = "security/log_secrets.rs"]
mod log_secrets;

#[path = "security/access_matrix.rs"]
mod access_matrix;

#[path = "security/backup_restore.rs"]
mod backup_restore;

#[path = "security/formula_csv.rs"]
mod formula_csv;

#[path = "security/open_redirect.rs"]
mod open_redirect;

#[path = "security/hostile_card.rs"]
mod hostile_card;

#[path = "security/officials_logins.rs"]
mod officials_logins;

#[path = "security/code_oracle.rs"]
mod code_oracle;

#[path = "security/smaller_ones_19.rs"]
mod smaller_ones_19;

#[path = "security/slow_clients.rs"]
mod slow_clients;

#[path = "security/stop_jongg.rs"]
mod stop_jongg;

#[path = "security/hashing_bound.rs"]
mod hashing_bound;

#[path = "security/player_lockout.rs"]
mod player_lockout;

#[path = "security/lobby_bounds.rs"]
mod lobby_bounds;

#[path = "security/socket_shares.rs"]
mod socket_shares;

#[path = "security/socket_pace.rs"]
mod socket_pace;

#[path = "security/smaller_ones_34.rs"]
mod smaller_ones_34;
