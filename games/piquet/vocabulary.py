"""Piquet's words, as catalogue keys read by the engine and by ``rendering/layouts/piquet.py``
(:mod:`games.vocabulary`): the phases and the three classes of declarations
(docs/rules/piquet.md, « Declarations »)."""

from __future__ import annotations

from games.i18n import N_
from games.vocabulary import W_

PHASES = {"exchange": W_("piquet.phase.exchange"), "declare": W_("piquet.phase.declare"),
          "over": W_("piquet.phase.over")}
#: a class of declarations: "le point" in a message, "Point" on the image
CLASSES = {"point": W_("piquet.class.point"), "sequence": W_("piquet.class.sequence"), "sets": W_("piquet.class.sets")}
#: the classes inside a refusal ("declare {what} now")
CLASSES_IN_SENTENCE = {"point": N_("piquet.error.class.point"), "sequence": N_("piquet.error.class.sequence"),
                       "sets": N_("piquet.error.class.sets")}
