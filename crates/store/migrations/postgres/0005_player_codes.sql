-- jongg schema 5 (PostgreSQL). Same shape as migrations/sqlite/0005_player_codes.sql.
CREATE TABLE player_codes (
    tournament_id BIGINT NOT NULL REFERENCES tournaments (id),
    player_no BIGINT NOT NULL,
    code TEXT NOT NULL,
    page_key TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (tournament_id, player_no)
);
