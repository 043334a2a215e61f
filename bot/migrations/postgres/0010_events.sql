-- Tapis schema (PostgreSQL, the same tables as ../sqlite/0010_events.sql): club nights (events) and seasons. An event's tables are ordinary
-- game_tables rows, event_tables links each (round, table) of the event to one. Scores are read
-- from those tables' results, so the standings are never stored apart from them, only the final
-- ranking is (event_results), for seasons and /event results.
CREATE TABLE events (
    id           TEXT PRIMARY KEY,
    guild_id     BIGINT  NOT NULL,
    channel_id   BIGINT  NOT NULL,
    message_id   BIGINT ,
    organiser_id BIGINT  NOT NULL,
    name         TEXT NOT NULL,
    game         TEXT NOT NULL,
    format       TEXT NOT NULL CHECK (format IN ('free', 'duplicate')),
    rounds       INTEGER NOT NULL,
    deals        INTEGER NOT NULL,
    table_size   INTEGER NOT NULL,
    level        TEXT NOT NULL,
    options      TEXT NOT NULL DEFAULT '{}',
    seed         TEXT NOT NULL,
    starts_at    DOUBLE PRECISION NOT NULL,
    status       TEXT NOT NULL CHECK (status IN ('open', 'closed', 'playing', 'over', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0,   -- the round in play (1 for the first), 0 before the start
    paused       INTEGER NOT NULL DEFAULT 0,   -- 1: the next round waits for the organiser
    plan         TEXT,                         -- JSON: the movement (player indices, null a computer)
    created_at   TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    updated_at   TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS'))
);
CREATE INDEX events_guild ON events (guild_id, status);

-- idx: the player's index in the plan (set at the start, in registration order),
-- left_round: from that round on a computer plays for them (they left).
CREATE TABLE event_players (
    event_id     TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    user_id      BIGINT  NOT NULL,
    name         TEXT NOT NULL,
    idx          INTEGER,
    left_round   INTEGER,
    registered   INTEGER NOT NULL,             -- registration order
    PRIMARY KEY (event_id, user_id)
);

CREATE TABLE event_tables (
    event_id     TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    round        INTEGER NOT NULL,
    table_no     INTEGER NOT NULL,
    table_id     TEXT NOT NULL,
    PRIMARY KEY (event_id, round, table_no)
);
CREATE INDEX event_tables_table ON event_tables (table_id);

-- The final ranking (ties share a place, complete = 0 for a player who left).
CREATE TABLE event_results (
    event_id     TEXT NOT NULL REFERENCES events (id) ON DELETE CASCADE,
    guild_id     BIGINT  NOT NULL,
    user_id      BIGINT  NOT NULL,
    name         TEXT NOT NULL,
    score        DOUBLE PRECISION NOT NULL,
    rounds       INTEGER NOT NULL,
    deals        INTEGER NOT NULL,
    place        INTEGER NOT NULL,
    complete     INTEGER NOT NULL,
    finished_at  TEXT NOT NULL DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS')),
    PRIMARY KEY (event_id, user_id)
);
CREATE INDEX event_results_user ON event_results (guild_id, user_id);

-- Seasons: the events of a server started between starts and ends (UTC dates, inclusive) count,
-- save those an admin left out (season_events.counts = 0) or added (1), best: K, the best event
-- results summed.
CREATE TABLE seasons (
    id           TEXT PRIMARY KEY,
    guild_id     BIGINT  NOT NULL,
    name         TEXT NOT NULL,
    starts       TEXT NOT NULL,
    ends         TEXT NOT NULL,
    best         INTEGER NOT NULL
);
CREATE INDEX seasons_guild ON seasons (guild_id);
CREATE TABLE season_events (
    season_id    TEXT NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    event_id     TEXT NOT NULL,
    counts       INTEGER NOT NULL,
    PRIMARY KEY (season_id, event_id)
);

-- Who may organise events besides Manage Server: members with this role.
CREATE TABLE event_settings (
    guild_id        BIGINT PRIMARY KEY,
    organiser_role  BIGINT 
);
