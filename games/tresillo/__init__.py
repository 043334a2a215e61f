"""Tresillo (Spanish Ombre) for 3 players, or 4 with the alcalde (docs/rules/tresillo.md).

Modules: :mod:`~games.tresillo.order` (card orders, follow rule, matadors),
:mod:`~games.tresillo.auction` (bet, bidding, declaration), :mod:`~games.tresillo.exchange`,
:mod:`~games.tresillo.play` (tricks, renounce, bola), :mod:`~games.tresillo.scoring`
(:func:`settle_deal`), :mod:`~games.tresillo.state`, :mod:`~games.tresillo.views`,
:mod:`~games.tresillo.explain` (why an action is refused), :mod:`~games.tresillo.ai` (computer player),
:mod:`~games.tresillo.rules_text`.

Action grammar (canonical texts; parsing ignores case; cards as ``1E 7O RC``):

* ``bet:J`` ``bet:P`` ``bet:C`` ``bet:none`` -- the alcalde's secret bet, right after the deal;
* ``pass``, ``bid:jeu`` ("Je joue", only while nobody has bid), ``bid:plus`` (one level higher);
  with the ``open_any`` option the opening may name a level: ``bid:jeu_favour``, ``bid:retourne``,
  ``bid:solo``, ``bid:solo_favour``;
* ``declare:jeu:O`` / ``declare:solo:C`` (trump named, never the favour suit),
  ``declare:jeu_favour``, ``declare:solo_favour``, ``declare:retourne`` (the talon's top card
  is turned and sets the trump);
* ``exchange:N`` (how many cards to discard, 0 to 9; 10 for a Retourne declarer), then
  ``discard:RC`` N times (``State.pending_picks`` tells how many remain); after the last one the
  exchanger draws as many (a Retourne declarer one fewer); ``exchange:ask`` (first Solo exchanger,
  before choosing, asks to take 8 or 9 cards); old logs' ``discard:RC``... ``exchange:done`` are
  rewritten when loaded (``upgrade_log``);
  ``consent:yes`` / ``consent:no``, ``order:me`` / ``order:partner`` (the opponent on the
  declarer's right decides who exchanges first);
* ``play:1E``, ``renounce`` (declarer of a Jeu or Retourne, before his card to trick 4),
  ``accept`` / ``defend`` (the opponents after a renounced Jeu), ``bola:continue`` / ``bola:stop``.

Every decision offers at most 12 actions.
"""

from __future__ import annotations

from games import register
from games.base import Phase
from games.tresillo.game import TresilloGame
from games.tresillo.scoring import settle_deal
from games.tresillo.state import TresilloState

__all__ = ["TRESILLO", "Phase", "TresilloGame", "TresilloState", "settle_deal"]

TRESILLO = register(TresilloGame())
