"""Rubicon Piquet for two players (docs/rules/piquet.md, Portland Club laws), registered as ``piquet``.

A partie is six deals (two more on a tie); the seats cut for deal and the higher card deals first.
Each deal: carte blanche, exchange, declarations with repique, twelve tricks with pique, the cards.

Actions (canonical text, case-insensitive on input):

* ``exchange:N`` - how many cards to exchange: elder 1 to 5, younger 1 (0 with the
  ``younger_stand_pat`` option) to all that remain in the talon;
* ``discard:C`` - then ``N`` times, one card at a time (``State.pending_picks(seat)`` tells how many
  remain, so the bot may gather them in one multi-select); after the last one the player takes
  ``N`` cards from the top of the talon;
* ``talon:look`` / ``talon:leave`` - younger, after elder's first lead, when cards were left in
  the talon: look at them (then elder sees them too) or leave them unseen (Law 36);
* ``declare:KIND`` / ``sink:KIND`` with KIND ``point``, ``sequence`` or ``sets`` - only with the
  ``sinking`` option: elder then younger, class by class, declare or keep quiet. Without it
  everything is declared in full and compared automatically;
* ``play:C`` - a card (follow suit when able).

Carte blanche is announced and scored automatically. Every decision offers at most 12 actions.

View keys (besides the shared ones of :mod:`games.base`): ``elder``, ``packets``, ``cut`` (the
card each seat cut, seat 0 first),
``stock_count``, ``exchanges`` (cards each seat took, ``None`` before), ``to_discard``,
``discard_counts``, ``blanche`` (per seat), ``blanche_shown`` (per seat: codes once shown, else
``None``), ``declarations`` (list of ``{"kind", "calls": [per seat {field: value} or None],
"answer": "good"|"not_good"|"equal"|None, "winner", "points": [per seat], "shown": [codes]}``),
``calls`` (sinking decisions so far), ``bonus`` (per seat ``"repique"``/``"pique"``/``None``),
``deal_points`` (per seat, this deal), ``deal_lines`` (``{"blanche"|"point"|"sequence"|"sets"|
"repique"|"pique"|"play"|"cards": [per seat]}``), ``looked``, ``leftover_count``, ``look_pending``,
``played`` (cards of this deal's finished tricks), ``history`` (one entry per finished deal).
``last_deal`` holds ``deal_no``, ``dealer``, ``elder``, ``lines`` (as ``deal_lines``), ``deltas``,
``scores``, ``capot``, ``tricks_won``, ``declarations`` (as above, without ``shown``). ``scores`` are the partie totals of finished deals.
Private keys: ``hand``, ``discard`` (own), ``talon_seen`` (talon cards this seat has looked at and
that are still there), ``pending_picks``.

Pure functions for rule checks: :func:`score_declarations` and :func:`partie_result`.
"""

from __future__ import annotations

from games import register
from games.piquet.declarations import score_declarations
from games.piquet.game import PIQUET, PiquetGame
from games.piquet.scoring import partie_result
from games.piquet.state import PiquetState

__all__ = ["PIQUET", "PiquetGame", "PiquetState", "partie_result", "score_declarations"]

register(PIQUET)
