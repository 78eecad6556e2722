-- jongg schema 8 (SQLite): players' accounts and the lobby's rooms (issue
-- 23, point 6). An account is a name (2-32 characters, unique without
-- regard to case: `name_key` is its lowercase form) and the argon2 hash of
-- its password, made by the server as the director's is; a session keeps
-- only its token's SHA-256.
--
-- A room is a live table waiting for its people: the same id as the live
-- table it becomes at Start (`live_tables`), its setup as JSON (the
-- server's), and a row per seat open for a person: who sits there (an
-- account, or NULL: still open), and from Start the seat's token, kept in
-- clear so that its player can come back to it from the lobby (only that
-- player's session is shown it; a copy of this table could sit at these
-- seats, as a copy of `table_tokens` could score a table). `left_at`: the
-- player left the game (a bot plays the seat).
CREATE TABLE player_accounts (
    name_key TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE TABLE player_sessions (
    token_hash TEXT PRIMARY KEY,
    name_key TEXT NOT NULL REFERENCES player_accounts (name_key) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE TABLE lobby_rooms (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    creator TEXT NOT NULL REFERENCES player_accounts (name_key),
    status TEXT NOT NULL CHECK (status IN ('waiting', 'playing', 'closed')),
    setup TEXT NOT NULL
);
CREATE TABLE lobby_seats (
    room_id TEXT NOT NULL REFERENCES lobby_rooms (id),
    seat TEXT NOT NULL CHECK (seat IN ('east', 'south', 'west', 'north')),
    player TEXT REFERENCES player_accounts (name_key),
    token TEXT,
    left_at INTEGER,
    PRIMARY KEY (room_id, seat)
);
CREATE INDEX lobby_rooms_status ON lobby_rooms (status, created_at);
CREATE INDEX lobby_seats_player ON lobby_seats (player);
