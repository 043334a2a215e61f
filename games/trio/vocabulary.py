"""Le Trio's (and L'École's) words, as catalogue keys read by the engine and by
``rendering/layouts/trio.py`` (:mod:`games.vocabulary`): the steps of a turn (docs/rules/trio.md, « The round »)."""

from __future__ import annotations

from games.vocabulary import W_

PHASES = {"draw": W_("trio.phase.draw"), "play": W_("trio.phase.play"), "meld": W_("trio.phase.meld"),
          "layoff": W_("trio.phase.layoff"), "over": W_("trio.phase.over")}
