-- jongg schema 5 (SQLite): each player's personal sign-off code (issue 14,
-- point 6) and the key of their own page, where they read it (the key is
-- printed on their badge). Made on first ask, stable for the event; kept
-- in clear like a table's card, so the badge prints the same again.
CREATE TABLE player_codes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id),
    player_no INTEGER NOT NULL,
    code TEXT NOT NULL,
    page_key TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, player_no)
);
