-- jongg schema 6 (SQLite): the devices each floor official has logged in
-- from, kept as the director's are (0002_devices.sql): a known device's
-- login is limited on its own, so someone guessing an official's password
-- does not lock them out of their phone (issue 19.7). Removing the official
-- forgets their devices.
CREATE TABLE official_devices (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES official_accounts (username) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
);
