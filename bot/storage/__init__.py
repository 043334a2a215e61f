"""Storage behind one interface (issue 17): SQLite (embedded, the default) or PostgreSQL.

``Database.open(path)`` opens an SQLite file, ``Database.open("postgresql://...")`` a PostgreSQL
database (:mod:`bot.storage.database`); every SQL call site runs through a :class:`Conn`
(:mod:`bot.storage.base`), the statements live in :mod:`bot.storage.queries`, the backends in
:mod:`bot.storage.sqlite` and :mod:`bot.storage.postgres`, the migrations in
``bot/migrations/<dialect>/``.
"""

from bot.storage.base import Conn, Rating, is_postgres, migrations, replayed
from bot.storage.database import Database

__all__ = ["Conn", "Database", "Rating", "is_postgres", "migrations", "replayed"]
