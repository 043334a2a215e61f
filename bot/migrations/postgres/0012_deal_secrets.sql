-- Tapis schema (PostgreSQL): each server's deal secret, as ../sqlite/0012_deal_secrets.sql.
CREATE TABLE deal_secrets (
    guild_id    BIGINT PRIMARY KEY,
    secret      TEXT NOT NULL
);
