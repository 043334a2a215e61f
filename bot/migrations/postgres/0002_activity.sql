-- Tapis schema, version 2 (PostgreSQL): when a member last did something at a table, in Unix seconds.
ALTER TABLE game_tables ADD COLUMN active_at DOUBLE PRECISION;
UPDATE game_tables SET active_at = EXTRACT(EPOCH FROM CAST(updated_at AS TIMESTAMP));
