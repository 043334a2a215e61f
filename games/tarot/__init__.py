"""French Tarot (FFT rules, 3 to 5 players): docs/rules/tarot.md, seeds 001 and 003.

``TAROT`` is the registered :class:`~games.base.Game`; :func:`score_deal` is the pure deal scorer
used by the table, the recap image and external rule checks.

Modules: ``deck`` (points in half points, sizes, thresholds), ``deal`` (packets, chien, petit sec,
first dealer), ``play`` (legal cards, trick winner), ``announce`` (poignée), ``scoring`` (score
lines, settlement, :func:`score_deal`), ``state`` (phases and transitions), ``accounting`` (end of
trick and of deal), ``views`` (what each seat sees), ``explain`` (why an action is refused),
``actions`` (texts, labels), ``ai`` (computer player), ``rules_text`` (players' summary), ``game``
(the Game and its options).

Choices where the rules leave room (each is tested):

* Seats are numbered counter-clockwise, so every turn order runs 0 -> 1 -> 2 ...; the first dealer
  draws the lowest card (suit cards below trumps, ties by suit, clubs lowest).
* Actions: ``pass``, ``bid:prise|garde|garde_sans|garde_contre``, ``call:KH`` (5 players),
  ``discard:7S`` (the écart one card at a time; ``State.pending_picks`` tells how many remain),
  ``chelem`` / ``no_chelem`` (the taker, after the écart), ``poignee:simple|double|triple`` offered
  with the plays of a seat's first card, ``play:T21``.
* Poignée: the player picks the level, the engine picks the cards: trumps put in the écart first
  (they were shown), then the lowest trumps, the 21 and the Petit last; the Excuse only when it is
  needed, which is exactly when the rules allow it (no other trump held).
* Écart: trumps become legal as soon as too few plain cards remain to complete it; then every
  remaining plain card must still go. Discarded trumps are public at once.
* The Excuse exchange is settled in points when the trick ends (its owner's side keeps 4, the
  winners get 0.5: the same totals as handing over a low card); the view and the events still say
  when the exchange waits for the owner's side to win a trick (not while 5-player sides are secret).
* A match is ``deals`` scored deals (option; 0 = one per seat). Void deals (all pass, petit sec) do
  not count; the next dealer deals. Every shuffle draws from ``deal_rng(seed, shuffle_no)``, a
  fresh number per shuffle, void deals included.
* An announced chelem that the defence turns into its own chelem costs both terms (-200 - 200).
* Options (docs/rules/tarot.md, « Defaults and options », off by default): ``excuse_last_changes_camp``, ``excuse_from_ecart`` (the
  écart may supply the exchange card: it only changes when the exchange is settled, the points are
  the same), ``poignee_5p_triple_15``, ``five_seated_four_playing``. Not offered: the petit chelem
  (« Defaults and options » #5: the rules give no values for it) and misère (« Defaults and options » #7: off, no option).
"""

from __future__ import annotations

from games import register
from games.tarot.game import TarotGame
from games.tarot.scoring import score_deal, score_lines

TAROT = register(TarotGame())

__all__ = ["TAROT", "TarotGame", "score_deal", "score_lines"]
