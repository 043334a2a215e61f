"""Discord-free table service (issue 28): tables, computer turns, endings, ratings, records,
housekeeping, privacy actions, settings. Never imports discord or ``bot.ui``."""
