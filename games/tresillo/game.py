"""The Tresillo :class:`~games.base.Game`: options, action parsing, labels, rules summary."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Action, Game, Option, Player
from games.cards import card, card_name, suit_name
from games.errors import InvalidAction
from games.tresillo.auction import LEVELS
from games.tresillo.order import SUITS
from games.tresillo.state import TresilloState

_SUIT_LABELS = {s: {"fr": suit_name(s, "fr", "spanish"), "en": suit_name(s, "en", "spanish")} for s in SUITS}
_FIXED_ARGS: dict[str, tuple[str, ...]] = {
    "pass": ("",), "renounce": ("",), "accept": ("",), "defend": ("",),
    "bid": (*LEVELS[1:], "plus"), "exchange": ("done", "ask"), "order": ("me", "partner"),
    "consent": ("yes", "no"), "bola": ("stop", "continue"),
}
_DECLARE_ARGS = {f"{n}:{s}" for n in ("jeu", "solo") for s in SUITS} | {"jeu_favour", "retourne", "solo_favour"}

_LABELS: dict[str, tuple[str, str]] = {  # canonical text -> (fr, en)
    "pass": ("Je passe", "Pass"),
    "bid:jeu": ("Je joue", "Je joue (I play)"),
    "bid:plus": ("Plus !", "Plus (higher)"),
    "bid:jeu_favour": ("Je joue : Jeu de faveur", "Bid: favour Jeu"),
    "bid:retourne": ("Je joue : Retourne", "Bid: Retourne"),
    "bid:solo": ("Je joue : Solo", "Bid: Solo"),
    "bid:solo_favour": ("Je joue : Solo de faveur", "Bid: favour Solo"),
    "declare:jeu_favour": ("Jeu dans la couleur de faveur", "Jeu in the favour suit"),
    "declare:retourne": ("Retourne", "Retourne"),
    "declare:solo_favour": ("Solo dans la couleur de faveur", "Solo in the favour suit"),
    "exchange:done": ("Terminer l'écart", "Finish the exchange"),
    "exchange:ask": ("Demander 8 ou 9 cartes", "Ask to take 8 or 9 cards"),
    "consent:yes": ("D'accord pour 8-9 cartes", "Agree to 8-9 cards"),
    "consent:no": ("Refuser", "Refuse"),
    "order:me": ("J'écarte en premier", "I exchange first"),
    "order:partner": ("À toi !", "You go first"),
    "renounce": ("Je renonce", "I renounce"),
    "accept": ("D'accord", "Accept the renounce"),
    "defend": ("Je défends", "I defend"),
    "bola:stop": ("Je m'arrête", "Stop here"),
    "bola:continue": ("Je tente la bola", "Go for the bola"),
    "bet:J": ("Mise J : le Joueur gagne", "Bet J: the Joueur wins"),
    "bet:P": ("Mise P : Puesta", "Bet P: Puesta"),
    "bet:C": ("Mise C : Codillo", "Bet C: Codillo"),
    "bet:none": ("Pas de mise", "No bet"),
}


class TresilloGame(Game):
    """Tresillo (Spanish Ombre), 3 seats or 4 with the alcalde (RULES.md section 1)."""

    name = "tresillo"
    titles = {"fr": "Tresillo", "en": "Tresillo", "es": "Tresillo"}
    min_seats = 3
    max_seats = 4
    zero_sum = True

    def options(self) -> list[Option]:
        return [
            Option("rounds", 1, {"fr": "Tours de donne (chaque joueur donne ce nombre de fois)",
                                 "en": "Rounds (each seat deals this many times)"}, minimum=1, maximum=5),
            Option("favour", "E", {"fr": "Couleur de faveur", "en": "Favour suit"}, choices=SUITS,
                   labels=_SUIT_LABELS),
            Option("stake", 10, {"fr": "Mise de l'alcalde", "en": "Alcalde's stake"},
                   choices=(2, 4, 6, 8, 10, 20, 30, 50, 100)),
            Option("retourne_value", 10, {"fr": "Valeur de la Retourne (30 : comptée comme un Solo)",
                                          "en": "Retourne value (30: scored as a Solo)"}, choices=(10, 30)),
            Option("failed_bola", "pays", {"fr": "Bola manquée", "en": "Failed bola"},
                   choices=("pays", "wins"),
                   labels={"pays": {"fr": "paie 70 à chacun", "en": "pays 70 to each"},
                           "wins": {"fr": "compte comme gagnée", "en": "settled as a win"}}),
            Option("open_any", False, {"fr": "Ouverture directe à tout niveau",
                                       "en": "Open the bidding at any level"}),
        ]

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> TresilloState:
        """A new match; :raises GameError: on a bad seat count or option."""
        self.check_seats(seats)
        st = object.__new__(TresilloState)
        st._init_base(self, seats, seed, self.resolve_options(options))
        st._start_match()
        return st

    def parse_action(self, text: str) -> Action:
        """Parse an action text (see the package docstring); :raises InvalidAction: when unknown."""
        kind, arg = Action.split(text)
        bad = InvalidAction(f"Unknown action {text!r}.", f"Action inconnue {text!r}.")
        if kind in ("play", "discard"):
            try:
                return Action(kind, card(arg, "spanish").code)
            except ValueError:
                raise bad from None
        if kind == "bet":
            arg = arg.lower() if arg.lower() == "none" else arg.upper()
            if arg in ("J", "P", "C", "none"):
                return Action(kind, arg)
            raise bad
        if kind == "declare":
            name, _, suit = arg.partition(":")
            arg = f"{name.lower()}:{suit.upper()}" if suit else name.lower()
            if arg in _DECLARE_ARGS:
                return Action(kind, arg)
            raise bad
        arg = arg.lower()
        if arg in _FIXED_ARGS.get(kind, ()):
            return Action(kind, arg)
        raise bad

    def computer_player(self, level: str = "normal", **expert_args: Any) -> Player:
        """``"easy"``, ``"normal"`` (:mod:`games.tresillo.ai`) or ``"expert"``
        (:mod:`games.tresillo.expert`, takes ``budget`` or ``samples``)."""
        from games.search import make_player
        from games.tresillo.ai import TresilloPlayer
        from games.tresillo.expert import TresilloExpert

        return make_player(level, TresilloPlayer, TresilloExpert, **expert_args)

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """Short label with the game's Spanish terms: "Je joue", "Plus !", "Solo en oros"..."""
        fr = locale.startswith("fr")
        text = str(action)
        if text in _LABELS:
            return _LABELS[text][0 if fr else 1]
        if action.kind in ("play", "discard"):
            name = card_name(card(action.arg, "spanish"), locale)
            if action.kind == "play":
                return name
            return f"Écarter {name}" if fr else f"Discard {name}"
        if action.kind == "declare":
            contract, _, suit = action.arg.partition(":")
            title = "Jeu" if contract == "jeu" else "Solo"
            return f"{title} {'en' if fr else 'in'} {suit_name(suit, locale, 'spanish')}"
        return text

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """Cards are grouped by suit (by name), everything else by kind."""
        if action.kind in ("play", "discard"):
            return suit_name(action.arg[-1], locale, "spanish")
        return action.kind

    def rules_summary(self, locale: str = "fr") -> list[str]:
        """Four pages of rules for players, in French or English."""
        from games.tresillo.rules_text import PAGES

        return list(PAGES["fr" if locale.startswith("fr") else "en"])
