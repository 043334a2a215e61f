"""Tarot action texts, parsing and player-facing labels.

Canonical texts: ``pass``, ``bid:prise|garde|garde_sans|garde_contre``, ``call:KH``, ``discard:7S``
(the écart is made one card at a time), ``chelem`` / ``no_chelem``, ``poignee:simple|double|triple``
(the engine picks the trumps shown, see :mod:`games.tarot.announce`) and ``play:T21``.
"""

from __future__ import annotations

from games.base import Action
from games.cards import card, suit_name
from games.errors import InvalidAction
from games.i18n import Msg, t
from games.tarot import vocabulary
from games.tarot.deck import CONTRACTS, POIGNEE_LEVELS

PASS = Action("pass")
BIDS = {c: Action("bid", c) for c in CONTRACTS}
CHELEM = Action("chelem")
NO_CHELEM = Action("no_chelem")
POIGNEES = {lv: Action("poignee", lv) for lv in POIGNEE_LEVELS}

_ALIASES = {"petite": "prise", "gardesans": "garde_sans", "garde-sans": "garde_sans",
            "gardecontre": "garde_contre", "garde-contre": "garde_contre", "passe": "pass"}
_CARD_KINDS = ("call", "discard", "play")


def parse_action(text: str) -> Action:
    """The action written ``text`` (case-insensitive, ``petite`` = ``prise``).

    :raises InvalidAction: when ``text`` is not a Tarot action.
    """
    kind, arg = Action.split(text)
    arg = arg.lower().replace(" ", "_")
    kind = _ALIASES.get(kind, kind)
    if kind in ("pass", "chelem", "no_chelem") and not arg:
        return Action(kind)
    if kind == "bid":
        arg = _ALIASES.get(arg, arg)
        if arg in BIDS:
            return BIDS[arg]
    elif kind == "poignee" and arg in POIGNEES:
        return POIGNEES[arg]
    elif kind in _CARD_KINDS and arg:
        try:
            c = card(arg)
        except ValueError:
            raise InvalidAction.of("tarot.error.not_card", card=repr(arg)) from None
        if c.code != "JK":
            return Action(kind, c.code)
    raise InvalidAction.of("tarot.error.unknown_action", action=repr(text))


_CONTRACT_LABELS = {contract: Msg(key) for contract, key in vocabulary.CONTRACTS.items()}
_POIGNEE_LABELS = {level: Msg(key) for level, key in vocabulary.POIGNEES.items()}
_LABELS = {kind: Msg(key) for kind, key in vocabulary.ACTIONS.items()}
_GROUPS = {"bid": Msg("tarot.group.bidding"), "pass": Msg("tarot.group.bidding"),
           "chelem": Msg("tarot.group.announce"), "no_chelem": Msg("tarot.group.announce"),
           "poignee": Msg("tarot.group.announce"), "call": Msg("tarot.group.call")}


def contract_name(contract: str, locale: str = "fr") -> str:
    """Localized contract name (the French terms are kept in English too)."""
    return _CONTRACT_LABELS[contract](locale)


def action_label(action: Action, locale: str = "fr") -> str:
    """Short button or menu label: "Garde", "Passe", "Appeler le Roi de cœur", "Dame de cœur"."""
    kind, arg = action
    if kind in _LABELS:
        return _LABELS[kind](locale)
    if kind == "bid" and arg in _CONTRACT_LABELS:
        return contract_name(arg, locale)
    if kind == "poignee" and arg in _POIGNEE_LABELS:
        return _POIGNEE_LABELS[arg](locale)
    if kind in _CARD_KINDS:
        name = card(arg).name(locale)
        if kind == "call":
            return t(locale, "tarot.action.call", card=name)
        return name[0].upper() + name[1:]
    return str(action)


def action_group(action: Action, locale: str = "fr") -> str:
    """Menu group: plays and discards by suit (trumps and the Excuse together), else the kind."""
    kind, arg = action
    if kind in ("play", "discard"):
        c = card(arg)
        return suit_name(c.suit if c.suit else "T", locale).capitalize()
    group = _GROUPS.get(kind)
    return group(locale) if group else t(locale, "common.group.other")
