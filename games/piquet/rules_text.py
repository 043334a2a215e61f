"""Rules summary pages for players (markdown; docs/rules/piquet.md in our words), text in the catalogues."""

from __future__ import annotations

from games.i18n import Msg

PAGES = (Msg("piquet.rules.1"), Msg("piquet.rules.2"), Msg("piquet.rules.3"), Msg("piquet.rules.4"))
