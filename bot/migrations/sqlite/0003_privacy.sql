-- Tapis schema, version 3: servers the bot was removed from, in Unix seconds: their data is deleted
-- by the housekeeping once Settings.guild_retention has passed, unless the bot comes back.
CREATE TABLE guild_departures (
    guild_id    INTEGER PRIMARY KEY,
    left_at     REAL NOT NULL
);
