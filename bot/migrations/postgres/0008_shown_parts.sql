-- Tapis schema: what Discord was shown of each table, part by part, so every part is
-- sent until Discord accepts it, once, even across restarts. part: 'table' (detail: the key of
-- what its message shows), 'ping' (detail: seat and turn), 'recap:<deal>', 'results', 'done' (a
-- closed table with nothing left to show), 'legacy' (a table in play before this migration: the
-- recaps and the ping of its current state count as shown).
CREATE TABLE shown_parts (
    table_id   TEXT NOT NULL,
    part       TEXT NOT NULL,
    detail     TEXT,
    message_id BIGINT,
    PRIMARY KEY (table_id, part)
);
INSERT INTO shown_parts (table_id, part) SELECT id, 'done' FROM game_tables WHERE status IN ('over', 'cancelled');
INSERT INTO shown_parts (table_id, part) SELECT id, 'legacy' FROM game_tables WHERE status = 'playing';
