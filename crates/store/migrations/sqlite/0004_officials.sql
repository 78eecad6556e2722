-- jongg schema 4 (SQLite): floor officials' logins. The director creates
-- each for one official of one tournament (the official's tables are in
-- the tournament's log); like the director's account, only the password's
-- hash and the sessions' token hashes are kept.
CREATE TABLE official_accounts (
    username TEXT PRIMARY KEY,
    password_hash TEXT NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    official_no INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    UNIQUE (tournament_id, official_no)
);

CREATE TABLE official_sessions (
    token_hash TEXT PRIMARY KEY,
    username TEXT NOT NULL REFERENCES official_accounts (username) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
