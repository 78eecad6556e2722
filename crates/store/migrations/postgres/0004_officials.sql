-- jongg schema 4 (PostgreSQL). Same shape as migrations/sqlite/0004_officials.sql.
CREATE TABLE official_accounts (
    username TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    official_no BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (tournament_id, official_no)
);

CREATE TABLE official_sessions (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES official_accounts (username) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
