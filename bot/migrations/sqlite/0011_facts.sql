-- Tapis schema: tables built on first use. state_rev: the revision of the saved
-- state (restore reads the actions after it). facts: what start-up asks of the state without
-- decoding it (bot/service/facts.py: the engine's fingerprint, revision, seat to act, deals ended),
-- written with every action in the same transaction. NULL (rows saved before): built at once.
ALTER TABLE game_tables ADD COLUMN state_rev INTEGER;
ALTER TABLE game_tables ADD COLUMN facts TEXT;
