-- jongg schema 1 (SQLite). The event log is the source of truth: everything
-- about a tournament is in `events`; the other tables hold logins and links.
CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at INTEGER NOT NULL
);

-- One row per event. The primary key (tournament_id, seq) makes two writers
-- that decided on the same state collide instead of interleaving.
CREATE TABLE events (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    seq INTEGER NOT NULL,
    at INTEGER NOT NULL,
    actor TEXT NOT NULL,
    payload TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);

CREATE TABLE accounts (
    username TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE setup_tokens (
    token_hash TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    used_at INTEGER
);

CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES accounts (username),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);

CREATE TABLE table_tokens (
    token TEXT PRIMARY KEY,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    round INTEGER NOT NULL,
    table_no INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (tournament_id, round, table_no)
);
