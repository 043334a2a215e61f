"""Le Trio and its variant L'École: contract rummy (docs/rules/trio.md).

Two games sharing one engine: ``trio`` (3-6 seats, 7 contracts, 2s wild) and ``ecole`` (3-7
seats, 10 "years", 2s and jokers wild). Pure rule checks: :func:`hand_points` and :func:`contract_met`.

Action grammar (every step is one action; ``legal_actions`` lists each legal next step, sorted,
and only steps that can be finished: at most ~25 at a time):

* ``draw:stock`` / ``draw:discard`` — start of the turn. After opening, the discard may be taken
  only when it lets the player go out this turn; he must then go out (later steps are limited to
  those that keep going out possible).
* ``meld:brelan`` / ``meld:carre`` / ``meld:seq`` — start building a combination. Before opening,
  only the kinds the contract asks for, and only when the hand holds the whole contract; after
  opening (not on the opening turn), ``brelan`` (3 cards, or 4: a carré, closed at once) or
  ``seq`` (3 to 13 cards).
* ``add:<card>`` — add a card to the combination being built: ``add:7H``; a wild with the card it
  stands for in a run, ``add:2C=8H`` (in a set it stands for the set's rank: ``add:2C``); an Ace
  that could go low or high, ``add:AH=low`` / ``add:AH=high``. Only one wild code is offered
  (all wilds are alike). A combination closes by itself at its exact contract size (or the
  largest allowed); ``done`` closes it earlier when valid.
* ``done`` — close the combination being built. In an opening, once the last combination of the
  contract is closed, the whole opening is validated against the contract and laid at once.
* ``cancel`` — take back the combination being built and, in an opening, every staged one (or
  give up choosing a lay-off target).
* ``layoff:<card>`` then ``onto:<meld id>`` (``onto:<id>:lo`` / ``onto:<id>:hi`` on a run's low or
  high end) — lay a card off on anyone's combination (after opening, not on the opening turn).
* ``discard:<card>`` — end the turn; discarding one's last card goes out. Emptying the hand by
  laying down goes out without a discard.

Options (``Game.options()``): docs/rules/trio.md, « Defaults and options » alternatives that fit cleanly (``longer_melds``,
``same_rank_brelans``, ``same_suit_runs``, ``layoff_on_opening``, ``tie_first_opener``, École
``jokers``), ``contracts`` (play only the first N contracts), and the two limits of docs/rules/trio.md, « Defaults and options »
#13-14 that make every match end: ``stock_passes`` (default 3: the third time the stock runs out
in a round, the round is **blocked**, it ends at once with nobody out, hands counted, openers
advance) and ``max_rounds`` (the **match limit**, default 3 x the number of contracts: 21 for Le
Trio, 30 for L'École; then the furthest in the contracts wins, fewest points breaking ties). All
default to the rules. ``Game.playout_options`` are the options under which uniformly random play
ends quickly (one round, blocked when the stock first runs out), for generic random-playout tests.
"""

from __future__ import annotations

from games import register
from games.trio.contracts import contract_met
from games.trio.game import ECOLE, TRIO, EcoleGame, TrioGame
from games.trio.scoring import hand_points

# The generic contract suite plays uniformly random matches under ``Game.playout_options``
# (one round): random players cannot finish seven contracts.
register(TRIO)
register(ECOLE)

__all__ = ["ECOLE", "TRIO", "EcoleGame", "TrioGame", "contract_met", "hand_points"]
