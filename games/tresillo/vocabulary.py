"""Tresillo's words, as catalogue keys read by the engine and by ``rendering/layouts/tresillo.py``
(:mod:`games.vocabulary`): the phases of a deal (docs/rules/tresillo.md, « Bidding », « The exchange (descarte) », « Bola », « Renounce and defence »)."""

from __future__ import annotations

from games.vocabulary import W_

PHASES = {"bet": W_("tresillo.phase.bet"), "bid": W_("tresillo.phase.bid"), "declare": W_("tresillo.phase.declare"),
          "exchange": W_("tresillo.phase.exchange"), "order": W_("tresillo.phase.order"),
          "consent": W_("tresillo.phase.consent"), "renounce": W_("tresillo.phase.renounce"),
          "bola": W_("tresillo.phase.bola")}
