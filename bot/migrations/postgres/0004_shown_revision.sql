-- Tapis schema, version 4 (PostgreSQL): the revision the table's public message last showed.
ALTER TABLE game_tables ADD COLUMN shown_revision INTEGER;
