"""Discord-free table service: tables, computer turns, endings, ratings, records,
housekeeping, privacy actions, settings. Never imports discord or ``bot.ui``."""
