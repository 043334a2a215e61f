-- Tapis schema, version 5 (PostgreSQL): a computer seat's level, and whether a server
-- offers the expert's hints (NULL means on).
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE guild_settings ADD COLUMN hints INTEGER;
