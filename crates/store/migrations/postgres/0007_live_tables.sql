-- jongg schema 7 (PostgreSQL). Same shape as migrations/sqlite/0007_live_tables.sql
-- (why the seats' tokens are SHA-256 hashes: there).
CREATE TABLE live_tables (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('open', 'finished')),
    setup TEXT NOT NULL,
    token_hashes TEXT NOT NULL
);
CREATE TABLE live_table_records (
    table_id TEXT NOT NULL REFERENCES live_tables (id),
    record_no BIGINT NOT NULL,
    record TEXT NOT NULL,
    PRIMARY KEY (table_id, record_no)
);
