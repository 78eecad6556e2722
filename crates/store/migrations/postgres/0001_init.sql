-- jongg schema 1 (PostgreSQL). Same shape as migrations/sqlite/0001_init.sql.
CREATE TABLE tournaments (
    id BIGSERIAL PRIMARY KEY,
    created_at BIGINT NOT NULL
);

CREATE TABLE events (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    seq BIGINT NOT NULL,
    at BIGINT NOT NULL,
    actor TEXT NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

CREATE TABLE accounts (
    username TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE setup_tokens (
    token_hash TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES accounts (username),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE table_tokens (
    token TEXT PRIMARY KEY,
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    round BIGINT NOT NULL,
    table_no BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (tournament_id, round, table_no)
);
