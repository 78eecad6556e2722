-- jongg schema 3 (SQLite): each table's card for the whole event. The key
-- (long, secret) is in the card's QR code and finds the table's current
-- round; the code (short, printed) is typed in on a phone when the QR
-- fails. Kept in clear, as the round links are, so a card can be printed
-- again.
CREATE TABLE table_codes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    table_no INTEGER NOT NULL,
    code TEXT NOT NULL UNIQUE,
    card_key TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, table_no)
);
