-- jongg schema 10 (PostgreSQL). Same shape as migrations/sqlite/0010_card_library.sql
-- (what the library is, and why a table keeps its own copy: there).
CREATE TABLE card_library (
    id BIGSERIAL PRIMARY KEY,
    sha256 TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    year BIGINT,
    lines BIGINT NOT NULL,
    text TEXT NOT NULL,
    added_by TEXT NOT NULL,
    added_at BIGINT NOT NULL
);
CREATE INDEX card_library_added_by ON card_library (added_by);
