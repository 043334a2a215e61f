-- Tapis schema: each server's deal secret (docs/rules/club.md, « Duplicate deals »). Every shared deal (the daily challenge,
-- a group's duplicate tables, a club night's tables) is drawn from a seed derived from it (an HMAC
-- of the deal's parts), so nothing a member sees lets anyone compute a deal they have not played.
-- Made once with `secrets`, never shown, erased with the server's data.
CREATE TABLE deal_secrets (
    guild_id    INTEGER PRIMARY KEY,
    secret      TEXT NOT NULL
);
