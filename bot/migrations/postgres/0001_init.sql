-- Tapis schema, version 1 (PostgreSQL; the same tables and columns as ../sqlite/0001_init.sql).
-- Discord ids are BIGINT, reals DOUBLE PRECISION (SQLite's REAL is 8 bytes too); times are UTC text
-- 'YYYY-MM-DD HH:MM:SS', as SQLite's datetime('now') writes them.
CREATE TABLE game_tables (
    id          TEXT PRIMARY KEY,
    guild_id    BIGINT NOT NULL,
    channel_id  BIGINT NOT NULL,
    thread_id   BIGINT,
    message_id  BIGINT,
    game        TEXT NOT NULL,
    seats       INTEGER NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}',
    seed        TEXT NOT NULL,
    state       TEXT,
    status      TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over', 'cancelled')),
    host_id     BIGINT NOT NULL,
    revision    INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    updated_at  TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
CREATE INDEX game_tables_status ON game_tables (status);
CREATE INDEX game_tables_place ON game_tables (guild_id, channel_id, thread_id);

CREATE TABLE seats (
    table_id    TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     BIGINT,             -- NULL for a computer player
    name        TEXT NOT NULL,
    missed      INTEGER NOT NULL DEFAULT 0,
    away        INTEGER NOT NULL DEFAULT 0,  -- 1: a computer plays for this absent human
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    table_id    TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    rev         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    action      TEXT NOT NULL,
    by_computer INTEGER NOT NULL DEFAULT 0,
    at          TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    PRIMARY KEY (table_id, rev)
);

CREATE TABLE results (
    table_id    TEXT NOT NULL,
    guild_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    seat        INTEGER NOT NULL,
    user_id     BIGINT,
    name        TEXT NOT NULL,
    score       DOUBLE PRECISION NOT NULL,
    place       INTEGER NOT NULL,
    rating_before DOUBLE PRECISION,
    rating_after  DOUBLE PRECISION,
    finished_at TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_guild_game ON results (guild_id, game);

-- player_key: 'u<user id>' for a member, 'c:<level>' for the computer players of a level.
CREATE TABLE ratings (
    guild_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    player_key  TEXT NOT NULL,
    user_id     BIGINT,
    name        TEXT NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    matches     INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    points      DOUBLE PRECISION NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, player_key)
);

CREATE TABLE guild_settings (
    guild_id    BIGINT PRIMARY KEY,
    locale      TEXT,
    turn_timer  INTEGER
);
