"""Tarot's words, as catalogue keys read by the engine and by ``rendering/layouts/tarot.py``
(:mod:`games.vocabulary`): the phases, the contracts (docs/rules/tarot.md, « Bidding ») and the
poignées (docs/rules/tarot.md, « Poignées »)."""

from __future__ import annotations

from games.i18n import N_
from games.vocabulary import W_

PHASES = {"bidding": W_("tarot.phase.bidding"), "call": W_("tarot.phase.call"), "ecart": W_("tarot.phase.ecart"),
          "announce": W_("tarot.phase.announce")}
#: the phases inside a sentence ("not allowed during {phase}": "les enchères")
PHASES_IN_SENTENCE = {"bidding": N_("tarot.error.phase.bidding"), "call": N_("tarot.error.phase.call"),
                      "ecart": N_("tarot.error.phase.ecart"), "announce": N_("tarot.error.phase.announce"),
                      "play": N_("tarot.error.phase.play")}
CONTRACTS = {"prise": W_("tarot.contract.prise"), "garde": W_("tarot.contract.garde"),
             "garde_sans": W_("tarot.contract.garde_sans"), "garde_contre": W_("tarot.contract.garde_contre")}
#: the labels of the actions that are not a card, a contract or a poignée (a pass is said on the
#: images with the same key)
ACTIONS = {"pass": W_("tarot.action.pass"), "chelem": N_("tarot.action.chelem"), "no_chelem": N_("tarot.action.no_chelem")}
POIGNEES = {"simple": W_("tarot.poignee.simple"), "double": W_("tarot.poignee.double"),
            "triple": W_("tarot.poignee.triple")}
