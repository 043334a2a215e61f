"""Tresillo's words, as catalogue keys read by the engine and by ``rendering/layouts/tresillo.py``
(:mod:`games.vocabulary`): the actions' labels, the contracts and the phases of a deal (docs/rules/tresillo.md, « Bidding », « The exchange (descarte) », « Bola », « Renounce and defence »)."""

from __future__ import annotations

from games.i18n import N_
from games.vocabulary import W_

PHASES = {"bet": W_("tresillo.phase.bet"), "bid": W_("tresillo.phase.bid"), "declare": W_("tresillo.phase.declare"),
          "exchange": W_("tresillo.phase.exchange"), "order": W_("tresillo.phase.order"),
          "consent": W_("tresillo.phase.consent"), "renounce": W_("tresillo.phase.renounce"),
          "bola": W_("tresillo.phase.bola")}

#: an action's label by its canonical text (the buttons and menus); the images say the bids and the
#: alcalde's bets with the same keys (their shorter forms in the ``image`` context)
ACTIONS = {
    "pass": W_("tresillo.action.pass"),
    "bid:jeu": W_("tresillo.action.bid.jeu"),
    "bid:plus": W_("tresillo.action.bid.plus"),
    "bid:jeu_favour": N_("tresillo.action.bid.jeu_favour"),
    "bid:retourne": N_("tresillo.action.bid.retourne"),
    "bid:solo": N_("tresillo.action.bid.solo"),
    "bid:solo_favour": N_("tresillo.action.bid.solo_favour"),
    "declare:jeu_favour": N_("tresillo.action.declare.jeu_favour"),
    "declare:retourne": N_("tresillo.action.declare.retourne"),
    "declare:solo_favour": N_("tresillo.action.declare.solo_favour"),
    "exchange:done": N_("tresillo.action.exchange.done"),
    "exchange:ask": N_("tresillo.action.exchange.ask"),
    "consent:yes": N_("tresillo.action.consent.yes"),
    "consent:no": N_("tresillo.action.consent.no"),
    "order:me": N_("tresillo.action.order.me"),
    "order:partner": N_("tresillo.action.order.partner"),
    "renounce": N_("tresillo.action.renounce"),
    "accept": N_("tresillo.action.accept"),
    "defend": N_("tresillo.action.defend"),
    "bola:stop": N_("tresillo.action.bola.stop"),
    "bola:continue": N_("tresillo.action.bola.continue"),
    "bet:J": W_("tresillo.action.bet.J"),
    "bet:P": W_("tresillo.action.bet.P"),
    "bet:C": W_("tresillo.action.bet.C"),
    "bet:none": N_("tresillo.action.bet.none"),
}
CONTRACTS = {"jeu": N_("tresillo.contract.jeu"), "jeu_favour": N_("tresillo.contract.jeu_favour"),
             "retourne": N_("tresillo.contract.retourne"), "solo": N_("tresillo.contract.solo"),
             "solo_favour": N_("tresillo.contract.solo_favour")}
