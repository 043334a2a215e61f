-- Tapis schema (PostgreSQL): the daily challenge, as ../sqlite/0009_challenges.sql.
CREATE TABLE challenge_settings (
    guild_id    BIGINT PRIMARY KEY,
    time_zone   TEXT NOT NULL DEFAULT 'UTC',
    games       TEXT,
    level       TEXT NOT NULL DEFAULT 'expert'
);
CREATE TABLE challenge_deals (
    guild_id    BIGINT NOT NULL,
    day         TEXT NOT NULL,
    game        TEXT NOT NULL,
    user_id     BIGINT NOT NULL,
    deal_no     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    name        TEXT NOT NULL,
    table_id    TEXT NOT NULL,
    score       DOUBLE PRECISION,
    started_at  TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    finished_at TEXT,
    PRIMARY KEY (guild_id, day, game, user_id, deal_no)
);
CREATE INDEX challenge_deals_day ON challenge_deals (guild_id, game, day);
CREATE INDEX challenge_deals_table ON challenge_deals (table_id);
-- A group's duplicate tables, as ../sqlite/0009_challenges.sql.
CREATE TABLE duplicate_groups (
    id          TEXT PRIMARY KEY,
    guild_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    deals       INTEGER NOT NULL,
    level       TEXT NOT NULL,
    seats       TEXT NOT NULL,
    places      TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
CREATE TABLE duplicate_tables (
    group_id    TEXT NOT NULL,
    slot        INTEGER NOT NULL,
    deal_no     INTEGER NOT NULL,
    table_id    TEXT NOT NULL,
    PRIMARY KEY (group_id, slot, deal_no)
);
