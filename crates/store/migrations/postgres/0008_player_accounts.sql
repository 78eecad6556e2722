-- jongg schema 8 (PostgreSQL). Same shape as migrations/sqlite/0008_player_accounts.sql
-- (why a seat's token is kept in clear from Start: there).
CREATE TABLE player_accounts (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE TABLE player_sessions (
    token_hash TEXT PRIMARY KEY,
    name_key TEXT NOT NULL REFERENCES player_accounts (name_key) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE TABLE lobby_rooms (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    creator TEXT NOT NULL REFERENCES player_accounts (name_key),
    status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'closed')),
    setup TEXT NOT NULL
);
CREATE TABLE lobby_seats (
    room_id TEXT NOT NULL REFERENCES lobby_rooms (id),
    seat TEXT NOT NULL CHECK (seat IN ('east', 'south', 'west', 'north')),
    player TEXT REFERENCES player_accounts (name_key),
    token TEXT,
    left_at BIGINT,
    PRIMARY KEY (room_id, seat)
);
CREATE INDEX lobby_rooms_status ON lobby_rooms (status, created_at);
CREATE INDEX lobby_seats_player ON lobby_seats (player);
