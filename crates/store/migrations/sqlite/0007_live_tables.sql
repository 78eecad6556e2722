-- jongg schema 7 (SQLite): live tables (issue 23.2). A table's row says
-- what the server needs to mount it again (its setup as JSON: the preset,
-- the card, who plays each seat) and whether it is open or finished; its
-- log is `live_table_records`, one row per `LogRecord` in order, appended
-- by the table's one owner and read back to resume it after a restart.
--
-- The seats' tokens are kept as SHA-256 hashes (`token_hashes`, JSON by
-- seat), never in clear: a copy of the database must not let anyone sit at
-- a table. SHA-256 suffices (the tokens are 256 random bits, not guessable
-- passwords: argon2's slowness buys nothing), and the owner is handed the
-- hashes, at opening and at resume alike, while the server hashes the token
-- of each hello before the owner compares it (state/tables.rs).
CREATE TABLE live_tables (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'finished')),
    setup TEXT NOT NULL,
    token_hashes TEXT NOT NULL
);
CREATE TABLE live_table_records (
    table_id TEXT NOT NULL REFERENCES live_tables (id),
    record_no INTEGER NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_id, record_no)
);
