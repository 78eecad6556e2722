-- jongg schema 10 (SQLite): the server's library of cards (issue 32.1). A
-- card loaded on this server (a director's event card, a card a player
-- loaded) is kept once, by the SHA-256 of its text, with the name and year
-- it was loaded under, so that a club types the year's card once and every
-- table's host can choose it. A table keeps its own copy of its card's text
-- with its setup (`live_tables.setup`): its replay and coach never depend
-- on this library. `added_by`: "director" or a player account's key.
CREATE TABLE card_library (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    sha256 TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    year INTEGER,
    lines INTEGER NOT NULL,
    text TEXT NOT NULL,
    added_by TEXT NOT NULL,
    added_at INTEGER NOT NULL
);
CREATE INDEX card_library_added_by ON card_library (added_by);
