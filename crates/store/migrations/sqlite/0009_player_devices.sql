-- jongg schema 9 (SQLite): the devices each player has signed in from, kept
-- as the director's and the officials' are (0002_devices.sql,
-- 0006_official_devices.sql): a known device's sign-in is limited on its
-- own, so someone guessing a player's password by their public name does
-- not lock them out of their own phone (issue 34.6).
CREATE TABLE player_devices (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES player_accounts (name_key) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
);
