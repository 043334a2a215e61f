"""The two registered games, Le Trio and L'École: options, action parsing and labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.base import Action, Game, Option, Player
from games.cards import card
from games.errors import InvalidAction
from games.trio.contracts import CONTRACTS
from games.trio.rules_text import rules_pages
from games.trio.state import TrioState, new_state

_KINDS = {
    "draw": ("stock", "discard"),
    "meld": ("brelan", "carre", "seq"),
}
_KIND_FR = {"brelan": "Brelan", "carre": "Carré", "seq": "Séquence"}
_KIND_EN = {"brelan": "Brelan (set of 3)", "carre": "Carré (set of 4)", "seq": "Sequence"}


def _bool(name: str, fr: str, en: str) -> Option:
    return Option(name, False, {"fr": fr, "en": en}, choices=(False, True))


class TrioGame(Game):
    """Le Trio: seven imposed contracts, 3 to 6 players, 2s wild (RULES.md section 3)."""

    name = "trio"
    variant: ClassVar[str] = "trio"
    titles = {"fr": "Le Trio", "en": "Le Trio"}
    min_seats = 3
    max_seats = 6
    zero_sum = False
    # Options under which even uniformly random play ends within a few hundred steps (for generic
    # random-playout tests: random players almost never finish seven contracts of real play).
    playout_options: ClassVar[dict[str, Any]] = {"max_rounds": 1, "stock_exhausted": "end_round"}

    def options(self) -> list[Option]:
        n = len(CONTRACTS[self.variant])
        word_fr, word_en = ("contrats", "contracts") if self.variant == "trio" else ("années", "years")
        opts = [
            Option("contracts", n, {"fr": f"Nombre de {word_fr} à remplir pour gagner (partie courte si moins)",
                                    "en": f"Number of {word_en} to complete (a shorter game if fewer)"},
                   minimum=1, maximum=n),
            Option("max_rounds", 0, {"fr": "Nombre maximal de coups (0 : sans limite)",
                                     "en": "Maximum number of rounds (0: no limit)"}, minimum=0, maximum=200),
            _bool("longer_melds", "Combinaisons plus longues permises à l'ouverture",
                  "Longer combinations allowed when opening"),
            Option("same_rank_brelans", True, {"fr": "Deux brelans de même rang permis dans un contrat",
                                               "en": "Two brelans of one rank allowed in a contract"},
                   choices=(False, True)),
            Option("same_suit_runs", True, {"fr": "Deux séquences de même couleur permises dans un contrat",
                                            "en": "Two sequences of one suit allowed in a contract"},
                   choices=(False, True)),
            Option("stock_exhausted", "reshuffle",
                   {"fr": "Talon épuisé : remélanger la défausse, ou finir le coup",
                    "en": "Stock exhausted: reshuffle the discards, or end the round"},
                   choices=("reshuffle", "end_round"),
                   labels={"reshuffle": {"fr": "remélanger", "en": "reshuffle"},
                           "end_round": {"fr": "fin du coup", "en": "end the round"}}),
            _bool("layoff_on_opening", "Poser sur les combinaisons dès le tour de l'ouverture",
                  "Lay off on the turn you open"),
            _bool("tie_first_opener", "Égalité finale : le premier à avoir ouvert le dernier contrat gagne",
                  "Final tie: the first to open the last contract wins"),
        ]
        if self.variant == "ecole":
            opts.append(Option("jokers", 2, {"fr": "Fous (jokers) par paquet", "en": "Jokers per pack"},
                               minimum=0, maximum=4))
        return opts

    def new(self, seats: int, seed: int | str, options: Mapping[str, Any] | None = None) -> TrioState:
        """A match: first dealer by the first Jack, then the first deal.

        :raises GameError: on a bad seat count or option.
        """
        self.check_seats(seats)
        return new_state(self, self.variant, seats, seed, self.resolve_options(options))

    def parse_action(self, text: str) -> Action:
        """``draw:stock``, ``meld:seq``, ``add:2C=8H``, ``onto:3:hi``, ``discard:QS``...

        :raises InvalidAction: when ``text`` is not a step of this game.
        """
        kind, arg = Action.split(text)
        bad = InvalidAction(f"Unknown action {text!r}.", f"Action inconnue {text!r}.")
        if kind in _KINDS:
            if arg.lower() not in _KINDS[kind]:
                raise bad
            return Action(kind, arg.lower())
        if kind in ("done", "cancel"):
            if arg:
                raise bad
            return Action(kind)
        try:
            if kind in ("discard", "layoff"):
                return Action(kind, card(arg).code)
            if kind == "add":
                code, _, rep = arg.partition("=")
                first = card(code).code
                if not rep:
                    return Action(kind, first)
                if rep.lower() in ("low", "high"):
                    return Action(kind, f"{first}={rep.lower()}")
                return Action(kind, f"{first}={card(rep).code}")
            if kind == "onto":
                mid, _, end = arg.partition(":")
                if not mid.isdigit() or end.lower() not in ("", "lo", "hi"):
                    raise bad
                return Action(kind, f"{int(mid)}:{end.lower()}" if end else str(int(mid)))
        except ValueError as exc:
            if isinstance(exc, InvalidAction):
                raise
            raise bad from exc
        raise bad

    def computer_player(self, level: str = "normal", **expert_args: object) -> Player:
        """``"easy"``, ``"normal"``, ``"expert"`` (the normal player: see
        ``benchmarks/trio_lookahead.py`` for why no search is added) or ``"baseline"``."""
        from games.search import make_player
        from games.trio.ai import BaselinePlayer, TrioPlayer

        if level == "baseline":
            return BaselinePlayer()
        return make_player(level, TrioPlayer)

    def action_label(self, action: Action, locale: str = "fr") -> str:
        """Short labels: "Piocher au talon", "Ajouter 2♣ (= 8♥)", "Poser sur n°3 (haut)"..."""
        fr = locale.startswith("fr")
        k, arg = action.kind, action.arg

        def short(code: str) -> str:
            return card(code).short(locale)

        if k == "draw":
            if arg == "stock":
                return "Piocher au talon" if fr else "Draw from the stock"
            return "Prendre la défausse" if fr else "Take the discard"
        if k == "discard":
            return f"Défausser {short(arg)}" if fr else f"Discard {short(arg)}"
        if k == "meld":
            return f"Former : {_KIND_FR[arg]}" if fr else f"Build: {_KIND_EN[arg]}"
        if k == "add":
            code, _, rep = arg.partition("=")
            if rep in ("low", "high"):
                where = {"low": ("bas", "low"), "high": ("haut", "high")}[rep][0 if fr else 1]
                return f"{short(code)} ({where})"
            return f"{short(code)} (= {short(rep)})" if rep else short(code)
        if k == "done":
            return "Combinaison terminée" if fr else "Combination done"
        if k == "cancel":
            return "Annuler" if fr else "Cancel"
        if k == "layoff":
            return f"Poser {short(arg)} sur…" if fr else f"Lay off {short(arg)} on…"
        if k == "onto":
            mid, _, end = arg.partition(":")
            where = {"lo": (" (bas)", " (low end)"), "hi": (" (haut)", " (high end)"), "": ("", "")}[end]
            return f"Combinaison n°{mid}{where[0]}" if fr else f"Combination #{mid}{where[1]}"
        return str(action)

    def action_group(self, action: Action, locale: str = "fr") -> str:
        """Menus: draw, combinations (build steps), lay-offs, discards."""
        fr = locale.startswith("fr")
        if action.kind in ("meld", "add", "done", "cancel"):
            return "Combinaisons" if fr else "Combinations"
        if action.kind in ("layoff", "onto"):
            return "Poser sur la table" if fr else "Lay off"
        if action.kind == "discard":
            return "Défausser" if fr else "Discard"
        return "Piocher" if fr else "Draw"

    def rules_summary(self, locale: str = "fr") -> list[str]:
        return rules_pages(self.variant, locale)


class EcoleGame(TrioGame):
    """L'École: ten "years", 3 to 7 players, 2s and jokers wild (RULES.md section 3)."""

    name = "ecole"
    variant = "ecole"
    titles = {"fr": "L'École", "en": "L'École"}
    min_seats = 3
    max_seats = 7


TRIO = TrioGame()
ECOLE = EcoleGame()
