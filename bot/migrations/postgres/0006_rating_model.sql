-- Tapis schema, version 6 (PostgreSQL): why each result's rating moved, each server's
-- role advantages, and the rating model that rated the stored ratings (bot.rerate).
ALTER TABLE results ADD COLUMN rating_why TEXT;
CREATE TABLE rating_roles (
    guild_id    BIGINT NOT NULL,
    game        TEXT NOT NULL,
    role        TEXT NOT NULL,
    advantage   DOUBLE PRECISION NOT NULL,
    deals       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, role)
);
CREATE TABLE rating_model (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    version     INTEGER NOT NULL
);
