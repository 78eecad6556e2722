-- jongg schema 9 (PostgreSQL). Same shape as migrations/sqlite/0009_player_devices.sql.
CREATE TABLE player_devices (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES player_accounts (name_key) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL
);
