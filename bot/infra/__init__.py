"""Infrastructure: image and computer-player worker pools, metrics, health, shards, the
lock file. Never imports ``bot.service`` or ``bot.ui``."""
