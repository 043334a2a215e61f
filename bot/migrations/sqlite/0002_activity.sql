-- Tapis schema, version 2: when a member last did something at a table (lobby change or move),
-- in Unix seconds, so idle lobbies and abandoned matches can be closed (housekeeping).
ALTER TABLE game_tables ADD COLUMN active_at REAL;
UPDATE game_tables SET active_at = CAST(strftime('%s', updated_at) AS REAL);
