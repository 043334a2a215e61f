-- Tapis schema, version 1. Every accepted action rewrites its table row (state = the replayable
-- JSON with its action log, revision = len(log)) in the same transaction as its audit row.
CREATE TABLE game_tables (
    id          TEXT PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,
    message_id  INTEGER,
    game        TEXT NOT NULL,
    seats       INTEGER NOT NULL,
    options     TEXT NOT NULL DEFAULT '{}',
    seed        TEXT NOT NULL,
    state       TEXT,
    status      TEXT NOT NULL CHECK (status IN ('lobby', 'playing', 'over', 'cancelled')),
    host_id     INTEGER NOT NULL,
    revision    INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT NOT NULL DEFAULT (datetime('now')),
    updated_at  TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX game_tables_status ON game_tables (status);
CREATE INDEX game_tables_place ON game_tables (guild_id, channel_id, thread_id);

CREATE TABLE seats (
    table_id    TEXT NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,            -- NULL for a computer player
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
    at          TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (table_id, rev)
);

CREATE TABLE results (
    table_id    TEXT NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    name        TEXT NOT NULL,
    score       REAL NOT NULL,
    place       INTEGER NOT NULL,
    rating_before REAL,
    rating_after  REAL,
    finished_at TEXT NOT NULL DEFAULT (datetime('now')),
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX results_guild_game ON results (guild_id, game);

-- player_key: 'u<user id>' for a member, 'c:<level>' for the computer players of a level.
CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    player_key  TEXT NOT NULL,
    user_id     INTEGER,
    name        TEXT NOT NULL,
    mu          REAL NOT NULL,
    sigma       REAL NOT NULL,
    matches     INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    points      REAL NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, player_key)
);

CREATE TABLE guild_settings (
    guild_id    INTEGER PRIMARY KEY,
    locale      TEXT,
    turn_timer  INTEGER
);
