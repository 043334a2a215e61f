"""French Tarot (FFT rules, 3 to 5 players): see RULES.md section 2.

``TAROT`` is the registered :class:`~games.base.Game`; :func:`score_deal` is the pure deal scorer
used by the table, the recap image and external rule checks.
"""

from __future__ import annotations

from games import register
from games.tarot.game import TarotGame
from games.tarot.scoring import score_deal, score_lines

TAROT = register(TarotGame())

__all__ = ["TAROT", "TarotGame", "score_deal", "score_lines"]
