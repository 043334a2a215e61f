-- Tapis schema, version 3 (PostgreSQL): servers the bot was removed from, in Unix seconds.
CREATE TABLE guild_departures (
    guild_id    BIGINT PRIMARY KEY,
    left_at     DOUBLE PRECISION NOT NULL
);
