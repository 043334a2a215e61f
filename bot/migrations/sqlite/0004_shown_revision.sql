-- Tapis schema, version 3: the revision the table's public message last showed, so a
-- restart redraws only the tables whose message is behind their state.
ALTER TABLE game_tables ADD COLUMN shown_revision INTEGER;
