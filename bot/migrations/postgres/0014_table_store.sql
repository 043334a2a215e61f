-- Tapis schema, version 14 (PostgreSQL): a table's capacity in a column of its own (it was kept in its
-- options as "_capacity"), and a computer seat's number in one of its own (the 2 of
-- "Computer 2 (Expert)"), so that no name is ever read back to find its number or level.
-- Existing rows are filled from the old data: the capacity from the options (else the seats
-- counted), a computer's number and (when missing) level from its name as Tapis wrote it, in
-- any of its languages, "Computer 2 (Expert)" or the older "Computer 2 · Expert". Any other
-- name (a member's stand-in keeps the member's) has no number and is never renamed.
ALTER TABLE game_tables ADD COLUMN capacity INTEGER;
DO $$
DECLARE
    r RECORD;
    o JSONB;
BEGIN
    FOR r IN SELECT id, options FROM game_tables WHERE strpos(options, '"_capacity"') > 0 LOOP
        BEGIN
            o := r.options::jsonb;
        EXCEPTION WHEN others THEN
            o := NULL;  -- options that are not JSON: the table cannot be restored anyway
        END;
        IF o IS NOT NULL AND jsonb_typeof(o) = 'object' AND jsonb_typeof(o -> '_capacity') = 'number' THEN
            UPDATE game_tables SET capacity = (o ->> '_capacity')::numeric::int, options = (o - '_capacity')::text
                WHERE id = r.id;
        END IF;
    END LOOP;
END $$;
UPDATE game_tables SET capacity = seats WHERE capacity IS NULL;
ALTER TABLE seats ADD COLUMN computer_no INTEGER;
UPDATE seats SET computer_no = CAST(substring(name from '^[^ ]+ ([1-9]) ') AS INTEGER)
    WHERE user_id IS NULL AND (
        name ~ '^Computer [1-9] (\(Easy\)|· Easy)$'
        OR name ~ '^Computer [1-9] (\(Normal\)|· Normal)$'
        OR name ~ '^Computer [1-9] (\(Expert\)|· Expert)$'
        OR name ~ '^Ordinateur [1-9] (\(Facile\)|· Facile)$'
        OR name ~ '^Ordinateur [1-9] (\(Normal\)|· Normal)$'
        OR name ~ '^Ordinateur [1-9] (\(Expert\)|· Expert)$'
        OR name ~ '^Ordenador [1-9] (\(Fácil\)|· Fácil)$'
        OR name ~ '^Ordenador [1-9] (\(Normal\)|· Normal)$'
        OR name ~ '^Ordenador [1-9] (\(Experto\)|· Experto)$');
UPDATE seats SET level = CASE
        WHEN name ~ '^Computer [1-9] (\(Easy\)|· Easy)$' THEN 'easy'
        WHEN name ~ '^Computer [1-9] (\(Normal\)|· Normal)$' THEN 'normal'
        WHEN name ~ '^Computer [1-9] (\(Expert\)|· Expert)$' THEN 'expert'
        WHEN name ~ '^Ordinateur [1-9] (\(Facile\)|· Facile)$' THEN 'easy'
        WHEN name ~ '^Ordinateur [1-9] (\(Normal\)|· Normal)$' THEN 'normal'
        WHEN name ~ '^Ordinateur [1-9] (\(Expert\)|· Expert)$' THEN 'expert'
        WHEN name ~ '^Ordenador [1-9] (\(Fácil\)|· Fácil)$' THEN 'easy'
        WHEN name ~ '^Ordenador [1-9] (\(Normal\)|· Normal)$' THEN 'normal'
        WHEN name ~ '^Ordenador [1-9] (\(Experto\)|· Experto)$' THEN 'expert'
    END
    WHERE user_id IS NULL AND computer_no IS NOT NULL AND level IS NULL;
