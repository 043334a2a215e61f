-- Tapis schema, version 3: a computer seat's level ('easy', 'normal' or 'expert', NULL
-- for a member's seat and for computer seats saved before levels, which play at normal level),
-- and whether a server offers the expert's hints (NULL means on).
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE guild_settings ADD COLUMN hints INTEGER;
