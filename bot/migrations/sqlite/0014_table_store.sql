-- Tapis schema, version 14: a table's capacity in a column of its own (it was kept in its
-- options as "_capacity"), and a computer seat's number in one of its own (the 2 of
-- "Computer 2 (Expert)"), so that no name is ever read back to find its number or level.
-- Existing rows are filled from the old data: the capacity from the options (else the seats
-- counted), a computer's number and (when missing) level from its name as Tapis wrote it, in
-- any of its languages, "Computer 2 (Expert)" or the older "Computer 2 · Expert". Any other
-- name (a member's stand-in keeps the member's) has no number and is never renamed.
ALTER TABLE game_tables ADD COLUMN capacity INTEGER;
UPDATE game_tables SET capacity = CAST(json_extract(options, '$._capacity') AS INTEGER),
    options = json_remove(options, '$._capacity')
    WHERE CASE WHEN json_valid(options) THEN
        CASE WHEN json_type(options) = 'object' THEN json_type(options, '$._capacity') END END = 'integer';
UPDATE game_tables SET capacity = seats WHERE capacity IS NULL;
ALTER TABLE seats ADD COLUMN computer_no INTEGER;
UPDATE seats SET computer_no = CAST(substr(name, instr(name, ' ') + 1, 1) AS INTEGER)
    WHERE user_id IS NULL AND (
        name GLOB 'Computer [1-9] (Easy)'
        OR name GLOB 'Computer [1-9] · Easy'
        OR name GLOB 'Computer [1-9] (Normal)'
        OR name GLOB 'Computer [1-9] · Normal'
        OR name GLOB 'Computer [1-9] (Expert)'
        OR name GLOB 'Computer [1-9] · Expert'
        OR name GLOB 'Ordinateur [1-9] (Facile)'
        OR name GLOB 'Ordinateur [1-9] · Facile'
        OR name GLOB 'Ordinateur [1-9] (Normal)'
        OR name GLOB 'Ordinateur [1-9] · Normal'
        OR name GLOB 'Ordinateur [1-9] (Expert)'
        OR name GLOB 'Ordinateur [1-9] · Expert'
        OR name GLOB 'Ordenador [1-9] (Fácil)'
        OR name GLOB 'Ordenador [1-9] · Fácil'
        OR name GLOB 'Ordenador [1-9] (Normal)'
        OR name GLOB 'Ordenador [1-9] · Normal'
        OR name GLOB 'Ordenador [1-9] (Experto)'
        OR name GLOB 'Ordenador [1-9] · Experto');
UPDATE seats SET level = CASE
        WHEN name GLOB 'Computer [1-9] (Easy)' OR name GLOB 'Computer [1-9] · Easy' THEN 'easy'
        WHEN name GLOB 'Computer [1-9] (Normal)' OR name GLOB 'Computer [1-9] · Normal' THEN 'normal'
        WHEN name GLOB 'Computer [1-9] (Expert)' OR name GLOB 'Computer [1-9] · Expert' THEN 'expert'
        WHEN name GLOB 'Ordinateur [1-9] (Facile)' OR name GLOB 'Ordinateur [1-9] · Facile' THEN 'easy'
        WHEN name GLOB 'Ordinateur [1-9] (Normal)' OR name GLOB 'Ordinateur [1-9] · Normal' THEN 'normal'
        WHEN name GLOB 'Ordinateur [1-9] (Expert)' OR name GLOB 'Ordinateur [1-9] · Expert' THEN 'expert'
        WHEN name GLOB 'Ordenador [1-9] (Fácil)' OR name GLOB 'Ordenador [1-9] · Fácil' THEN 'easy'
        WHEN name GLOB 'Ordenador [1-9] (Normal)' OR name GLOB 'Ordenador [1-9] · Normal' THEN 'normal'
        WHEN name GLOB 'Ordenador [1-9] (Experto)' OR name GLOB 'Ordenador [1-9] · Experto' THEN 'expert'
    END
    WHERE user_id IS NULL AND computer_no IS NOT NULL AND level IS NULL;
