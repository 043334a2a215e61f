-- Tapis schema, version 6: ratings that follow the game. A result line keeps why its
-- rating moved (JSON list of bot.ratings.Why), each server learns its roles' advantages (a Tarot
-- taker wins most deals: bot.ratings), rating_model names the model that rated the stored ratings,
-- and bot.rerate recomputes them from the saved matches at start-up when it is older.
ALTER TABLE results ADD COLUMN rating_why TEXT;
CREATE TABLE rating_roles (
    guild_id    INTEGER NOT NULL,
    game        TEXT NOT NULL,
    role        TEXT NOT NULL,       -- '<role>@<seats>': 'taker@4', 'declarer@3'...
    advantage   REAL NOT NULL,       -- in the logit of a comparison's win chance
    deals       INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, game, role)
);
CREATE TABLE rating_model (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    version     INTEGER NOT NULL
);
