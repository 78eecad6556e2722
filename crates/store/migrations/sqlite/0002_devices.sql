-- jongg schema 2 (SQLite): the devices the director has logged in from. A
-- known device's login is limited on its own, so failures elsewhere (an
-- attacker guessing the password) do not lock the director out of it.
CREATE TABLE devices (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES accounts (username),
    created_at INTEGER NOT NULL,
    last_used_at INTEGER NOT NULL
);
