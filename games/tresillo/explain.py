"""Why an action is refused, in words players understand (English, French)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.base import Action
from games.cards import suit_name
from games.tresillo import exchange
from games.tresillo.auction import parse_declare
from games.tresillo.play import RENOUNCEABLE

if TYPE_CHECKING:
    from games.tresillo.state import TresilloState

Why = tuple[str, str]

_PHASE_HINT = {
    "bet": ("The alcalde is placing his bet.", "L'alcalde fait sa mise."),
    "bid": ("We are bidding: pass, Je joue or Plus.", "Ce sont les enchères : passe, Je joue ou Plus."),
    "declare": ("The Joueur must declare his contract.", "Le Joueur doit annoncer son contrat."),
    "exchange": ("Exchange: say how many cards you discard, then pick them.",
                 "Écart : dites combien de cartes vous écartez, puis choisissez-les."),
    "order": ("Choose who exchanges first.", "Choisissez qui écarte en premier."),
    "consent": ("Answer the request for 8 or 9 cards.", "Répondez à la demande de 8 ou 9 cartes."),
    "play": ("Play a card.", "Jouez une carte."),
    "renounce": ("Accept the renounce or defend.", "Acceptez la renonce ou défendez."),
    "bola": ("Stop or go on for the bola.", "Arrêtez-vous ou tentez la bola."),
}


def _card_why(st: TresilloState, seat: int, code: str) -> Why | None:
    c = st.CARD.get(code)
    if c is None or c not in st.hands[seat]:
        return (f"You do not hold {code}.", f"Vous n'avez pas {code}.")
    return None


def why_illegal(st: TresilloState, seat: int, action: Action) -> Why:
    """(English, French) reason for refusing ``action`` from ``seat`` now."""
    phase = st.phase.value
    kind, arg = action.kind, action.arg
    if kind == "play" and phase == "play":
        missing = _card_why(st, seat, arg)
        if missing:
            return missing
        assert st.order is not None and st.trump is not None
        led_suit = st.order.suit_of[st.trick[0][1]]
        if led_suit == st.trump:
            return ("A trump was led: you must play a trump (your matadors may be exempt).",
                    "Atout demandé : vous devez jouer atout (vos matadors peuvent être exemptés).")
        name = suit_name(led_suit, "en", "spanish")
        return (f"You must follow suit ({name}).", f"Vous devez fournir à {name}.")
    if kind == "renounce" and phase == "play":
        if st.contract not in RENOUNCEABLE:
            return ("A Solo cannot be renounced.", "On ne peut pas renoncer à un Solo.")
        return ("Only the Joueur may renounce, once, before playing to the fourth trick.",
                "Seul le Joueur peut renoncer, une fois, avant de jouer au quatrième pli.")
    if kind == "bid" and phase == "bid":
        if arg == "jeu" and st.level:
            return ("Somebody has bid already: say Plus or pass.",
                    "Quelqu'un a déjà parlé : dites Plus ou passez.")
        if arg == "plus" and st.level == 0:
            return ("Nobody has bid yet: open with Je joue.", "Personne n'a parlé : ouvrez par Je joue.")
        return ("No higher bid exists.", "Il n'y a pas d'enchère plus haute.")
    if kind == "declare" and phase == "declare":
        name, suit = parse_declare(arg)
        if suit == st.options["favour"]:
            return ("A plain Jeu or Solo cannot be in the favour suit: declare the favour contract.",
                    "Un Jeu ou un Solo simple ne peut pas être dans la couleur de faveur.")
        return ("Declare a contract at or above your winning bid.",
                "Annoncez un contrat au moins égal à votre enchère.")
    if kind == "discard" and phase == "exchange":
        missing = _card_why(st, seat, arg)
        if missing:
            return missing
        limit = exchange.discard_limit(st, seat)
        if seat == st.first_exchanger and st.consent != "yes" and limit == exchange.SOLO_FREE_LIMIT:
            return ("Taking 8 or 9 cards needs the other opponent's consent.",
                    "Prendre 8 ou 9 cartes demande l'accord de l'autre adversaire.")
        return (f"The talon can replace only {limit} cards.",
                f"Le talon ne peut remplacer que {limit} cartes.")
    if kind == "exchange" and arg == "0" and phase == "exchange" and seat == st.declarer \
            and st.contract == "retourne":
        return ("Retourne: discard at least one card (you hold ten).",
                "Retourne : écartez au moins une carte (vous en avez dix).")
    if kind == "exchange" and arg.isdigit() and phase == "exchange" and st.count is None:
        r = exchange.count_range(st, seat)
        return (f"You may discard {r.start} to {r.stop - 1} cards now.",
                f"Vous pouvez écarter de {r.start} à {r.stop - 1} cartes maintenant.")
    en, fr = _PHASE_HINT.get(phase, ("The match is over.", "La partie est terminée."))
    return (f"{action} is not allowed now. {en}", f"{action} n'est pas permis maintenant. {fr}")
