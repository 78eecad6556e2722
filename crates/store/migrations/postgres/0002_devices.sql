-- jongg schema 2 (PostgreSQL). Same shape as migrations/sqlite/0002_devices.sql.
CREATE TABLE devices (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES accounts (username),
    created_at BIGINT NOT NULL,
    last_used_at BIGINT NOT NULL
);
