-- jongg schema 11 (sqlite): the lobby's rooms bounded (issue 34.4). A waiting
-- room expires after a while without a join: `touched_at` is when it was
-- opened or last joined (milliseconds since the Unix epoch). `address` is
-- the address its creator opened it from (text, as the server saw it;
-- NULL for a room opened before this schema), so a creator's and an
-- address's waiting rooms can be counted.
ALTER TABLE lobby_rooms ADD COLUMN touched_at INTEGER;
ALTER TABLE lobby_rooms ADD COLUMN address TEXT;
UPDATE lobby_rooms SET touched_at = created_at;
CREATE INDEX lobby_rooms_touched ON lobby_rooms (status, touched_at);
CREATE INDEX lobby_rooms_creator ON lobby_rooms (creator, status);
CREATE INDEX lobby_rooms_address ON lobby_rooms (address, status);
