"""Rules summary pages for players (``Game.rules_summary``): markdown, the text in the catalogues."""

from __future__ import annotations

from games.i18n import Msg

PAGES = (Msg("tresillo.rules.1"), Msg("tresillo.rules.2"), Msg("tresillo.rules.3"), Msg("tresillo.rules.4"))
