-- jongg schema 6 (PostgreSQL). Same shape as migrations/sqlite/0006_official_devices.sql.
CREATE TABLE official_devices (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES official_accounts (username) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL
);
