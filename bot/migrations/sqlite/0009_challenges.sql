-- Tapis schema: the daily challenge (défi du jour). challenge_settings: a server's time
-- zone (its day), its games as JSON {game: deal count} and the computers' level.
-- challenge_deals: one row per member, day, game and deal they started: the deal is played at an
-- ordinary table (table_id: its actions and snapshots are the record) and score is the member's deal
-- score (docs/rules/club.md, « Match points ») once it is over, NULL while in play. A member's attempt is its rows.
CREATE TABLE challenge_settings (
    guild_id    INTEGER PRIMARY KEY,
    time_zone   TEXT NOT NULL DEFAULT 'UTC',
    games       TEXT,
    level       TEXT NOT NULL DEFAULT 'expert'
);
CREATE TABLE challenge_deals (
    guild_id    INTEGER NOT NULL,
    day         TEXT NOT NULL,       -- 'YYYY-MM-DD' in the server's time zone
    game        TEXT NOT NULL,
    user_id     INTEGER NOT NULL,
    deal_no     INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    name        TEXT NOT NULL,
    table_id    TEXT NOT NULL,
    score       REAL,
    started_at  TEXT NOT NULL DEFAULT (datetime('now')),
    finished_at TEXT,
    PRIMARY KEY (guild_id, day, game, user_id, deal_no)
);
CREATE INDEX challenge_deals_day ON challenge_deals (guild_id, game, day);
CREATE INDEX challenge_deals_table ON challenge_deals (table_id);
-- A group's duplicate tables (docs/rules/club.md, « Duplicate deals »): slots (tables) that play the same deals in
-- the same seat positions. seats: JSON, per slot per seat [user id, name] or null (a computer),
-- places: JSON [[channel id, thread id], ...] per slot. duplicate_tables: the table of each slot and deal.
CREATE TABLE duplicate_groups (
    id          TEXT PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    deals       INTEGER NOT NULL,
    level       TEXT NOT NULL,
    seats       TEXT NOT NULL,
    places      TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE TABLE duplicate_tables (
    group_id    TEXT NOT NULL,
    slot        INTEGER NOT NULL,
    deal_no     INTEGER NOT NULL,
    table_id    TEXT NOT NULL,
    PRIMARY KEY (group_id, slot, deal_no)
);
