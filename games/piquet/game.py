"""The Piquet game description: options, action parsing, labels, rules summary, computer player."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Action, Game, Option, Player
from games.cards import FRENCH_SUITS, card, card_short, suit_name
from games.errors import InvalidAction
from games.piquet import declarations as dc
from games.piquet.state import PiquetState

_BOOL_OPTIONS = (
    ("sinking", "Les joueurs annoncent eux-mêmes (et peuvent taire une combinaison)",
     "Players declare themselves (and may sink a combination)"),
    ("pique_90", "Variante de l'aide-mémoire : le pic fait compter 90 au lieu de 60",
     "Seed variant: pique turns 30 into 90 instead of 60"),
    ("old_french", "Compte ancien : 7, 8, 9 ne marquent pas au jeu (le cadet peut faire pic)",
     "Old French count: 7, 8, 9 score nothing in play (younger may pique)"),
    ("sets_by_rank", "Le plus haut brelan ou carré gagne (un brelan d'as bat quatre rois)",
     "The highest set wins by rank (three aces beat four kings)"),
    ("second_blanche", "Second dix de blanc si la main reste sans figure après l'écart",
     "A second carte blanche if the hand is still without faces after the exchange"),
    ("younger_stand_pat", "Le cadet peut ne rien échanger (piquet au cent)",
     "Younger may exchange no card (Piquet au cent)"),
)

_KIND_FR = {dc.POINT: "le point", dc.SEQUENCE: "les suites", dc.SETS: "les brelans et quatorzes"}
_KIND_EN = {dc.POINT: "point", dc.SEQUENCE: "sequences", dc.SETS: "sets"}


class PiquetGame(Game):
    """Rubicon Piquet for two (RULES.md section 4); registered as ``piquet``."""

    name = "piquet"
    titles = {"fr": "Piquet", "en": "Piquet"}
    min_seats = 2
    max_seats = 2
    zero_sum = True

    def options(self) -> list[Option]:
        """Packets of the deal, sinking, and the seed's variants of RULES.md 4.8 (all off)."""
        opts = [Option("packets", 2, {"fr": "Distribution par 2 ou par 3 cartes (pour toute la partie)",
                                      "en": "Deal by 2 or by 3 cards (for the whole partie)"},
                       choices=(2, 3),
                       labels={2: {"fr": "par deux", "en": "by twos"},
                               3: {"fr": "par trois", "en": "by threes"}})]
        opts += [Option(name, False, {"fr": fr, "en": en}) for name, fr, en in _BOOL_OPTIONS]
        return opts

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> PiquetState:
        """A partie: cut for deal, first deal made; :raises GameError: on seats or options."""
        self.check_seats(seats)
        state = object.__new__(PiquetState)
        state._init_base(self, seats, seed, self.resolve_options(options))
        state._start()
        return state

    def parse_action(self, text: str) -> Action:
        """``exchange:N``, ``discard:C``, ``play:C``, ``talon:look|leave``, ``declare|sink:KIND``.

        :raises InvalidAction: when ``text`` is none of these.
        """
        kind, arg = Action.split(text)
        arg = arg.lower()
        if kind in ("play", "discard"):
            try:
                c = card(arg)
            except ValueError as exc:
                raise InvalidAction(f"{arg!r} is not a card.", f"{arg!r} n'est pas une carte.") from exc
            if c.rank not in dc.RANK_INDEX or c.suit not in FRENCH_SUITS:
                raise InvalidAction(f"{c.code} is not in the Piquet pack.",
                                    f"{c.code} n'est pas dans le jeu de piquet.")
            return Action(kind, c.code)
        if kind == "exchange" and arg.isdigit() and len(arg) == 1:
            return Action(kind, arg)
        if kind == "talon" and arg in ("look", "leave"):
            return Action(kind, arg)
        if kind in ("declare", "sink") and arg in dc.CLASSES:
            return Action(kind, arg)
        raise InvalidAction(f"Unknown action {text!r}.", f"Action inconnue {text!r}.")

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """Button text: a card, a count, a declaration choice."""
        fr = locale.startswith("fr")
        kind, arg = action
        if kind == "play":
            return card_short(card(arg), locale)
        if kind == "discard":
            return f"{'Écarter' if fr else 'Discard'} {card_short(card(arg), locale)}"
        if kind == "exchange":
            n = int(arg)
            if n == 0:
                return "Ne rien échanger" if fr else "Exchange nothing"
            return f"Échanger {n} carte{'s' if n > 1 else ''}" if fr else f"Exchange {n} card{'s' if n > 1 else ''}"
        if kind == "talon":
            if arg == "look":
                return "Regarder le talon" if fr else "Look at the talon"
            return "Ne pas regarder" if fr else "Leave it unseen"
        if kind in ("declare", "sink"):
            what = _KIND_FR[arg] if fr else _KIND_EN[arg]
            if kind == "declare":
                return f"Annoncer {what}" if fr else f"Declare {what}"
            return f"Taire {what}" if fr else f"Sink {what}"
        return str(action)

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """Cards by suit, other decisions by kind."""
        if action.kind in ("play", "discard"):
            return suit_name(card(action.arg).suit, locale)
        return action.kind

    def rules_summary(self, locale: str = "fr") -> list[str]:
        """Four pages of rules in French or English (our own words, RULES.md section 4)."""
        from games.piquet.summary import PAGES

        return list(PAGES["fr" if locale.startswith("fr") else "en"])

    def computer_player(self, level: str = "normal", **expert_args: Any) -> Player:
        """The Piquet computer player: ``"easy"``, ``"normal"`` (:mod:`games.piquet.ai`) or
        ``"expert"`` (:mod:`games.piquet.expert`, takes ``budget`` or ``samples``)."""
        from games.piquet.ai import PiquetPlayer
        from games.piquet.expert import PiquetExpert
        from games.search import make_player

        return make_player(level, PiquetPlayer, PiquetExpert, **expert_args)


PIQUET = PiquetGame()
